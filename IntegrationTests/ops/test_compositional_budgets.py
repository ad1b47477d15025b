"""The compositional requests that cost most (docs/flow-layout.md §23.13), four of each at once: peak
memory stays within the README's bound and the server's CPU within a generous bound."""
from test_memory_budgets import MIB, cpu_seconds, documented_bound, peak_rss_bytes, register_at_once

# A group of 256 slots of one-point items: as many cells as a group may take (§23.13).
TINY = {"direction": "horizontal", "width": {"fractionalWidth": 1}, "height": {"absolute": 1}, "count": 256,
        "subitems": [{"width": {"absolute": 1}, "height": {"absolute": 1}}]}
ESTIMATED = {"direction": "vertical", "width": {"fractionalWidth": 1}, "height": {"estimated": 1},
             "subitems": [{"width": {"fractionalWidth": 1}, "height": {"estimated": 1}}]}


def costliest():
    """Each the worst of its kind: a million counted cells; a thousand sections of a thousand cells,
    each keeping two groups' frames; 200,000 measured cells, each a group of its own (not periodic)."""
    viewport = {"width": 1024, "height": 1024}
    return [
        {"viewport": viewport, "layout": {"compositional": {"group": TINY}}, "itemCount": 1_000_000},
        {"viewport": viewport, "layout": {"compositional": {"group": TINY}},
         "sections": [{"itemCount": 999}] * 1000},
        {"viewport": viewport, "layout": {"compositional": {"group": ESTIMATED}},
         "items": [{"width": 1, "height": 1}] * 200_000},
    ]


def test_the_costliest_compositional_layouts_stay_within_the_memory_bound(layoutd):
    settings = dict(cache=256 * MIB, bodies=128 * MIB, answers=128 * MIB, max_body=8 * MIB, attributes=100_000,
                    connection_memory=16 * 1024)
    server = layoutd("--threads", "2", "--compute-threads", "1", "--log-level", "error")
    before = cpu_seconds(server.process.pid)
    bodies = costliest() * 4
    outcomes = register_at_once(server.port, bodies)
    cpu = cpu_seconds(server.process.pid) - before
    assert all(status in (200, 201) for status, _ in outcomes), [(s, a.get("detail")) for s, a in outcomes]
    assert {answer["itemCount"] for _, answer in outcomes} == {1_000_000, 999_000, 200_000}
    # What each keeps: a periodic section two groups' frames, a non-periodic one 55 to 80 bytes a cell (§23.13).
    stored = {answer["itemCount"]: answer["bytes"] for _, answer in outcomes}
    assert stored[1_000_000] < 64 * 1024, stored
    assert stored[999_000] < 1000 * 32 * 1024, stored
    assert stored[200_000] < 200_000 * 120, stored
    peak = peak_rss_bytes(server.process.pid)
    bound = documented_bound(threads=3, connections=len(bodies) + 1, **settings)
    assert peak <= bound, f"peak RSS {peak / MIB:.0f} MiB, above the documented {bound / MIB:.0f} MiB"
    # Ten times what a quiet machine measures for these twelve in a debug build.
    assert cpu < 4 * len(bodies), f"{cpu:.1f} s of CPU for {len(bodies)} compositional registrations"
    print(f"peak RSS {peak / MIB:.0f} MiB of a documented {bound / MIB:.0f} MiB; {cpu:.2f} s of CPU; bytes {stored}")
