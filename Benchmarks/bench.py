#!/usr/bin/env python3
"""Runs every benchmark and writes BENCHMARKS.md: `make bench` (release build first).

1. In-process figures from .build/release/LayoutBenchmarks (engine, updates of a stored layout against
   registering the result from scratch, cold path against simdjson alone and Foundation's JSONDecoder,
   hot-path allocations); callgrind counts the instructions of the same scrolls of an updated layout
   and of the fresh layout of the same content.
2. HTTP: wrk -t2 -c64 keep-alive on loopback against the bare C server answering a fixed body of the same
   size (http-baseline) and against layoutd answering a stored-layout scroll with parallax, in turns.
3. The hot path's instructions per request, counted by callgrind, in process and in the server over
   HTTP (bare server, layoutd with the access log off and on): figures this shared, noisy machine
   cannot move, so changes to the hot path can be compared across runs and days.
4. The cost of the per-request log line: layoutd with the access log on and off, by those instruction
   counts, by the server's CPU time per request served (from /proc, in turns), and in process.
5. gzip-compressed answers (in process): the bytes and the time of the hot path's scroll and of a list
   of 240 bounds, plain and gzip; and the instructions of a scroll that does not ask for compression
   against the figure before compressed answers existed.
6. Many connections: wrk -t2 against the same stored-layout scroll at 64, 256, 512 and 1,000
   connections, each level bounded in time (wrk's --timeout, a probe after it, the server killed when it
   does not stop), so a server that stalls is reported rather than waited for.
7. The shared store (Benchmarks/store_bench.py): bytes and round trips to a real redis-server per
   registration, append, resize and cold fetch, a cold fetch's CPU against a local registration, and
   CPU per scroll with and without a store.

Every ratio compares figures measured in the same run on the same machine.
Usage: bench.py [--quick] [--rounds N] [--seconds S]
"""
import argparse
import collections
import contextlib
import datetime
import http.client
import json
import os
import platform
import re
import resource
import signal
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import store_bench
from harness import REGISTRATION, SCROLL, check, cpu_seconds, layoutd_command, post, start, stop, wrk

ROOT = Path(__file__).resolve().parents[1]
RELEASE = ROOT / ".build" / "release"
# Where the programs are: release for `make bench`, debug for CI's one quick iteration (--bin-dir).
BINARIES = {"path": RELEASE}

# In-process instructions per hot-path scroll request (callgrind, `hot_instructions`) at commit 5992ab2,
# the last before gzip-compressed answers: a scroll that does not ask for compression must stay within
# 2% of it.
SCROLL_INSTRUCTIONS_BEFORE_GZIP = 26_100
# The same over HTTP (`http_instructions`, layoutd with the access log off; Python's client sends
# `Accept-Encoding: identity`) at commit 5992ab2.
HTTP_SCROLL_INSTRUCTIONS_BEFORE_GZIP = 52_711
# The last figures with libmicrohttpd's source copied into the repository (commit 06a068f), before it
# came from Debian's source package with patches/: server instructions per POST scroll over HTTP, and
# server CPU per request under wrk over the bare server's (14.2 / 9.5 µs). Both must stay within 3%.
HTTP_SCROLL_INSTRUCTIONS_COPIED_MHD = 54_080
HTTP_CPU_RATIO_COPIED_MHD = 14.2 / 9.5


@contextlib.contextmanager
def stripped_copy(name):
    """A copy of a program without its debug information (symbols kept), removed afterwards: valgrind
    3.19 cannot read the DWARF 5 that Swift emits."""
    binary = Path(tempfile.mkdtemp()) / name
    subprocess.run(["strip", "--strip-debug", "-o", str(binary), str(BINARIES["path"] / name)], check=True)
    try:
        yield binary
    finally:
        binary.unlink()
        binary.parent.rmdir()


def scroll_path(connection, stored):
    """The path a callgrind run scrolls over `connection`: a stored layout's, registered first, when
    `stored` (layoutd); any path for the bare server, which answers every one alike."""
    if not stored:
        return "/scroll"
    connection.request("POST", "/v1/layouts", json.dumps(REGISTRATION), {"Content-Type": "application/json"})
    return f"/v1/layouts/{json.loads(connection.getresponse().read())['layoutId']}/attributes"


def scroll(connection, path, requests):
    """Sends the benchmark's scroll `requests` times over one keep-alive connection, checking each answer."""
    for _ in range(requests):
        connection.request("POST", path, SCROLL, {"Content-Type": "application/json"})
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 200, answer.status


def http_instructions(requests, answer_bytes):
    """User-space instructions per scroll request over HTTP, counted by callgrind in the server process:
    the bare server, layoutd with the access log off and on. Each server answers `requests` and then
    three times as many requests on one keep-alive connection (a real socket); the difference cancels
    start, registration and stop. Like the in-process count it is the same on every run, so it measures
    the access line's share of a request where the CPU-time figures above move with the machine."""
    def count(command, stored, n):
        with tempfile.NamedTemporaryFile("w+") as output, tempfile.TemporaryFile("w+") as log:
            process, port = start(["valgrind", "--tool=callgrind", f"--callgrind-out-file={output.name}"] + command,
                                  stderr=log)
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            path = scroll_path(connection, stored)
            scroll(connection, path, n)
            connection.close()
            stop(process)
            log.seek(0)
            return int(re.search(r"Collected : (\d+)", log.read()).group(1))

    with stripped_copy("layoutd") as layoutd, stripped_copy("http-baseline") as baseline:
        servers = {
            "baseline": ([str(baseline), "0", "2", str(answer_bytes)], False),
            "layoutd": (layoutd_command(layoutd, "debug"), True),
            "layoutd_logged": (layoutd_command(layoutd, "info"), True),
        }
        return {name: (count(command, stored, 3 * requests) - count(command, stored, requests)) / (2 * requests)
                for name, (command, stored) in servers.items()}


def http_code_lines(requests, answer_bytes):
    """Distinct 64-byte lines of machine code each server runs to answer one scroll request over HTTP,
    and the 4 KiB pages they lie on: callgrind records which instructions ran (`--dump-instr=yes`)
    while the server answers `requests` scrolls after a warm-up whose counts are zeroed
    (`callgrind_control -z`); a line counts when its instructions ran at least once a request.

    Why: code that runs once a request (decoding, routing, glue) misses the instruction cache on every
    request, because the kernel's network path runs in between. The harness showed it: the bare
    server lost 21% of its requests per second with 600 one-line functions added to each answer
    (5,600 instructions on 480 lines), and 10% with a loop of twice those instructions on three."""
    def trace(command, stored):
        with tempfile.NamedTemporaryFile("w+") as output, tempfile.TemporaryFile("w+") as log:
            process, port = start(["valgrind", "--tool=callgrind", "--dump-instr=yes", "--demangle=no",
                                   f"--callgrind-out-file={output.name}"] + command, stderr=log)
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            path = scroll_path(connection, stored)
            scroll(connection, path, 20)
            subprocess.run(["callgrind_control", "-z", str(process.pid)], capture_output=True, check=True)
            scroll(connection, path, requests)
            connection.close()
            stop(process)
            return executed_code(Path(output.name).read_text(), requests, Path(command[0]).name)

    with stripped_copy("layoutd") as layoutd, stripped_copy("http-baseline") as baseline:
        return {"baseline": trace([str(baseline), "0", "2", str(answer_bytes)], False),
                "layoutd": trace(layoutd_command(layoutd, "debug"), True)}


def executed_code(profile, requests, program):
    """Lines and pages of code whose instructions ran at least `requests` times in a callgrind profile
    with `--dump-instr=yes`, in total and in `program` itself (the rest is shared libraries)."""
    counts = collections.Counter()
    objects = {}
    in_program = {}
    current = None
    address = 0
    after_call = False
    for line in profile.splitlines():
        if line.startswith("ob="):
            match = re.match(r"ob=\((\d+)\)(?: (.*))?$", line)
            if match.group(2):
                objects[match.group(1)] = match.group(2)
            current = objects.get(match.group(1), "")
        elif line.startswith("cob="):
            match = re.match(r"cob=\((\d+)\)(?: (.*))?$", line)
            if match.group(2):
                objects[match.group(1)] = match.group(2)
        elif line.startswith("calls="):
            after_call = True
        elif line and (line[0].isdigit() or line[0] in "+-*"):
            fields = line.split()
            position = fields[0]
            if position.startswith("0x"):
                address = int(position, 16)
            elif position[0] in "+-":
                address += int(position)
            if after_call:  # the cost line of a call: the callee's inclusive cost, not this instruction's
                after_call = False
            elif len(fields) >= 3:
                counts[address] += int(fields[2])
                in_program[address] = Path(current).name == program
    hot = [address for address, count in counts.items() if count >= requests]
    own = [address for address in hot if in_program[address]]
    return {"lines": len({a >> 6 for a in hot}), "pages": len({a >> 12 for a in hot}),
            "own_lines": len({a >> 6 for a in own})}


def hot_instructions(requests):
    """Instructions per in-process scroll request: callgrind counts a run of `requests` and one of three
    times as many, and the difference cancels the setup."""
    with stripped_copy("LayoutBenchmarks") as binary:
        def count(n):
            result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(binary),
                                     "--only", "hot", "--hot-requests", str(n)], capture_output=True, text=True, check=True)
            return int(re.search(r"Collected : (\d+)", result.stderr).group(1))

        return (count(3 * requests) - count(requests)) / (2 * requests)


def update_scroll_instructions(queries, quick):
    """Instructions per visible query of a layout reached by random updates and of the fresh layout of the
    same content, at the same random views: callgrind collects only inside the benchmark's
    `countedScrolls` (`--toggle-collect`), so building the layouts is not counted. The same on every run."""
    with stripped_copy("LayoutBenchmarks") as binary:
        def count(layout):
            result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                                     "--toggle-collect=*countedScrolls*", str(binary), "--only", "updates"]
                                    + (["--quick"] if quick else []) + ["--update-scrolls", layout],
                                    capture_output=True, text=True, check=True)
            return int(re.search(r"Collected : (\d+)", result.stderr).group(1)) / queries

        return {"update_scroll_instructions_fresh": count("fresh"), "update_scroll_instructions_updated": count("updated")}


def http_benchmarks(rounds, seconds):
    """wrk against the bare server, layoutd without and with the access line, and a second layoutd
    without it (the control), each round on freshly started processes in a rotating order.

    Fresh processes matter on this VM: one process of a build can run several percent faster or
    slower than another of the same build for its whole life (where its code and buffers landed), so
    servers kept for the whole run measure that as much as what they do. The control shows what is
    left of it: two identical servers, compared the same way as the others."""
    layoutd = BINARIES["path"] / "layoutd"
    probe, probe_port = start(layoutd_command(layoutd, "debug"))
    try:
        layout_id = json.loads(post(probe_port, "/v1/layouts", REGISTRATION))["layoutId"]
        path = f"/v1/layouts/{layout_id}/attributes"
        answer = json.loads(post(probe_port, path, json.loads(SCROLL)))
    finally:
        stop(probe)
    answer_bytes = len(json.dumps(answer, separators=(",", ":")))
    # The logging server's lines go down a pipe to a reader, as a container's standard error goes to
    # its log collector: a file on this VM's disk would add the kernel's dirty-page writeback (10 MB/s
    # of lines at this rate) to the figure.
    collector = subprocess.Popen(["cat"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    commands = [
        ("baseline", [str(BINARIES["path"] / "http-baseline"), "0", "2", str(answer_bytes)], None),
        ("layoutd", layoutd_command(layoutd, "debug"), None),
        ("layoutd_control", layoutd_command(layoutd, "debug"), None),
        ("layoutd_logged", layoutd_command(layoutd, "info"), collector.stdin),
    ]
    runs = {name: [] for name, _, _ in commands}
    try:
        for turn in range(rounds):
            servers = []
            try:
                for name, command, stderr in commands:
                    process, port = start(command, stderr=stderr)
                    servers.append((name, process, port))
                    if name != "baseline":
                        post(port, "/v1/layouts", REGISTRATION)
                order = servers[turn % len(servers):] + servers[:turn % len(servers)]
                for name, process, port in order if turn % 2 == 0 else reversed(order):
                    wrk(port, path, SCROLL, 1)  # warm-up: connections, caches, lazily built parts
                    runs[name].append(wrk(port, path, SCROLL, seconds, process.pid))
            finally:
                for _, process, _ in servers:
                    stop(process)
    finally:
        collector.stdin.close()
        collector.wait(timeout=30)
    summary = {name: {"rps": statistics.median(r["rps"] for r in rs), "p50_us": statistics.median(r["p50_us"] for r in rs),
                      "p99_us": statistics.median(r["p99_us"] for r in rs), "non2xx": sum(r["non2xx"] for r in rs),
                      "cpu_us_per_request": statistics.median(r["cpu_us_per_request"] for r in rs),
                      "runs": [round(r["rps"]) for r in rs]} for name, rs in runs.items()}

    def ratio(name, other, key):
        """The median of the rounds' ratios: a round's servers share the machine's state at that time."""
        return statistics.median(ours[key] / theirs[key] for ours, theirs in zip(runs[name], runs[other]))

    summary["ratios"] = {
        "http": ratio("layoutd", "baseline", "rps"),
        "control_rps": ratio("layoutd_control", "layoutd", "rps"),
        "logging_cpu": ratio("layoutd_logged", "layoutd", "cpu_us_per_request"),
        "control_cpu": ratio("layoutd_control", "layoutd", "cpu_us_per_request"),
    }
    summary["attributes"] = len(answer["attributes"])
    summary["answer_bytes"] = answer_bytes
    return summary


# Connections of the scaling benchmark: the first is the reference the others are compared with.
SCALING_CONNECTIONS = (64, 256, 512, 1000)
SCALING_LIMIT = 1100  # --connection-limit: above the most connections wrk opens (the default is 1024)
SCALING_FILES = 4096  # open files the server and wrk may have (each connection is a descriptor)


# The navigation requests measured against the scroll, on the same stored layout: an item in the
# scroll's view, looked up with its scale, and a hit test at a point of that view.
NAVIGATION = {
    "lookup": "/items/0/{item}?scale=3",
    "hit": "/hit?x=200&y=20300&scale=3",
}


def navigation_benchmark(rounds, seconds):
    """Requests per second of item lookups and hit tests against the stored scroll, on one layoutd
    (wrk in turns, the order rotating each round; the median of the rounds' ratios), and the server's
    instructions per request of each (callgrind, as `http_instructions` counts them)."""
    layoutd = BINARIES["path"] / "layoutd"
    process, port = start(layoutd_command(layoutd, "debug"))
    try:
        base = "/v1/layouts/" + json.loads(post(port, "/v1/layouts", REGISTRATION))["layoutId"]
        view = json.loads(post(port, base + "/attributes", json.loads(SCROLL)))["attributes"]
        item = next(a["item"] for a in view if a["kind"] == "cell")
        requests = {"scroll": (base + "/attributes", SCROLL)}
        requests.update({name: (base + path.format(item=item), None) for name, path in NAVIGATION.items()})
        runs = {name: [] for name in requests}
        for turn in range(rounds):
            names = list(requests)
            for name in names[turn % len(names):] + names[:turn % len(names)]:
                path, body = requests[name]
                wrk(port, path, body, 1)
                runs[name].append(wrk(port, path, body, seconds, process.pid)["rps"])
    finally:
        stop(process)
    ratios = {name: statistics.median(r / s for r, s in zip(runs[name], runs["scroll"])) for name in NAVIGATION}

    def instructions(binary, path, body, n):
        with tempfile.NamedTemporaryFile("w+") as output, tempfile.TemporaryFile("w+") as log:
            server, port = start(["valgrind", "--tool=callgrind", f"--callgrind-out-file={output.name}"]
                                 + layoutd_command(binary, "debug"), stderr=log)
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            connection.request("POST", "/v1/layouts", json.dumps(REGISTRATION), {"Content-Type": "application/json"})
            connection.getresponse().read()
            for _ in range(n):
                if body is None:
                    connection.request("GET", path)
                else:
                    connection.request("POST", path, body, {"Content-Type": "application/json"})
                connection.getresponse().read()
            connection.close()
            stop(server)
            log.seek(0)
            return int(re.search(r"Collected : (\d+)", log.read()).group(1))

    count = 5 if rounds == 1 else 100
    with stripped_copy("layoutd") as stripped:
        counted = {name: (instructions(stripped, path, body, 3 * count) - instructions(stripped, path, body, count)) / (2 * count)
                   for name, (path, body) in requests.items()}
    return {"rps": {name: statistics.median(r) for name, r in runs.items()}, "ratios": ratios, "instructions": counted}


def raise_file_limit():
    """preexec_fn: lets the child open SCALING_FILES descriptors (the hard limit too when allowed)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < SCALING_FILES:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (SCALING_FILES, max(hard, SCALING_FILES)))
        except (ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def file_limit_of(pid):
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    return 0


def answers(port, timeout):
    """Whether the server answers GET /livez on a fresh connection within `timeout` seconds."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/livez", timeout=timeout) as answer:
            return answer.status == 200
    except OSError:
        return False


def stop_or_kill(process, timeout=15):
    """SIGTERM, and SIGKILL when the process has not exited within `timeout` seconds (a stalled server
    may never finish draining). Returns how it ended."""
    if process.poll() is not None:
        return f"exited {process.returncode}"
    process.send_signal(signal.SIGTERM)
    try:
        return f"exit {process.wait(timeout=timeout)}"
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=30)
        return f"killed (no exit {timeout} s after SIGTERM)"


def wrk_connections(port, path, connections, seconds, pid):
    """wrk -t2 -c`connections` for `seconds` against the scroll, bounded: wrk's --timeout 2s counts a
    request unanswered for 2 s as a timeout (but not one that never gets an answer at all), and wrk
    itself is killed 20 s after its duration. The server's CPU time is sampled every 0.25 s meanwhile:
    the longest stretch without any is a stall (the server idle while wrk waits on it)."""
    script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
    script.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                 f"wrk.body = {json.dumps(SCROLL)}\n")
    script.close()
    idle = {"longest": 0.0, "current": 0.0}
    running = threading.Event()
    running.set()

    def sample():
        last = cpu_seconds(pid)
        while running.is_set():
            time.sleep(0.25)
            try:
                now = cpu_seconds(pid)
            except OSError:
                return
            idle["current"] = idle["current"] + 0.25 if now == last else 0.0
            idle["longest"] = max(idle["longest"], idle["current"])
            last = now

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "2s", "--latency", "-s", script.name,
               f"http://127.0.0.1:{port}/{path.lstrip('/')}"]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 20, preexec_fn=raise_file_limit)
        text, hung = result.stdout + result.stderr, False
    except subprocess.TimeoutExpired as expired:
        text, hung = (expired.stdout or b"").decode() if isinstance(expired.stdout, bytes) else (expired.stdout or ""), True
    finally:
        running.clear()
        sampler.join()
        os.unlink(script.name)

    def number(pattern, default=0.0):
        match = re.search(pattern, text)
        return float(match.group(1)) if match else default

    def latency(label):
        match = re.search(rf"\s{label}%\s+([\d.]+)(us|ms|s)\b", text)
        return float(match.group(1)) * {"us": 1, "ms": 1000, "s": 1_000_000}[match.group(2)] if match else None

    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    errors = dict(zip(("connect", "read", "write", "timeout"), map(int, socket_errors.groups()))) if socket_errors \
        else {"connect": 0, "read": 0, "write": 0, "timeout": 0}
    return {"connections": connections, "rps": number(r"Requests/sec:\s+([\d.]+)"),
            "requests": int(number(r"(\d+) requests in")), "p50_us": latency("50"), "p99_us": latency("99"),
            "errors": errors, "non2xx": int(number(r"Non-2xx or 3xx responses: (\d+)")),
            "idle_s": idle["longest"], "wrk_hung": hung}


def scaling_benchmark(rounds, seconds, levels):
    """The stored scroll under wrk at each number of connections in `levels`, on one layoutd a round
    (2 worker threads as every HTTP benchmark, --connection-limit above the most connections), each
    round on a fresh process after a 1 s warm-up at the first level. After every level a fresh
    connection must get /livez within 5 s, else the server is stalled: the round stops there and the
    server is killed."""
    layoutd = BINARIES["path"] / "layoutd"
    command = layoutd_command(layoutd, "debug") + ["--connection-limit", str(SCALING_LIMIT)]
    runs = []
    for turn in range(rounds):
        process, port = start(command, preexec_fn=raise_file_limit)
        levels_run = {}
        try:
            files = file_limit_of(process.pid)
            layout_id = json.loads(post(port, "/v1/layouts", REGISTRATION))["layoutId"]
            path = f"/v1/layouts/{layout_id}/attributes"
            wrk_connections(port, path, levels[0], 1, process.pid)  # warm-up
            for connections in levels:
                run = wrk_connections(port, path, connections, seconds, process.pid)
                run["probe"] = answers(port, 5)
                run["stalled"] = run["wrk_hung"] or not run["probe"] or run["errors"]["timeout"] > 0 or run["idle_s"] >= 1
                levels_run[connections] = run
                if not run["probe"] or run["wrk_hung"]:
                    break
        finally:
            ending = stop_or_kill(process)
        runs.append({"levels": levels_run, "ending": ending, "file_limit": files})
    summary = {}
    for connections in levels:
        measured = [r["levels"][connections] for r in runs if connections in r["levels"]]
        ratios = [r["levels"][connections]["rps"] / r["levels"][levels[0]]["rps"] for r in runs
                  if connections in r["levels"] and r["levels"][levels[0]]["rps"] > 0]
        if not measured:
            summary[connections] = None
            continue
        errors = {kind: sum(m["errors"][kind] for m in measured) for kind in ("connect", "read", "write", "timeout")}
        p99s = [m["p99_us"] for m in measured if m["p99_us"] is not None]
        summary[connections] = {
            "rps": statistics.median(m["rps"] for m in measured), "ratio": statistics.median(ratios) if ratios else 0.0,
            "p99_us": statistics.median(p99s) if p99s else None, "errors": errors, "non2xx": sum(m["non2xx"] for m in measured),
            "requests": sum(m["requests"] for m in measured), "idle_s": max(m["idle_s"] for m in measured),
            "stalled": sum(m["stalled"] for m in measured), "rounds": len(measured), "runs": [round(m["rps"]) for m in measured]}
    for connections, figures in summary.items():
        if figures is None:
            continue
        figures["met"] = (figures["rounds"] == rounds and figures["ratio"] >= 0.7 and not figures["stalled"]
                          and not any(figures["errors"].values()) and figures["non2xx"] == 0)
    return {"levels": summary, "rounds": rounds, "seconds": seconds, "endings": [r["ending"] for r in runs],
            "file_limit": min(r["file_limit"] for r in runs), "stopped": [max(r["levels"]) for r in runs
                                                                            if len(r["levels"]) < len(levels)]}


def scaling_lines(scaling, levels):
    """The scaling benchmark's section of BENCHMARKS.md."""
    s = scaling["levels"]
    lines = [
        "", "## Many connections", "",
        f"`wrk -t2 -cN -d{scaling['seconds']}s --timeout 2s --latency`, keep-alive, loopback, the same stored-layout "
        f"scroll as above, against one layoutd a round (2 worker threads, `--connection-limit {SCALING_LIMIT}`, "
        f"{scaling['file_limit']:,} open files allowed) at {', '.join(str(c) for c in levels)} connections in turn, "
        f"after a 1 s warm-up at {levels[0]}; {scaling['rounds']} round{'s' if scaling['rounds'] > 1 else ''}, each on a fresh process. Target: each figure "
        f"within 30% of the {levels[0]}-connection one (the median of the rounds' ratios), no stall, no socket error, "
        "no non-2xx answer. A stall is a request unanswered for 2 s (wrk's timeout), the server not answering "
        "`/livez` on a fresh connection within 5 s after a level, wrk not ending 20 s after its duration, or the "
        "server using no CPU for 1 s or more while wrk runs (longest idle; wrk 4.1 counts no timeout for a request "
        "that never gets an answer, so this is what shows a wedged server); a round stops at a level whose probe "
        "fails and its server is killed.", "",
        f"| connections | req/s (median) | ratio to {levels[0]} | p99 | socket errors (connect/read/write/timeout) | "
        "non-2xx | longest idle | runs (req/s) | result |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for connections in levels:
        f = s.get(connections)
        if f is None:
            lines.append(f"| {connections} | not reached (the server stalled before) | | | | | | | **not met** |")
            continue
        e = f["errors"]
        p99 = f"{f['p99_us'] / 1000:.1f} ms" if f["p99_us"] is not None else "–"
        stalled = f", stalled in {f['stalled']} of {f['rounds']}" if f["stalled"] else ""
        lines.append(f"| {connections} | {f['rps']:,.0f} | {f['ratio']:.0%} | {p99} | {e['connect']}/{e['read']}/{e['write']}/{e['timeout']} | "
                     f"{f['non2xx']} | {f['idle_s']:.2f} s | {f['runs']}{stalled} | {'**met**' if f['met'] else '**not met**'} |")
    lines += ["", f"Servers' ends: {', '.join(scaling['endings'])}."]
    if scaling["stopped"]:
        lines.append(f"Rounds stopped by a stall after {', '.join(str(c) for c in scaling['stopped'])} connections.")
    return lines


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    memory = next((line.split()[1] for line in open("/proc/meminfo") if line.startswith("MemTotal")), "0")
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    return f"{os.cpu_count()} × {cpu}, {int(memory) // 1024 // 1024} GiB, {platform.system()} {platform.release()}, {swift}"


def report(engine, http, arguments):
    e, h = engine, http
    scaling = h["scaling"]
    levels = list(scaling["levels"])
    scaled = [scaling["levels"][c] for c in levels[1:]]
    scaling_met = all(f is not None and f["met"] for f in scaled) and scaling["levels"][levels[0]]["met"]
    scaling_figure = "; ".join(f"{c}: {scaling['levels'][c]['ratio']:.0%}" if scaling["levels"][c] else f"{c}: stalled"
                               for c in levels[1:])
    scaling_errors = sum(sum(f["errors"].values()) + f["non2xx"] for f in scaling["levels"].values() if f)
    scaling_stalls = sum(f["stalled"] for f in scaling["levels"].values() if f) + sum(1 for f in scaled if f is None)
    cold_simd = e["cold_simdjson_ratio"]
    cold_foundation = e["cold_foundation_ratio"]
    query_ratio = e["query_ratio"]
    http_ratio = h["ratios"]["http"]
    logging_cost = h["ratios"]["logging_cpu"] - 1
    logging_control = h["ratios"]["control_cpu"] - 1
    instructions = h["instructions"]
    code = h["code"]
    logging_instructions = instructions["layoutd_logged"] / instructions["layoutd"] - 1
    logging_rps = 1 - h["layoutd_logged"]["rps"] / h["layoutd"]["rps"]
    items = f"{e['update_items']:,.0f}"
    append_ratio, resize_ratio = e["update_append_ratio"], e["update_resize_ratio"]
    scroll_work = e["update_scroll_work_ratio"]
    scroll_instructions = e["update_scroll_instructions_updated"] / e["update_scroll_instructions_fresh"]
    scroll_time = e["update_scroll_time_ratio"]
    update_bytes = e["update_bytes_ratio"]
    plain_scroll_cost = e["hot_instructions"] / SCROLL_INSTRUCTIONS_BEFORE_GZIP
    plain_http_cost = instructions["layoutd"] / HTTP_SCROLL_INSTRUCTIONS_BEFORE_GZIP
    debian_mhd_instructions = instructions["layoutd"] / HTTP_SCROLL_INSTRUCTIONS_COPIED_MHD
    cpu_ratio = h["layoutd"]["cpu_us_per_request"] / h["baseline"]["cpu_us_per_request"]
    debian_mhd_cpu = cpu_ratio / HTTP_CPU_RATIO_COPIED_MHD
    nav = h["navigation"]
    lines = [
        "# Benchmarks", "",
        f"Generated by `make bench` on {datetime.date.today().isoformat()} "
        f"({arguments.rounds} rounds of {arguments.seconds} s per HTTP server, each round on fresh processes).", "",
        f"Machine: {machine()}. Every ratio compares figures measured in the same run; in-process times are "
        "the median CPU time of the measuring thread (robust to other load on a shared machine).", "",
        "## Targets", "",
        "| target | figure | result |", "|---|---|---|",
        f"| HTTP: layoutd ≥ 70% of the bare C server's requests/s | {http_ratio:.1%} (median of the rounds' ratios; medians {h['layoutd']['rps']:,.0f} vs {h['baseline']['rps']:,.0f} req/s) | {check(http_ratio >= 0.7)} |",
        f"| Cold path ≤ 3× simdjson parsing the same bytes alone | {cold_simd:.2f}× (median of 15 turns' ratios) | {check(cold_simd <= 3)} |",
        f"| Cold path ≥ 20× faster than Foundation's JSONDecoder | {cold_foundation:.1f}× (median of 3 turns' ratios) | {check(cold_foundation >= 20)} |",
        f"| Base layout of 1,000,000 varied items ≤ 30 ns per item | {e['engine_build_ns_per_item']:.1f} ns | {check(e['engine_build_ns_per_item'] <= 30)} |",
        f"| Visible query on 1,000,000 items within 2× of 1,000 items | {query_ratio:.2f}× (median of 9 turns' ratios) | {check(query_ratio <= 2)} |",
        f"| Appending 100 items to a stored {items}-item varied layout ≥ 100× faster than registering the resulting layout (id and build) | {append_ratio:,.0f}× ({e['update_append_ns'] / 1000:.1f} µs against {e['update_append_register_ns'] / 1e6:.1f} ms, median of 5 turns' ratios) | {check(append_ratio >= 100)} |",
        f"| Resizing the middle item of a {items}-item feed ≥ 100× faster than rebuilding it (id and build) | {resize_ratio:,.0f}× ({e['update_resize_ns'] / 1000:.1f} µs against {e['update_resize_register_ns'] / 1e6:.1f} ms, median of 5 turns' ratios) | {check(resize_ratio >= 100)} |",
        f"| Registering {e['masonry_items']:,.0f} varied items in three masonry columns within 1.5× of the same items in lines (id and build) | {e['masonry_register_ratio']:.2f}× ({e['masonry_register_ns'] / 1e6:.1f} ms against {e['masonry_register_flow_ns'] / 1e6:.1f} ms, median of 5 turns' ratios) | {check(e['masonry_register_ratio'] <= 1.5)} |",
        f"| Scrolls of that masonry layout within 1.2× of the lines' | {e['masonry_scroll_ratio']:.2f}× ({e['masonry_scroll_ns']:,.0f} ns against {e['masonry_scroll_flow_ns']:,.0f} ns a query, median of 9 turns' ratios) | {check(e['masonry_scroll_ratio'] <= 1.2)} |",
        f"| Resizing one item of that masonry layout with `keepColumns` ≥ 100× faster than registering the result | {e['masonry_kept_resize_ratio']:,.0f}× ({e['masonry_kept_resize_ns'] / 1e3:,.1f} µs against {e['masonry_kept_resize_register_ns'] / 1e6:.1f} ms, median of 5 turns' ratios, on the layout after one kept update, whose items all name their columns: the cell changes height in its lane's runs; that first update, which names every column once: {e['masonry_kept_first_ns'] / 1e6:.1f} ms; scrolls of the kept layout {e['masonry_kept_scroll_ratio']:.2f}× the lines') | {check(e['masonry_kept_resize_ratio'] >= 100)} |",
        f"| Appending 100 items to that masonry layout ≥ 100× faster than registering the result | {e['masonry_append_ratio']:,.0f}× ({e['masonry_append_ns'] / 1e3:,.0f} µs against {e['masonry_append_register_ns'] / 1e6:.1f} ms, median of 5 turns' ratios; placed on from the old placement, its storage extended in place) | {check(e['masonry_append_ratio'] >= 100)} |",
        f"| Registering {e['compositional_items']:,.0f} cells of a fixed-size compositional group in microseconds (id and build) | {e['compositional_fixed_register_ns'] / 1e3:,.1f} µs (median of 9) | {check(e['compositional_fixed_register_ns'] < 1e6)} |",
        f"| Registering {e['compositional_items']:,.0f} measured cards of an estimated compositional group within 1.5× of the same sizes in lines (id and build) | {e['compositional_register_ratio']:.2f}× ({e['compositional_register_ns'] / 1e6:.1f} ms against {e['compositional_register_flow_ns'] / 1e6:.1f} ms, median of 5 turns' ratios) | {check(e['compositional_register_ratio'] <= 1.5)} |",
        f"| Scrolls of those cards within 1.2× of the lines' | {e['compositional_scroll_ratio']:.2f}× ({e['compositional_scroll_ns']:,.0f} ns against {e['compositional_scroll_flow_ns']:,.0f} ns a query, median of 9 turns' ratios) | {check(e['compositional_scroll_ratio'] <= 1.2)} |",
        f"| Measuring one of those cards ≥ 100× faster than registering the result | {e['compositional_resize_ratio']:,.1f}× ({e['compositional_resize_ns'] / 1e3:,.1f} µs against {e['compositional_resize_register_ns'] / 1e6:.1f} ms, median of 5 turns' ratios; the group holding the card filled again, every other shared in the tree of group extents) | {check(e['compositional_resize_ratio'] >= 100)} |",
        f"| Scrolls of a layout after {e['update_random_changes']:,.0f} updates as fast as of the fresh one: work and instructions ≤ 1.10× | work counted by the query {scroll_work:.3f}×, instructions {scroll_instructions:.3f}× (callgrind; both the same on every run) | {check(scroll_work <= 1.1 and scroll_instructions <= 1.1)} |",
        f"| The same scrolls' CPU time ≤ 1.10× (moves with the machine) | {scroll_time:.3f}× (median of 9 turns' ratios) | {check(scroll_time <= 1.1)} |",
        f"| An updated layout's bytes within 10% of the fresh one's | {update_bytes:.3f}× ({e['update_bytes_updated'] / 1e6:.2f} MB against {e['update_bytes_fresh'] / 1e6:.2f} MB) | {check(abs(update_bytes - 1) <= 0.1)} |",
        f"| Logging costs the hot path at most a few percent (≤ 5%) | {logging_instructions:+.1%} server instructions per scroll request over HTTP with the JSON access line ({instructions['layoutd_logged']:,.0f} vs {instructions['layoutd']:,.0f}, callgrind); server CPU per request under wrk {logging_cost:+.1%}, where two identical servers measure {logging_control:+.1%} | {check(logging_instructions <= 0.05)} |",
        f"| A scroll that does not ask for compression costs what it did before gzip answers: in-process instructions within 2% of {SCROLL_INSTRUCTIONS_BEFORE_GZIP:,} (commit 5992ab2) | {e['hot_instructions']:,.0f} per request ({plain_scroll_cost - 1:+.2%}, callgrind) | {check(plain_scroll_cost <= 1.02)} |",
        f"| The same over HTTP: server instructions per POST scroll within 2% of {HTTP_SCROLL_INSTRUCTIONS_BEFORE_GZIP:,} (commit 5992ab2) | {instructions['layoutd']:,.0f} per request ({plain_http_cost - 1:+.2%}, callgrind) | {check(plain_http_cost <= 1.02)} |",
        f"| libmicrohttpd from Debian's source package with patches/ costs what the copied source did: server instructions per POST scroll over HTTP, and server CPU per request over the bare server's, each within 3% (commit 06a068f: {HTTP_SCROLL_INSTRUCTIONS_COPIED_MHD:,} and {HTTP_CPU_RATIO_COPIED_MHD:.3f}×) | {instructions['layoutd']:,.0f} instructions ({debian_mhd_instructions - 1:+.2%}, callgrind); CPU {h['layoutd']['cpu_us_per_request']:.1f} / {h['baseline']['cpu_us_per_request']:.1f} µs = {cpu_ratio:.3f}× ({debian_mhd_cpu - 1:+.1%}; the control measures {logging_control:+.1%}) | {check(debian_mhd_instructions <= 1.03 and debian_mhd_cpu <= 1.03)} |",
        f"| Item lookup and hit testing answer no fewer requests per second than a scroll of the same stored layout | lookup {nav['ratios']['lookup']:.2f}×, hit test {nav['ratios']['hit']:.2f}× the scroll's requests/s (median of the rounds' ratios; {nav['rps']['lookup']:,.0f}, {nav['rps']['hit']:,.0f} and {nav['rps']['scroll']:,.0f} req/s); server instructions per request {nav['instructions']['lookup']:,.0f}, {nav['instructions']['hit']:,.0f} and {nav['instructions']['scroll']:,.0f} (callgrind) | {check(min(nav['ratios'].values()) >= 1)} |",
        f"| Many connections: req/s at {', '.join(str(c) for c in levels[1:])} connections within 30% of {levels[0]}, no stall, no errors | {scaling_figure} of the {levels[0]}-connection {scaling['levels'][levels[0]]['rps']:,.0f} req/s; {scaling_errors} socket errors and non-2xx, {scaling_stalls} stalls | {check(scaling_met)} |",
        "",
        "## HTTP hot path", "",
        f"`wrk -t2 -c64 -d{arguments.seconds}s --latency`, keep-alive, loopback, POST of a stored-layout scroll "
        f"(`/v1/layouts/{{id}}/attributes`, bounds 390×844 at @3x, `center` parallax) answering "
        f"{h['attributes']} attributes in {h['answer_bytes']} bytes. The baseline is `http-baseline`: the project's own "
        "C server module answering a fixed body of the same size. All use 2 worker threads; wrk shares the 2 cores. "
        "Every round starts the four servers afresh and measures them in a rotating order after a 1 s warm-up; "
        f"ratios are the median of the rounds' ratios. The control is a second layoutd identical to the first: "
        f"it measures {h['ratios']['control_rps']:.0%} of the first's requests per second and "
        f"{h['ratios']['control_cpu']:.0%} of its CPU per request, which is how far apart this harness puts equal servers.", "",
        "| server | req/s (median) | p50 | p99 | server CPU per request | runs (req/s) | non-2xx |", "|---|---|---|---|---|---|---|",
    ]
    for name, title in [("baseline", "bare C server, fixed body"), ("layoutd", "layoutd, access log off (debug)"),
                        ("layoutd_control", "layoutd again, access log off (the control)"),
                        ("layoutd_logged", "layoutd, access log on (info, JSON down a pipe)")]:
        r = h[name]
        lines.append(f"| {title} | {r['rps']:,.0f} | {r['p50_us']:.0f} µs | {r['p99_us']:.0f} µs | {r['cpu_us_per_request']:.1f} µs | {r['runs']} | {r['non2xx']} |")
    lines += [
        "", "### Instructions per request over HTTP", "",
        f"callgrind in the server process while it answers the same scroll {arguments.instruction_requests} and "
        f"{3 * arguments.instruction_requests} times over one keep-alive connection; the difference divided by "
        f"{2 * arguments.instruction_requests}. User space only (the kernel's share of a request is not counted), "
        "and the same on every run. Neither server zeroes its connection's 16 KiB memory pool between requests "
        "any more (`patches/0005-pool-reset-without-zeroing.patch`), which valgrind counted one instruction "
        "a byte (`rep stosb`): about 16,400 of each server's instructions a request before.", "",
        "| server | instructions per request | ratio |", "|---|---|---|",
        f"| bare C server, fixed body | {instructions['baseline']:,.0f} | 1 |",
        f"| layoutd, access log off | {instructions['layoutd']:,.0f} | {instructions['layoutd'] / instructions['baseline']:.2f}× |",
        f"| layoutd, access log on | {instructions['layoutd_logged']:,.0f} | {instructions['layoutd_logged'] / instructions['baseline']:.2f}× ({logging_instructions:+.1%} against off) |",
        "", "### Code run per request over HTTP", "",
        "Distinct 64-byte lines of machine code (and the 4 KiB pages they lie on) whose instructions ran at least "
        f"once a request while each server answered the same scroll {arguments.instruction_requests} times after a "
        "warm-up (callgrind `--dump-instr=yes`, counts zeroed after the warm-up). The kernel runs between requests, "
        "so code that runs once a request is fetched again on every request: this, more than the count of "
        "instructions, is what the HTTP ratio follows (see the findings).", "",
        "| server | code lines per request | of them in the program itself | pages |", "|---|---|---|---|",
        f"| bare C server, fixed body | {code['baseline']['lines']:,} | {code['baseline']['own_lines']:,} | {code['baseline']['pages']} |",
        f"| layoutd, access log off | {code['layoutd']['lines']:,} | {code['layoutd']['own_lines']:,} | {code['layoutd']['pages']} |",
        "", "## Cold path", "",
        f"A {e['cold_body_bytes'] / 1e6:.1f} MB `/v1/layout` request of 100,000 varied items, from bytes to answer bytes "
        "inside the process (parse, validate, hash, build the base layout, query, parallax, write), with an empty cache. "
        "Each baseline runs in turns with layoutd (15 turns with simdjson, 3 with Foundation), so a busy spell of the "
        "machine falls on both sides of a turn's ratio; the times are the medians of the turns.", "",
        "| what | time |", "|---|---|",
        f"| layoutd, bytes to answer | {e['cold_layoutd_ns'] / 1e6:.2f} ms |",
        f"| simdjson DOM parse of the same bytes alone | {e['cold_simdjson_ns'] / 1e6:.2f} ms |",
        f"| Foundation JSONDecoder into Codable structs | {e['cold_foundation_ns'] / 1e6:.1f} ms |",
        "", "## Engine", "",
        "| what | figure |", "|---|---|",
        f"| base layout, 1,000,000 varied items | {e['engine_build_ns_per_item']:.1f} ns per item |",
        f"| content hash of the same input (cache key) | {e['engine_hash_ns_per_item']:.1f} ns per item |",
        f"| cached bytes per varied item | {e['engine_bytes_per_item']:.1f} |",
        f"| base layout, 1,000,000 `itemCount` items | {e['engine_build_uniform_ns']:.0f} ns in all (O(1)) |",
        f"| visible query, 1,000 varied items | {e['query_1k_ns']:.0f} ns |",
        f"| visible query, 1,000,000 varied items | {e['query_1m_ns']:.0f} ns |",
        "", "### Updates of a stored layout", "",
        f"`BaseLayout.updated(by:)` in process against registering the resulting inputs from scratch (their content "
        f"hash, then `BaseLayout(input)`), the two in turns; the update's time is the mean of up to "
        f"1,000 runs of it. Work is the counter `updated(by:work:)` returns (tree nodes and items touched). The "
        f"scroll figures compare a layout reached by {e['update_random_changes']:,.0f} random updates of the "
        f"{items}-item varied layout (one a call: inserts, deletes, resizes, moves and appends of 1 to 8 items at "
        f"random places) with the layout of the same content registered from scratch (the same id, checked), over "
        f"the same {e['update_scroll_queries']:,.0f} random 390×844 views.", "",
        "| what | figure |", "|---|---|",
        f"| append 100 varied items to {items} varied items | {e['update_append_ns'] / 1000:.1f} µs, work {e['update_append_work']:,.0f} |",
        f"| register the resulting {e['update_items'] + 100:,.0f} items (id and build) | {e['update_append_register_ns'] / 1e6:.1f} ms |",
        f"| resize the middle item of a {items}-item feed (one item a line) | {e['update_resize_ns'] / 1000:.1f} µs, work {e['update_resize_work']:,.0f} |",
        f"| rebuild the resized feed (id and build) | {e['update_resize_register_ns'] / 1e6:.1f} ms |",
        f"| {e['update_front_inserts_count']:,.0f} inserts at the front of {e['update_front_inserts_items']:,.0f} items two a line (every line break moves each time) | {e['update_front_inserts_ns'] / 1e6:.1f} ms, work {e['update_front_inserts_work']:,.0f}: {e['update_front_inserts_ns'] / e['update_front_inserts_register_ns']:.1f}× registering the result ({e['update_front_inserts_register_ns'] / 1e6:.1f} ms), target ≤ 2×: {check(e['update_front_inserts_ns'] <= 2 * e['update_front_inserts_register_ns'])} |",
        f"| one random update of {items} varied items (mean of {e['update_random_changes']:,.0f}) | {e['update_random_ns_per_change'] / 1000:.1f} µs, work {e['update_random_work_per_change']:,.0f} |",
        f"| visible query, updated / fresh layout: work counted | {e['update_scroll_work_updated']:.1f} / {e['update_scroll_work_fresh']:.1f} per view ({scroll_work:.3f}×) |",
        f"| visible query, updated / fresh layout: instructions (callgrind) | {e['update_scroll_instructions_updated']:,.0f} / {e['update_scroll_instructions_fresh']:,.0f} per view ({scroll_instructions:.3f}×) |",
        f"| visible query, updated / fresh layout: CPU time | {e['update_scroll_updated_ns']:.0f} / {e['update_scroll_fresh_ns']:.0f} ns per view ({scroll_time:.3f}×) |",
        f"| bytes kept, updated / fresh layout (`heapByteCount`) | {e['update_bytes_updated']:,.0f} / {e['update_bytes_fresh']:,.0f} ({update_bytes:.3f}×) |",
        "", "## Allocations", "",
        "Counted by a malloc wrapper linked into the benchmark program (every malloc, calloc, realloc and aligned "
        "allocation of the process).", "",
        "| request | allocations |", "|---|---|",
        f"| hot: stored-layout scroll, {e['hot_attributes']:.0f} attributes, in process | {e['hot_allocations_per_request']:.0f} per request |",
        f"| cold: 100,000-item `/v1/layout` | {e['cold_allocations_per_request']:.0f} per request |",
        f"| hot path CPU time in process (no HTTP) | {e['hot_in_process_ns'] / 1000:.1f} µs per request |",
        f"| hot path instructions in process (callgrind; the same on every run) | {e['hot_instructions']:,.0f} per request |",
        f"| the same with the JSON access line (into /dev/null) | {e['hot_logged_in_process_ns'] / 1000:.1f} µs per request ({e['hot_logging_cost']:+.1%}, median of 9 turns' ratios) |",
        "", "## Compression", "",
        "Answers over 1 KiB go gzip-compressed when the request's `Accept-Encoding` prefers gzip (zlib level 3, one "
        "deflate stream per worker thread). In process, `LayoutService.handle` on the hot path's stored layout: its "
        f"scroll ({e['hot_attributes']:.0f} attributes) and a list of 240 bounds 16 points apart (a fling), each "
        "without and with `Accept-Encoding: gzip`; times are the median of 9 turns' mean CPU time per request, "
        "the two in turns.", "",
        "| answer | bytes plain | bytes gzip | gzip / plain | time plain | time gzip | gzip / plain |", "|---|---|---|---|---|---|---|",
        f"| scroll | {e['gzip_scroll_plain_bytes']:,.0f} | {e['gzip_scroll_gzip_bytes']:,.0f} | {e['gzip_scroll_gzip_bytes'] / e['gzip_scroll_plain_bytes']:.1%} | {e['gzip_scroll_plain_ns'] / 1000:.1f} µs | {e['gzip_scroll_gzip_ns'] / 1000:.1f} µs | {e['gzip_scroll_time_ratio']:.1f}× |",
        f"| 240 bounds | {e['gzip_list_plain_bytes']:,.0f} | {e['gzip_list_gzip_bytes']:,.0f} | {e['gzip_list_gzip_bytes'] / e['gzip_list_plain_bytes']:.1%} | {e['gzip_list_plain_ns'] / 1e6:.2f} ms | {e['gzip_list_gzip_ns'] / 1e6:.2f} ms | {e['gzip_list_time_ratio']:.1f}× |",
        "", f"A scroll without `Accept-Encoding`: {e['hot_instructions']:,.0f} instructions per request in process against "
        f"{SCROLL_INSTRUCTIONS_BEFORE_GZIP:,} before compressed answers ({plain_scroll_cost - 1:+.2%}).",
        "", "## Access log", "",
        "| measure | figure |", "|---|---|",
        f"| one JSON access line, in process | {e['log_line_ns']:.0f} ns |",
        f"| server instructions per scroll request over HTTP, line on / off (callgrind) | {instructions['layoutd_logged']:,.0f} / {instructions['layoutd']:,.0f} ({logging_instructions:+.1%}) |",
        f"| server CPU per scroll request under wrk, line on / off | {h['layoutd_logged']['cpu_us_per_request']:.1f} / {h['layoutd']['cpu_us_per_request']:.1f} µs ({logging_cost:+.1%}, median of the rounds' ratios; lines down a pipe to a reader) |",
        f"| the same for the control, two identical servers without the line (the measurement's resolution) | {logging_control:+.1%} |",
        f"| requests per second, line on / off | {h['layoutd_logged']['rps']:,.0f} / {h['layoutd']['rps']:,.0f} ({-logging_rps:+.1%}) |",
    ]
    lines += scaling_lines(scaling, levels) + store_bench.store_lines(h["store"]) + [""]
    findings = (ROOT / "Benchmarks" / "findings.md").read_text()
    return "\n".join(lines) + "\n" + findings


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="one short iteration of everything (CI)")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seconds", type=int, default=3)
    parser.add_argument("--bin-dir", default=str(RELEASE))
    parser.add_argument("--scaling-rounds", type=int, default=3)
    parser.add_argument("--scaling-seconds", type=int, default=5)
    parser.add_argument("--only-scaling", action="store_true", help="only the many-connections benchmark, printed")
    arguments = parser.parse_args()
    BINARIES.update(path=Path(arguments.bin_dir))
    levels = SCALING_CONNECTIONS
    if arguments.quick:
        arguments.rounds, arguments.seconds = 1, 1
        arguments.scaling_rounds, arguments.scaling_seconds = 1, 1
        levels = (SCALING_CONNECTIONS[0], SCALING_CONNECTIONS[-1])
    if arguments.only_scaling:
        scaling = scaling_benchmark(arguments.scaling_rounds, arguments.scaling_seconds, levels)
        print("\n".join(scaling_lines(scaling, levels)))
        return
    engine_args = [str(BINARIES["path"] / "LayoutBenchmarks")] + (["--quick"] if arguments.quick else [])
    engine = json.loads(subprocess.run(engine_args, capture_output=True, text=True, check=True).stdout)
    engine["hot_instructions"] = hot_instructions(20 if arguments.quick else 2000)
    engine.update(update_scroll_instructions(engine["update_scroll_queries"], arguments.quick))
    http = http_benchmarks(arguments.rounds, arguments.seconds)
    http["scaling"] = scaling_benchmark(arguments.scaling_rounds, arguments.scaling_seconds, levels)
    http["navigation"] = navigation_benchmark(arguments.rounds, arguments.seconds)
    http["store"] = store_bench.store_benchmark(BINARIES["path"] / "layoutd", arguments.quick, arguments.rounds, arguments.seconds)
    if arguments.quick:  # with debug binaries only that every level was reached and answered requests
        unanswered = [c for c in levels if not http["scaling"]["levels"][c] or not http["scaling"]["levels"][c]["requests"]]
        if unanswered:
            raise SystemExit(f"many connections: no request answered at {unanswered} connections "
                             f"(server {', '.join(http['scaling']['endings'])})")
    arguments.instruction_requests = 5 if arguments.quick else 100
    http["instructions"] = http_instructions(arguments.instruction_requests, http["answer_bytes"])
    http["code"] = http_code_lines(arguments.instruction_requests, http["answer_bytes"])
    text = report(engine, http, arguments)
    if arguments.quick:
        print(text)
    else:
        (ROOT / "BENCHMARKS.md").write_text(text)
        print(text)


if __name__ == "__main__":
    main()
