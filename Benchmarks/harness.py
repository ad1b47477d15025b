"""What bench.py and store_bench.py share: the stored layout and the scroll every HTTP benchmark
sends, layoutd (or http-baseline) started and stopped, requests posted, wrk runs, a process's CPU time,
and a target's verdict in BENCHMARKS.md."""
import json
import os
import re
import signal
import subprocess
import tempfile
import urllib.request
from pathlib import Path

# The stored layout every HTTP benchmark scrolls, and the scroll: 10,000 varied items (60–149 points
# wide, three or so to a row), a 390×844 view at @3x with `center` parallax: 21 attributes, the "about
# 20" of the issue's target.
REGISTRATION = {"viewport": {"width": 390}, "layout": {"minimumLineSpacing": 8, "minimumInteritemSpacing": 8},
                "items": [{"width": 60 + (i * 37) % 90, "height": 80 + (i * 53) % 70} for i in range(10_000)]}
SCROLL = json.dumps({"bounds": {"x": 0, "y": 20000, "width": 390, "height": 844}, "scale": 3,
                     "parallax": {"model": "center", "maxOffset": 24}})


def layoutd_command(binary, access_log_level):
    """layoutd on a free loopback port with 2 worker threads, as every HTTP benchmark runs it."""
    return [str(binary), "--host", "127.0.0.1", "--port", "0", "--threads", "2", "--access-log-level", access_log_level]


def start(command, env=None, stderr=None, preexec_fn=None):
    log = stderr if stderr is not None else tempfile.TemporaryFile("w+")
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True, env={**os.environ, **(env or {})},
                               preexec_fn=preexec_fn)
    line = process.stdout.readline()
    # layoutd's first line is a JSON record; http-baseline's the plain "… listening on HOST:PORT".
    port = int(json.loads(line)["port"] if line.startswith("{") else line.rsplit(":", 1)[1])
    return process, port


def stop(process):
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)


def post(port, path, body):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.read()


def cpu_seconds(pid):
    """User and system CPU time the process has used so far (from /proc, no profiler needed)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wrk(port, path, body, seconds, pid=None):
    """wrk -t2 -c64 against `path`: a POST of `body`, or a GET when `body` is None."""
    script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
    if body is not None:
        script.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                     f"wrk.body = {json.dumps(body)}\n")
    script.close()
    cpu_before = cpu_seconds(pid) if pid else 0
    result = subprocess.run(["wrk", "-t2", "-c64", f"-d{seconds}s", "--latency", "-s", script.name,
                             f"http://127.0.0.1:{port}{path}"], capture_output=True, text=True, timeout=seconds + 30)
    cpu = cpu_seconds(pid) - cpu_before if pid else 0
    os.unlink(script.name)
    text = result.stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))

    def latency(label):
        match = re.search(rf"\s{label}%\s+([\d.]+)(us|ms|s)", text)
        value, unit = float(match.group(1)), match.group(2)
        return value * {"us": 1, "ms": 1000, "s": 1_000_000}[unit]

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    requests = int(re.search(r"(\d+) requests in", text).group(1))
    return {"rps": rps, "p50_us": latency("50"), "p99_us": latency("99"), "non2xx": int(errors.group(1)) if errors else 0,
            "cpu_us_per_request": cpu * 1e6 / max(1, requests)}


def check(met):
    return "**met**" if met else "**missed**"
