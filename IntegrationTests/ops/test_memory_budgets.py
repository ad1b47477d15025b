"""Memory that follows what clients send, bounded: a declared length sizes the first body buffer only
up to a small bound, bodies in flight share a process-wide budget (503 past it), the memory comes back
when connections go, and answers have a size limit checked before they are built."""
import json
import socket
import time

MIB = 1024 * 1024
HEAD = "POST /v1/layout HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n"


def rss_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        line = next(l for l in status if l.startswith("VmRSS:"))
    return int(line.split()[1]) * 1024


def half_sent_body(port: int, declared: int, sent: bytes = b'{"bounds":') -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(HEAD.format(declared).encode() + sent)
    return sock


def read_answer(sock: socket.socket) -> bytes:
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except socket.timeout:
        pass
    return data


def test_declared_lengths_do_not_reserve_memory(layoutd):
    server = layoutd("--max-inflight-body-bytes", str(1024 * MIB))
    time.sleep(0.2)
    before = rss_bytes(server.process.pid)
    held = [half_sent_body(server.port, 7 * MIB, b"x" * 1024) for _ in range(60)]
    time.sleep(0.5)
    grown = rss_bytes(server.process.pid) - before
    # 60 × 7 MiB declared; at most 64 KiB each is allocated before the bytes arrive.
    assert grown < 32 * MIB, f"RSS grew by {grown / MIB:.1f} MiB"
    for sock in held:
        sock.close()


def test_bodies_past_the_budget_get_503_and_the_budget_comes_back(layoutd):
    server = layoutd("--max-body-bytes", str(8 * MIB), "--max-inflight-body-bytes", str(16 * MIB))
    first = half_sent_body(server.port, 7 * MIB)
    second = half_sent_body(server.port, 7 * MIB)
    time.sleep(0.2)
    third = half_sent_body(server.port, 7 * MIB)
    answer = read_answer(third)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 503 "), head
    assert b"Retry-After: 1" in head and b"application/problem+json" in head
    assert json.loads(body)["type"] == "/problems/server-busy"
    first.close()
    second.close()
    time.sleep(0.3)
    # The two bodies' share is given back when their connections go: a third fits again.
    body = json.dumps({"bounds": {"width": 320, "height": 480}, "itemCount": 3, "pad": " " * (7 * MIB)})
    status, _, answer = server.request("POST", "/v1/layout", json.loads(body))
    assert status == 400 and json.loads(answer)["pointer"] == "/pad", answer[:200]  # read in full, then judged


def test_a_huge_view_is_refused_before_its_answer_is_built(layoutd):
    server = layoutd("--max-answer-attributes", "1000")
    request = {"bounds": {"width": 1e9, "height": 1e9}, "itemCount": 1_000_000,
               "layout": {"itemSize": {"width": 1, "height": 1}, "minimumInteritemSpacing": 0, "minimumLineSpacing": 0}}
    before = rss_bytes(server.process.pid)
    status, headers, body = server.request("POST", "/v1/layout", request)
    problem = json.loads(body)
    assert status == 400 and problem["type"] == "/problems/answer-too-large" and problem["pointer"] == "/bounds"
    assert rss_bytes(server.process.pid) - before < 64 * MIB
    # Just under the limit is answered.
    request["bounds"] = {"width": 10, "height": 99.5}  # 10 columns × 100 lines
    status, _, body = server.request("POST", "/v1/layout", request)
    assert status == 200 and len(json.loads(body)["attributes"]) == 1000


def test_the_answer_limit_holds_across_a_list_of_bounds(layoutd):
    server = layoutd("--max-answer-attributes", "100")
    status, _, body = server.request("POST", "/v1/layouts", {"viewport": {"width": 100}, "itemCount": 1000,
                                                             "layout": {"itemSize": {"width": 10, "height": 10},
                                                                        "minimumInteritemSpacing": 0,
                                                                        "minimumLineSpacing": 0}})
    layout = json.loads(body)["layoutId"]
    bounds = [{"x": 0, "y": 0, "width": 100, "height": 40}] * 3  # 40 elements each
    status, _, body = server.request("POST", f"/v1/layouts/{layout}/attributes", {"bounds": bounds})
    problem = json.loads(body)
    assert status == 400 and problem["pointer"] == "/bounds/2", problem
    status, _, body = server.request("POST", f"/v1/layouts/{layout}/attributes", {"bounds": bounds[:2]})
    assert status == 200


def test_band_sections_count_so_four_of_the_largest_band_requests_stay_small(layoutd):
    # 10,000 one-item sections with headers, footers and a negative top inset: every section may be in
    # any band. 240 bounds of such bands were a 551 MB answer (1 GB of RSS); each is refused now, before
    # it is written, and four at once leave the process about as large as it was.
    import threading
    server = layoutd()
    registration = {"viewport": {"width": 390},
                    "layout": {"headerReferenceSize": {"height": 20}, "footerReferenceSize": {"height": 20},
                               "sectionInset": {"top": -1000}},
                    "sections": [{"itemCount": 1}] * 10_000}
    status, _, body = server.request("POST", "/v1/layouts", registration)
    assert status == 201, body[:200]
    layout = json.loads(body)["layoutId"]
    request = {"bounds": [{"x": 0, "y": 100_000_000, "width": 390, "height": 1}] * 240, "band": True}
    assert len(json.dumps(request, separators=(",", ":"))) < 12_000  # the 11 KB request
    before = rss_bytes(server.process.pid)
    peak, answers = [before], []

    def sample(stop):
        while not stop.is_set():
            peak[0] = max(peak[0], rss_bytes(server.process.pid))
            time.sleep(0.005)

    def ask():
        started = time.monotonic()
        status, _, body = server.request("POST", f"/v1/layouts/{layout}/attributes", request)
        answers.append((status, json.loads(body), time.monotonic() - started))

    stop = threading.Event()
    sampler = threading.Thread(target=sample, args=(stop,))
    sampler.start()
    askers = [threading.Thread(target=ask) for _ in range(4)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join(timeout=60)
    stop.set()
    sampler.join()
    assert len(answers) == 4
    for status, problem, _ in answers:
        assert status == 400 and problem["type"] == "/problems/answer-too-large", problem
        # Refused at the eleventh bounds, not after all 240: 10 bounds × 10,000 sections fill the
        # 100,000. (No bound on the time: four of them queue for one compute thread, 1 to 3.6 s.)
        assert problem["pointer"] == "/bounds/10", problem
    # Four answers of up to 100,000 elements each (about 200 bytes an element) at most, not 551 MB.
    assert peak[0] - before < 4 * 100_000 * 200 + 32 * MIB, f"RSS grew by {(peak[0] - before) / MIB:.0f} MiB"


def peak_rss_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        line = next(l for l in status if l.startswith("VmHWM:"))
    return int(line.split()[1]) * 1024


def whole_answer(sock: socket.socket) -> tuple[int, bytes]:
    """Status and body of one HTTP/1.1 answer with a Content-Length."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, body = data.split(b"\r\n\r\n", 1)
    length = int(next(l for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")).split(b":")[1])
    while len(body) < length:
        body += sock.recv(1 << 20)
    return int(head.split(b" ")[1]), body


def documented_bound(*, cache, bodies, answers, max_body, attributes, threads, connections, connection_memory):
    """The README's bound on peak resident memory ("Limits and hardening"): a constant, the cache, the
    bodies being received, the answers waiting for their clients, each thread's answer in the making
    (with its elements and its compressed copy) and parser, and each connection's memory."""
    return (64 * MIB + cache + bodies + answers + threads * (4 * attributes * 200 + 2 * max_body)
            + connections * (connection_memory + 16 * 1024))


def test_peak_memory_stays_within_the_documented_bound_with_the_largest_answers_at_once(layoutd):
    """The largest answer every route allows (100,000 elements, about 18 MB each; carousels' flings and
    scrolls of every carousel a request may name among them), four of each at once
    from clients that read late: answers past --max-inflight-answer-bytes are refused (503 server-busy)
    rather than held, and peak RSS stays within the README's bound."""
    import threading
    settings = dict(cache=32 * MIB, bodies=16 * MIB, answers=64 * MIB, max_body=1 * MIB, attributes=100_000,
                    connection_memory=16 * 1024)
    server = layoutd("--threads", "2", "--compute-threads", "1", "--cache-bytes", str(settings["cache"]),
                     "--max-inflight-body-bytes", str(settings["bodies"]), "--max-body-bytes", str(settings["max_body"]),
                     "--max-inflight-answer-bytes", str(settings["answers"]), "--log-level", "error")
    grid = {"itemSize": {"width": 4, "height": 4}, "minimumLineSpacing": 0, "minimumInteritemSpacing": 0}
    status, _, body = server.request("POST", "/v1/layouts", {"viewport": {"width": 400}, "layout": grid,
                                                             "itemCount": 1_000_000})
    assert status == 201, body[:200]
    layout = json.loads(body)["layoutId"]
    # 64 carousels (as many as a request scrolls) of 15,625 cells, 160 a group across 400 points, 4 high.
    row = {"orthogonalScrolling": "continuous", "group": {
        "direction": "horizontal", "width": {"fractionalWidth": 1}, "height": {"absolute": 4}, "count": 160,
        "subitems": [{"width": {"absolute": 1}, "height": {"fractionalHeight": 1}}]}}
    status, _, body = server.request("POST", "/v1/layouts", {"viewport": {"width": 400, "height": 400},
                                                             "sections": [{"itemCount": 15_625, "compositional": row}] * 64})
    assert status == 201, body[:200]
    carousels = json.loads(body)["layoutId"]
    parallax = {"model": "center", "maxOffset": 30}
    # Each the largest of its route on this grid of 100 cells a line, 4 points apart: 1,000 lines of
    # cells, or 240 bounds of 400 cells, or 600 frames of about 166 cells.
    largest = {
        "scroll": ("GET", f"/v1/layouts/{layout}/attributes?x=0&y=0&width=400&height=3990", None),
        "bounds list with bands": ("POST", f"/v1/layouts/{layout}/attributes", {
            "bounds": [{"x": 0, "y": 12 * index, "width": 400, "height": 11.5} for index in range(240)],
            "parallax": parallax, "band": True}),
        "one-shot": ("POST", "/v1/layout", {"layout": grid, "itemCount": 1_000_000, "parallax": parallax,
                                            "bounds": {"x": 0, "y": 0, "width": 400, "height": 3990}}),
        "fling frames": ("POST", f"/v1/layouts/{layout}/fling", {
            "bounds": {"x": 0, "y": 0, "width": 400, "height": 3.7}, "velocity": {"x": 0, "y": 5000},
            "frameRate": 120, "attributes": True, "parallax": parallax}),
        # 598 frames of about 162 cells of the first carousel: 21,000 points/s goes 10,479 points in 4.97 s.
        "carousel fling frames": ("POST", f"/v1/layouts/{carousels}/fling", {
            "bounds": {"x": 0, "y": 0, "width": 400, "height": 3.7}, "section": 0, "offset": 0,
            "velocity": {"x": 21000, "y": 0}, "frameRate": 120, "attributes": True,
            "parallax": {**parallax, "carousel": {"minScale": 0.8, "minAlpha": 0.5}}}),
        # Every carousel scrolled, each showing about 1,520 cells of a view 3,800 points wide.
        "64 carousels": ("POST", f"/v1/layouts/{carousels}/attributes", {
            "bounds": {"x": 0, "y": 0, "width": 3800, "height": 256},
            "orthogonalOffsets": [{"section": s, "offset": 1000 + s} for s in range(64)],
            "parallax": {**parallax, "carousel": {"minScale": 0.8, "minAlpha": 0.5}}}),
        "transitions": ("POST", f"/v1/layouts/{layout}/updates", {
            "updates": [{"op": "deleteItems", "section": 0, "at": 0, "count": 1}],
            "transitions": {"bounds": {"x": 0, "y": 0, "width": 400, "height": 3990}}}),
    }

    def send(method, path, body):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=60)
        data = b"" if body is None else json.dumps(body, separators=(",", ":")).encode()
        sock.sendall(f"{method} {path} HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
        return sock

    for name, request in largest.items():  # alone: each is among the largest answers allowed
        sock = send(*request)
        status, answer = whole_answer(sock)
        sock.close()
        assert status in (200, 201) and len(answer) > 12_000_000, (name, status, answer[:200])
    # Four of each at once, read only once all have been answered or refused.
    sockets = [(name, send(*request)) for name, request in largest.items() for _ in range(4)]
    time.sleep(2)
    outcomes = []
    for name, sock in sockets:
        status, answer = whole_answer(sock)
        outcomes.append((name, status, json.loads(answer)["type"] if status == 503 else len(answer)))
        sock.close()
    peak = peak_rss_bytes(server.process.pid)
    bound = documented_bound(threads=3, connections=len(sockets) + 1, **settings)
    refused = [o for o in outcomes if o[1] == 503]
    assert all(o[1] in (200, 201) or o[2] == "/problems/server-busy" for o in outcomes), outcomes
    assert refused, f"no answer was refused: the answers waiting never passed the budget ({outcomes})"
    assert peak <= bound, f"peak RSS {peak / MIB:.0f} MiB, above the documented {bound / MIB:.0f} MiB"
    # The budget comes back as answers are sent: the largest answer is served again.
    sock = send(*largest["transitions"])
    assert whole_answer(sock)[0] in (200, 201)  # 200: the same update as before
    sock.close()
    print(f"peak RSS {peak / MIB:.0f} MiB of a documented {bound / MIB:.0f} MiB; {len(refused)} of "
          f"{len(outcomes)} refused")


def cpu_seconds(pid: int) -> float:
    """The process's user and system CPU time so far (/proc/PID/stat), in seconds."""
    import os
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_the_costliest_masonry_layouts_stay_within_the_memory_bound(layoutd):
    """The masonry requests that cost most (docs/flow-layout.md §22): a million counted items in 1,024
    columns, and a body of 200,000 full-span items, each of which levels every column, in 1,024 columns
    too; four of each at once. Each answers, and peak RSS stays within the README's bound. The server's
    CPU for the eight, read from /proc, stays under 4 s a request in this debug build (13 s in all when
    measured): levelling 1,024 columns for each full-span item, not in O(1), costs several times that."""
    settings = dict(cache=256 * MIB, bodies=128 * MIB, answers=128 * MIB, max_body=8 * MIB, attributes=100_000,
                    connection_memory=16 * 1024)
    server = layoutd("--threads", "2", "--compute-threads", "1", "--log-level", "error")
    columns = {"masonry": {"minimumColumnWidth": 0.001, "columnSpacing": 0}, "minimumLineSpacing": 0}
    counted = {"viewport": {"width": 1024}, "layout": columns, "itemCount": 1_000_000}
    full_span = {"viewport": {"width": 1024}, "layout": columns,
                 "items": [{"width": 1, "height": 1, "fullSpan": True}] * 200_000}
    before = cpu_seconds(server.process.pid)
    bodies = [counted, full_span] * 4
    outcomes = register_at_once(server.port, bodies)
    cpu = cpu_seconds(server.process.pid) - before
    assert all(status in (200, 201) for status, _ in outcomes), [(s, a.get("detail")) for s, a in outcomes]
    assert {answer["itemCount"] for _, answer in outcomes} == {1_000_000, 200_000}
    peak = peak_rss_bytes(server.process.pid)
    bound = documented_bound(threads=3, connections=len(bodies) + 1, **settings)
    assert peak <= bound, f"peak RSS {peak / MIB:.0f} MiB, above the documented {bound / MIB:.0f} MiB"
    # Ten times a quiet machine's 11.2 s for the eight (a debug build): catches a quadratic placement.
    assert cpu < 14 * len(bodies), f"{cpu:.1f} s of CPU for {len(bodies)} masonry registrations"
    print(f"peak RSS {peak / MIB:.0f} MiB of a documented {bound / MIB:.0f} MiB; {cpu:.2f} s of CPU for {len(bodies)}")


def register_at_once(port: int, bodies: list) -> list:
    """Each body registered on a connection of its own, all at once: (status, answer) of each."""
    import threading
    outcomes = []

    def register(body):
        sock = socket.create_connection(("127.0.0.1", port), timeout=120)
        data = json.dumps(body, separators=(",", ":")).encode()
        sock.sendall(f"POST /v1/layouts HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
        status, answer = whole_answer(sock)
        sock.close()
        outcomes.append((status, json.loads(answer)))

    threads = [threading.Thread(target=register, args=(body,)) for body in bodies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes
