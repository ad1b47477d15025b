"""Stopping is clean: under valgrind's memcheck, layoutd serves requests (good, malformed, too large,
a stored layout), then stops on SIGTERM or SIGINT with exit 0, no memory error and nothing definitely
lost (per-request state is freed when the request completes, the daemon once at stop)."""
import json
import os
import re
import shutil
import signal
import subprocess
import time
import urllib.request

import pytest

from conftest import BINARY

VALGRIND = shutil.which("valgrind")
SUPPRESSIONS = os.path.join(os.path.dirname(__file__), "swift-runtime.supp")


def call(port, path, body=None, headers=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.mark.skipif(VALGRIND is None, reason="valgrind is not installed")
@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_no_leak_and_no_memory_error_through_a_stop(stop_signal, tmp_path):
    # valgrind 3.19 cannot read the DWARF 5 that Swift 6.3 writes, so it runs a stripped copy.
    binary = tmp_path / "layoutd"
    shutil.copy(BINARY, binary)
    subprocess.run(["strip", str(binary)], check=True)
    log = tmp_path / "valgrind.log"
    process = subprocess.Popen(
        [VALGRIND, "--leak-check=full", "--errors-for-leak-kinds=definite", "--error-exitcode=3",
         f"--suppressions={SUPPRESSIONS}", f"--log-file={log}", str(binary), "--host", "127.0.0.1", "--port", "0", "--log-level", "error",
         "--max-body-bytes", "4096"],
        stdout=subprocess.PIPE, text=True)
    port = int(json.loads(process.stdout.readline())["port"])
    typed = {"Content-Type": "application/json"}
    layout = b'{"bounds":{"width":320,"height":200},"itemCount":7,"parallax":{"model":"center","maxOffset":30}}'
    for _ in range(3):
        assert call(port, "/v1/layout", layout, typed) == 200
        assert call(port, "/v1/layout", b'{"bounds":', typed) == 400
        assert call(port, "/v1/layout", b" " * 5000, typed) == 413
    assert call(port, "/v1/layouts", b'{"viewport":{"width":390},"items":[{"width":100,"height":40}]}', typed) == 201
    assert call(port, "/metrics") == 200
    time.sleep(0.2)
    process.send_signal(stop_signal)
    code = process.wait(timeout=120)
    report = log.read_text()
    assert code == 0, report[-3000:]
    assert re.search(r"ERROR SUMMARY: 0 errors", report), report[-3000:]
    assert re.search(r"definitely lost: 0 bytes", report) or "no leaks are possible" in report, report[-3000:]
