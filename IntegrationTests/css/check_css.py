#!/usr/bin/env python3
"""CSS mode against a real browser: every case of cases.json is laid out by layoutd over HTTP and by
headless Chromium, and the frames must agree (to Chromium's 1/64 px layout unit). The committed
chrome_frames.json must agree with the live browser too, so the Swift tests that read it stay honest.

Usage: check_css.py PATH_TO_LAYOUTD
"""
import json
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

from chrome import measure

HERE = Path(__file__).resolve().parent
TOLERANCE = 1 / 64


def layoutd_frames(port: int, request: dict) -> list:
    request = json.loads(json.dumps(request))
    # Bounds long enough along the scroll axis to see every item.
    scroll_axis = "width" if request["layout"].get("flexDirection") == "column" else "height"
    request["bounds"][scroll_axis] = 100000
    data = json.dumps(request).encode()
    http = urllib.request.Request(f"http://127.0.0.1:{port}/v1/layout", data=data, headers={"Content-Type": "application/json"})
    answer = json.load(urllib.request.urlopen(http, timeout=10))
    cells = sorted((a for a in answer["attributes"] if a["kind"] == "cell"), key=lambda a: a["item"])
    return [[c["frame"][k] for k in ("x", "y", "width", "height")] for c in cells]


def close(a: list, b: list) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= TOLERANCE for fa, fb in zip(a, b) for x, y in zip(fa, fb))


def main() -> int:
    cases = json.loads((HERE / "cases.json").read_text())["cases"]
    recorded = json.loads((HERE / "chrome_frames.json").read_text())["frames"]
    live = measure(cases)
    server = subprocess.Popen([sys.argv[1], "--host", "127.0.0.1", "--port", "0"], stdout=subprocess.PIPE, text=True)
    passed = failed = 0
    try:
        port = int(json.loads(server.stdout.readline())["port"])
        for case in cases:
            name = case["name"]
            ours = layoutd_frames(port, case["request"])
            problems = []
            if not close(ours, live[name]):
                problems.append(f"layoutd {ours}\n   chromium {live[name]}")
            if not close(recorded.get(name, []), live[name]):
                problems.append("chrome_frames.json is stale: run IntegrationTests/css/measure_chrome.py")
            if problems:
                failed += 1
                print(f"FAIL {name}: " + "; ".join(problems))
            else:
                passed += 1
                print(f"ok   {name}")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
