"""Floods and slow clients over real sockets: connections past the limit, half requests, slow
requests, and a drain afterwards. `FLOOD_ROUNDS` sets the rounds of the burst test (a few in
`make test`, hundreds in `make stress`)."""
import http.client
import json
import math
import os
import signal
import socket
import threading
import time

ROUNDS = int(os.environ.get("FLOOD_ROUNDS", "4"))
HALF_REQUEST = b"GET /readyz HTTP/1.1\r\nHost: a\r\n"


class KeepAliveLoad:
    """Clients that each keep one connection and send requests back to back, counting answers."""

    def __init__(self, port: int, clients: int):
        self.port = port
        self.answered = 0
        self.failures: list[str] = []
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self.run, daemon=True) for _ in range(clients)]
        for thread in self.threads:
            thread.start()

    def run(self):
        connection = None
        while not self.stopping.is_set():
            try:
                if connection is None:
                    connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                connection.request("GET", "/healthz")
                answer = connection.getresponse()
                answer.read()
                if answer.status == 200:
                    self.answered += 1
                if answer.getheader("Connection") == "close":
                    connection.close()
                    connection = None
            except (OSError, http.client.HTTPException) as error:
                # Past the limit a new connection may be refused with a 503 and closed: reconnect.
                self.failures.append(repr(error))
                connection = None
                time.sleep(0.01)

    def stop(self):
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=10)


def answered_within(port: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/readyz")
            answer = connection.getresponse()
            answer.read()
            connection.close()
            if answer.status == 200:
                return True
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.05)
    return False


def burst(port: int, connections: int, hold_seconds: float) -> dict[int, int]:
    """Opens `connections` sockets that each send half a request, holds them, closes them; returns how
    many got each status straight away (503 past the limit) or none (0)."""
    sockets = []
    for _ in range(connections):
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=2)
            sock.sendall(HALF_REQUEST)
            sockets.append(sock)
        except OSError:
            pass
    time.sleep(hold_seconds)
    statuses: dict[int, int] = {}
    for sock in sockets:
        sock.setblocking(False)
        try:
            head = sock.recv(64)
            status = int(head.split(b" ")[1]) if head.startswith(b"HTTP/1.1 ") else 0
        except OSError:
            status = 0
        statuses[status] = statuses.get(status, 0) + 1
        sock.close()
    return statuses


def test_bursts_past_the_connection_limit_never_wedge_the_server(layoutd):
    server = layoutd("--connection-limit", "16", "--threads", "2", "--connection-timeout", "5",
                     "--drain-timeout", "3000", "--access-log-level", "debug")
    load = KeepAliveLoad(server.port, 8)
    try:
        for round_number in range(ROUNDS):
            statuses = burst(server.port, 40, 0.5)
            # The 8 keep-alive clients hold 8 of the 16 places: most of the 40 are turned away at once.
            assert statuses.get(503, 0) >= 40 - 16, (round_number, statuses)
            before = load.answered
            assert answered_within(server.port, 3), f"no answer after round {round_number}"
            deadline = time.monotonic() + 3
            while load.answered == before and time.monotonic() < deadline:
                time.sleep(0.01)
            assert load.answered > before, f"the keep-alive clients stalled after round {round_number}"
        # SIGTERM while the keep-alive clients still send: the server drains and exits in time.
        started = time.monotonic()
        assert server.stop(signal.SIGTERM, timeout=10) == 0
        assert time.monotonic() - started < 3 + 2, "the drain overran --drain-timeout"
    finally:
        load.stop()


def test_a_connection_past_the_limit_gets_a_503_problem(layoutd):
    server = layoutd("--connection-limit", "2", "--threads", "1")
    held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(4)]
    time.sleep(0.2)
    extra = socket.create_connection(("127.0.0.1", server.port), timeout=3)
    answer = b""
    while chunk := extra.recv(4096):
        answer += chunk
    head, body = answer.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 503 "), head
    assert b"Retry-After: 1" in head and b"Content-Type: application/problem+json" in head
    problem = json.loads(body)
    assert problem["type"] == "/problems/too-many-connections" and problem["status"] == 503
    for sock in held:
        sock.close()
    # The places come back as soon as the held connections go.
    assert answered_within(server.port, 2)


def test_slow_requests_get_408_while_others_are_answered(layoutd):
    """300 clients that send a byte every 2 s (never idle long enough for --connection-timeout) are
    all cut off by a 4-second request deadline, while other requests are answered at once."""
    server = layoutd("--request-timeout", "4", "--connection-timeout", "30")
    slow = []
    for _ in range(300):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        sock.sendall(b"G")
        sock.setblocking(False)
        slow.append(sock)
    finished: dict[socket.socket, bytes] = {}
    last_byte = {sock: time.monotonic() for sock in slow}
    latencies = []
    started = time.monotonic()
    while time.monotonic() - started < 12 and len(finished) < len(slow):
        now = time.monotonic()
        for sock in slow:
            if sock in finished:
                continue
            try:
                finished[sock] = sock.recv(4096)
                continue
            except BlockingIOError:
                pass
            except OSError:
                finished[sock] = b""
                continue
            if now - last_byte[sock] >= 2:
                try:
                    sock.send(b"E")  # a byte every 2 s: never idle, never done
                    last_byte[sock] = now
                except OSError:
                    finished[sock] = b""
        begin = time.monotonic()
        assert answered_within(server.port, 2)
        latencies.append(time.monotonic() - begin)
        time.sleep(0.25)
    elapsed = time.monotonic() - started
    assert len(finished) == len(slow), f"{len(slow) - len(finished)} slow connections still open after {elapsed:.1f} s"
    # 10 times what the deadline overran by on a quiet machine (0.57 s: the reaper's tick, this loop's).
    assert elapsed < 4 + 6, f"the deadline took {elapsed:.1f} s"
    timed_out = [data for data in finished.values() if data.startswith(b"HTTP/1.1 408 ")]
    assert len(timed_out) >= 290, f"only {len(timed_out)} of 300 got the 408"
    assert b"/problems/request-timeout" in timed_out[0]
    assert max(latencies) < 0.5, latencies  # 37 times the slowest on a quiet machine (13.5 ms)
    for sock in slow:
        sock.close()


def test_a_refused_body_still_trickling_in_meets_the_deadline(layoutd):
    """A body refused mid-stream (past --max-body-bytes) is read on to answer 413 at its end; a client
    that keeps it trickling is still cut off by the request deadline."""
    server = layoutd("--request-timeout", "2", "--max-body-bytes", "1000")
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.sendall(b"POST /v1/layout HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                 b"Transfer-Encoding: chunked\r\n\r\n7d0\r\n" + b" " * 2000 + b"\r\n")
    started = time.monotonic()
    sock.setblocking(False)
    answer = b""
    while time.monotonic() - started < 8 and not answer:
        try:
            answer = sock.recv(4096)
            break
        except BlockingIOError:
            pass
        try:
            sock.send(b"1\r\n \r\n")  # one more byte of body a quarter second
        except OSError:
            break
        time.sleep(0.25)
    assert answer.startswith(b"HTTP/1.1 408 "), answer[:80]
    assert time.monotonic() - started < 2 + 3  # overran by 0.26 s on a quiet machine


def test_a_slow_request_on_a_kept_connection_times_out_from_its_first_byte(layoutd):
    server = layoutd("--request-timeout", "2", "--connection-timeout", "30")
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
    assert sock.recv(4096).startswith(b"HTTP/1.1 200 ")
    time.sleep(2.5)  # idle longer than the request deadline: only the idle timeout counts here
    sock.sendall(b"GET /hea")
    started = time.monotonic()
    answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 408 "), answer
    assert 1.5 < time.monotonic() - started < 2 + 2.5  # overran by 0.25 s on a quiet machine


def test_a_request_that_arrived_in_full_behind_a_busy_worker_is_answered_not_408(layoutd):
    """The request deadline covers receiving a request only: one that arrived in full while the only
    worker was busy with others waits for it, longer than the deadline, and is answered, not 408."""
    server = layoutd("--threads", "1", "--request-timeout", "1", "--connection-timeout", "30",
                     "--max-answer-attributes", "400000")
    registration = json.dumps({"viewport": {"width": 300}, "layout": {"itemSize": {"width": 3, "height": 3}},
                               "itemCount": 1_000_000})
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request("POST", "/v1/layouts", registration, {"Content-Type": "application/json"})
    layout = json.loads(connection.getresponse().read())["layoutId"]
    # About 400,000 attributes, compressed, on the worker itself (a GET is never handed to the compute
    # threads): each takes the worker for a second or more.
    heavy = (f"GET /v1/layouts/{layout}/attributes?x=0&y=0&width=300&height=224000 HTTP/1.1\r\n"
             "Host: a\r\nAccept-Encoding: gzip\r\n\r\n").encode()
    probe = b"GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n"
    # A kept connection, known to the worker and to the request deadline before the worker is busy.
    waiting = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    waiting.sendall(probe)
    assert waiting.recv(4096).startswith(b"HTTP/1.1 200 ")
    # Enough of them to keep the worker three seconds, measured on this machine.
    timing = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    timed = time.monotonic()
    timing.sendall(heavy)
    assert timing.recv(64).startswith(b"HTTP/1.1 200 ")
    each = time.monotonic() - timed
    timing.close()
    busy = [socket.create_connection(("127.0.0.1", server.port), timeout=30)
            for _ in range(min(64, math.ceil(3 / each)))]
    for sock in busy:
        sock.sendall(heavy)
    time.sleep(0.1)
    started = time.monotonic()
    waiting.sendall(probe)
    answer = waiting.recv(4096)
    waited = time.monotonic() - started
    heavy_answers = [sock.recv(64) for sock in busy]
    for sock in busy:
        sock.close()  # unread answers: the server's write fails and it closes too
    waiting.close()
    assert all(data.startswith(b"HTTP/1.1 200 ") for data in heavy_answers), heavy_answers
    assert answer.startswith(b"HTTP/1.1 200 "), answer[:200]
    assert waited > 2, f"answered after {waited:.2f} s: the worker was not busy past the deadline, nothing was tested"
