#!/usr/bin/env python3
"""A soak: one layoutd under a mix of every kind of request for SOAK_SECONDS (default 300), with its
resident memory sampled every 10 s. `make soak` (release build first; not part of `make test`).

Client threads each keep a keep-alive connection (some requests go on a fresh connection that is
closed after) and pick, by weight: registrations of varied layouts (a few large ones, and one larger
than the whole cache, which must answer 507), scrolls of stored layouts by POST (one bounds or a list
of up to 240) and by GET (with If-None-Match from an earlier answer: 304), metadata, deletes, one-shot
`POST /v1/layout`, cache statistics, metrics and probes, and malformed requests (400, 404, 405, 413,
415). The cache is small (--cache-bytes, 6 MiB by default), so layouts are evicted all the time: a
scroll of a layout that is gone answers 404 layout-not-found, and the client registers it again and
retries, as a real client does. Every answer's status is checked against the set the request may get.

Verdict (exit code 1 when any fails):
- no connection errors (refused, reset, timed out, truncated answers);
- no unexpected status, and no 5xx but the 507 of the layout larger than the cache;
- evictions happened (the cache's statistics);
- resident memory at the end at most the larger of 20% and 16 MiB above its value after the first
  minute (the first sample when the run is shorter);
- the server exits 0 on SIGTERM.

Usage: soak.py [--bin PATH] [--seconds S] [--clients N] [--cache-bytes B]
The binary: --bin, else $LAYOUTD_BIN, else .build/release/layoutd if present, else .build/debug/layoutd.
"""
import argparse
import collections
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_SECONDS = 10
JSON = {"Content-Type": "application/json"}
NEVER_STORED = "0123456789abcdef0123456789abcdef"


def default_binary():
    if os.environ.get("LAYOUTD_BIN"):
        return os.environ["LAYOUTD_BIN"]
    release = ROOT / ".build" / "release" / "layoutd"
    return str(release if release.exists() else ROOT / ".build" / "debug" / "layoutd")


def rss_bytes(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


class Layout:
    """One registration body, pre-encoded, and what the server told us of it."""

    def __init__(self, name, body, horizontal=False, too_large=False):
        self.name = name
        self.body = json.dumps(body, separators=(",", ":")).encode()
        self.horizontal = horizontal
        self.too_large = too_large
        self.layout_id = None
        self.extent = 1000.0  # content length along the scroll axis, from the metadata
        self.etags = {}  # GET query -> ETag of its answer
        self.one_shot = None  # the same layout as a /v1/layout body (small layouts only)
        if not too_large and len(self.body) < 200_000:
            full = dict(body)
            viewport = full.pop("viewport")
            full["bounds"] = {"x": 0, "y": 0, "width": viewport.get("width", 390), "height": viewport.get("height", 844)}
            self.one_shot = json.dumps(full, separators=(",", ":")).encode()


def layouts(seed):
    """About 70 layouts: uniform grids (a few hundred bytes stored), varied items (tens to hundreds of
    KiB), horizontal carousels, six large ones (1-2 MB each, so the 6 MiB cache evicts) and one of
    200,000 items (7.2 MB stored), larger than the whole cache."""
    rng = random.Random(seed)
    pool = []
    for i in range(24):
        pool.append(Layout(f"grid{i}", {
            "viewport": {"width": 320 + i * 5},
            "layout": {"itemSize": {"width": 60 + i, "height": 80}, "headerReferenceSize": {"height": 30}},
            "sections": [{"itemCount": 50 + 7 * i}, {"itemCount": 1000 + 100 * i, "minimumLineSpacing": 4}]}))
    for i in range(30):
        n = rng.randint(200, 5000)
        pool.append(Layout(f"varied{i}", {
            "viewport": {"width": 390},
            "layout": {"minimumLineSpacing": 8, "minimumInteritemSpacing": 8, "lineAlignment": rng.choice(["leading", "center", "justified"])},
            "items": [{"width": rng.randint(40, 200), "height": rng.randint(40, 200)} for _ in range(n)]}))
    for i in range(10):
        pool.append(Layout(f"carousel{i}", {
            "viewport": {"height": 200 + i},
            "layout": {"scrollDirection": "horizontal", "itemSize": {"width": 120, "height": 180}},
            "sections": [{"items": [{"width": rng.randint(80, 160), "height": 180} for _ in range(300)]}, {"itemCount": 40 + i}]},
            horizontal=True))
    for i in range(6):
        n = rng.randint(30_000, 55_000)
        pool.append(Layout(f"large{i}", {
            "viewport": {"width": 390},
            "items": [{"width": 390, "height": rng.randint(40, 400)} for _ in range(n)]}))
    pool.append(Layout("tooLarge", {
        "viewport": {"width": 390},
        "items": [{"width": 390, "height": 40 + i % 300} for i in range(200_000)]}, too_large=True))
    return pool


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = 0
        self.by_kind = collections.Counter()
        self.statuses = collections.Counter()
        self.unexpected = collections.Counter()
        self.connection_errors = collections.Counter()
        self.examples = []
        self.reregistrations = 0

    def record(self, kind, status, expected, detail=""):
        with self.lock:
            self.requests += 1
            self.by_kind[kind] += 1
            self.statuses[status] += 1
            if status not in expected:
                self.unexpected[(kind, status)] += 1
                if len(self.examples) < 20:
                    self.examples.append(f"{kind}: {status} not in {sorted(expected)} {detail[:300]}")

    def connection_error(self, kind, error):
        with self.lock:
            self.requests += 1
            self.connection_errors[f"{kind}: {type(error).__name__}"] += 1
            if len(self.examples) < 20:
                self.examples.append(f"{kind}: {type(error).__name__}: {error}")

    def errors(self):
        with self.lock:
            return sum(self.unexpected.values()) + sum(self.connection_errors.values())


class Client(threading.Thread):
    def __init__(self, number, port, pool, stats, deadline):
        super().__init__(daemon=True)
        self.rng = random.Random(1000 + number)
        self.port = port
        self.pool = pool
        self.stats = stats
        self.deadline = deadline
        self.connection = None

    # --- transport ---------------------------------------------------------------------------------

    def send(self, kind, method, path, body=None, headers=None, fresh=False):
        """One request; returns (status, headers, body) or None after a connection error (recorded)."""
        fresh = fresh or self.rng.random() < 0.05
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60) if fresh else self.keep_alive()
        try:
            connection.request(method, path, body=body, headers=headers or {})
            answer = connection.getresponse()
            data = answer.read()
            result = (answer.status, answer, data)
            if answer.will_close and not fresh:
                self.drop()
            return result
        except (OSError, http.client.HTTPException) as error:
            self.stats.connection_error(kind, error)
            if not fresh:
                self.drop()
            return None
        finally:
            if fresh:
                connection.close()

    def keep_alive(self):
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        return self.connection

    def drop(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def check(self, kind, result, expected):
        if result is None:
            return None
        status, answer, data = result
        self.stats.record(kind, status, expected, data[:200].decode("utf-8", "replace"))
        return result

    # --- requests ----------------------------------------------------------------------------------

    def register(self, layout):
        result = self.check("register", self.send("register", "POST", "/v1/layouts", layout.body, JSON),
                            {507} if layout.too_large else {200, 201})
        if result is None or result[0] not in (200, 201):
            return False
        metadata = json.loads(result[2])
        if layout.layout_id is not None and metadata["layoutId"] != layout.layout_id:
            self.stats.record("register-id", "changed-id", {200})
        layout.layout_id = metadata["layoutId"]
        size = metadata["contentSize"]
        layout.extent = max(1.0, size["width"] if layout.horizontal else size["height"])
        return True

    def bounds(self, layout):
        offset = round(self.rng.uniform(-100, layout.extent), 1)
        if layout.horizontal:
            return {"x": offset, "y": 0, "width": 390, "height": 220}
        return {"x": 0, "y": offset, "width": 390, "height": self.rng.choice([200, 844])}

    def stored(self):
        """A layout that can be stored, registered first when we never had its id."""
        layout = self.rng.choice(self.pool[:-1])
        if layout.layout_id is None and not self.register(layout):
            return None
        return layout

    def scroll_post(self, many):
        layout = self.stored()
        if layout is None:
            return
        count = self.rng.randint(2, 240) if many else 1
        view = {"bounds": [self.bounds(layout) for _ in range(count)] if many else self.bounds(layout)}
        if self.rng.random() < 0.5:
            view["scale"] = self.rng.choice([2, 3])
        if self.rng.random() < 0.5:
            view["parallax"] = self.rng.choice([{"model": "center", "maxOffset": 24}, {"model": "cover", "maxOffset": 12, "clamp": True}])
        body = json.dumps(view).encode()
        kind = "scroll-list" if many else "scroll-post"
        path = f"/v1/layouts/{layout.layout_id}/attributes"
        for attempt in range(2):
            result = self.check(kind, self.send(kind, "POST", path, body, JSON), {200, 404})
            if result is None:
                return
            status, _, data = result
            if status == 200:
                answer = json.loads(data) if many else None
                if not data.startswith(b'{"layoutId":"' + layout.layout_id.encode()):
                    self.stats.record(kind + "-body", "wrong-id", {200})
                if many and len(answer["results"]) != count:
                    self.stats.record(kind + "-body", "wrong-count", {200})
                return
            self.not_found(kind, data)
            if attempt == 0:
                with self.stats.lock:
                    self.stats.reregistrations += 1
                if not self.register(layout):
                    return

    def not_found(self, kind, data):
        if b"/problems/layout-not-found" not in data:
            self.stats.record(kind + "-body", "404-not-layout-not-found", {404})

    def scroll_get(self):
        layout = self.stored()
        if layout is None:
            return
        b = self.bounds(layout)
        query = f"x={b['x']}&y={b['y']}&width={b['width']}&height={b['height']}" + ("&scale=3" if self.rng.random() < 0.5 else "")
        # Views repeat (a small set per layout), so If-None-Match often names the current answer.
        if layout.etags and self.rng.random() < 0.5:
            query = self.rng.choice(list(layout.etags))
        etag = layout.etags.get(query)
        headers = {"If-None-Match": etag} if etag else {}
        result = self.check("scroll-get", self.send("scroll-get", "GET", f"/v1/layouts/{layout.layout_id}/attributes?{query}",
                                                    headers=headers), {200, 304, 404} if etag else {200, 404})
        if result is None:
            return
        status, answer, data = result
        if status == 404:
            self.not_found("scroll-get", data)
        elif status == 200 and len(layout.etags) < 32:
            layout.etags[query] = answer.getheader("ETag")

    def metadata(self):
        layout = self.stored()
        if layout is not None:
            result = self.check("metadata", self.send("metadata", "GET", f"/v1/layouts/{layout.layout_id}"), {200, 404})
            if result and result[0] == 404:
                self.not_found("metadata", result[2])

    def delete(self):
        layout = self.stored()
        if layout is not None:
            self.check("delete", self.send("delete", "DELETE", f"/v1/layouts/{layout.layout_id}"), {204, 404})

    def one_shot(self):
        layout = self.rng.choice([l for l in self.pool if l.one_shot])
        result = self.check("one-shot", self.send("one-shot", "POST", "/v1/layout", layout.one_shot, JSON), {200})
        if result and result[0] == 200 and b'"cache":"' not in result[2][:200]:
            self.stats.record("one-shot-body", "no-cache-field", {200})

    def too_large(self):
        self.register(self.pool[-1])

    def probes(self):
        path = self.rng.choice(["/v1/cache", "/metrics", "/livez", "/readyz", "/healthz"])
        self.check("probe", self.send("probe", "GET", path), {200})

    def malformed(self):
        choice = self.rng.randrange(8)
        layout = self.rng.choice(self.pool[:-1])
        if choice == 0:
            self.check("bad-json", self.send("bad-json", "POST", "/v1/layouts", b'{"viewport": {"width": 390}, "itemCount": ', JSON), {400})
        elif choice == 1:
            self.check("bad-field", self.send("bad-field", "POST", "/v1/layout",
                                              b'{"bounds":{"width":320,"height":480},"items":[{"width":-3,"height":40}]}', JSON), {400})
        elif choice == 2:
            self.check("bad-type", self.send("bad-type", "POST", "/v1/layouts", layout.body, {"Content-Type": "text/plain"}), {415})
        elif choice == 3:
            self.check("bad-method", self.send("bad-method", "PUT", f"/v1/layouts/{NEVER_STORED}", b"{}", JSON), {405})
        elif choice == 4:
            self.check("no-route", self.send("no-route", "GET", "/v2/nothing"), {404})
        elif choice == 5:
            result = self.check("never-stored", self.send("never-stored", "GET", f"/v1/layouts/{NEVER_STORED}/attributes?width=390&height=844"), {404})
            if result:
                self.not_found("never-stored", result[2])
        elif choice == 6:
            self.check("bad-query", self.send("bad-query", "GET", f"/v1/layouts/{NEVER_STORED}/attributes?width=390&height=-1&bogus=1"), {400, 404})
        else:
            self.body_too_large()

    def body_too_large(self):
        """A Content-Length over the 8 MiB cap, with no body sent: 413 from the header alone."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.putrequest("POST", "/v1/layouts")
            connection.putheader("Content-Type", "application/json")
            connection.putheader("Content-Length", str(9 * 1024 * 1024))
            connection.endheaders()
            answer = connection.getresponse()
            answer.read()
            self.stats.record("too-large-body", answer.status, {413})
        except (OSError, http.client.HTTPException) as error:
            self.stats.connection_error("too-large-body", error)
        finally:
            connection.close()

    def run(self):
        actions = [(self.scroll_post, 30, False), (self.scroll_post, 8, True), (self.scroll_get, 20, None),
                   (self.register, 10, "random"), (self.metadata, 5, None), (self.delete, 4, None),
                   (self.one_shot, 8, None), (self.probes, 4, None), (self.malformed, 5, None), (self.too_large, 0.3, None)]
        weights = [w for _, w, _ in actions]
        while time.monotonic() < self.deadline:
            action, _, argument = self.rng.choices(actions, weights)[0]
            if argument == "random":
                action(self.rng.choice(self.pool[:-1]))
            elif argument is None:
                action()
            else:
                action(argument)
        self.drop()


def get_json(port, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path)
        return json.loads(connection.getresponse().read())
    finally:
        connection.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=default_binary())
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("SOAK_SECONDS", 300)))
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--cache-bytes", type=int, default=6 * 1024 * 1024)
    parser.add_argument("--server-threads", type=int, default=2)
    arguments = parser.parse_args()

    pool = layouts(seed=20)
    log = tempfile.NamedTemporaryFile("w+", prefix="soak-layoutd-", suffix=".log", delete=False)
    command = [arguments.bin, "--host", "127.0.0.1", "--port", "0", "--threads", str(arguments.server_threads),
               "--cache-bytes", str(arguments.cache_bytes), "--access-log-level", "debug"]
    print(f"soak: {' '.join(command)} for {arguments.seconds:.0f} s, {arguments.clients} clients, "
          f"{len(pool)} layouts; server log {log.name}", flush=True)
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
    port = int(json.loads(server.stdout.readline())["port"])

    stats = Stats()
    start = time.monotonic()
    deadline = start + arguments.seconds
    clients = [Client(i, port, pool, stats, deadline) for i in range(arguments.clients)]
    for client in clients:
        client.start()

    samples = []

    def sample():
        cache = get_json(port, "/v1/cache")
        samples.append({"t": time.monotonic() - start, "rss": rss_bytes(server.pid), "requests": stats.requests,
                        "errors": stats.errors(), "entries": cache.get("entries"), "evictions": cache.get("evictions")})
        s = samples[-1]
        print(f"  {s['t']:6.0f} s  RSS {s['rss'] / 2**20:7.1f} MiB  requests {s['requests']:>9,}  errors {s['errors']}"
              f"  cache entries {s['entries']}  evictions {s['evictions']}", flush=True)

    next_sample = start + SAMPLE_SECONDS
    while any(c.is_alive() for c in clients):
        if server.poll() is not None:
            print(f"soak: the server exited with {server.returncode} during the run", flush=True)
            break
        if time.monotonic() >= next_sample:
            sample()
            next_sample += SAMPLE_SECONDS
        time.sleep(0.2)
    for client in clients:
        client.join(timeout=120)
    alive = server.poll() is None
    if alive:
        sample()
        server.send_signal(signal.SIGTERM)
        try:
            exit_code = server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            exit_code = "killed after 30 s"
    else:
        exit_code = server.returncode

    elapsed = time.monotonic() - start
    print(f"\n| time (s) | RSS (MiB) | requests so far | errors | cache entries | evictions |\n|---|---|---|---|---|---|")
    for s in samples:
        print(f"| {s['t']:.0f} | {s['rss'] / 2**20:.1f} | {s['requests']:,} | {s['errors']} | {s['entries']} | {s['evictions']} |")
    print(f"\nrequests: {stats.requests:,} in {elapsed:.0f} s ({stats.requests / elapsed:,.0f}/s); re-registrations after a 404: {stats.reregistrations:,}")
    print("by kind: " + ", ".join(f"{k} {v:,}" for k, v in sorted(stats.by_kind.items())))
    print("by status: " + ", ".join(f"{k} {v:,}" for k, v in sorted(stats.statuses.items(), key=str)))
    for example in stats.examples:
        print("  " + example)

    # The baseline: the sample after the first minute, or the first one when the run is shorter.
    baseline = next((s for s in samples if s["t"] >= 60), samples[0] if samples else None)
    checks = []
    server_errors = sum(v for k, v in stats.statuses.items() if isinstance(k, int) and k >= 500 and k != 507)
    checks.append(("no 5xx (507 only for the layout larger than the cache)", server_errors == 0, f"{server_errors}"))
    checks.append(("no unexpected status", not stats.unexpected, f"{sum(stats.unexpected.values())} {dict(stats.unexpected)}"))
    checks.append(("no connection errors", not stats.connection_errors, f"{sum(stats.connection_errors.values())} {dict(stats.connection_errors)}"))
    evictions = samples[-1]["evictions"] if samples else 0
    checks.append(("evictions happened", bool(evictions), f"{evictions}"))
    if baseline and alive:
        growth = samples[-1]["rss"] - baseline["rss"]
        bound = max(0.2 * baseline["rss"], 16 * 2**20)
        checks.append((f"RSS at the end within max(20%, 16 MiB) of its value at {baseline['t']:.0f} s", growth <= bound,
                       f"{baseline['rss'] / 2**20:.1f} → {samples[-1]['rss'] / 2**20:.1f} MiB ({growth / 2**20:+.1f} MiB, "
                       f"{growth / baseline['rss']:+.1%}; bound {bound / 2**20:.1f} MiB)"))
    else:
        checks.append(("the server ran to the end", False, f"exit {exit_code}"))
    checks.append(("exit 0 on SIGTERM", exit_code == 0, f"{exit_code}"))
    print("\n| check | result | figure |\n|---|---|---|")
    for name, ok, figure in checks:
        print(f"| {name} | {'met' if ok else '**not met**'} | {figure} |")
    passed = all(ok for _, ok, _ in checks)
    print(f"\nsoak: {'passed' if passed else 'FAILED'}")
    if passed:
        os.unlink(log.name)
    sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()
