"""HTTP as caches expect it, over a real socket: HEAD on every GET route with the GET's headers and no
body, and 304s that carry exactly the validators and cache fields of their 200 (RFC 9110 §9.3.2,
§13.1.2, §15.4.5)."""
import http.client
import socket
import json

VOLATILE = {"date", "x-request-id"}


def exchange(port: int, method: str, path: str, headers: dict | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request(method, path, headers=headers or {})
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    return answer.status, {name.lower(): value for name, value in answer.getheaders()}, body


def stable(headers: dict) -> dict:
    return {name: value for name, value in headers.items() if name not in VOLATILE}


def get_routes(server) -> list[str]:
    status, _, body = server.request("POST", "/v1/layouts", {
        "viewport": {"width": 390}, "layout": {"headerReferenceSize": {"height": 40}, "footerReferenceSize": {"height": 20}},
        "sections": [{"itemCount": 30}, {"itemCount": 5}]})
    assert status == 201, body
    layout = json.loads(body)["layoutId"]
    return [f"/v1/layouts/{layout}/attributes?x=0&y=0&width=390&height=844", f"/v1/layouts/{layout}/items/0/3",
            f"/v1/layouts/{layout}/headers/1", f"/v1/layouts/{layout}/footers/0", f"/v1/layouts/{layout}/hit?x=10&y=50",
            f"/v1/layouts/{layout}", "/v1/cache", "/healthz", "/livez", "/readyz", "/metrics", "/playground",
            "/playground/layoutd.js", "/v1/layouts/unknown", "/"]


def test_head_answers_every_get_route_with_its_headers_and_no_body(layoutd):
    server = layoutd()
    for path in get_routes(server):
        for encoding in ({}, {"Accept-Encoding": "gzip"}):
            got = exchange(server.port, "GET", path, encoding)
            head = exchange(server.port, "HEAD", path, encoding)
            assert head[0] == got[0], (path, head[0], got[0])
            assert head[2] == b"", path
            expected = stable(got[1])
            if path == "/metrics":  # the counters moved between the two
                expected.pop("content-length")
                head[1].pop("content-length")
            assert stable(head[1]) == expected, path


def test_a_304_carries_the_200s_validator_cache_fields_and_length(layoutd):
    server = layoutd()
    routes = [path for path in get_routes(server)
              if path.startswith(("/v1/layouts/", "/playground")) and "unknown" not in path]
    for path in routes:
        for encoding in ({}, {"Accept-Encoding": "gzip"}):
            status, full, body = exchange(server.port, "GET", path, encoding)
            assert status == 200 and "etag" in full, (path, status)
            for condition in (full["etag"], "W/" + full["etag"], '"other", ' + full["etag"], "*"):
                status, headers, body = exchange(server.port, "GET", path, {**encoding, "If-None-Match": condition})
                assert status == 304 and body == b"", (path, condition, status)
                expected = {name: value for name, value in stable(full).items()
                            if name not in ("content-type", "content-encoding")}
                assert stable(headers) == expected, (path, condition)
            status, _, _ = exchange(server.port, "GET", path, {**encoding, "If-None-Match": '"other", W/"x"'})
            assert status == 200, path


def test_options_answers_every_path_with_its_methods(layoutd):
    server = layoutd()
    for path, allowed in (("/v1/layout", "POST, OPTIONS"), ("/v1/layouts/0123", "GET, DELETE, HEAD, OPTIONS"),
                          ("/v1/layouts/0123/attributes", "GET, POST, HEAD, OPTIONS"), ("/healthz", "GET, HEAD, OPTIONS")):
        status, headers, body = exchange(server.port, "OPTIONS", path)
        assert (status, headers["allow"], body) == (204, allowed, b""), path
        # Without --cors-origins a preflight is a plain OPTIONS: no CORS field, so browsers keep other origins out.
        status, headers, _ = exchange(server.port, "OPTIONS", path, {
            "Origin": "http://elsewhere.test", "Access-Control-Request-Method": "POST"})
        assert status == 204 and not any(name.startswith("access-control-") for name in headers), headers
        assert "vary" not in headers
    status, headers, _ = exchange(server.port, "PUT", "/healthz")
    assert (status, headers["allow"]) == (405, "GET, HEAD, OPTIONS")
    assert exchange(server.port, "OPTIONS", "/nowhere")[0] == 404


def test_cors_for_listed_origins(layoutd):
    server = layoutd("--cors-origins", "http://app.test, http://localhost:5173")
    allowed, other = "http://localhost:5173", "http://evil.test"
    status, headers, _ = exchange(server.port, "OPTIONS", "/v1/layouts", {
        "Origin": allowed, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"})
    assert status == 204
    assert headers["access-control-allow-origin"] == allowed
    assert headers["access-control-allow-methods"] == "POST, OPTIONS"
    assert headers["access-control-allow-headers"] == "Content-Type, Content-Encoding, If-None-Match, X-Request-ID, X-Layout-Id"
    assert int(headers["access-control-max-age"]) > 0
    assert headers["vary"] == "Origin"
    # A disallowed origin's preflight is a plain OPTIONS: the browser refuses to send the request.
    status, headers, _ = exchange(server.port, "OPTIONS", "/v1/layouts", {"Origin": other, "Access-Control-Request-Method": "POST"})
    assert status == 204 and not any(name.startswith("access-control-") for name in headers)
    for path in get_routes(server):
        plain = exchange(server.port, "GET", path)
        mine = exchange(server.port, "GET", path, {"Origin": allowed})
        theirs = exchange(server.port, "GET", path, {"Origin": other})
        # The same status and body for everyone; the fields only tell browsers who may read them.
        assert plain[0] == mine[0] == theirs[0] and (path == "/metrics" or plain[2] == mine[2] == theirs[2]), path
        for _, headers, _ in (plain, mine, theirs):
            assert "origin" in [value.strip().lower() for value in headers["vary"].split(",")], (path, headers)
        assert mine[1]["access-control-allow-origin"] == allowed
        assert mine[1]["access-control-expose-headers"] == "ETag, Location, Retry-After, X-Request-ID"
        assert not any(name.startswith("access-control-") for name in {**plain[1], **theirs[1]}), path
        # A 304 varies exactly as its 200 does.
        if "etag" in mine[1]:
            status, headers, _ = exchange(server.port, "GET", path, {"Origin": allowed, "If-None-Match": mine[1]["etag"]})
            assert status == 304 and headers["vary"] == mine[1]["vary"], path
            assert headers["access-control-allow-origin"] == allowed


def test_cors_for_any_origin(layoutd):
    server = layoutd(env={"LAYOUTD_CORS_ORIGINS": "*"})
    status, headers, _ = exchange(server.port, "OPTIONS", "/v1/layouts/0123/attributes", {
        "Origin": "http://anywhere.test", "Access-Control-Request-Method": "GET"})
    assert (status, headers["access-control-allow-origin"]) == (204, "*")
    assert headers["access-control-allow-methods"] == "GET, POST, HEAD, OPTIONS"
    status, headers, _ = exchange(server.port, "GET", "/healthz", {"Origin": "http://anywhere.test"})
    assert headers["access-control-allow-origin"] == "*"
    # The answer is the same for every origin: nothing to vary by.
    assert "vary" not in headers


def test_cors_on_the_http_layers_own_refusals(layoutd):
    server = layoutd("--cors-origins", "http://app.test", "--max-body-bytes", "1000")
    body = b'{"viewport": {"width": 390}, "itemCount": 5}' + b" " * 2000
    for origin, allowed in (("http://app.test", True), ("http://evil.test", False)):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        connection.request("POST", "/v1/layouts", body=body, headers={"Content-Type": "application/json", "Origin": origin})
        answer = connection.getresponse()
        headers = {name.lower(): value for name, value in answer.getheaders()}
        assert json.loads(answer.read())["type"] == "/problems/body-too-large"
        assert answer.status == 413 and headers["vary"] == "Origin"
        # A page of an allowed origin can read the refusal, like any other answer.
        assert headers.get("access-control-allow-origin") == (origin if allowed else None), headers
        connection.close()


def raw_get(port: int, path: str, fields: list[tuple[str, str]]):
    """A GET with these field lines as they are, repeated names included (http.client joins nothing
    but sends one line per call too); (status, lower-cased headers)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    lines = "".join(f"{name}: {value}\r\n" for name, value in fields)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n{lines}\r\n".encode())
    answer = b""
    while chunk := sock.recv(65536):
        answer += chunk
    sock.close()
    head = answer.split(b"\r\n\r\n", 1)[0].decode().split("\r\n")
    headers = {}
    for line in head[1:]:
        name, value = line.split(":", 1)
        headers[name.strip().lower()] = value.strip()
    return int(head[0].split()[1]), headers


def test_a_list_header_split_over_many_field_lines_is_one_list(layoutd):
    """RFC 9110 §5.3: field lines of one name are one comma-joined list, however many (libmicrohttpd
    gives each line apart)."""
    server = layoutd()
    path = get_routes(server)[0]
    status, headers = raw_get(server.port, path, [])
    assert status == 200
    tag = headers["etag"]
    for lines in (2, 50):
        others = [("If-None-Match", f'"other-{index}"') for index in range(lines - 1)]
        assert raw_get(server.port, path, others + [("If-None-Match", tag)])[0] == 304, lines
        assert raw_get(server.port, path, [("If-None-Match", tag)] + others)[0] == 304, lines
        assert raw_get(server.port, path, others + [("If-None-Match", '"last"')])[0] == 200, lines
        identity = [("Accept-Encoding", "identity")] * (lines - 1)
        status, headers = raw_get(server.port, path, identity + [("Accept-Encoding", "gzip")])
        assert status == 200 and headers.get("content-encoding") == "gzip", (lines, headers)
        status, headers = raw_get(server.port, path, identity + [("Accept-Encoding", "")])
        assert status == 200 and "content-encoding" not in headers, (lines, headers)
