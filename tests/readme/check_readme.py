#!/usr/bin/env python3
"""Runs every curl example of README.md against a real layoutd and checks each answer.

Usage: check_readme.py PATH_TO_LAYOUTD

Each ```sh block that calls curl is run as written, with `localhost:8080` pointed at a server started
on a free port. The answer must be JSON. When the block shows an expected problem in a comment
(`"pointer":"…"`), the answer must be that problem; otherwise it must not be a problem at all.
"""
import json
import re
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def curl_blocks(readme: str):
    for block in re.findall(r"```sh\n(.*?)```", readme, flags=re.S):
        if "curl " in block and "localhost:8080" in block:
            yield block


def main() -> int:
    binary = sys.argv[1]
    server = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0"], stdout=subprocess.PIPE, text=True)
    passed = failed = 0
    try:
        line = server.stdout.readline()
        port = int(line.rsplit(":", 1)[1])
        for block in curl_blocks((ROOT / "README.md").read_text()):
            command = block.replace("localhost:8080", f"127.0.0.1:{port}")
            title = next((l for l in block.splitlines() if l.startswith("curl")), block[:60])
            result = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=30)
            try:
                answer = json.loads(result.stdout)
                expected = re.search(r'"pointer":"([^"]*)"', block)
                if expected:
                    assert answer.get("pointer") == expected.group(1), f"pointer {answer.get('pointer')!r}"
                    assert answer.get("status") == 400, f"status {answer.get('status')}"
                else:
                    assert "type" not in answer, f"unexpected problem {answer}"
                assert result.returncode == 0, f"curl exit {result.returncode}"
                passed += 1
                print(f"ok   {title}")
            except (AssertionError, json.JSONDecodeError) as error:
                failed += 1
                print(f"FAIL {title}: {error}\n{result.stdout[:500]}{result.stderr[:500]}")
    finally:
        server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=10)
        if code != 0:
            failed += 1
            print(f"FAIL layoutd exited {code} on SIGTERM")
    if passed == 0:
        failed += 1
        print("FAIL no curl example found in README.md")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
