#!/usr/bin/env python3
"""Runs schemathesis against a live layoutd: every operation of openapi.yaml, every check.

Usage: run_schemathesis.py PATH_TO_LAYOUTD [extra `st run` arguments]

layoutd is started on 127.0.0.1 and a free port (read from its first line of output), then

    st run openapi.yaml --url http://127.0.0.1:PORT --checks all --seed 20 --max-examples 150
        --workers 2 --request-timeout 60 --no-shrink

runs every phase (examples, coverage, fuzzing, stateful) with a fixed seed and a bounded number of
examples per operation (under a minute on two cores against the debug build). hooks.py beside this
file is loaded (SCHEMATHESIS_HOOKS): it drops only the "schema-valid request rejected" reports of the
five rules openapi.yaml states in prose, when the server's 400 is the documented one, and fits
positive requests to the two of them it can (an estimate for sizeless items; updates' indices in range
of the stored layout, whose shape it learns from the answers), so that they are mostly accepted.
The server is stopped with SIGTERM and must exit 0. The last line is `schemathesis: N passed, M failed`;
the exit status is non-zero when schemathesis found any failure or the server misbehaved.
"""
import json
import os
import subprocess
import urllib.request
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
# The OpenAPI check's way of starting layoutd and reading its port, shared rather than written again.
sys.path.insert(0, str(HERE.parent / "openapi"))
from check_openapi import start, stop  # noqa: E402
SPEC = ROOT / "openapi.yaml"
SEED = 20
MAX_EXAMPLES = 150
# A request of the debug build may take seconds (a registration of 1,000,000 listed items, a batch on
# one) where the release build takes a tenth; a minute a request tells slow work from a lost answer.
TIMEOUT = 60


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    binary, extra = sys.argv[1], sys.argv[2:]
    # Two compute threads: one slow generated request (debug build) does not hold up every other
    # update and fling behind it.
    server, port, log = start(binary, ("--compute-threads", "2"))
    command = [
        "st", "--no-color", "run", str(SPEC), "--url", f"http://127.0.0.1:{port}",
        "--checks", "all", "--seed", str(SEED), "--max-examples", str(MAX_EXAMPLES),
        "--workers", "2", "--request-timeout", str(TIMEOUT), "--no-shrink", *extra,
    ]
    environment = dict(os.environ, SCHEMATHESIS_HOOKS=str(HERE / "hooks.py"))
    started = time.monotonic()
    failures = 0
    try:
        # A scratch directory as the working directory: schemathesis's and Hypothesis's files stay out
        # of the work tree.
        with tempfile.TemporaryDirectory(prefix="layoutd-schemathesis-") as scratch:
            print("$ " + " ".join(command), flush=True)
            for attempt in range(2):
                run = subprocess.run(command, cwd=scratch, env=environment, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)
                print(run.stdout, flush=True)
                code = run.returncode
                # A crash inside schemathesis itself (an interpreter error in a worker) with no check
                # failing is the tool's, not the server's: run once more; a failed check never is.
                crashed = "Runtime Error" in run.stdout and "= FAILURES =" not in run.stdout
                if code == 0 or not crashed or attempt == 1:
                    break
                print("schemathesis crashed without a failing check; running it once more", flush=True)
        if code != 0:
            failures += 1
            print(f"schemathesis exited {code}")
            report_server_state(port, log)
    finally:
        alive = server.poll() is None
        exit_code = stop(server)
    if not alive or exit_code != 0:
        failures += 1
        log.seek(0)
        print(f"layoutd {'died during the run' if not alive else 'did not exit 0 on SIGTERM'} "
              f"(exit status {exit_code}):\n" + log.read().decode(errors="replace")[-2000:])
    print(f"schemathesis run took {time.monotonic() - started:.0f} s")
    print(f"schemathesis: {1 if failures == 0 else 0} passed, {failures} failed")
    return 1 if failures else 0


def report_server_state(port: int, log) -> None:
    """After a failure: what the server still holds (requests in flight, from /metrics) and its slowest
    answered requests (from its JSON request log), so that a timeout tells slow work from a lost answer."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as answer:
            gauges = [line for line in answer.read().decode().splitlines() if line.startswith("layoutd_http_requests_in_flight")]
        print("server after the run: " + ("; ".join(gauges) or "no in-flight gauge"))
    except OSError as error:
        print(f"server after the run: /metrics not answered ({error})")
    log.seek(0)
    requests = []
    for line in log.read().decode(errors="replace").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if "duration_us" in entry:
            requests.append(entry)
    requests.sort(key=lambda entry: -entry["duration_us"])
    print(f"slowest of the {len(requests)} requests the server logged:")
    for entry in requests[:10]:
        print(f"  {entry['duration_us'] / 1e6:8.3f} s {entry.get('method')} {entry.get('route')} {entry.get('status')} "
              f"{entry.get('request_bytes')} B in, {entry.get('response_bytes')} B out")


if __name__ == "__main__":
    sys.exit(main())
