"""Processes and helpers for the shared-store tests (test_store.py): redis-server, twemproxy
(Debian's nutcracker) and nginx running deploy/nginx's files, a minimal RESP client to look at what
layoutd wrote, and HTTP calls that keep the answer's exact bytes and how long it took."""
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import warnings
from pathlib import Path

import pytest
import redis

from conftest import Layoutd

REPOSITORY = Path(__file__).resolve().parents[2]
DEPLOY = REPOSITORY / "deploy" / "nginx"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"
NUTCRACKER = shutil.which("nutcracker") or "/usr/sbin/nutcracker"
NODE = shutil.which("node") or "/usr/bin/node"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(predicate, timeout: float, interval: float = 0.05, what: str = "condition"):
    """Polls `predicate` until it returns something true; returns it, or fails after `timeout`."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # noqa: BLE001 - a process still starting refuses connections
            last_error = error
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {what} (last error: {last_error!r})")


def stop_process(process: subprocess.Popen):
    """SIGTERM, and SIGKILL when it has not ended ten seconds later."""
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# MARK: Redis's protocol

class RedisError(Exception):
    pass


class Resp:
    """One connection to a Redis through redis-py, replies left as Redis sent them (bytes, integers,
    lists): enough to PING, GET binary values, SETRANGE, PTTL and SCAN."""

    def __init__(self, port: int, password: str | None = None, timeout: float = 5):
        # RESP2 and no CLIENT SETINFO on connecting: twemproxy closes the connection on HELLO and
        # CLIENT (the way to turn SETINFO off is deprecated, hence the filter).
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            self.client = redis.Redis(host="127.0.0.1", port=port, password=password, socket_timeout=timeout,
                                      socket_connect_timeout=timeout, single_connection_client=True, protocol=2,
                                      lib_name=None, lib_version=None)
        self.client.response_callbacks.clear()

    def close(self):
        self.client.close()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    def command(self, *arguments):
        try:
            return self.client.execute_command(*arguments)
        except redis.ResponseError as error:
            raise RedisError(str(error)) from error

    def keys(self, pattern: str = "*") -> list[str]:
        """Every key matching `pattern` (SCAN, so it also works where KEYS is refused)."""
        cursor, found = b"0", set()
        while True:
            cursor, batch = self.command("SCAN", cursor, "MATCH", pattern, "COUNT", 1000)
            found.update(key.decode() for key in batch)
            if cursor == b"0":
                return sorted(found)


class RedisServer:
    """A redis-server on its own port and data directory, durable (append-only file, fsync always),
    that can be killed and started again on the same port with the same data."""

    def __init__(self, directory: Path, password: str | None = None, port: int | None = None):
        self.directory = directory
        self.directory.mkdir(parents=True, exist_ok=True)
        self.password = password
        self.port = port or free_port()
        self.process = None
        self.start()

    def start(self):
        assert self.process is None or self.process.poll() is not None
        arguments = [REDIS, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                     "--appendonly", "yes", "--appendfsync", "always", "--dir", str(self.directory)]
        if self.password:
            arguments += ["--requirepass", self.password]
        log = open(self.directory / "redis.log", "a")
        self.process = subprocess.Popen(arguments, stdout=log, stderr=subprocess.STDOUT)
        log.close()

        def answers():
            assert self.process.poll() is None, f"redis-server exited: {self.log()[-500:]}"
            with self.connect() as connection:
                # Ours, not another server that happened to hold the port.
                return (connection.command("PING") == b"PONG"
                        and f"process_id:{self.process.pid}\r\n".encode() in connection.command("INFO", "server"))
        wait_until(answers, 10, what=f"redis-server on port {self.port}")

    def connect(self) -> Resp:
        return Resp(self.port, self.password)

    def command(self, *arguments):
        with self.connect() as connection:
            return connection.command(*arguments)

    def keys(self, pattern="*") -> list[str]:
        with self.connect() as connection:
            return connection.keys(pattern)

    def kill(self, sig=signal.SIGKILL):
        if self.process.poll() is None:
            self.process.send_signal(sig)
        self.process.wait(timeout=10)

    def log(self) -> str:
        return (self.directory / "redis.log").read_text(errors="replace")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"


class Nutcracker:
    """twemproxy in front of redis servers: keys spread over them by ketama on fnv1a_64."""

    def __init__(self, directory: Path, shards: list[RedisServer]):
        directory.mkdir(parents=True, exist_ok=True)
        self.port, self.stats_port = free_port(), free_port()
        servers = "".join(f"   - 127.0.0.1:{shard.port}:1 s{index + 1}\n" for index, shard in enumerate(shards))
        config = directory / "nutcracker.yml"
        config.write_text(
            "layoutd:\n"
            f"  listen: 127.0.0.1:{self.port}\n"
            "  hash: fnv1a_64\n"
            "  distribution: ketama\n"
            "  redis: true\n"
            "  auto_eject_hosts: false\n"
            "  timeout: 400\n"
            "  servers:\n" + servers)
        self.log_path = directory / "nutcracker.log"
        self.process = subprocess.Popen([NUTCRACKER, "-c", str(config), "-s", str(self.stats_port),
                                         "-o", str(self.log_path)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def answers():
            assert self.process.poll() is None, "nutcracker exited"
            with Resp(self.port) as connection:
                return connection.command("GET", "layoutd:probe") is None
        wait_until(answers, 10, what="nutcracker")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def stop(self):
        stop_process(self.process)


class Nginx:
    """nginx running deploy/nginx's files unchanged but for its listen address (and `user root` when
    run as root), as test_nginx_affinity.py does; `point_at` rewrites the upstreams and reloads."""

    def __init__(self, directory: Path, replicas):
        self.directory = directory
        for name in ("layoutd.conf", "layoutd-proxy.conf"):
            shutil.copy(DEPLOY / name, directory / name)
        self.write_upstreams(replicas)
        self.port = free_port()
        config = (DEPLOY / "nginx.conf").read_text()
        assert "listen 8080;" in config
        config = config.replace("listen 8080;", f"listen 127.0.0.1:{self.port};")
        if os.geteuid() == 0:
            config = "user root;\n" + config
        (directory / "nginx.conf").write_text(config)
        self.log = open(directory / "nginx.stderr", "w")
        self.process = subprocess.Popen([NGINX, "-p", str(directory), "-c", str(directory / "nginx.conf"),
                                         "-g", "daemon off;"], stderr=self.log)
        self.url = f"http://127.0.0.1:{self.port}"
        wait_until(lambda: call(self.url + "/livez").status == 200, 10, what="nginx")
        assert self.process.poll() is None, "nginx exited"

    def write_upstreams(self, replicas):
        (self.directory / "layoutd-upstreams.conf").write_text(
            "".join(f"server 127.0.0.1:{replica.port};\n" for replica in replicas))

    def point_at(self, replicas):
        self.write_upstreams(replicas)
        self.process.send_signal(signal.SIGHUP)
        # The new workers answer once the old ones are gone; give the reload a moment.
        time.sleep(0.5)

    def stop(self):
        stop_process(self.process)
        self.log.close()


# MARK: HTTP

class Answer:
    def __init__(self, status: int, headers: dict, body: bytes, seconds: float):
        self.status, self.headers, self.body, self.seconds = status, headers, body, seconds

    def json(self):
        return json.loads(self.body) if self.body else None

    def header(self, name: str):
        return self.headers.get(name.lower())

    def __repr__(self):
        return f"<{self.status} in {self.seconds * 1000:.0f} ms: {self.body[:300]!r}>"


def call(url: str, method: str = "GET", body=None, headers=None, timeout: float = 10) -> Answer:
    """One request on a new connection; the answer's status, headers (lower-cased names), exact body
    bytes, and the seconds from sending to the last byte."""
    match = re.match(r"http://([^:/]+):(\d+)(.*)", url)
    host, port, path = match.group(1), int(match.group(2)), match.group(3) or "/"
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    all_headers = dict(headers or {})
    if data is not None:
        all_headers.setdefault("Content-Type", "application/json")
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        start = time.monotonic()
        connection.request(method, path, body=data, headers=all_headers)
        response = connection.getresponse()
        content = response.read()
        seconds = time.monotonic() - start
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, content, seconds)
    finally:
        connection.close()


def metrics(url: str) -> dict[str, float]:
    """/metrics as {'name{labels}': value}."""
    answer = call(url + "/metrics")
    assert answer.status == 200
    values = {}
    for line in answer.body.decode().splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            values[name] = float(value)
    return values


def metric_sum(values: dict[str, float], prefix: str) -> float:
    """The sum of every series of a metric (any labels)."""
    return sum(v for k, v in values.items() if k == prefix or k.startswith(prefix + "{"))


# MARK: Fixtures

@pytest.fixture
def redis_servers(tmp_path):
    """`start(name, password=None)` starts a durable redis-server in tmp_path/name; all are killed after."""
    servers = []

    def start(name="redis", password=None):
        server = RedisServer(tmp_path / name, password=password)
        servers.append(server)
        return server

    yield start
    for server in servers:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()


@pytest.fixture
def nutcracker(tmp_path):
    proxies = []

    def start(shards):
        proxy = Nutcracker(tmp_path / f"nutcracker{len(proxies)}", shards)
        proxies.append(proxy)
        return proxy

    yield start
    for proxy in proxies:
        proxy.stop()


@pytest.fixture
def nginx(tmp_path):
    servers = []

    def start(replicas):
        directory = tmp_path / f"nginx{len(servers)}"
        directory.mkdir()
        server = Nginx(directory, replicas)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


def replica(layoutd, store: str, *arguments: str) -> Layoutd:
    """A layoutd replica on `store` (errors-only logs unless `arguments` say otherwise)."""
    if "--log-level" not in arguments:
        arguments = ("--log-level", "error", *arguments)
    return layoutd("--store", store, *arguments)
