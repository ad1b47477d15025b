"""A small Chrome DevTools Protocol driver for headless Chromium, over one WebSocket (websocket-client).

    with Browser(width=1280, height=800) as browser:
        page = browser.new_page()
        page.navigate("http://127.0.0.1:8080/playground")
        page.evaluate("playground.ready", await_promise=True)
        page.screenshot("out.png")
        assert not page.errors()

The browser is started with `--remote-debugging-port=0` and a throwaway profile; the port is read from
the "DevTools listening on ws://…" line it prints on stderr. Pages are created with
Target.createTarget and attached with flattened sessions, so every command and event travels on the
browser's one socket, tagged with the page's `sessionId`. Each page collects, from the moment it is
attached: console errors (Runtime.consoleAPICalled of type error/assert), uncaught exceptions
(Runtime.exceptionThrown), log errors (Log.entryAdded of level error) and every request the page sends
(Network.requestWillBeSent) and which of them are done (loadingFinished, loadingFailed).
"""
import base64
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time

import websocket

BROWSER_NAMES = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome")


def find_chromium() -> str:
    """The first Chromium on the PATH (Debian's chromium-headless-shell first), or $CHROMIUM."""
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    for name in BROWSER_NAMES:
        path = shutil.which(name)
        if path:
            return path
    raise RuntimeError("no Chromium found (apt-get install chromium-headless-shell)")


class CDPError(RuntimeError):
    """A command answered with an error, or a script threw."""


class Browser:
    def __init__(self, width: int = 1280, height: int = 800, executable: str | None = None,
                 timeout: float = 30.0, extra_args: tuple = ()):
        self.width, self.height, self.timeout = width, height, timeout
        self.profile = tempfile.mkdtemp(prefix="layoutd-cdp-")
        self.process = subprocess.Popen(
            [executable or find_chromium(), "--headless", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "--hide-scrollbars", "--mute-audio",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
             "--disable-backgrounding-occluded-windows", *extra_args, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.stderr_lines: list[str] = []
        url = self._read_devtools_url()
        # The rest of stderr is drained by a thread: a full pipe would block the browser.
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        self.ws = websocket.create_connection(url, timeout=timeout, suppress_origin=True,
                                              enable_multithread=True)
        self._ids = itertools.count(1)
        self._pending: dict[int, dict] = {}
        self._answered = threading.Condition()
        self._sessions: dict[str, "Page"] = {}
        self._closed = False
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()

    # --- process -----------------------------------------------------------------------------------
    def _read_devtools_url(self) -> str:
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line:
                if self.process.poll() is not None:
                    break
                continue
            self.stderr_lines.append(line.rstrip("\n"))
            match = re.search(r"DevTools listening on (ws://\S+)", line)
            if match:
                return match.group(1)
        self.process.kill()
        raise RuntimeError("Chromium did not print its DevTools address:\n" + "\n".join(self.stderr_lines[-20:]))

    def _drain_stderr(self):
        for line in self.process.stderr:
            if len(self.stderr_lines) < 2000:
                self.stderr_lines.append(line.rstrip("\n"))

    def close(self):
        if self._closed:
            return
        self._closed = True
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.ws.close()
        except Exception:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- protocol ----------------------------------------------------------------------------------
    def _read_loop(self):
        while True:
            try:
                raw = self.ws.recv()
            except Exception as error:  # the socket closed: wake every waiter
                with self._answered:
                    self._reader_error = error
                    self._answered.notify_all()
                return
            if not raw:
                continue
            message = json.loads(raw)
            if "id" in message:
                with self._answered:
                    self._pending[message["id"]] = message
                    self._answered.notify_all()
            else:
                page = self._sessions.get(message.get("sessionId"))
                if page is not None:
                    page._event(message["method"], message.get("params", {}))

    def send(self, method: str, params: dict | None = None, session: str | None = None,
             timeout: float | None = None) -> dict:
        """Sends a command and waits for its answer; raises CDPError on a protocol error."""
        ident = next(self._ids)
        message = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.ws.send(json.dumps(message))
        deadline = time.monotonic() + (timeout or self.timeout)
        with self._answered:
            while ident not in self._pending:
                if getattr(self, "_reader_error", None) is not None:
                    raise CDPError(f"{method}: the DevTools socket closed ({self._reader_error})")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise CDPError(f"{method}: no answer within {timeout or self.timeout} s")
                self._answered.wait(left)
            answer = self._pending.pop(ident)
        if "error" in answer:
            raise CDPError(f"{method}: {answer['error'].get('message')} {answer['error'].get('data', '')}".strip())
        return answer.get("result", {})

    def new_page(self, url: str = "about:blank") -> "Page":
        """A new tab, attached, with the fixed window size at device scale factor 1."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, target, session)
        self._sessions[session] = page
        page._enable()
        if url != "about:blank":
            page.navigate(url)
        return page


class Page:
    def __init__(self, browser: Browser, target_id: str, session_id: str):
        self.browser, self.target_id, self.session_id = browser, target_id, session_id
        self._lock = threading.Condition()
        # Console errors, uncaught exceptions and log errors, in order of arrival: dicts with `source`
        # ("console", "exception" or "log"), `text` and, for log entries, the entry's `url`.
        self.error_events: list[dict] = []
        self.requests: list[dict] = []   # Network.requestWillBeSent params, in order
        self.finished: set[str] = set()  # requestIds answered or failed (loadingFinished, loadingFailed)
        self.console: list[str] = []     # every console message, as "type: text"
        self._loads = 0
        self._listeners: dict[str, list] = {}

    def send(self, method: str, params: dict | None = None, timeout: float | None = None) -> dict:
        return self.browser.send(method, params, session=self.session_id, timeout=timeout)

    def _enable(self):
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.send(f"{domain}.enable")
        self.set_window(self.browser.width, self.browser.height)

    def set_window(self, width: int, height: int):
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    # --- events ------------------------------------------------------------------------------------
    def on(self, method: str, callback):
        """Calls `callback(params)` for every event `method`, on the socket's reader thread: it must not
        wait for a command's answer there (hand the work to another thread)."""
        self._listeners.setdefault(method, []).append(callback)

    def _event(self, method: str, params: dict):
        for callback in self._listeners.get(method, ()):
            callback(params)
        with self._lock:
            if method == "Runtime.consoleAPICalled":
                text = " ".join(_remote_text(arg) for arg in params.get("args", []))
                self.console.append(f"{params.get('type')}: {text}")
                if params.get("type") in ("error", "assert"):
                    self.error_events.append({"source": "console", "text": text})
            elif method == "Runtime.exceptionThrown":
                details = params.get("exceptionDetails", {})
                exception = details.get("exception", {})
                text = exception.get("description") or details.get("text", "exception")
                where = f" at {details.get('url', '')}:{details.get('lineNumber', '?')}"
                self.error_events.append({"source": "exception", "text": text + where})
            elif method == "Log.entryAdded":
                entry = params.get("entry", {})
                if entry.get("level") == "error":
                    self.error_events.append({"source": "log", "text": f"{entry.get('source')}: {entry.get('text')}",
                                              "url": entry.get("url", "")})
            elif method == "Network.requestWillBeSent":
                self.requests.append(params)
            elif method in ("Network.loadingFinished", "Network.loadingFailed"):
                self.finished.add(params["requestId"])
            elif method == "Page.loadEventFired":
                self._loads += 1
            self._lock.notify_all()

    def errors(self, since: int = 0) -> list[str]:
        """Every console error, uncaught exception and log error seen so far (from index `since`)."""
        with self._lock:
            return [f"{e['source']}: {e['text']}" + (f" ({e['url']})" if e.get("url") else "")
                    for e in self.error_events[since:]]

    def request_urls(self, contains: str = "") -> list[str]:
        with self._lock:
            return [r["request"]["url"] for r in self.requests if contains in r["request"]["url"]]

    # --- actions -----------------------------------------------------------------------------------
    def navigate(self, url: str, timeout: float | None = None):
        """Navigates and waits for the load event."""
        with self._lock:
            loads = self._loads
        answer = self.send("Page.navigate", {"url": url})
        if answer.get("errorText"):
            raise CDPError(f"navigation to {url} failed: {answer['errorText']}")
        deadline = time.monotonic() + (timeout or self.browser.timeout)
        with self._lock:
            while self._loads == loads:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise CDPError(f"{url}: no load event within {timeout or self.browser.timeout} s")
                self._lock.wait(left)

    def evaluate(self, expression: str, await_promise: bool = True, timeout: float | None = None):
        """The value of a JavaScript expression (a promise is awaited), returned by value (JSON)."""
        answer = self.send("Runtime.evaluate", {
            "expression": expression, "awaitPromise": await_promise, "returnByValue": True,
            "userGesture": True}, timeout=timeout)
        if "exceptionDetails" in answer:
            details = answer["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise CDPError(f"script threw: {text}\n  in: {expression[:300]}")
        result = answer.get("result", {})
        return result.get("value")

    def wait_for(self, expression: str, timeout: float = 10.0, interval: float = 0.05):
        """Polls until a JavaScript expression is truthy; returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression, await_promise=False)
            if value:
                return value
            if time.monotonic() > deadline:
                raise CDPError(f"still false after {timeout} s: {expression}")
            time.sleep(interval)

    def screenshot(self, path: str | None = None) -> bytes:
        """A PNG of the viewport; written to `path` when given."""
        data = base64.b64decode(self.send("Page.captureScreenshot", {"format": "png"})["data"])
        if path:
            with open(path, "wb") as out:
                out.write(data)
        return data

    def close(self):
        self.browser._sessions.pop(self.session_id, None)
        self.browser.send("Target.closeTarget", {"targetId": self.target_id})


def _remote_text(arg: dict) -> str:
    if "value" in arg:
        return arg["value"] if isinstance(arg["value"], str) else json.dumps(arg["value"])
    return arg.get("description") or arg.get("unserializableValue") or arg.get("type", "?")
