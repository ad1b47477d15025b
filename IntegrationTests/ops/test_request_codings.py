"""Compressed request bodies over a real socket (RFC 9110 §8.4): `Content-Encoding: gzip` is inflated as
it arrives, under the body cap and the in-flight budget counted in inflated bytes; a gzip bomb is refused
without the server ever holding it; bytes that are not gzip are 400; any other coding is 415 naming it."""
import gzip
import http.client
import json
import socket

from test_memory_budgets import peak_rss_bytes

LAYOUT = {"viewport": {"width": 390}, "layout": {"itemSize": {"width": 100, "height": 50}},
          "sections": [{"itemCount": 40}, {"items": [{"width": 80, "height": 30}] * 7}]}


def padded(size: int) -> bytes:
    """The layout as JSON of exactly `size` bytes: white space after the value is still JSON."""
    plain = json.dumps(LAYOUT).encode()
    return plain + b" " * (size - len(plain))


def post(port: int, path: str, body: bytes, headers: dict, chunked: bool = False):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", **headers}
    if chunked:
        pieces = (body[i:i + 1000] for i in range(0, len(body), 1000))
        connection.request("POST", path, body=pieces, headers=headers, encode_chunked=True)
    else:
        connection.request("POST", path, body=body, headers=headers)
    answer = connection.getresponse()
    result = answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    connection.close()
    return result


def test_a_gzip_body_registers_the_same_layout_as_the_plain_one(layoutd):
    server = layoutd()
    plain = json.dumps(LAYOUT).encode()
    status, _, expected = post(server.port, "/v1/layouts", plain, {})
    assert status == 201
    for coding in ("gzip", "x-gzip", " GZIP "):
        for chunked in (False, True):
            status, _, body = post(server.port, "/v1/layouts", gzip.compress(plain), {"Content-Encoding": coding}, chunked)
            # Registered already: 200 with the same answer.
            assert status == 200 and body == expected, (coding, chunked, status, body)
    # Two gzip members one after the other are one body (RFC 1952 §2.2).
    half = len(plain) // 2
    status, _, body = post(server.port, "/v1/layouts", gzip.compress(plain[:half]) + gzip.compress(plain[half:]),
                           {"Content-Encoding": "gzip"})
    assert status == 200 and body == expected, body
    # identity is no coding at all.
    assert post(server.port, "/v1/layouts", plain, {"Content-Encoding": "identity"})[:3:2] == (200, expected)


def test_a_gzip_bomb_is_refused_without_being_held(layoutd):
    server = layoutd("--max-body-bytes", str(1 << 20))
    before = peak_rss_bytes(server.process.pid)
    bomb = gzip.compress(b" " * (50 << 20))  # 50 MiB of white space, about 50 KB on the wire
    assert len(bomb) < 1 << 20
    for chunked in (False, True):
        status, headers, body = post(server.port, "/v1/layouts", bomb, {"Content-Encoding": "gzip"}, chunked)
        assert status == 413, body
        assert json.loads(body)["type"] == "/problems/body-too-large"
    # The server held the cap's worth of inflated bytes, never the bomb.
    grown = peak_rss_bytes(server.process.pid) - before
    assert grown < 8 << 20, f"peak RSS grew by {grown >> 20} MiB for a 1 MiB cap"
    # A body just under the cap once inflated still passes the cap.
    near = padded((1 << 20) - 10)
    assert len(near) < 1 << 20
    assert post(server.port, "/v1/layouts", gzip.compress(near), {"Content-Encoding": "gzip"})[0] == 201


def test_inflated_bytes_count_against_the_in_flight_budget(layoutd):
    server = layoutd("--max-body-bytes", str(3 << 20), "--max-inflight-body-bytes", str(4 << 20))
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as held:
        # A plain body of 2 MiB, declared and half sent: it holds 2 MiB of the budget.
        held.sendall(b"POST /v1/layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n" % (2 << 20) + b" " * (1 << 20))
        # 3 MiB once inflated (small on the wire) would pass the remaining 2 MiB.
        inflated = padded(3 << 20)
        status, headers, body = post(server.port, "/v1/layouts", gzip.compress(inflated), {"Content-Encoding": "gzip"})
        assert status == 503, body
        assert headers.get("retry-after") == "1"
    # With the held body gone, the same request passes.
    assert post(server.port, "/v1/layouts", gzip.compress(inflated), {"Content-Encoding": "gzip"})[0] == 201


def test_bytes_that_are_not_gzip_are_400(layoutd):
    server = layoutd()
    plain = json.dumps(LAYOUT).encode()
    for body in (plain, gzip.compress(plain)[:-6], gzip.compress(plain) + b"trailing"):
        status, headers, answer = post(server.port, "/v1/layouts", body, {"Content-Encoding": "gzip"})
        assert status == 400, (body[-10:], status)
        assert json.loads(answer)["type"] == "/problems/malformed-request"
    assert server.request("GET", "/livez")[0] == 200


def test_any_other_coding_is_415_naming_it(layoutd):
    server = layoutd()
    plain = json.dumps(LAYOUT).encode()
    for coding in ("br", "deflate", "gzip, br", "zstd"):
        status, headers, answer = post(server.port, "/v1/layouts", plain, {"Content-Encoding": coding})
        assert status == 415, (coding, status)
        problem = json.loads(answer)
        assert problem["type"] == "/problems/unsupported-content-coding"
        assert f"'{coding}'" in problem["detail"]
        assert headers["accept-encoding"] == "gzip"
    # Nothing was stored by the refused registrations.
    status, _, body = post(server.port, "/v1/layouts", plain, {})
    assert status == 201, body
