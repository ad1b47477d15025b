"""A 200 or 201 means the store holds the whole layout: whichever key of it was lost (a root, a top
node, an inner node, a leaf) or holds another type, registering it again through one replica writes
it back, and a fresh replica answers it; through the sharding proxy too, a shard restarted empty."""
import shutil
import signal

from store_support import nutcracker, redis_servers, replica, wait_until  # noqa: F401
from test_store import answers, assert_same, layout_id, register

# 30,000 items whose heights change at every item: runs of one, three levels of nodes under the root.
DESC = {"viewport": {"width": 390},
        "items": [{"width": 390, "height": 20 + index % 89 + index % 7} for index in range(30_000)]}


def victims(redis, lid: str) -> dict[str, str]:
    """The root, the top, an inner node and a leaf, by key. A node's first byte is its height."""
    heights = {key: redis.command("GET", key)[0] for key in redis.keys("layoutd:n:*")}
    top = max(heights, key=heights.get)
    assert heights[top] >= 2, heights[top]
    return {"root": f"layoutd:r:{lid}", "top": top,
            "inner node": min(key for key, height in heights.items() if height == 1),
            "leaf": min(key for key, height in heights.items() if height == 0)}


def test_registering_again_writes_back_any_lost_or_foreign_key(layoutd, redis_servers):
    redis = redis_servers()
    a = replica(layoutd, redis.url)
    lid = layout_id(register(a.url, DESC))
    expected = answers(a.url, lid, DESC)
    for damage in ("DEL", "RPUSH"):
        for name, key in victims(redis, lid).items():
            redis.command("DEL", key)
            if damage == "RPUSH":
                redis.command("RPUSH", key, "x")
                # Another type is corrupt, not an unavailable store: 404 until registered again.
                meta, _ = answers(replica(layoutd, redis.url).url, lid, DESC)
                assert meta.status == 404 and meta.json()["type"] == "/problems/layout-not-found", (name, meta)
            again = register(a.url, DESC)
            assert again.status in (200, 201) and layout_id(again) == lid, (damage, name, again)
            assert redis.command("TYPE", key) == b"string", (damage, name)
            assert_same(answers(replica(layoutd, redis.url).url, lid, DESC), expected,
                        f"a fresh replica after {damage} of the {name} and a registration")


def test_a_shard_restarted_empty_is_filled_again_by_registering(layoutd, redis_servers, nutcracker):
    shards = [redis_servers("shard1"), redis_servers("shard2")]
    proxy = nutcracker(shards)
    a = replica(layoutd, proxy.url)
    lid = layout_id(register(a.url, DESC))
    expected = answers(a.url, lid, DESC)
    assert shards[1].keys("layoutd:*"), "shard 2 holds part of the layout"
    shards[1].kill(signal.SIGKILL)
    for data in shards[1].directory.glob("appendonly*"):
        shutil.rmtree(data) if data.is_dir() else data.unlink()
    shards[1].start()
    assert shards[1].command("DBSIZE") == 0
    # The proxy may refuse a command or two while it connects to the shard again.
    again = wait_until(lambda: (lambda answer: answer if answer.status != 503 else None)(register(a.url, DESC)), 5,
                       what="a registration through the proxy")
    assert again.status == (201 if f"layoutd:r:{lid}" not in shards[0].keys("layoutd:r:*") else 200), again
    assert_same(answers(replica(layoutd, proxy.url).url, lid, DESC), expected, "a fresh replica after the shard came back empty")
