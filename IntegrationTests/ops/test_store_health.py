"""The store's state is true: `layoutd_store_up` is 0, with the reason as a label, whenever Redis
refuses the service's commands; the probes' bodies say it (readiness stays up); one log line per
change; and a `maxmemory-policy` that may evict layouts is refused at start (exit 64) and, found on a
reconnect, refuses writes, unless `--store-eviction allow`."""
import json
import os
import subprocess

import pytest

from store_support import call, metrics, redis_servers, replica, wait_until  # noqa: F401
from test_store import assert_store_unavailable, description, layout_id, register

BINARY = os.environ.get("LAYOUTD_BIN", ".build/debug/layoutd")


def probes(server) -> tuple[dict, dict]:
    ready, health = call(server.url + "/readyz"), call(server.url + "/healthz")
    assert ready.status == 200 and health.status == 200, (ready, health)
    return ready.json(), health.json()


def changes(server) -> list[dict]:
    return [record for record in server.logs() if record.get("message") in ("store up", "store down")]


def assert_down(server, reason: str, seed: int):
    for offset in range(3):  # several refusals, one line
        assert_store_unavailable(register(server.url, description(seed + offset)), f"a registration refused {reason}")
    assert metrics(server.url)[f'layoutd_store_up{{reason="{reason}"}}'] == 0
    assert probes(server) == ({"status": "ready", "store": "down", "storeReason": reason},
                              {"status": "ok", "store": "down", "storeReason": reason})
    wait_until(lambda: changes(server), 5, what="the log line")
    assert [(r["message"], r.get("reason")) for r in changes(server)] == [("store down", reason)], changes(server)


def assert_up_again(server, seed: int):
    assert register(server.url, description(seed)).status == 201
    assert metrics(server.url)["layoutd_store_up"] == 1
    assert probes(server) == ({"status": "ready", "store": "up"}, {"status": "ok", "store": "up"})
    wait_until(lambda: len(changes(server)) == 2, 5, what="the second log line")
    assert changes(server)[-1]["message"] == "store up"


def test_the_probes_say_memory_without_a_store(layoutd):
    assert probes(layoutd()) == ({"status": "ready", "store": "memory"}, {"status": "ok", "store": "memory"})


def test_noauth_is_down(layoutd, redis_servers):
    redis = redis_servers(password="sesame")
    server = replica(layoutd, redis.url, "--log-level", "info")  # no password
    assert probes(server)[0] == {"status": "ready", "store": "up"}, "nothing asked yet"
    assert_down(server, "noauth", 100)
    redis.command("CONFIG", "SET", "requirepass", "")
    assert_up_again(server, 110)


def test_a_read_only_replica_and_out_of_memory_are_down(layoutd, redis_servers):
    redis, primary = redis_servers("replica"), redis_servers("primary")
    server = replica(layoutd, redis.url, "--log-level", "info")
    lid = layout_id(register(server.url, description(200)))
    redis.command("REPLICAOF", "127.0.0.1", str(primary.port))
    wait_until(lambda: b"master_link_status:up" in redis.command("INFO", "replication"), 10, what="replication")
    assert call(f"{replica(layoutd, redis.url).url}/v1/layouts/{lid}").status in (200, 404)  # reads go on
    assert_down(server, "readonly", 210)
    redis.command("REPLICAOF", "NO", "ONE")
    assert_up_again(server, 220)

    oom = replica(layoutd, redis.url, "--log-level", "info")
    redis.command("CONFIG", "SET", "maxmemory", "1")
    assert_down(oom, "oom", 230)
    redis.command("CONFIG", "SET", "maxmemory", "0")
    assert_up_again(oom, 240)


def start(redis_url: str, *arguments: str) -> subprocess.Popen:
    return subprocess.Popen([BINARY, "--host", "127.0.0.1", "--port", "0", "--store", redis_url, *arguments],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("policy", ["allkeys-lru", "volatile-ttl"])
def test_a_policy_that_may_evict_layouts_is_refused_at_start(redis_servers, policy):
    redis = redis_servers()
    redis.command("CONFIG", "SET", "maxmemory-policy", policy)
    process = start(redis.url)
    _, errors = process.communicate(timeout=30)
    assert process.returncode == 64, errors
    record = [json.loads(line) for line in errors.splitlines() if "maxmemory_policy" in line][0]
    assert record["level"] == "critical" and record["maxmemory_policy"] == policy, record
    assert "--store-eviction allow" in record["remedy"], record

    allowed = start(redis.url, "--store-eviction", "allow")
    try:
        assert json.loads(allowed.stdout.readline())["message"] == "listening"
    finally:
        allowed.kill()
        allowed.wait()


def test_a_policy_found_on_a_reconnect_refuses_writes(layoutd, redis_servers):
    redis = redis_servers()
    server = replica(layoutd, redis.url, "--log-level", "info")
    assert register(server.url, description(300)).status == 201
    redis.command("CONFIG", "SET", "maxmemory-policy", "allkeys-lfu")
    redis.command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
    assert_down(server, "maxmemory-policy", 310)
    redis.command("CONFIG", "SET", "maxmemory-policy", "noeviction")
    redis.command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
    assert_up_again(server, 320)
