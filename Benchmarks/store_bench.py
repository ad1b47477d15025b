"""The shared store (issue: layouts that outlive a replica), run by bench.py: what registrations, updates
and cold fetches cost against a real redis-server on loopback, read from layoutd's own counters
(bytes and round trips to the store) and from /proc (the server's CPU time), and whether the store
stays off the scroll path (CPU per scroll with and without a store, in turns)."""
import json
import random
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request

import harness


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_redis():
    port = free_port()
    folder = tempfile.mkdtemp()
    process = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no", "--dir", folder], stdout=subprocess.DEVNULL)
    for _ in range(100):
        if subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True, text=True).stdout.strip() == "PONG":
            return process, port, folder
        time.sleep(0.05)
    raise SystemExit("redis-server did not start")


def store_counters(port):
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    def value(name):
        return float(re.search(rf"^{name} (\S+)$", text, re.M).group(1))
    return {"written": value("layoutd_store_bytes_written_total"), "read": value("layoutd_store_bytes_read_total"),
            "trips": value("layoutd_store_round_trips_total")}


def measured(port, pid, action):
    """`action()`'s store traffic and the server's CPU seconds while it ran."""
    before, cpu = store_counters(port), harness.cpu_seconds(pid)
    result = action()
    after = store_counters(port)
    return result, {key: after[key] - before[key] for key in before} | {"cpu": harness.cpu_seconds(pid) - cpu}


def feed(count, seed):
    """A feed of `count` cells of random heights (no pattern the store could share between cells)."""
    heights = random.Random(seed)
    return {"viewport": {"width": 390}, "layout": {"minimumLineSpacing": 8},
            "items": [{"width": 390, "height": heights.randint(40, 440)} for _ in range(count)]}


def store_benchmark(binary, quick, rounds, seconds):
    big, cold = (20_000, 5_000) if quick else (1_000_000, 100_000)
    repeats = 1 if quick else 5
    redis, redis_port, folder = start_redis()
    store = ["--store", f"redis://127.0.0.1:{redis_port}", "--store-timeout", "10000", "--cache-bytes", str(1 << 30),
             "--max-items", str(2 * big),
             "--max-body-bytes", str(64 << 20), "--max-inflight-body-bytes", str(128 << 20)]
    servers = []
    try:
        def server(*extra):
            process, port = harness.start(harness.layoutd_command(binary, "debug") + list(extra))
            servers.append(process)
            return process, port
        writer, writer_port = server(*store)
        result = {"items": big, "cold_items": cold}
        body = feed(big, 0)
        answer, registration = measured(writer_port, writer.pid, lambda: json.loads(harness.post(writer_port, "/v1/layouts", body)))
        layout_id = answer["layoutId"]
        _, again = measured(writer_port, writer.pid, lambda: harness.post(writer_port, "/v1/layouts", body))
        page = {"updates": [{"op": "appendItems", "section": 0, "items": [{"width": 390, "height": 50 + i} for i in range(100)]}]}
        _, append = measured(writer_port, writer.pid, lambda: harness.post(writer_port, f"/v1/layouts/{layout_id}/updates", page))
        resize = {"updates": [{"op": "resizeItems", "section": 0, "at": big // 2, "sizes": [{"width": 390, "height": 1}]}]}
        _, resized = measured(writer_port, writer.pid, lambda: harness.post(writer_port, f"/v1/layouts/{layout_id}/updates", resize))
        reader, reader_port = server(*store)
        scroll = {"bounds": {"x": 0, "y": 1000, "width": 390, "height": 844}}
        _, fetch = measured(reader_port, reader.pid, lambda: harness.post(reader_port, f"/v1/layouts/{layout_id}/attributes", scroll))
        result.update(register=registration, register_again=again, append=append, resize=resized, fetch=fetch)
        # Cold fetch of `cold` items and its rebuild against registering them on a replica without a store.
        local, local_port = server()
        ids = [json.loads(harness.post(writer_port, "/v1/layouts", feed(cold, seed)))["layoutId"] for seed in range(1, repeats + 1)]
        fresh, fresh_port = server(*store)
        cpu = harness.cpu_seconds(fresh.pid)
        for layout_id in ids:
            harness.post(fresh_port, f"/v1/layouts/{layout_id}/attributes", scroll)
        result["cold_fetch_cpu"] = (harness.cpu_seconds(fresh.pid) - cpu) / repeats
        cpu = harness.cpu_seconds(local.pid)
        for seed in range(1, repeats + 1):
            harness.post(local_port, "/v1/layouts", feed(cold, seed))
        result["local_register_cpu"] = (harness.cpu_seconds(local.pid) - cpu) / repeats
        # The scroll path: CPU per scroll of a cached layout with and without a store, in turns.
        harness.post(reader_port, "/v1/layouts", harness.REGISTRATION)
        scroll_id = json.loads(harness.post(local_port, "/v1/layouts", harness.REGISTRATION))["layoutId"]
        path = f"/v1/layouts/{scroll_id}/attributes"
        ratios = []
        for turn in range(rounds):
            order = [(reader, reader_port), (local, local_port)]
            runs = {port: harness.wrk(port, path, harness.SCROLL, seconds, process.pid)["cpu_us_per_request"]
                    for process, port in (order if turn % 2 == 0 else reversed(order))}
            ratios.append(runs[reader_port] / runs[local_port])
        result["scroll_cpu_ratio"] = sorted(ratios)[len(ratios) // 2]
        return result
    finally:
        for process in servers:
            harness.stop(process)
        redis.terminate()
        redis.wait()
        shutil.rmtree(folder, ignore_errors=True)


def store_lines(s):
    def row(name, figures):
        return (f"| {name} | {figures['written']:,.0f} | {figures['read']:,.0f} | {figures['trips']:,.0f} | "
                f"{figures['cpu'] * 1000:,.0f} ms |")
    registered = s["register"]["written"]
    cold_ratio = s["cold_fetch_cpu"] / s["local_register_cpu"] if s["local_register_cpu"] else float("nan")
    return [
        "", "## The shared store (Redis)", "",
        f"A layout of {s['items']:,} varied items on a replica with `--store redis://…` (a redis-server on loopback); "
        "bytes and round trips from layoutd's own store counters, CPU from /proc.", "",
        "| operation | bytes written | bytes read | round trips | server CPU |", "|---|---|---|---|---|",
        row("registration", s["register"]), row("the same registration again", s["register_again"]),
        row("append 100 items", s["append"]), row("resize one item", s["resize"]),
        row("cold fetch on another replica (first scroll)", s["fetch"]), "",
        "| target | figure | result |", "|---|---|---|",
        f"| appending 100 items writes ≤ 1% of the layout's bytes | {s['append']['written'] / registered:.3%} | {harness.check(s['append']['written'] <= registered / 100)} |",
        f"| resizing one item writes O(log n): a few nodes | {s['resize']['written']:,.0f} bytes ({s['resize']['written'] / registered:.4%}) | {harness.check(s['resize']['written'] <= 64 * 1024)} |",
        f"| registering the same inputs again writes no node | {s['register_again']['written']:,.0f} bytes (the root) | {harness.check(s['register_again']['written'] < 4096)} |",
        f"| cold fetch and rebuild of {s['cold_items']:,} items ≤ 2× registering them locally | {cold_ratio:.2f}× ({s['cold_fetch_cpu'] * 1000:.0f} vs {s['local_register_cpu'] * 1000:.0f} ms CPU) | {harness.check(cold_ratio <= 2)} |",
        f"| server CPU per scroll of a cached layout, store / no store, within 3% | {s['scroll_cpu_ratio'] - 1:+.1%} (median of the rounds' ratios) | {harness.check(abs(s['scroll_cpu_ratio'] - 1) <= 0.03)} |",
    ]
