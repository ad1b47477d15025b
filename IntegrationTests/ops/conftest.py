"""Starts real layoutd processes for the operational tests. The binary comes from LAYOUTD_BIN."""
import json
import os
import signal
import subprocess
import tempfile
import urllib.request

import pytest

BINARY = os.environ.get("LAYOUTD_BIN", ".build/debug/layoutd")


class Layoutd:
    def __init__(self, *arguments: str, env: dict | None = None):
        # Logs go to a file: a pipe nobody reads would fill up and block the server's threads.
        self.log_file = tempfile.TemporaryFile("w+")
        self.process = subprocess.Popen(
            [BINARY, "--host", "127.0.0.1", "--port", "0", *arguments],
            stdout=subprocess.PIPE, stderr=self.log_file, text=True, env={**os.environ, **(env or {})})
        line = self.first_line = self.process.stdout.readline()
        assert "listening" in line, f"layoutd did not start: {line!r}"
        # A JSON record by default; the plain line under --log-format text.
        self.port = int(json.loads(line)["port"] if line.startswith("{") else line.rsplit(":", 1)[1])
        self.url = f"http://127.0.0.1:{self.port}"

    def request(self, method: str, path: str, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers or {})
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, dict(answer.headers), answer.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def stop(self, sig=signal.SIGTERM, timeout=15) -> int:
        if self.process.poll() is None:
            self.process.send_signal(sig)
        return self.process.wait(timeout=timeout)

    def logs(self) -> list[dict]:
        self.log_file.seek(0)
        return [json.loads(line) for line in self.log_file.read().splitlines() if line.startswith("{")]


@pytest.fixture
def layoutd():
    servers = []

    def start(*arguments, env=None):
        server = Layoutd(*arguments, env=env)
        servers.append(server)
        return server

    yield start
    for server in servers:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()
