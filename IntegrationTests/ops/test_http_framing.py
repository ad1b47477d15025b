"""Strict HTTP/1.1 framing (RFC 9112) over raw sockets: one well-formed answer to each malformed
request, and the connection closed after it, so nothing hidden behind a bad frame is ever served."""
import json
import socket

import pytest

BODY = b'{"bounds":{"width":320,"height":480},"itemCount":3}'
HEAD = b"POST /v1/layout HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"


def exchange(port: int, raw: bytes, timeout: float = 3.0) -> tuple[bytes, bool]:
    """Sends `raw`, reads until the server closes; returns the bytes and whether it closed in time."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    sock.sendall(raw)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
        return data, True
    except socket.timeout:
        return data, False
    finally:
        sock.close()


def answers(data: bytes) -> list[tuple[bytes, dict, bytes]]:
    """Splits a byte stream into HTTP answers (status line, headers, body by Content-Length)."""
    result = []
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            headers[name.strip().lower().decode()] = value.strip().decode()
        length = int(headers.get("content-length", "0"))
        result.append((lines[0], headers, rest[:length]))
        data = rest[length:]
    return result


def single_problem(port: int, raw: bytes, status: int, slug: str):
    data, closed = exchange(port, raw)
    assert closed, f"the connection stayed open: {data[:200]!r}"
    found = answers(data)
    assert len(found) == 1, f"{len(found)} answers: {data[:400]!r}"
    line, headers, body = found[0]
    assert line.startswith(b"HTTP/1.1 %d " % status), line
    assert headers["connection"] == "close"
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == status and problem["type"] == f"/problems/{slug}", problem
    return problem


@pytest.fixture
def server(layoutd):
    return layoutd("--max-uri-bytes", "4096")


def test_two_different_content_lengths_are_400(server):
    raw = HEAD + b"Content-Length: %d\r\nContent-Length: 5\r\n\r\n" % len(BODY) + BODY
    problem = single_problem(server.port, raw, 400, "malformed-request")
    assert "Content-Length" in problem["detail"]


def test_two_equal_content_lengths_are_one(server):
    raw = HEAD + b"Content-Length: %d\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % (len(BODY), len(BODY)) + BODY
    data, _ = exchange(server.port, raw)
    assert answers(data)[0][0].startswith(b"HTTP/1.1 200 ")


def test_content_length_with_chunked_is_400_and_the_smuggled_request_is_never_served(server):
    smuggled = b"GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n"
    raw = HEAD + b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled
    single_problem(server.port, raw, 400, "malformed-request")


def test_two_transfer_encoding_lines_are_400_and_the_smuggled_request_is_never_served(server):
    smuggled = b"GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n"
    raw = HEAD + b"Transfer-Encoding: chunked\r\nTransfer-Encoding: gzip\r\n\r\n0\r\n\r\n" + smuggled
    single_problem(server.port, raw, 400, "malformed-request")


def test_chunked_combined_with_another_coding_is_400(server):
    single_problem(server.port, HEAD + b"Transfer-Encoding: chunked, gzip\r\n\r\n0\r\n\r\n", 400, "malformed-request")


def test_white_space_before_a_header_colon_is_400(server):
    raw = HEAD + b"Content-Length : %d\r\n\r\n" % len(BODY) + BODY
    single_problem(server.port, raw, 400, "malformed-request")


def test_two_host_lines_are_400(server):
    single_problem(server.port, b"GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "malformed-request")


def test_a_space_in_the_target_is_400(server):
    single_problem(server.port, b"GET /healthz x HTTP/1.1\r\nHost: a\r\n\r\n", 400, "malformed-request")


def test_an_unknown_transfer_coding_is_501_at_once(server):
    raw = HEAD + b"Transfer-Encoding: gzip\r\n\r\nabc"
    single_problem(server.port, raw, 501, "unsupported-transfer-coding")


def test_http_1_1_without_host_is_400(server):
    problem = single_problem(server.port, b"GET /healthz HTTP/1.1\r\n\r\n", 400, "malformed-request")
    assert "Host" in problem["detail"]


def test_http_1_0_without_host_is_served(server):
    data, closed = exchange(server.port, b"GET /healthz HTTP/1.0\r\n\r\n")
    assert closed and answers(data)[0][0].startswith(b"HTTP/1.1 200 ")


@pytest.mark.parametrize("length", [4097, 6000, 15000])
def test_an_over_long_query_is_414(server, length):
    target = b"/healthz?q=" + b"a" * (length - len(b"/healthz?q="))
    single_problem(server.port, b"GET " + target + b" HTTP/1.1\r\nHost: a\r\n\r\n", 414, "uri-too-long")


def test_an_over_long_path_is_414(server):
    single_problem(server.port, b"GET /" + b"v" * 5000 + b" HTTP/1.1\r\nHost: a\r\n\r\n", 414, "uri-too-long")


def test_a_target_at_the_limit_is_served(server):
    target = b"/healthz?q=" + b"a" * (4096 - len(b"/healthz?q="))
    data, _ = exchange(server.port, b"GET " + target + b" HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
    assert answers(data)[0][0].startswith(b"HTTP/1.1 200 ")


def test_an_unparseable_content_length_is_one_400(server):
    single_problem(server.port, HEAD + b"Content-Length: 12x\r\n\r\n", 400, "malformed-request")


def test_a_request_line_that_is_not_http_is_400(server):
    single_problem(server.port, b"HELLO\r\n\r\n", 400, "malformed-request")


def test_headers_past_the_connection_memory_are_431(server):
    raw = b"GET /healthz HTTP/1.1\r\nHost: a\r\nX-Padding: " + b"b" * 20000 + b"\r\n\r\n"
    single_problem(server.port, raw, 431, "headers-too-large")


def test_a_target_past_the_connection_memory_is_414(server):
    single_problem(server.port, b"GET /healthz?q=" + b"a" * 40000 + b" HTTP/1.1\r\nHost: a\r\n\r\n", 414, "uri-too-long")


def test_an_unknown_http_version_is_505(server):
    single_problem(server.port, b"GET /healthz HTTP/3.0\r\nHost: a\r\n\r\n", 505, "http-version-not-supported")


def test_a_well_framed_chunked_body_is_served_and_the_connection_kept(server):
    chunked = b"%x\r\n" % len(BODY) + BODY + b"\r\n0\r\n\r\n"
    raw = HEAD + b"Transfer-Encoding: chunked\r\n\r\n" + chunked + b"GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"
    data, closed = exchange(server.port, raw)
    found = answers(data)
    assert closed and [line[:12] for line, _, _ in found] == [b"HTTP/1.1 200", b"HTTP/1.1 200"]


def test_rejections_are_counted_by_reason_in_metrics(server):
    single_problem(server.port, b"GET /healthz HTTP/1.1\r\n\r\n", 400, "malformed-request")
    status, _, body = server.request("GET", "/metrics")
    assert status == 200
    line = next(l for l in body.decode().splitlines() if l.startswith('layoutd_http_rejections_total{reason="missing-host"'))
    assert line.endswith(" 1"), line


@pytest.mark.parametrize("target", [
    b"/v1/layouts/0123456789abcdef0123456789abcdef%00zz/items/1/7",
    b"/v1/layouts/0123456789abcdef0123456789abcdef/items/1/7%00garbage",
    b"/v1/layouts/0123456789abcdef0123456789abcdef/attributes?x=0&y=0&width=9&height=9&scale=1%002",
    b"/playground/layoutd.js%00.html",
    b"/livez?%00=1",
])
def test_an_encoded_nul_anywhere_in_the_target_is_400(server, target):
    # Decoded, the NUL would end the C string early: "id%00zz" read as "id", "1%002" as "1".
    problem = single_problem(server.port, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\n\r\n", 400, "malformed-request")
    assert "%00" in problem["detail"]
    # %2500 is a percent sign and two zeros, not a NUL: an ordinary (refused) value.
    status, _, body = server.request("GET", "/livez?probe=%2500")
    assert status == 200, body
