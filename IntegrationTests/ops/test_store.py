"""layoutd replicas sharing a Redis store (`--store redis://…`): every replica answers every id with
the same bytes as the replica that stored it (and as a `memory:` replica given the same inputs);
acknowledged layouts survive restarts of replicas and of Redis; with the store down, cached layouts
keep answering and everything else answers 503 store-unavailable quickly; corrupted values are found,
counted, logged and healed by registering again; roots expire without use and nodes outlive them;
a twemproxy in front of two shards works as one Redis; the store's password is never shown.

Expected answers are never written here: they come from the registering replica or from a `memory:`
replica given the same inputs, and are compared byte for byte."""
import json
import random
import re
import signal
import subprocess
import threading
import time

import pytest

from store_support import (NODE, REPOSITORY, Answer, call, metric_sum, metrics, nginx, nutcracker,  # noqa: F401
                           redis_servers, replica, wait_until)

STORE_TIMEOUT_MS = 250
# A request may take the store's timeout and a little more: the HTTP round trip, a busy machine. The
# most past the timeout on a quiet machine was 25 ms; the margin is ten times that.
ANSWER_BOUND = (STORE_TIMEOUT_MS + 250) / 1000
PROBLEM = "/problems/store-unavailable"

# A layout's metadata says what it costs in a replica's cache (`bytes`), which depends on how the
# replica holds it: with a store, as every replica rebuilds it from the store; without one, as the
# requests that made it left it (an update shares the lines it did not reach). So answers are compared
# byte for byte between replicas of one store, and without that one member against a memory: replica.


# MARK: Inputs and answers

def description(seed: int, items: int | None = None) -> dict:
    """A registration body from a seed: vertical or horizontal, one to three sections of listed
    (varied, sometimes estimated) or counted items, headers, spacing, insets."""
    r = random.Random(seed)
    vertical = r.random() < 0.75
    across = r.choice([320, 375, 390, 414])
    layout = {"scrollDirection": "vertical" if vertical else "horizontal",
              "minimumLineSpacing": r.choice([0, 4, 8.5]), "minimumInteritemSpacing": r.choice([0, 2, 6])}
    if r.random() < 0.5:
        layout["headerReferenceSize"] = {"width": 40, "height": r.choice([24, 44])}
        layout["sectionHeadersPinToVisibleBounds"] = r.random() < 0.5
    if r.random() < 0.3:
        layout["estimatedItemSize"] = {"width": 100, "height": 80}
    if r.random() < 0.4:
        layout["sectionInset"] = {"top": 4, "left": r.choice([0, 8]), "bottom": 12, "right": r.choice([0, 8])}
    sections = []
    for index in range(r.randint(1, 3)):
        if items is None and r.random() < 0.3:
            sections.append({"itemCount": r.randint(0, 500)})
            continue
        count = items if items is not None and index == 0 else r.randint(20, 300)
        listed = []
        for _ in range(count):
            if "estimatedItemSize" in layout and r.random() < 0.2:
                listed.append({})
            else:
                listed.append({"width": r.choice([across, across / 2, across / 3, r.randint(20, 200) + 0.5]),
                               "height": r.randint(20, 300) + r.choice([0, 0.25, 0.5])})
        sections.append({"items": listed})
    viewport = {"width": across} if vertical else {"height": across}
    return {"viewport": viewport, "layout": layout, "sections": sections}


def views_request(desc: dict) -> dict:
    """A scroll of four views along the layout, at @3x, with a parallax model."""
    vertical = "width" in desc["viewport"]
    across = desc["viewport"]["width" if vertical else "height"]
    bounds = []
    for origin in (0, 700, 2500, 9000):
        bounds.append({"x": 0, "y": origin, "width": across, "height": 844} if vertical
                      else {"x": origin, "y": 0, "width": 844, "height": across})
    return {"bounds": bounds, "scale": 3, "parallax": {"model": "center", "maxOffset": 20}}


def register(url: str, desc: dict, headers=None) -> Answer:
    return call(url + "/v1/layouts", "POST", desc, headers)


def layout_id(answer: Answer) -> str:
    assert answer.status in (200, 201), answer
    return answer.json()["layoutId"]


def answers(url: str, lid: str, desc: dict) -> tuple[Answer, Answer]:
    """The metadata and a scroll of a stored layout."""
    return call(f"{url}/v1/layouts/{lid}"), call(f"{url}/v1/layouts/{lid}/attributes", "POST", views_request(desc))


def comparable_metadata(body: bytes, across_modes: bool) -> bytes:
    return re.sub(rb',"bytes":\d+', b"", body, count=1) if across_modes else body


def assert_same(actual: tuple[Answer, Answer], expected: tuple[Answer, Answer], where: str, across_modes=False):
    """The same metadata and the same scroll, byte for byte; against a memory: replica's answers
    (`across_modes`), the metadata without its `bytes`."""
    for got, want, what in zip(actual, expected, ("metadata", "scroll")):
        assert want.status == 200, f"{where}: the expected {what} is {want}"
        assert got.status == 200, f"{where}: {what} answered {got}"
        if what == "metadata":
            got_body, want_body = comparable_metadata(got.body, across_modes), comparable_metadata(want.body, across_modes)
        else:
            got_body, want_body = got.body, want.body
        assert got_body == want_body, f"{where}: {what} differs:\n{got.body[:400]!r}\nexpected\n{want.body[:400]!r}"


def assert_store_unavailable(answer: Answer, where: str):
    assert answer.status == 503, f"{where}: {answer}"
    assert answer.header("content-type") == "application/problem+json", f"{where}: {answer.headers}"
    assert answer.header("retry-after") == "1", f"{where}: {answer.headers}"
    assert answer.json()["type"] == PROBLEM, f"{where}: {answer}"
    assert answer.seconds <= ANSWER_BOUND, f"{where}: answered in {answer.seconds * 1000:.0f} ms"


def raw_log(server) -> str:
    server.log_file.seek(0)
    return server.log_file.read()


# MARK: 1. A feed through nginx

def run_feed(base_url: str) -> dict:
    script = REPOSITORY / "clients" / "js" / "test" / "feed-through-nginx.mjs"
    done = subprocess.run([NODE, str(script), base_url], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_feed_through_nginx_costs_what_it_costs_on_one_replica(layoutd, redis_servers, nginx):
    redis = redis_servers()
    replicas = [replica(layoutd, redis.url) for _ in range(3)]
    proxy = nginx(replicas)
    single = layoutd("--log-level", "error")

    through_nginx = run_feed(proxy.url)
    alone = run_feed(single.url)

    for run, name in ((through_nginx, "through nginx"), (alone, "one memory: replica")):
        assert run["errors"] == 0, f"{name}: {run['errorMessages']}"
        assert set(run["statuses"]) <= {"200", "201"}, f"{name}: {run['statuses']}"
        assert len(run["ids"]) == 21 and run["stats"]["bands"] == 40 and run["stats"]["updates"] == 20, run["stats"]
    # With the store, no replica ever lacks a layout: the client never registers again.
    assert through_nginx["stats"]["reRegistrations"] == 0
    assert through_nginx["requests"] == alone["requests"] == 61
    # The same ids and the same answers, byte for byte, request by request.
    assert through_nginx["ids"] == alone["ids"]
    assert [a["request"] for a in through_nginx["answers"]] == [a["request"] for a in alone["answers"]]
    digest = "sha256WithoutBytes"  # against a memory: replica
    mismatched = [(index, a["request"]) for index, (a, b) in enumerate(zip(through_nginx["answers"], alone["answers"]))
                  if (a["status"], a[digest]) != (b["status"], b[digest])]
    assert not mismatched, f"answers that differ from the memory: replica's: {mismatched}"
    ratio = through_nginx["bytesSent"] / alone["bytesSent"]
    assert ratio <= 1.5, f"{through_nginx['bytesSent']} bytes sent through nginx, {alone['bytesSent']} alone"
    # The layouts did move between replicas: some were fetched from the store by a replica that did
    # not store them.
    loads = sum(metric_sum(metrics(r.url), "layoutd_store_operations_total{operation=\"load\"}") for r in replicas)
    assert loads >= 5, f"only {loads} layouts fetched from the store"
    print(f"bytes sent: {through_nginx['bytesSent']} through nginx, {alone['bytesSent']} alone ({ratio:.3f}×); "
          f"{loads:.0f} fetched from the store")


# MARK: 2, 3. Any replica answers any id, also after a rolling restart

def register_through(url: str, count: int, first_seed: int = 100) -> dict[str, dict]:
    registered = {}
    for seed in range(first_seed, first_seed + count):
        desc = description(seed)
        answer = register(url, desc)
        assert answer.status == 201, answer
        registered[layout_id(answer)] = desc
    assert len(registered) == count
    return registered


def test_every_replica_answers_every_id_as_a_memory_replica_does(layoutd, redis_servers, nginx):
    redis = redis_servers()
    replicas = [replica(layoutd, redis.url) for _ in range(3)]
    proxy = nginx(replicas)
    memory = layoutd("--log-level", "error")
    registered = register_through(proxy.url, 30)
    assert len(redis.keys("layoutd:r:*")) == 30

    answered = 0
    for lid, desc in registered.items():
        assert layout_id(register(memory.url, desc)) == lid
        expected = answers(memory.url, lid, desc)
        for index, server in enumerate(replicas):
            assert_same(answers(server.url, lid, desc), expected, f"replica {index}, layout {lid}", across_modes=True)
            answered += 1
    assert answered == 90
    loads = [metric_sum(metrics(r.url), "layoutd_store_operations_total{operation=\"load\"}") for r in replicas]
    # Each layout was registered on one replica and fetched once by each of the two others.
    assert sum(loads) == 60, loads
    # DELETE removes the root from the store: a replica that never had the layout answers 404.
    lid = next(iter(registered))
    deleted = call(f"{proxy.url}/v1/layouts/{lid}", "DELETE")
    assert deleted.status in (200, 204), deleted
    assert f"layoutd:r:{lid}" not in redis.keys("layoutd:r:*") and len(redis.keys("layoutd:r:*")) == 29
    fresh = replica(layoutd, redis.url)
    gone = call(f"{fresh.url}/v1/layouts/{lid}")
    assert gone.status == 404 and gone.json()["type"] == "/problems/layout-not-found", gone
    assert sum(metrics(r.url)["layoutd_store_operations_total{operation=\"delete\"}"] for r in replicas) == 1


# MARK: 2b. Metadata

def test_metadata_is_the_same_on_every_replica(layoutd, redis_servers):
    redis = redis_servers()
    a, b = replica(layoutd, redis.url), replica(layoutd, redis.url)
    differ = []
    # Seeds whose layouts showed the difference, and a few others.
    for seed in (129, 130, 381, 100, 101, 102):
        desc = description(seed)
        lid = layout_id(register(a.url, desc))
        mine, theirs = call(f"{a.url}/v1/layouts/{lid}"), call(f"{b.url}/v1/layouts/{lid}")
        assert mine.status == theirs.status == 200 and mine.header("etag") == theirs.header("etag")
        if mine.body != theirs.body:
            differ.append((f"seed {seed}", mine.json()["bytes"], theirs.json()["bytes"]))
    # An updated layout: the replica that applied the batch, and one that fetches the result.
    desc = description(140, items=1000)
    lid = layout_id(register(a.url, desc))
    appended = {"updates": [{"op": "appendItems", "section": 0, "items": [{"width": 30, "height": 30}] * 5}]}
    updated = call(f"{a.url}/v1/layouts/{lid}/updates", "POST", appended)
    new = layout_id(updated)
    mine, theirs = call(f"{a.url}/v1/layouts/{new}"), call(f"{b.url}/v1/layouts/{new}")
    if mine.body != theirs.body:
        differ.append(("an update", mine.json()["bytes"], theirs.json()["bytes"]))
    assert not differ, f"(layout, bytes on the replica that built it, bytes on another): {differ}"


def test_a_rolling_restart_loses_nothing(layoutd, redis_servers, nginx):
    redis = redis_servers()
    replicas = [replica(layoutd, redis.url) for _ in range(3)]
    proxy = nginx(replicas)
    registered = register_through(proxy.url, 30, first_seed=200)
    before = {lid: answers(proxy.url, lid, desc) for lid, desc in registered.items()}
    for lid, (meta, scroll) in before.items():
        assert meta.status == 200 and scroll.status == 200, (lid, meta, scroll)

    for index in range(3):
        fresh = replica(layoutd, redis.url)
        old = replicas[index]
        replicas[index] = fresh
        proxy.point_at(replicas)
        assert old.stop() == 0
        for lid, desc in registered.items():
            assert_same(answers(proxy.url, lid, desc), before[lid], f"after restarting replica {index}, through nginx")
    for index, server in enumerate(replicas):
        for lid, desc in registered.items():
            assert_same(answers(server.url, lid, desc), before[lid], f"restarted replica {index}, directly")


# MARK: 4. Redis killed and started again

def test_redis_killed_and_started_again(layoutd, redis_servers):
    redis = redis_servers()
    timeout = ("--store-timeout", str(STORE_TIMEOUT_MS))
    a, b = replica(layoutd, redis.url, *timeout), replica(layoutd, redis.url, *timeout)
    memory = layoutd("--log-level", "error")

    def stored_on(server, seed):
        desc = description(seed)
        return layout_id(register(server.url, desc)), desc

    cached = dict(stored_on(a, seed) for seed in range(300, 308))          # read on A before the outage
    uncached = dict(stored_on(a, seed) for seed in range(310, 316))        # never read on B before it comes back
    before = {lid: answers(a.url, lid, desc) for lid, desc in cached.items()}

    # A writer registers new layouts all along, on A and B in turn; what was acknowledged must survive.
    acknowledged, refused, stop_writing = {}, [], threading.Event()

    def writer():
        seed = 1000
        while not stop_writing.is_set() and seed < 1150:
            desc = description(seed, items=40 + seed % 50)
            answer = register((a, b)[seed % 2].url, desc)
            if answer.status in (200, 201):
                acknowledged[answer.json()["layoutId"]] = desc
            else:
                refused.append(answer)
            seed += 1
            time.sleep(0.02)

    # A scroller on A's cached layouts all along: only 200, the bytes of before, quickly.
    scrolled, scroll_failures, stop_scrolling = [0], [], threading.Event()

    def scroller():
        while not stop_scrolling.is_set():
            for lid, desc in cached.items():
                meta, scroll = answers(a.url, lid, desc)
                for got, want in ((meta, before[lid][0]), (scroll, before[lid][1])):
                    if got.status != 200 or got.body != want.body or got.seconds > ANSWER_BOUND:
                        scroll_failures.append((lid, got))
                scrolled[0] += 1

    threads = [threading.Thread(target=writer), threading.Thread(target=scroller)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(0.5)

        # Redis killed mid-run.
        redis.kill(signal.SIGKILL)
        killed_at = time.monotonic()
        time.sleep(0.1)
        outage_registrations = {}
        for seed in range(3000, 3006):
            desc = description(seed)
            outage_registrations[layout_id(register(memory.url, desc))] = desc
            assert_store_unavailable(register((a, b)[seed % 2].url, desc), "a registration while Redis is down")
        some_cached = next(iter(cached))
        update = {"updates": [{"op": "appendItems", "section": 0, "items": [{"width": 50, "height": 50}]}]}
        assert_store_unavailable(call(f"{a.url}/v1/layouts/{some_cached}/updates", "POST", update),
                                 "an update of a cached layout while Redis is down")
        for lid, desc in uncached.items():
            meta, scroll = answers(b.url, lid, desc)
            assert_store_unavailable(meta, f"metadata of {lid}, not cached on B, while Redis is down")
            assert_store_unavailable(scroll, f"a scroll of {lid}, not cached on B, while Redis is down")
        assert_store_unavailable(call(f"{a.url}/v1/layouts/{'0' * 32}"), "an unknown id while Redis is down")
        for lid in outage_registrations:
            assert_store_unavailable(call(f"{a.url}/v1/layouts/{lid}"), "a layout refused while Redis is down")
        for server in (a, b):
            assert call(server.url + "/readyz").status == 200
            values = metrics(server.url)
            assert values['layoutd_store_up{reason="unreachable"}'] == 0, values
            assert metric_sum(values, "layoutd_store_errors_total") > 0
        while time.monotonic() - killed_at < 1.5:
            time.sleep(0.05)

        # Redis again, on the same port with the same data: everything works within 3 s.
        redis.start()
        restarted_at = time.monotonic()
        for server in (a, b):
            wait_until(lambda: register(server.url, description(4000)).status in (200, 201), 3,
                       what="a registration after Redis came back")
        assert time.monotonic() - restarted_at <= 3
    finally:
        stop_writing.set()
        stop_scrolling.set()
        for thread in threads:
            thread.join(timeout=30)
    assert not scroll_failures, scroll_failures[:5]
    assert scrolled[0] > 20
    assert refused and all(answer.status == 503 for answer in refused), refused[:3]
    assert len(acknowledged) >= 10, f"only {len(acknowledged)} registrations acknowledged"
    for server in (a, b):
        assert metrics(server.url)["layoutd_store_up"] == 1
    answer = call(f"{a.url}/v1/layouts/{some_cached}/updates", "POST", update)
    assert answer.status in (200, 201), answer
    for lid, desc in uncached.items():
        assert_same(answers(b.url, lid, desc), answers(a.url, lid, desc), f"B after Redis came back, layout {lid}")
    # Nothing refused was stored, on A or anywhere.
    for lid in outage_registrations:
        for server in (a, b):
            answer = call(f"{server.url}/v1/layouts/{lid}")
            assert answer.status == 404, f"a registration answered 503 left {lid} behind: {answer}"
    # Everything acknowledged is answered by a replica that never saw it, as a memory: replica does.
    fresh = replica(layoutd, redis.url)
    for lid, desc in {**cached, **uncached, **acknowledged}.items():
        assert layout_id(register(memory.url, desc)) == lid
        assert_same(answers(fresh.url, lid, desc), answers(memory.url, lid, desc), f"fresh replica, layout {lid}", across_modes=True)
    print(f"{len(acknowledged)} acknowledged and {len(refused)} refused by the writer, {scrolled[0]} scrolls")


# MARK: 4b. A hung Redis

def hung_store_setup(layoutd, redis_servers, *arguments, timeout_ms=STORE_TIMEOUT_MS):
    redis = redis_servers()
    a = replica(layoutd, redis.url, "--store-timeout", str(timeout_ms), *arguments)
    b = replica(layoutd, redis.url, "--store-timeout", str(timeout_ms), *arguments)
    layouts = {}
    for seed in range(500, 506):
        desc = description(seed)
        layouts[layout_id(register(a.url, desc))] = desc
    expected = {lid: answers(a.url, lid, desc) for lid, desc in layouts.items()}
    return redis, a, b, layouts, expected


def test_a_hung_redis_costs_each_request_at_most_the_store_timeout(layoutd, redis_servers):
    redis, a, b, layouts, expected = hung_store_setup(layoutd, redis_servers)
    redis.process.send_signal(signal.SIGSTOP)
    try:
        time.sleep(0.1)
        for seed in range(2000, 2004):
            assert_store_unavailable(register(a.url, description(seed)), "a registration while Redis hangs")
            for lid, desc in layouts.items():
                meta, scroll = answers(a.url, lid, desc)
                assert_same((meta, scroll), expected[lid], "a cached layout while Redis hangs")
                # 55 times the slowest on a quiet machine (1.8 ms).
                assert meta.seconds < 0.1 and scroll.seconds < 0.1, (meta, scroll)
        lid = next(iter(layouts))
        assert_store_unavailable(call(f"{b.url}/v1/layouts/{lid}"), "an id B has not cached while Redis hangs")
        assert call(b.url + "/readyz").status == 200
    finally:
        redis.process.send_signal(signal.SIGCONT)
    # Redis answers the commands that timed out now: those late replies are never taken for the
    # answers to later commands.
    for lid, desc in layouts.items():
        got = wait_until(lambda: (lambda x: x if x[0].status == 200 else None)(answers(b.url, lid, desc)), 3,
                         what="B answering after Redis woke")
        assert_same(got, expected[lid], f"B after Redis woke, layout {lid}")
    assert register(a.url, description(2100)).status == 201


def test_a_hung_redis_holds_up_only_the_requests_that_need_it(layoutd, redis_servers):
    # One HTTP worker: every connection shares it with the registrations and the fetches of ids it
    # has not cached, which wait for the store on a compute thread instead. A store timeout of 1 s
    # (retried every 0.5 s): on the worker, they would hold it two thirds of the time.
    timeout = 1.0
    redis, a, _, layouts, expected = hung_store_setup(layoutd, redis_servers, "--threads", "1", timeout_ms=int(timeout * 1000))
    stop, slow = threading.Event(), []

    def writer(first_seed):
        seed = first_seed
        while not stop.is_set():
            for answer in (register(a.url, description(seed, items=20)), call(f"{a.url}/v1/layouts/{seed:032x}")):
                # The most a quiet machine took past the timeout was 45 ms, queued for the compute thread.
                if answer.status != 503 or answer.seconds > timeout + 0.5:
                    slow.append(answer)
            seed += 1

    def cached_for(seconds: float) -> list[float]:
        times, deadline = [], time.monotonic() + seconds
        while time.monotonic() < deadline:
            lid = random.choice(list(layouts))
            meta, scroll = answers(a.url, lid, layouts[lid])
            assert_same((meta, scroll), expected[lid], "a cached layout")
            times += [meta.seconds, scroll.seconds]
        return sorted(times)

    before = cached_for(1)
    redis.process.send_signal(signal.SIGSTOP)
    writers = [threading.Thread(target=writer, args=(3000 + 100 * index,)) for index in range(6)]
    try:
        time.sleep(0.1)
        for thread in writers:
            thread.start()
        during = cached_for(3)
    finally:
        stop.set()
        for thread in writers:
            thread.join(timeout=30)
        redis.process.send_signal(signal.SIGCONT)
    # Compared with the same scrolls before the pause, and with the store's timeout, which each would
    # wait for in turn on a worker that waited for the store.
    print(f"cached answers before: median {before[len(before) // 2] * 1000:.1f} ms, slowest {before[-1] * 1000:.1f} ms; "
          f"while the store hung: median {during[len(during) // 2] * 1000:.1f} ms, slowest {during[-1] * 1000:.1f} ms")
    assert during[len(during) // 2] < 10 * before[len(before) // 2] + 0.005
    assert during[-1] < timeout / 2, f"a cached answer took {during[-1] * 1000:.0f} ms while the store hung"
    assert not slow, f"{len(slow)} store requests slower than {timeout + 0.5:.2f} s or not 503, e.g. {slow[:3]}"


def test_store_requests_take_the_compute_pools_places(layoutd, redis_servers):
    redis, a, _, _, _ = hung_store_setup(layoutd, redis_servers, "--threads", "1", "--compute-threads", "1",
                                         "--compute-queue", "1")
    redis.process.send_signal(signal.SIGSTOP)
    answered = []
    try:
        threads = [threading.Thread(target=lambda seed=seed: answered.append(register(a.url, description(seed))))
                   for seed in range(4000, 4008)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
    finally:
        redis.process.send_signal(signal.SIGCONT)
    # One waits for the store, one waits for the compute thread, the others find no place.
    kinds = sorted(answer.json()["type"] for answer in answered)
    assert len(answered) == 8 and all(answer.status == 503 for answer in answered), answered
    assert "/problems/server-busy" in kinds and PROBLEM in kinds, kinds


# MARK: 5. A corrupted node

@pytest.mark.parametrize("which", [
    "top",
    "leaf",
])
def test_a_corrupted_node_is_found_counted_logged_and_healed(layoutd, redis_servers, which):
    redis = redis_servers()
    a = replica(layoutd, redis.url)
    rng = random.Random(5)
    desc = {"viewport": {"width": 390},
            "items": [{"width": rng.choice([390, 195]), "height": rng.randint(40, 300)} for _ in range(3000)]}
    lid = layout_id(register(a.url, desc))
    original = answers(a.url, lid, desc)
    # Nodes start with their height: 0 for a leaf, more for an interior node naming others.
    heights = {key: redis.command("GET", key)[0] for key in redis.keys("layoutd:n:*")}
    leaves = sorted(key for key, height in heights.items() if height == 0)
    interior = sorted(key for key, height in heights.items() if height > 0)
    assert leaves and interior, heights
    key = interior[-1] if which == "top" else leaves[len(leaves) // 2]
    value = redis.command("GET", key)
    middle = len(value) // 2
    redis.command("SETRANGE", key, middle, bytes([value[middle] ^ 0x01]))

    b = replica(layoutd, redis.url, "--log-level", "info")
    meta, scroll = answers(b.url, lid, desc)
    for answer in (meta, scroll):
        assert answer.status == 404 and answer.json()["type"] == "/problems/layout-not-found", answer
    assert metrics(b.url)["layoutd_store_corrupt_values_total"] == 1
    record = wait_until(lambda: [r for r in b.logs() if "corrupt" in json.dumps(r).lower()], 5,
                        what="a log record about the corrupt value")
    assert key in json.dumps(record), record
    assert redis.command("EXISTS", key) == 0, "the corrupt value was not deleted"
    # The replica that has it cached still answers it.
    assert_same(answers(a.url, lid, desc), original, "the registering replica")

    again = register(b.url, desc)
    assert again.status in (200, 201) and layout_id(again) == lid, again
    assert_same(answers(b.url, lid, desc), original, "the replica that registered it again")
    fresh = replica(layoutd, redis.url)
    assert_same(answers(fresh.url, lid, desc), original, "a fresh replica after the layout was registered again")
    assert metrics(fresh.url)["layoutd_store_corrupt_values_total"] == 0


# MARK: 6. Expiry

def lifetimes(redis) -> tuple[int, dict[str, int]]:
    """The root's PTTL and every node's, read in one MULTI so they are of one instant."""
    with redis.connect() as connection:
        roots = connection.keys("layoutd:r:*")
        nodes = connection.keys("layoutd:n:*")
        assert len(roots) == 1, roots
        connection.command("MULTI")
        for key in roots + nodes:
            connection.command("PTTL", key)
        replies = connection.command("EXEC")
    return replies[0], dict(zip(nodes, replies[1:]))


def test_roots_expire_without_use_and_nodes_outlive_them(layoutd, redis_servers):
    # Each replica refreshes in the store, every ttl/8, the layouts it used from its cache: so the
    # store's replicas here are asked once each (a fetch is not a use of the cache), and the expected
    # answers come from a memory: replica.
    redis = redis_servers()
    ttl = ("--store-ttl", "2")
    memory = layoutd("--log-level", "error")
    a = replica(layoutd, redis.url, *ttl)
    desc = description(600, items=2500)
    request = views_request(desc)
    lid = layout_id(register(a.url, desc))
    registered_at = time.monotonic()
    assert layout_id(register(memory.url, desc)) == lid
    expected = call(f"{memory.url}/v1/layouts/{lid}/attributes", "POST", request)
    root, nodes = lifetimes(redis)
    assert 0 < root <= 2000 and len(nodes) >= 2, (root, nodes)
    assert all(left >= root for left in nodes.values()), (root, nodes)

    time.sleep(max(0.0, registered_at + 1 - time.monotonic()))
    b = replica(layoutd, redis.url, *ttl)
    scroll = call(f"{b.url}/v1/layouts/{lid}/attributes", "POST", request)
    read_at = time.monotonic()
    assert scroll.status == 200 and scroll.body == expected.body, scroll
    root, nodes = lifetimes(redis)
    # The read gave the root another 2 s (without it, about 1 s would be left).
    assert root > 1600, root
    assert all(left >= root for left in nodes.values()), (root, nodes)

    time.sleep(max(0.0, read_at + 2.5 - time.monotonic()))
    c = replica(layoutd, redis.url, *ttl)
    meta, scroll = answers(c.url, lid, desc)
    assert meta.status == 404 and meta.json()["type"] == "/problems/layout-not-found", meta
    assert scroll.status == 404, scroll
    wait_until(lambda: redis.command("DBSIZE") == 0, 5, interval=0.1, what="the nodes to expire too")

# MARK: 7. Concurrent registrations and updates through different replicas

ESTIMATE = {"width": 100, "height": 40}
COUNTED = 40


def model_registration(sections: list[list[dict]]) -> dict:
    return {"viewport": {"width": 375, "height": 800},
            "layout": {"estimatedItemSize": ESTIMATE, "minimumLineSpacing": 4, "headerReferenceSize": {"height": 20}},
            "sections": [{"items": items} for items in sections]}


def batch(seed: int, round_: int, sections: list[list[dict]]) -> list[dict]:
    """A batch of updates (append, resize, delete, move) from a seed, applied to the model too."""
    page = [{"width": 100 + seed * 10, "height": 20 + round_}, {}, {"width": 375, "height": 15 + seed}]
    at = (seed * 7 + round_ * 3) % (COUNTED - 2)
    sizes = [{"width": 100, "height": 44 + seed}, {"width": 100, "height": 21 + round_}]
    gone = (seed + round_) % len(sections[0])
    updates = [{"op": "appendItems", "section": 0, "items": page},
               {"op": "resizeItems", "section": 1, "at": at, "sizes": sizes},
               {"op": "deleteItems", "section": 0, "at": gone, "count": 1}]
    sections[0] += page
    sections[1][at:at + 2] = sizes
    del sections[0][gone]
    source, target = (seed * 3 + round_) % len(sections[0]), (seed + 2 * round_) % len(sections[0])
    updates.append({"op": "moveItem", "from": [0, source], "to": [0, target]})
    sections[0].insert(target, sections[0].pop(source))
    return updates


def test_concurrent_registrations_and_updates_through_different_replicas(layoutd, redis_servers):
    redis = redis_servers()
    replicas = [replica(layoutd, redis.url) for _ in range(3)]
    memory = layoutd("--log-level", "error")
    feed = [{"width": 375, "height": 30 + index % 7 * 11} for index in range(30)]
    base_body = {**model_registration([feed]), "sections": [{"items": feed}, {"itemCount": COUNTED}]}
    base_sections = [feed, [{}] * COUNTED]
    base_id = layout_id(register(memory.url, model_registration(base_sections)))

    threads_count, rounds = 8, 4
    start = threading.Barrier(threads_count)
    failures, statuses, acknowledged = [], [], {}
    lock = threading.Lock()

    def client(thread):
        # Threads t and t + 4 send the same batches, through different replicas.
        seed = thread % 4
        sections = [list(section) for section in base_sections]
        try:
            start.wait()
            answer = register(replicas[thread % 3].url, base_body)
            with lock:
                statuses.append(answer.status)
            current = layout_id(answer)
            assert current == base_id, f"registered as {current}, not {base_id}"
            for round_ in range(rounds):
                updates = batch(seed, round_, sections)
                answer = call(f"{replicas[(thread + round_ + 1) % 3].url}/v1/layouts/{current}/updates", "POST",
                              {"updates": updates})
                with lock:
                    statuses.append(answer.status)
                assert answer.status in (200, 201), answer
                assert answer.json()["previousLayoutId"] == current
                current = answer.json()["layoutId"]
                with lock:
                    acknowledged.setdefault(current, [list(section) for section in sections])
        except Exception as error:  # noqa: BLE001 - reported below
            failures.append((thread, repr(error)))

    threads = [threading.Thread(target=client, args=(index,)) for index in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures
    assert len(statuses) == threads_count * (rounds + 1) and set(statuses) <= {200, 201}, statuses
    assert len(acknowledged) == 4 * rounds, "threads with the same batches must reach the same ids"

    acknowledged[base_id] = base_sections
    for lid, sections in acknowledged.items():
        desc = model_registration(sections)
        assert layout_id(register(memory.url, desc)) == lid, "the id is not the one of the same inputs from scratch"
        expected = answers(memory.url, lid, desc)
        for index, server in enumerate(replicas):
            assert_same(answers(server.url, lid, desc), expected, f"replica {index}, layout {lid}", across_modes=True)
    fresh = replica(layoutd, redis.url)
    for lid, sections in acknowledged.items():
        desc = model_registration(sections)
        assert_same(answers(fresh.url, lid, desc), answers(memory.url, lid, desc), f"fresh replica, layout {lid}", across_modes=True)


# MARK: 8. Two shards behind twemproxy

def test_two_shards_behind_twemproxy(layoutd, redis_servers, nutcracker):
    shards = [redis_servers("shard1"), redis_servers("shard2")]
    proxy = nutcracker(shards)
    timeout = ("--store-timeout", str(STORE_TIMEOUT_MS))
    a, b, c = (replica(layoutd, proxy.url, *timeout) for _ in range(3))

    large = description(700, items=20000)
    first = {layout_id(register(a.url, large)): large}
    for seed in range(701, 705):
        desc = description(seed)
        first[layout_id(register(a.url, desc))] = desc
    later = {}
    for seed in range(710, 716):
        desc = description(seed, items=400)
        later[layout_id(register(a.url, desc))] = desc
    expected = {lid: answers(a.url, lid, desc) for lid, desc in {**first, **later}.items()}

    held = [shard.keys() for shard in shards]
    for index, keys in enumerate(held):
        assert keys and all(key.startswith("layoutd:") for key in keys), f"shard {index + 1}: {keys[:5]}"
        assert shards[index].command("DBSIZE") == len(keys)
    print(f"keys per shard: {[len(keys) for keys in held]}")
    for server, name in ((b, "B"), (c, "C")):
        for lid, desc in first.items():
            assert_same(answers(server.url, lid, desc), expected[lid], f"replica {name}, layout {lid}")

    # Shard 2 dies: cached layouts keep answering; others answer 503, or (when every key they need is
    # on shard 1) the right bytes; never 404 and never other bytes.
    shards[1].kill(signal.SIGKILL)
    for server, name in ((a, "A"), (b, "B"), (c, "C")):
        for lid, desc in first.items():
            assert_same(answers(server.url, lid, desc), expected[lid], f"replica {name} with a shard down, {lid}")
    unavailable = 0
    for lid, desc in later.items():
        for answer, want in zip(answers(b.url, lid, desc), expected[lid]):
            if answer.status == 503:
                assert_store_unavailable(answer, f"{lid} on B with a shard down")
                unavailable += 1
            else:
                assert answer.status == 200 and answer.body == want.body, f"{lid} on B with a shard down: {answer}"
            if f"layoutd:r:{lid}" in held[1]:
                assert answer.status == 503, f"{lid}'s root is on the dead shard, yet {answer}"
    assert unavailable > 0
    during = {}
    for seed in range(720, 724):
        desc = description(seed)
        answer = register(c.url, desc)
        if answer.status == 503:
            assert_store_unavailable(answer, "a registration with a shard down")
        else:
            during[layout_id(answer)] = desc

    # Shard 2 again, same port, same data.
    shards[1].start()
    for lid, desc in later.items():
        wait_until(lambda: answers(b.url, lid, desc)[0].status == 200, 5, what=f"{lid} on B after the shard came back")
        assert_same(answers(b.url, lid, desc), expected[lid], f"B after the shard came back, {lid}")
    fresh = replica(layoutd, proxy.url)
    for lid, desc in {**first, **later}.items():
        assert_same(answers(fresh.url, lid, desc), expected[lid], f"a fresh replica, {lid}")
    for lid, desc in during.items():
        assert_same(answers(fresh.url, lid, desc), answers(c.url, lid, desc), f"a fresh replica, {lid} (stored during)")


def test_a_lost_shard_answers_503_never_404(layoutd, redis_servers, nutcracker):
    shards = [redis_servers("shard1"), redis_servers("shard2")]
    proxy = nutcracker(shards)
    a, b = replica(layoutd, proxy.url), replica(layoutd, proxy.url)
    layouts = {}
    for seed in range(730, 738):
        desc = description(seed, items=1500)
        layouts[layout_id(register(a.url, desc))] = desc
    shards[1].kill(signal.SIGKILL)
    statuses = {}
    for lid, desc in layouts.items():
        meta, scroll = answers(b.url, lid, desc)
        statuses[lid] = (meta.status, scroll.status)
    assert all(404 not in pair for pair in statuses.values()), statuses


# MARK: 9. A password

def test_the_password_works_and_is_never_shown(layoutd, redis_servers, tmp_path):
    password, wrong = "s3cret", "n0tit"
    redis = redis_servers(password=password)
    right_file, wrong_file = tmp_path / "password", tmp_path / "wrong-password"
    right_file.write_text(password)
    wrong_file.write_text(wrong)
    plain = f"redis://127.0.0.1:{redis.port}"
    debug = ("--log-level", "debug")
    by_file = replica(layoutd, plain, "--store-password-file", str(right_file), *debug)
    in_url = replica(layoutd, f"redis://:{password}@127.0.0.1:{redis.port}", *debug)
    file_wins = replica(layoutd, f"redis://:{wrong}@127.0.0.1:{redis.port}", "--store-password-file", str(right_file), *debug)
    wrong_password = replica(layoutd, plain, "--store-password-file", str(wrong_file), *debug)
    servers = (by_file, in_url, file_wins, wrong_password)

    desc = description(800)
    stored = register(by_file.url, desc)
    assert stored.status == 201, stored
    lid = layout_id(stored)
    expected = answers(by_file.url, lid, desc)
    assert_same(answers(in_url.url, lid, desc), expected, "a replica with the password in its URL")
    assert_same(answers(file_wins.url, lid, desc), expected, "a replica whose file's password wins over its URL's")
    assert f"layoutd:r:{layout_id(register(file_wins.url, description(801)))}" in redis.keys("layoutd:r:*")

    bodies = [stored.body, *(answer.body for answer in expected)]
    refused = register(wrong_password.url, description(802))
    assert_store_unavailable(refused, "a registration with the wrong password")
    unknown = call(f"{wrong_password.url}/v1/layouts/{lid}")
    assert_store_unavailable(unknown, "a layout not cached, with the wrong password")
    bodies += [refused.body, unknown.body, call(f"{wrong_password.url}/v1/layouts/{'0' * 32}").body]
    for server in servers:
        bodies.append(call(server.url + "/metrics").body)
    assert metrics(wrong_password.url)['layoutd_store_up{reason="wrongpass"}'] == 0
    for body in bodies:
        for secret in (password, wrong):
            assert secret.encode() not in body, body[:300]
    # Logs are written asynchronously: wait for the last records, then look at every byte.
    wait_until(lambda: "store unavailable" in raw_log(wrong_password), 5, what="the wrong password to be logged")
    for server in servers:
        wait_until(lambda: "listening" in raw_log(server), 5, what="the listening record")
        log = raw_log(server)
        for secret in (password, wrong):
            assert secret not in log, f"the password is in the log: {log[log.find(secret) - 200:][:400]}"
    listening = [r for r in in_url.logs() if r.get("message") == "listening"][0]
    assert str(redis.port) in listening["store"], listening
