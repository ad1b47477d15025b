"""The body cap over a real socket: 413 from Content-Length before the body is read, 413 when a chunked
body passes the cap, and a stream that goes on far past the cap is cut off instead of read forever."""
import http.client
import json
import socket


def chunks(total: int, size: int = 65536):
    sent = 0
    while sent < total:
        piece = min(size, total - sent)
        yield b" " * piece
        sent += piece


def test_chunked_body_past_the_cap_is_413(layoutd):
    server = layoutd("--max-body-bytes", "1024")
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("POST", "/v1/layout", body=chunks(3 * 1024 * 1024), encode_chunked=True,
                       headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
    answer = connection.getresponse()
    assert answer.status == 413
    assert answer.getheader("Content-Type") == "application/problem+json"
    assert json.loads(answer.read())["status"] == 413
    # The server is still there for the next client.
    assert server.request("GET", "/livez")[0] == 200


def test_declared_length_past_the_cap_is_413_before_the_body(layoutd):
    server = layoutd("--max-body-bytes", "1024")
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(b"POST /v1/layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Content-Length: 5000000\r\n\r\n")
        answer = raw.recv(4096).decode()
    assert answer.startswith("HTTP/1.1 413"), answer[:80]


def test_endless_stream_is_cut_off(layoutd):
    server = layoutd("--max-body-bytes", "1024")
    cut_off = False
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(b"POST /v1/layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Transfer-Encoding: chunked\r\n\r\n")
        piece = b"%x\r\n%s\r\n" % (1 << 20, b" " * (1 << 20))
        try:
            for _ in range(200):  # 200 MiB, far past the 64 MiB the server reads on to answer 413
                raw.sendall(piece)
        except (BrokenPipeError, ConnectionResetError):
            cut_off = True
    assert cut_off
    assert server.request("GET", "/livez")[0] == 200
