"""Updates and scrolls of one stored layout from many connections at once, over a real socket: every
answer is 200 or 201, each thread's chain of updates ends on the id a fresh registration of the same
inputs gives (on another server), and that layout answers scrolls byte for byte as the fresh one."""
import http.client
import json
import threading

THREADS = 16
ROUNDS = 20
ESTIMATE = {"width": 100, "height": 40}
COUNTED = 60


def item(width, height):
    return {"width": width, "height": height}


def registration(sections):
    """The body that registers these sections (lists of items, `{}` for an estimate) from scratch."""
    return {"viewport": {"width": 375, "height": 800},
            "layout": {"estimatedItemSize": ESTIMATE, "minimumLineSpacing": 4, "headerReferenceSize": {"height": 20}},
            "sections": [{"items": items} for items in sections]}


def post(connection, path, body):
    connection.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
    answer = connection.getresponse()
    return answer.status, answer.read()


def views(connection, layout_id):
    """Scroll answers over the top of the layout, in four windows, at @3x with parallax."""
    bounds = [{"x": 0, "y": y, "width": 375, "height": 300} for y in (0, 250, 700, 1500)]
    status, body = post(connection, f"/v1/layouts/{layout_id}/attributes",
                        {"bounds": bounds, "scale": 3, "parallax": {"model": "center", "maxOffset": 20}})
    assert status == 200, body
    return body


def test_concurrent_updates_and_scrolls_of_one_layout(layoutd):
    server = layoutd("--log-level", "error")
    fresh = layoutd("--log-level", "error")
    feed = [item(375, 30 + index % 7 * 11) for index in range(40)]
    # The model of the inputs: the counted section is COUNTED estimates, `{}` each when listed.
    base = [feed, [{}] * COUNTED]
    first = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    status, body = post(first, "/v1/layouts", {**registration([feed]), "sections": [{"items": feed}, {"itemCount": COUNTED}]})
    assert status == 201, body
    base_id = json.loads(body)["layoutId"]
    base_views = views(first, base_id)

    statuses = []
    failures = []
    results = {}
    start = threading.Barrier(THREADS)

    def client(thread):
        # Threads t and t + 8 send the same updates: the second to store a result answers 200.
        seed = thread % 8
        sections = [list(section) for section in base]
        current = base_id
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            start.wait()
            for round in range(ROUNDS):
                page = [item(100 + seed * 10, 20 + round), {}, item(375, 15 + seed)]
                at = (seed * 7 + round * 3) % (COUNTED - 1)
                measured = [item(100, 44 + seed), item(100, 21 + round)]
                updates = [{"op": "appendItems", "section": 0, "items": page},
                           {"op": "resizeItems", "section": 1, "at": at, "sizes": measured}]
                status, body = post(connection, f"/v1/layouts/{current}/updates",
                                    {"updates": updates, "anchor": {"bounds": {"x": 0, "y": 200, "width": 375, "height": 400}}})
                statuses.append(status)
                assert status in (200, 201), body
                answer = json.loads(body)
                assert answer["previousLayoutId"] == current
                assert "contentOffsetAdjustment" in answer
                sections[0] += page
                sections[1][at:at + 2] = measured
                current = answer["layoutId"]
                # The layout every thread started from answers as it did, while the others update it.
                assert views(connection, base_id) == base_views
                views(connection, current)
            results[thread] = (current, sections, views(connection, current))
        except Exception as error:  # noqa: BLE001 — reported by the main thread
            failures.append((thread, repr(error)))
        finally:
            connection.close()

    threads = [threading.Thread(target=client, args=(index,)) for index in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    assert len(statuses) == THREADS * ROUNDS
    assert set(statuses) <= {200, 201}

    checker = http.client.HTTPConnection("127.0.0.1", fresh.port, timeout=30)
    for thread, (final_id, sections, final_views) in sorted(results.items()):
        status, body = post(checker, "/v1/layouts", registration(sections))
        assert status in (200, 201), body
        assert json.loads(body)["layoutId"] == final_id, f"thread {thread}"
        assert views(checker, final_id) == final_views, f"thread {thread}"
    # Threads with the same updates end on the same layout.
    assert all(results[thread][0] == results[thread + 8][0] for thread in range(8))
    assert len({results[thread][0] for thread in range(8)}) == 8
