"""Health endpoints, Prometheus metrics and the structured request log."""
import json
import re
import time

LAYOUT = {"bounds": {"width": 320, "height": 400}, "itemCount": 40}


def test_livez_and_readyz(layoutd):
    server = layoutd()
    for path in ["/livez", "/readyz", "/healthz"]:
        status, _, body = server.request("GET", path)
        assert status == 200, path
        assert json.loads(body)["status"] in ("ok", "ready")


def test_metrics_in_prometheus_text_format(layoutd):
    server = layoutd()
    for offset in range(5):
        _, _, answer = server.request(
            "POST", "/v1/layout", {**LAYOUT, "bounds": {"x": 0, "y": offset * 50, "width": 320, "height": 400}})
    # build_info carries the algorithm version the answers report.
    algorithm = json.loads(answer)["algorithmVersion"]
    server.request("GET", "/v1/layouts/0123456789abcdef0123456789abcdef")
    server.request("GET", "/some/unknown/path/123")
    status, headers, body = server.request("GET", "/metrics")
    assert status == 200
    assert headers["Content-Type"].startswith("text/plain; version=0.0.4")
    text = body.decode()
    assert 'layoutd_http_requests_total{route="/v1/layout",status="200"} 5' in text
    assert 'layoutd_http_requests_total{route="/v1/layouts/{id}",status="404"} 1' in text
    assert 'layoutd_http_requests_total{route="unmatched",status="404"} 1' in text
    # Sub-millisecond latency buckets.
    assert re.search(r'layoutd_http_request_duration_seconds_bucket\{route="/v1/layout",le="(2\.5e-05|0\.000025)"\}', text)
    assert 'layoutd_http_request_duration_seconds_count{route="/v1/layout"} 5' in text
    assert 'layoutd_http_request_size_bytes_count{route="/v1/layout"} 5' in text
    assert 'layoutd_http_response_size_bytes_count{route="/v1/layout"} 5' in text
    assert "layoutd_items_per_request_count 5" in text
    assert "layoutd_cache_hits_total 4" in text
    assert "layoutd_cache_misses_total" in text and "layoutd_cache_evictions_total 0" in text
    assert re.search(r"layoutd_cache_bytes \d+", text)
    assert re.search(r"layoutd_http_requests_in_flight", text)
    assert re.search(r'layoutd_build_info\{version="[^"]+",algorithm_version="' + str(algorithm) + r'",swift="[^"]+"\} 1', text)
    assert "layoutd_http_bodies_rejected_total" in text
    # Label values stay bounded: no ids, no raw paths.
    assert "0123456789abcdef" not in text and "/some/unknown" not in text


def test_one_json_line_per_request_with_request_id(layoutd):
    server = layoutd()
    status, headers, _ = server.request("POST", "/v1/layout", LAYOUT, headers={"X-Request-ID": "trace-42"})
    assert status == 200 and headers["X-Request-ID"] == "trace-42"
    status, headers, _ = server.request("POST", "/v1/layout", {"bounds": {"width": 1, "height": 1}})
    assert status == 400
    generated = headers["X-Request-ID"]
    assert generated and generated != "trace-42"
    assert server.stop() == 0
    requests = [line for line in server.logs() if line.get("message") == "request"]
    assert len(requests) == 2
    first, second = requests
    assert first["request_id"] == "trace-42"
    assert first["method"] == "POST" and first["route"] == "/v1/layout" and first["status"] == 200
    assert first["cache"] == "miss" and first["items"] == 40
    assert first["response_bytes"] > 0 and first["duration_us"] > 0
    assert second["request_id"] == generated and second["status"] == 400
    assert "sections" in second["error"], "errors are logged with their cause"


def test_text_format_lines_carry_the_same_fields(layoutd):
    server = layoutd("--log-format", "text")
    status, _, _ = server.request("POST", "/v1/layout", LAYOUT, headers={"X-Request-ID": "trace-43"})
    assert status == 200
    assert server.stop() == 0
    assert server.first_line == f"layoutd listening on 127.0.0.1:{server.port}\n"
    server.log_file.seek(0)
    lines = [line for line in server.log_file.read().splitlines() if " request" in line and "route=" in line]
    assert len(lines) == 1, lines
    fields = dict(re.findall(r"(\w+)=(\S+)", lines[0]))
    assert fields["route"] == "/v1/layout" and fields["method"] == "POST" and fields["status"] == "200"
    assert fields["request_id"] == "trace-43" and fields["items"] == "40" and fields["cache"] == "miss"


def test_every_line_is_json_the_http_layers_messages_too(layoutd):
    """libmicrohttpd's own messages (here: a request without Host, a request line that is not HTTP) go
    through the same log handler as every other line, marked `component: http`, without the library's
    HTML bodies."""
    import socket
    server = layoutd()
    for request in (b"GET /healthz HTTP/1.1\r\n\r\n", b"HELLO\r\n\r\n"):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        sock.sendall(request)
        assert sock.recv(4096).startswith(b"HTTP/1.1 400 ")
        sock.close()
    time.sleep(0.2)
    assert server.stop() == 0
    # Standard output too: the line that tells the port is a record like the others.
    told = json.loads(server.first_line)
    assert told["message"] == "listening" and told["port"] == server.port and told["level"] == "info", told
    assert all(line.startswith("{") for line in server.process.stdout.read().splitlines())
    server.log_file.seek(0)
    lines = server.log_file.read().splitlines()
    assert lines and all(line.startswith("{") for line in lines), lines
    records = [json.loads(line) for line in lines]
    library = [record for record in records if record.get("component") == "http"]
    assert len(library) >= 2, records
    assert all(record["level"] == "warning" and "<" not in record["message"] for record in library), library
    assert any("Host" in record["message"] for record in library), library


def test_probes_metrics_and_problems_are_not_stored_by_caches(layoutd):
    server = layoutd()
    for path in ("/healthz", "/livez", "/readyz", "/metrics", "/v1/cache", "/v1/layouts/unknown"):
        status, headers, _ = server.request("GET", path)
        assert headers.get("Cache-Control") == "no-store", (path, status, headers)
