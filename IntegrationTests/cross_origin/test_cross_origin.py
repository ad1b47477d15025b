"""The JavaScript client (clients/js) on web pages of other origins than layoutd's, in headless Chromium.

    python3 IntegrationTests/cross_origin/test_cross_origin.py .build/debug/layoutd
    python3 IntegrationTests/cross_origin/test_cross_origin.py .build/debug/layoutd --no-cors   # must fail

Starts layoutd with `--cors-origins` naming exactly one origin, A, and serves two page origins from
Python's http.server on loopback: A (allowed) and B (another port, so another origin, not listed).
Each serves a small page and the client's modules (every .js file of this repository's clients/js),
never from layoutd's origin. Through the DevTools protocol (the playground's
cdp.py) it proves:

1. on page A, `LayoutdClient` with layoutd's URL works across origins: a 20,000-item registration goes
   gzip-compressed (`stats.compressed`, `Content-Encoding: gzip` on the wire, so the preflight allowed
   that header) and gets the layout id Python gets registering the same JSON; a view computed from a
   band, views sampled while a `BandScroller` scrolls by bands, and the band of an update's new layout
   (resize with an anchor, append) equal the service's answers to Python for the same bounds, and the
   update's id and offset adjustment equal Python's; a plain `fetch` reads the exposed `ETag`,
   `Location` and `X-Request-ID` (the ETag equal to Python's for the same request, a page's own
   X-Request-ID echoed) but not `Date`, which is not exposed;
2. on page B the same `client.register(...)` and a plain `fetch` of /healthz reject with a TypeError
   ("Failed to fetch"), Chromium reports a CORS error for both (Log.entryAdded of category `cors`
   naming "CORS policy" and "Access-Control-Allow-Origin", and Network.loadingFailed's
   `corsErrorStatus`), and B's registration never reaches the server (its preflight had no CORS
   fields, so the browser did not send the POST);
3. every preflight page A sent was answered 204 with Access-Control-Allow-Origin naming A, and the
   server's access log has a line `OPTIONS … 204` for each (matched by X-Request-ID), as well as the
   compressed registration with its 20,000 items.

With `--no-cors` (or CROSS_ORIGIN_NO_CORS=1) layoutd starts without `--cors-origins`: the same checks
run and step 1 fails, which shows the test can fail. Prints one summary line; exits 1 listing every
failure.
"""
import argparse
import gzip
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CLIENT_DIR = REPO / "clients" / "js"
CLIENT_FILES = tuple(sorted(path.name for path in CLIENT_DIR.glob("*.js")))
sys.path.insert(0, str(REPO / "IntegrationTests" / "playground"))
import cdp  # noqa: E402
from layoutd_process import Layoutd  # noqa: E402

PAGE = b"""<!doctype html>
<meta charset="utf-8">
<title>layoutd from another origin</title>
<script type="module">
  import * as layoutd from './layoutd.js';
  window.layoutd = layoutd;
</script>
"""

WIDTH, HEIGHT = 390, 844
ITEMS = 20_000
# Two sections of listed items of varied sizes, pinned headers: large enough (about 550 KB of JSON)
# that the client sends it gzip-compressed (above 32 KiB).
DESCRIPTION = {
    "viewport": {"width": WIDTH},
    "layout": {"minimumLineSpacing": 4, "minimumInteritemSpacing": 4, "headerReferenceSize": {"height": 40},
               "sectionHeadersPinToVisibleBounds": True},
    "sections": [
        {"items": [{"width": 40 + (i * 7) % 61, "height": 30 + (i * 13) % 41} for i in range(0, 12_000)]},
        {"items": [{"width": 40 + (i * 7) % 61, "height": 30 + (i * 13) % 41} for i in range(12_000, ITEMS)]},
    ],
}
BAND = {"x": 0, "y": 0, "width": WIDTH, "height": 4 * HEIGHT}
VIEW = {"x": 0, "y": 1000.25, "width": WIDTH, "height": HEIGHT}
SCROLL_STEP, SCROLL_END = 24, 24_000
SCROLL_SAMPLES = [0, 4800, 9600, 14_400, 19_200, 24_000]
UPDATES = [{"op": "resizeItems", "section": 0, "at": 0, "sizes": [{"width": WIDTH, "height": 160}]},
           {"op": "appendItems", "section": 1, "items": [{"width": 120, "height": 90}] * 3}]
ANCHOR = {"bounds": {"x": 0, "y": 5000, "width": WIDTH, "height": HEIGHT}}
UPDATED_BAND = {"x": 0, "y": 0, "width": WIDTH, "height": 3000}
UPDATED_VIEW = {"x": 0, "y": 0, "width": WIDTH, "height": HEIGHT}
PROBE_REQUEST_ID = "cross-origin-probe-1"
ELEMENT_KEYS = ("kind", "section", "item", "layer", "frame", "center", "zIndex")
MAX_FAILURES_SHOWN = 40


class Failures:
    def __init__(self):
        self.messages: list[str] = []

    def check(self, condition, message: str) -> bool:
        if not condition:
            self.messages.append(message)
        return bool(condition)


class PageOrigin:
    """One web origin on loopback, in a thread: the page at / and the client's modules beside it."""

    def __init__(self):
        self.paths: list[str] = []
        origin = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                path = self.path.split("?", 1)[0]
                origin.paths.append(path)
                if path in ("/", "/index.html"):
                    body, kind = PAGE, "text/html; charset=utf-8"
                elif path.lstrip("/") in CLIENT_FILES:
                    body, kind = (CLIENT_DIR / path.lstrip("/")).read_bytes(), "text/javascript; charset=utf-8"
                else:
                    body, kind = b"not found\n", "text/plain"
                self.send_response(200 if kind != "text/plain" else 404)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class Watcher:
    """What Chromium reports on a page's network and log: preflights with their answers, requests
    with their headers and answers, CORS failures, CORS log entries."""

    def __init__(self, page: cdp.Page):
        self.lock = threading.Lock()
        self.requests: dict[str, dict] = {}    # requestId → {method, url, headers, type, status, response_headers}
        self.cors_failures: list[dict] = []    # Network.loadingFailed with corsErrorStatus: {url, corsError}
        self.cors_log: list[dict] = []         # Log.entryAdded of category cors
        page.on("Network.requestWillBeSent", self.sent)
        page.on("Network.responseReceived", self.received)
        page.on("Network.loadingFailed", self.failed)
        page.on("Log.entryAdded", self.logged)

    def sent(self, params):
        request = params["request"]
        with self.lock:
            self.requests[params["requestId"]] = {"method": request["method"], "url": request["url"],
                                                  "headers": request.get("headers", {}), "type": params.get("type")}

    def received(self, params):
        response = params["response"]
        with self.lock:
            entry = self.requests.setdefault(params["requestId"], {"method": None, "url": response["url"], "headers": {}})
            entry.update(type=params.get("type"), status=response["status"], response_headers=response.get("headers", {}))

    def failed(self, params):
        if params.get("corsErrorStatus"):
            with self.lock:
                url = self.requests.get(params["requestId"], {}).get("url")
                self.cors_failures.append({"url": url, "corsError": params["corsErrorStatus"].get("corsError")})

    def logged(self, params):
        entry = params.get("entry", {})
        if entry.get("category") == "cors" or "CORS policy" in entry.get("text", ""):
            with self.lock:
                self.cors_log.append(entry)

    def preflights(self) -> list[dict]:
        with self.lock:
            return [dict(r) for r in self.requests.values() if r.get("type") == "Preflight"]

    def find(self, method: str, url_end: str) -> list[dict]:
        with self.lock:
            return [dict(r) for r in self.requests.values()
                    if r.get("method") == method and r.get("type") != "Preflight" and r["url"].endswith(url_end)]


def header(headers: dict, name: str):
    """A header's value from CDP's headers (any capitalisation), or None."""
    return next((value for key, value in headers.items() if key.lower() == name.lower()), None)


def call(service: Layoutd, method: str, path: str, body=None, headers: dict | None = None):
    """(status, headers, parsed JSON) of a request made from Python, with no Origin."""
    # Compact, as the page's JSON.stringify: the ETag's hash depends on the body's bytes.
    data = json.dumps(body, separators=(",", ":")).encode() if body is not None else None
    request = urllib.request.Request(service.url + path, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            status, fields, raw = answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        status, fields, raw = error.code, error.headers, error.read()
    if fields.get("Content-Encoding") == "gzip":
        raw = gzip.decompress(raw)
    return status, fields, (json.loads(raw) if raw else None)


def elements(attributes) -> list[dict]:
    return [{key: element.get(key) for key in ELEMENT_KEYS} for element in attributes or []]


def first_difference(local, remote) -> str | None:
    """Where a view computed in the page differs from the service's attributes (exactly), or None."""
    a, b = elements(local), elements(remote)
    if len(a) != len(b):
        return f"{len(a)} elements in the page, {len(b)} from the service"
    for index, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"element {index}: page {x} != service {y}"
    return None


def server_log(service: Layoutd) -> list[dict]:
    """layoutd's JSON log lines so far, read without moving the offset layoutd writes at."""
    fd = service.log_file.fileno()
    text = os.pread(fd, os.fstat(fd).st_size, 0).decode("utf-8", "replace")
    lines = []
    for line in text.splitlines():
        try:
            lines.append(json.loads(line))
        except ValueError:
            pass
    return lines


def settled_log(service: Layoutd, quiet: float = 0.25, timeout: float = 3.0) -> list[dict]:
    """The log once no line has been added for `quiet` seconds (a request's line follows its answer)."""
    lines, deadline = server_log(service), time.monotonic() + timeout
    while time.monotonic() < deadline:
        time.sleep(quiet)
        now = server_log(service)
        if len(now) == len(lines):
            break
        lines = now
    return lines


def access_lines(service: Layoutd, request_ids, timeout: float = 3.0) -> dict[str, dict]:
    """The access log's lines of these request ids, waiting a little for the last ones to be written."""
    wanted = set(request_ids)
    deadline = time.monotonic() + timeout
    while True:
        found = {line["request_id"]: line for line in server_log(service)
                 if line.get("message") == "request" and line.get("request_id") in wanted}
        if len(found) == len(wanted) or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def js_step(body: str) -> str:
    """An async step run in the page: its value, or {error} with what it threw."""
    return f"""(async () => {{
      try {{ {body} }}
      catch (error) {{ return {{error: `${{error?.name}}: ${{error?.message}}`}}; }}
    }})()"""


class CrossOriginTest:
    def __init__(self, service: Layoutd, browser: cdp.Browser, allowed: PageOrigin, other: PageOrigin):
        self.service, self.browser, self.allowed, self.other = service, browser, allowed, other
        self.failures = Failures()
        self.summary: dict = {}

    def open(self, origin: PageOrigin):
        page = self.browser.new_page()
        watcher = Watcher(page)
        page.navigate(origin.url + "/")
        page.wait_for("typeof window.layoutd?.LayoutdClient === 'function'", timeout=10)
        page.evaluate(f"window.client = new window.layoutd.LayoutdClient({{baseURL: {json.dumps(self.service.url)}}})")
        return page, watcher

    def step(self, page: cdp.Page, what: str, body: str, timeout: float = 30):
        """Runs a step in the page; None (and a failure) when it threw."""
        try:
            value = page.evaluate(js_step(body), timeout=timeout)
        except cdp.CDPError as error:
            value = {"error": str(error)}
        if isinstance(value, dict) and "error" in value:
            self.failures.check(False, f"page A: {what}: {value['error']}")
            return None
        return value

    def attributes(self, layout_id: str, bounds: dict):
        status, _, answer = call(self.service, "POST", f"/v1/layouts/{layout_id}/attributes", {"bounds": bounds})
        self.failures.check(status == 200, f"python: attributes of {layout_id} for {bounds}: {status} {answer}")
        return (answer or {}).get("attributes")

    # --- 1. page A, the allowed origin ---
    def allowed_page(self):
        page, watcher = self.open(self.allowed)
        self.page_a, self.watcher_a = page, watcher
        served = set(self.allowed.paths)
        self.failures.check(all(f"/{name}" in served for name in CLIENT_FILES),
                            f"page A: its origin did not serve the client's modules (served {sorted(served)})")
        scripts = [r["url"] for r in watcher.requests.values() if r.get("type") == "Script"]
        self.failures.check(scripts and all(url.startswith(self.allowed.url + "/") for url in scripts),
                            f"page A: scripts not from the page's origin: {scripts}")

        status, _, expected = call(self.service, "POST", "/v1/layouts", DESCRIPTION)
        self.failures.check(status in (200, 201), f"python: registration answered {status} {expected}")
        expected_id = (expected or {}).get("layoutId")

        registered = self.step(page, "client.register(20,000 items)", f"""
            window.layout = await client.register({json.dumps(DESCRIPTION)});
            return {{id: layout.id, metadata: layout.metadata, compressed: client.stats.compressed}};""")
        if registered is None:
            return
        self.failures.check(registered["compressed"] >= 1,
                            f"page A: client.stats.compressed is {registered['compressed']}: the registration was not compressed")
        self.failures.check(registered["id"] == expected_id,
                            f"page A: registered as {registered['id']}, Python's registration of the same JSON as {expected_id}")
        metadata = {k: v for k, v in registered["metadata"].items() if k != "cache"}
        self.failures.check(metadata.get("itemCount") == ITEMS and metadata.get("contentSize") == (expected or {}).get("contentSize"),
                            f"page A: registration answered {metadata}, Python got {expected}")
        posts = watcher.find("POST", "/v1/layouts")
        self.failures.check(posts and header(posts[0]["headers"], "Content-Encoding") == "gzip",
                            f"page A: the registration went without Content-Encoding: gzip ({[p['headers'] for p in posts]})")
        layout_id = registered["id"]
        self.summary["layout"] = layout_id
        self.summary["content_height"] = metadata.get("contentSize", {}).get("height")

        # A band, and a view computed from it on the device.
        view = self.step(page, "layout.band(…).view(…)", f"""
            window.band = await layout.band({json.dumps(BAND)});
            return band.view({json.dumps(VIEW)});""")
        if view is not None:
            difference = first_difference(view, self.attributes(layout_id, VIEW))
            self.failures.check(difference is None, f"page A: band.view({VIEW}) differs from the service's attributes: {difference}")
            self.failures.check(len(view) > 0, "page A: the view from the band is empty")

        # Scrolling by bands: a BandScroller over many screens, a frame every few milliseconds.
        scroll = self.step(page, "BandScroller scroll", f"""
            const scroller = layout.scroller({{}});
            const samples = {{}};
            const sampleAt = new Set({json.dumps(SCROLL_SAMPLES)});
            const bandsBefore = client.stats.bands;
            let unanswered = 0;
            for (let y = 0; y <= {SCROLL_END}; y += {SCROLL_STEP}) {{
              const view = await scroller.viewWhenReady({{x: 0, y, width: {WIDTH}, height: {HEIGHT}}});
              if (!view) unanswered += 1;
              if (sampleAt.has(y)) samples[y] = view;
              await new Promise((resolve) => setTimeout(resolve, 1));
            }}
            return {{stats: scroller.stats, bands: client.stats.bands - bandsBefore, unanswered, samples}};""", timeout=60)
        if scroll is not None:
            self.failures.check(scroll["unanswered"] == 0, f"page A: {scroll['unanswered']} scroll frame(s) got no view")
            self.failures.check(scroll["bands"] >= 3 and scroll["stats"]["refills"] >= 2,
                                f"page A: scrolling {SCROLL_END} points fetched {scroll['bands']} band(s), {scroll['stats']['refills']} refill(s)")
            for y in SCROLL_SAMPLES:
                bounds = {"x": 0, "y": y, "width": WIDTH, "height": HEIGHT}
                difference = first_difference(scroll["samples"].get(str(y)), self.attributes(layout_id, bounds))
                self.failures.check(difference is None, f"page A: the scroller's view at y {y} differs from the service's: {difference}")
            self.summary["scroll"] = scroll

        # An update with an anchor; the new layout's band.
        updated = self.step(page, "layout.update(…)", f"""
            const {{ layout: updated, answer }} = await layout.update({json.dumps(UPDATES)}, {{anchor: {json.dumps(ANCHOR)}}});
            const band = await updated.band({json.dumps(UPDATED_BAND)});
            return {{id: updated.id, answer, view: band.view({json.dumps(UPDATED_VIEW)})}};""")
        if updated is not None:
            status, _, answer = call(self.service, "POST", f"/v1/layouts/{layout_id}/updates", {"updates": UPDATES, "anchor": ANCHOR})
            self.failures.check(status in (200, 201), f"python: update answered {status} {answer}")
            answer = answer or {}
            self.failures.check(updated["id"] == answer.get("layoutId") and updated["id"] != layout_id,
                                f"page A: the update gave {updated['id']}, Python's the same update {answer.get('layoutId')}")
            for key in ("contentOffsetAdjustment", "contentSize", "itemCount"):
                self.failures.check(updated["answer"].get(key) == answer.get(key),
                                    f"page A: the update's {key} is {updated['answer'].get(key)}, Python's {answer.get(key)}")
            difference = first_difference(updated["view"], self.attributes(updated["id"], UPDATED_VIEW))
            self.failures.check(difference is None, f"page A: the updated layout's band view differs from the service's: {difference}")
            first = (updated["view"] or [{}])[0]
            self.failures.check(first.get("item") == 0 and first.get("frame", {}).get("height") == 160,
                                f"page A: the resized first item reads {first}")
            self.summary["update"] = {"id": updated["id"], "adjustment": updated["answer"].get("contentOffsetAdjustment")}

        # Plain fetches: the exposed headers are readable, others are not.
        headers = self.step(page, "fetch with exposed headers", f"""
            const base = {json.dumps(self.service.url)};
            const attributes = await fetch(base + '/v1/layouts/' + layout.id + '/attributes', {{
              method: 'POST', headers: {{'Content-Type': 'application/json'}}, body: JSON.stringify({{bounds: {json.dumps(VIEW)}}})}});
            const registration = await fetch(base + '/v1/layouts', {{
              method: 'POST', headers: {{'Content-Type': 'application/json'}}, body: JSON.stringify({{viewport: {{width: 390}}, itemCount: 7}})}});
            const probe = await fetch(base + '/healthz', {{headers: {{'X-Request-ID': {json.dumps(PROBE_REQUEST_ID)}}}}});
            const read = (r) => ({{status: r.status, etag: r.headers.get('ETag'), location: r.headers.get('Location'),
                                  requestId: r.headers.get('X-Request-ID'), date: r.headers.get('Date')}});
            return {{attributes: read(attributes), registration: read(registration), probe: read(probe)}};""")
        if headers is not None:
            seen = headers["attributes"]
            _, fields, _ = call(self.service, "POST", f"/v1/layouts/{layout_id}/attributes", {"bounds": VIEW},
                                headers={"Accept-Encoding": "gzip"})
            self.failures.check(seen["status"] == 200 and seen["etag"] and seen["etag"] == fields.get("ETag"),
                                f"page A: the attributes' ETag reads {seen['etag']!r} in the page, Python got {fields.get('ETag')!r}")
            self.failures.check(bool(seen["requestId"]), f"page A: X-Request-ID is not readable: {seen}")
            self.failures.check(seen["date"] is None, f"page A: Date, not exposed, is readable: {seen['date']!r}")
            reg = headers["registration"]
            self.failures.check(reg["status"] == 201 and reg["location"] and reg["location"].startswith("/v1/layouts/")
                                and reg["etag"] and reg["requestId"], f"page A: the registration's exposed headers read {reg}")
            self.failures.check(headers["probe"]["requestId"] == PROBE_REQUEST_ID,
                                f"page A: the page's own X-Request-ID came back as {headers['probe']['requestId']!r}")
            self.visible_request_ids = [seen["requestId"], reg["requestId"], headers["probe"]["requestId"]]
            self.summary["etag"] = seen["etag"]

    # --- 2. page B, an origin not listed ---
    def other_page(self):
        before = settled_log(self.service)
        page, watcher = self.open(self.other)
        outcome = page.evaluate(f"""(async () => {{
            const settle = (promise) => promise.then((value) => ({{resolved: true}}),
                                                      (error) => ({{rejected: error?.name, message: error?.message}}));
            return {{register: await settle(client.register({json.dumps(DESCRIPTION)})),
                    health: await settle(fetch({json.dumps(self.service.url + '/healthz')}))}};
          }})()""", timeout=30)
        for what, result in (("client.register(…)", outcome["register"]), ("fetch('/healthz')", outcome["health"])):
            self.failures.check(result.get("rejected") == "TypeError" and "Failed to fetch" in (result.get("message") or ""),
                                f"page B: {what} should reject with TypeError: Failed to fetch, got {result}")
        # The log entries and failures arrive as events; wait a little for both.
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and (len(watcher.cors_log) < 2 or len(watcher.cors_failures) < 2):
            time.sleep(0.05)
        for path in ("/v1/layouts", "/healthz"):
            logged = [e for e in watcher.cors_log if f"{path}'" in e.get("text", "") and "CORS policy" in e.get("text", "")
                      and "Access-Control-Allow-Origin" in e.get("text", "")]
            self.failures.check(logged, f"page B: Chromium logged no CORS error for {path} ({[e.get('text') for e in watcher.cors_log]})")
            failed = [f for f in watcher.cors_failures if (f["url"] or "").endswith(path)]
            self.failures.check(failed, f"page B: no Network.loadingFailed with corsErrorStatus for {path} ({watcher.cors_failures})")
        # The server answered B's preflight and GET alike (without CORS fields); the POST never came.
        after = settled_log(self.service)[len(before):]
        requests = [line for line in after if line.get("message") == "request"]
        posts = [line for line in requests if line.get("method") == "POST"]
        self.failures.check(not posts, f"page B: a POST reached the server: {posts}")
        self.failures.check([line for line in requests if line.get("method") == "OPTIONS" and line.get("status") == 204]
                            and [line for line in requests if line.get("route") == "/healthz" and line.get("status") == 200],
                            f"page B: the server did not answer B's preflight (204) and GET /healthz (200): {requests}")
        preflights = watcher.preflights()
        self.failures.check(preflights and all(header(p.get("response_headers", {}), "Access-Control-Allow-Origin") is None
                                               for p in preflights),
                            f"page B: its preflight answers carried CORS fields: {[p.get('response_headers') for p in preflights]}")
        self.summary["blocked"] = sorted({f["corsError"] for f in watcher.cors_failures})
        self.summary["blocked_log"] = len(watcher.cors_log)

    # --- 3. the preflights of page A, in the browser and in the server's access log ---
    def preflights(self):
        preflights = self.watcher_a.preflights()
        if not self.failures.check(preflights, "page A: Chromium saw no preflight"):
            return
        for preflight in preflights:
            fields = preflight.get("response_headers", {})
            self.failures.check(preflight.get("status") == 204 and header(fields, "Access-Control-Allow-Origin") == self.allowed.url,
                                f"page A: preflight of {preflight['url']} answered {preflight.get('status')} {fields}")
        registration = [p for p in preflights if p["url"] == self.service.url + "/v1/layouts"]
        allowed_headers = (header(registration[0].get("response_headers", {}), "Access-Control-Allow-Headers") or "") if registration else ""
        self.failures.check("content-encoding" in allowed_headers.lower(),
                            f"page A: the registration's preflight allows headers {allowed_headers!r}, not Content-Encoding")
        # Every answer page A got from layoutd varies by Origin; the actual ones expose their headers.
        with self.watcher_a.lock:
            answers = [dict(r) for r in self.watcher_a.requests.values()
                       if r["url"].startswith(self.service.url + "/") and r.get("response_headers")]
        for answer in answers:
            fields = answer["response_headers"]
            self.failures.check("origin" in (header(fields, "Vary") or "").lower(),
                                f"page A: {answer['method']} {answer['url']} answered without Vary: Origin ({fields})")
            if answer.get("type") != "Preflight":
                self.failures.check(header(fields, "Access-Control-Expose-Headers") == "ETag, Location, Retry-After, X-Request-ID",
                                    f"page A: {answer['method']} {answer['url']} exposes {header(fields, 'Access-Control-Expose-Headers')!r}")
        ids = {header(p.get("response_headers", {}), "X-Request-ID"): p["url"] for p in preflights}
        ids.pop(None, None)
        lines = access_lines(self.service, ids)
        for request_id, url in ids.items():
            line = lines.get(request_id)
            self.failures.check(line and line.get("method") == "OPTIONS" and line.get("status") == 204,
                                f"access log: no OPTIONS 204 line for page A's preflight of {url} (X-Request-ID {request_id}): {line}")
        posts = [r for r in self.watcher_a.find("POST", "/v1/layouts") if r.get("response_headers")]
        if posts:
            request_id = header(posts[0]["response_headers"], "X-Request-ID")
            line = access_lines(self.service, [request_id]).get(request_id)
            self.failures.check(line and line.get("status") in (200, 201) and line.get("items") == ITEMS,
                                f"access log: the compressed registration ({request_id}) reads {line}")
        visible = [i for i in getattr(self, "visible_request_ids", []) if i]
        found = access_lines(self.service, visible)
        self.failures.check(len(found) == len(visible), f"access log: X-Request-IDs read in page A missing: {set(visible) - set(found)}")
        self.summary["answers"] = len(answers)
        self.summary["preflights"] = len(ids)
        self.summary["preflight_logged"] = sum(1 for i in ids if lines.get(i, {}).get("status") == 204)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", nargs="?", default=os.environ.get("LAYOUTD_BIN", str(REPO / ".build/debug/layoutd")))
    parser.add_argument("--no-cors", action="store_true", default=os.environ.get("CROSS_ORIGIN_NO_CORS") == "1",
                        help="start layoutd without --cors-origins: the test must then fail")
    options = parser.parse_args(argv[1:])
    started = time.monotonic()
    test = None
    allowed, other = PageOrigin(), PageOrigin()
    arguments = () if options.no_cors else ("--cors-origins", allowed.url)
    try:
        with Layoutd(options.binary, *arguments) as service, cdp.Browser(800, 600) as browser:
            test = CrossOriginTest(service, browser, allowed, other)
            for step in (test.allowed_page, test.other_page, test.preflights):
                if step == test.preflights and not hasattr(test, "watcher_a"):
                    continue
                try:
                    step()
                except Exception as error:  # noqa: BLE001 (every step's failure is listed)
                    test.failures.check(False, f"{step.__name__}: {type(error).__name__}: {error}")
    finally:
        allowed.close()
        other.close()
    seconds = time.monotonic() - started
    mode = " (layoutd without --cors-origins)" if options.no_cors else ""
    if test.failures.messages:
        messages = test.failures.messages
        print(f"cross-origin{mode}: {len(messages)} failure(s) ({seconds:.1f} s):", file=sys.stderr)
        for message in messages[:MAX_FAILURES_SHOWN]:
            print(f"  - {message[:600]}", file=sys.stderr)
        if len(messages) > MAX_FAILURES_SHOWN:
            print(f"  … and {len(messages) - MAX_FAILURES_SHOWN} more", file=sys.stderr)
        return 1
    s = test.summary
    scroll = s["scroll"]
    print(f"cross-origin{mode}: page {allowed.url} (listed) registered {ITEMS} items gzip-compressed as {s['layout']} "
          f"(Python's id), band view, {len(SCROLL_SAMPLES)} views of a {SCROLL_END}-point scroll "
          f"({scroll['stats']['frames']} frames, {scroll['bands']} bands, {scroll['stats']['misses']} misses) and the updated "
          f"layout {s['update']['id']} (adjustment {s['update']['adjustment']}) equal the service's; ETag, Location, "
          f"X-Request-ID readable, Date not; Vary: Origin on all {s['answers']} answers; {s['preflights']} preflights answered 204 with Allow-Origin, "
          f"{s['preflight_logged']} in the access log; page {other.url} (not listed) blocked: TypeError for register "
          f"and /healthz, {s['blocked_log']} CORS log entries ({', '.join(s['blocked'])}), no POST reached the server "
          f"({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
