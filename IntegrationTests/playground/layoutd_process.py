"""Starts a real layoutd on a free port (as IntegrationTests/ops/conftest.py does) and talks JSON to it."""
import json
import subprocess
import tempfile
import urllib.error
import urllib.request


class Layoutd:
    def __init__(self, binary: str, *arguments: str):
        # Logs go to a file: a pipe nobody reads would fill up and block the server's threads.
        self.log_file = tempfile.TemporaryFile("w+")
        self.process = subprocess.Popen(
            [binary, "--host", "127.0.0.1", "--port", "0", *arguments],
            stdout=subprocess.PIPE, stderr=self.log_file, text=True)
        line = self.process.stdout.readline()
        if "listening" not in line:
            self.process.kill()
            raise RuntimeError(f"layoutd did not start: {line!r}")
        self.port = int(json.loads(line)["port"])
        self.url = f"http://127.0.0.1:{self.port}"

    def request(self, method: str, path: str, body=None):
        """(status, parsed JSON or raw bytes)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                status, raw, kind = answer.status, answer.read(), answer.headers.get("Content-Type", "")
        except urllib.error.HTTPError as error:
            status, raw, kind = error.code, error.read(), error.headers.get("Content-Type", "")
        return status, (json.loads(raw) if "json" in kind and raw else raw)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()
