"""SIGTERM (or SIGINT) during a stream of requests: the service turns unready, finishes what it accepted,
exits 0."""
import http.client
import signal
import threading
import time

import pytest

BODY = b'{"bounds":{"x":0,"y":100,"width":390,"height":844},"itemCount":2000,"parallax":{"model":"center","maxOffset":20}}'


def client(port: int, results: dict, stop: threading.Event):
    connection = None
    while not stop.is_set():
        try:
            if connection is None:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                connection.connect()
        except OSError:
            results["refused"] += 1  # not accepted: the listener is gone
            time.sleep(0.002)
            continue
        try:
            connection.request("POST", "/v1/layout", BODY, {"Content-Type": "application/json"})
        except OSError:
            # The server closed this connection before reading the request: never accepted.
            results["unsent"] += 1
            connection = None
            continue
        try:
            answer = connection.getresponse()
            answer.read()
            results["ok" if answer.status == 200 else "failed"] += 1
            if answer.getheader("Connection", "").lower() == "close":
                results["closed_by_server"] += 1
                connection.close()
                connection = None
        except (OSError, http.client.HTTPException):
            results["failed"] += 1  # sent and accepted, but no answer: what must never happen
            connection = None


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_stop_signal_drains_without_failing_accepted_requests(layoutd, stop_signal):
    server = layoutd("--threads", "2", "--drain-timeout", "5000")
    results = {"ok": 0, "failed": 0, "refused": 0, "unsent": 0, "closed_by_server": 0}
    stop = threading.Event()
    threads = [threading.Thread(target=client, args=(server.port, results, stop)) for _ in range(8)]
    for thread in threads:
        thread.start()
    time.sleep(0.7)
    before = results["ok"]
    started = time.monotonic()
    server.process.send_signal(stop_signal)
    code = server.process.wait(timeout=10)
    elapsed = time.monotonic() - started
    stop.set()
    for thread in threads:
        thread.join(timeout=15)
    assert code == 0
    assert elapsed < 5, f"took {elapsed:.1f}s"
    assert before > 50, results
    assert results["failed"] == 0, results
    assert results["closed_by_server"] > 0, "requests in flight were answered with Connection: close"


def test_readyz_turns_unready_while_draining(layoutd):
    server = layoutd("--drain-timeout", "3000")
    # Keep one request in flight so the drain lasts: a slow client holding a half-sent body.
    slow = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    slow.putrequest("POST", "/v1/layout")
    slow.putheader("Content-Type", "application/json")
    slow.putheader("Content-Length", str(len(BODY)))
    slow.endheaders()
    slow.send(BODY[:10])
    probe = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    probe.request("GET", "/readyz")
    assert probe.getresponse().read() and True
    time.sleep(0.1)
    server.process.send_signal(signal.SIGTERM)
    time.sleep(0.3)
    probe.request("GET", "/readyz")
    answer = probe.getresponse()
    assert answer.status == 503
    assert answer.getheader("Connection") == "close"
    answer.read()
    slow.send(BODY[10:])
    assert slow.getresponse().status == 200, "the request in flight still completes"
    assert server.process.wait(timeout=10) == 0
