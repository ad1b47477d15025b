"""deploy/kubernetes agrees with the binary and the image: its flags and environment start layoutd, its
probes answer, its user and port are the Dockerfile's, and its ingress routes like deploy/nginx; and its
store, Redis (redis.yaml, store-secret.yaml), runs deploy/redis/redis.conf durably on a volume, with the
password, Service and port that layoutd's environment names (checked against a real redis-server)."""
import base64
import json
import re
import shutil
import socket
import subprocess
import time
import urllib.parse
from pathlib import Path

import pytest
import yaml
from test_memory_budgets import documented_bound

ROOT = Path(__file__).resolve().parents[2]
KUBERNETES = ROOT / "deploy" / "kubernetes"
REDIS_CONF = ROOT / "deploy" / "redis" / "redis.conf"
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
REDIS_CLI = shutil.which("redis-cli") or "/usr/bin/redis-cli"


def manifests() -> list[dict]:
    return [document for path in sorted(KUBERNETES.glob("*.yaml"))
            for document in yaml.safe_load_all(path.read_text()) if document]


def find(kind: str, name: str | None = None) -> dict:
    """The one manifest of `kind` (named `name` when given)."""
    matches = [document for document in manifests()
               if document["kind"] == kind and name in (None, document["metadata"]["name"])]
    assert len(matches) == 1, f"{len(matches)} {kind} manifests named {name}"
    return matches[0]


def mebibytes(quantity: str) -> int:
    number, unit = re.fullmatch(r"(\d+)(Mi|Gi)", quantity).groups()
    return int(number) * (1024 if unit == "Gi" else 1)


def layoutd_container() -> dict:
    return find("Deployment")["spec"]["template"]["spec"]["containers"][0]


def layoutd_env() -> dict:
    return {variable["name"]: variable["value"] for variable in layoutd_container()["env"]}


def redis_conf() -> dict:
    """redis.conf's directives, each to its arguments as one string."""
    settings = {}
    for line in REDIS_CONF.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.strip().partition(" ")
            settings[name.lower()] = value.strip()
    return settings


def secret_password() -> str:
    secret = find("Secret", "layoutd-store")
    if "password" in secret.get("stringData", {}):
        return secret["stringData"]["password"]
    return base64.b64decode(secret["data"]["password"]).decode()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    """The host's redis-server under deploy/redis/redis.conf itself (its `dir` moved to a temporary
    folder), on a loopback port, with the Secret's password."""

    def __init__(self, directory: Path, password: str):
        self.directory, self.password, self.port = directory, password, free_port()
        data = directory / "data"
        data.mkdir()
        conf = re.sub(r"(?m)^dir .*$", f"dir {data}", REDIS_CONF.read_text())
        (directory / "redis.conf").write_text(conf)
        self.log = open(directory / "redis.log", "w")
        self.process = subprocess.Popen(
            [REDIS_SERVER, str(directory / "redis.conf"), "--bind", "127.0.0.1", "--port", str(self.port),
             "--requirepass", password], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while self.cli("PING") != "PONG":
            assert self.process.poll() is None, (directory / "redis.log").read_text()
            assert time.monotonic() < deadline, "redis-server did not answer PING"
            time.sleep(0.05)

    def cli(self, *arguments: str, password: str | None = None) -> str:
        answer = subprocess.run([REDIS_CLI, "-h", "127.0.0.1", "-p", str(self.port), *arguments],
                                env={"REDISCLI_AUTH": password or self.password}, capture_output=True, text=True)
        return answer.stdout.strip()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.log.close()


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path, secret_password())
    yield server
    server.stop()


def test_deployment_starts_the_binary_with_its_flags_and_its_probes_answer(layoutd, redis_server, tmp_path):
    found = {document["kind"] for document in manifests()}
    assert {"Deployment", "Service", "HorizontalPodAutoscaler", "Ingress", "ConfigMap",
            "StatefulSet", "Secret"} <= found
    pod = find("Deployment")["spec"]["template"]["spec"]
    container = pod["containers"][0]
    arguments = list(container["args"])
    for flag, value in (("--host", "127.0.0.1"), ("--port", "0")):
        arguments[arguments.index(flag) + 1] = value
    arguments = [argument for pair in zip(arguments[::2], arguments[1::2]) for argument in pair
                 if pair[0] not in ("--host", "--port")]
    env = layoutd_env()
    # The store as the pod reaches it, moved to this machine: the Service's name to the loopback
    # redis-server (which has the Secret's password), the mounted Secret to a file holding its value.
    url = urllib.parse.urlsplit(env["LAYOUTD_STORE"])
    env["LAYOUTD_STORE"] = f"redis://127.0.0.1:{redis_server.port}{url.path}"
    password_file = tmp_path / "password"
    password_file.write_text(secret_password() + "\n")
    env["LAYOUTD_STORE_PASSWORD_FILE"] = str(password_file)
    server = layoutd(*arguments, env=env)
    for probe in ("startupProbe", "livenessProbe", "readinessProbe"):
        path = container[probe]["httpGet"]["path"]
        assert server.request("GET", path)[0] == 200, probe
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["lifecycle"]["preStop"]["sleep"]["seconds"] > 0
    assert pod["terminationGracePeriodSeconds"] * 1000 > int(arguments[arguments.index("--drain-timeout") + 1])

    # Every variable is a flag the binary reads: the ones it logs at start are the manifest's.
    deadline = time.monotonic() + 5
    while not (listening := [line for line in server.logs() if line.get("message") == "listening"]):
        assert time.monotonic() < deadline, "no 'listening' log line"
        time.sleep(0.05)
    listening = listening[0]
    assert listening["cache_bytes"] == env["LAYOUTD_CACHE_BYTES"]
    logged = urllib.parse.urlsplit(listening["store"])
    assert (logged.scheme, logged.hostname, logged.port) == ("redis", "127.0.0.1", redis_server.port), \
        f"LAYOUTD_STORE was not read from the environment: the store is {listening['store']}"
    # ... and the store works with the Secret's password: a registration is in Redis.
    status, _, body = server.request("POST", "/v1/layouts", {"viewport": {"width": 390}, "itemCount": 5})
    assert status == 201, body
    layout_id = json.loads(body)["layoutId"]
    assert redis_server.cli("EXISTS", f"layoutd:r:{layout_id}") == "1"
    metrics = server.request("GET", "/metrics")[2].decode()
    assert re.search(r"^layoutd_store_up 1$", metrics, re.M), metrics
    help_text = subprocess.run([str(Path(server.process.args[0])), "--help"], capture_output=True, text=True).stdout
    for name in env:
        assert name.startswith("LAYOUTD_")
        flag = "--" + name.removeprefix("LAYOUTD_").lower().replace("_", "-")
        assert re.search(rf"{re.escape(flag)}\b", help_text), f"{name}: layoutd has no {flag}"

    limits = container["resources"]["limits"]
    # The memory limit holds the README's bound on peak memory for the manifest's flags.
    flags = dict(zip(container["args"][::2], container["args"][1::2]))
    threads = int(flags["--threads"])
    bound = documented_bound(
        cache=int(env["LAYOUTD_CACHE_BYTES"]), bodies=int(env["LAYOUTD_MAX_INFLIGHT_BODY_BYTES"]),
        answers=int(env["LAYOUTD_MAX_INFLIGHT_ANSWER_BYTES"]), max_body=8 * 2**20, attributes=100_000,
        threads=threads + max(1, threads - 1), connections=1024, connection_memory=16 * 1024)
    assert mebibytes(limits["memory"]) * 2**20 > bound, f"{limits['memory']} is under the bound, {bound / 2**20:.0f} MiB"
    assert container["resources"]["requests"]["cpu"]

    dockerfile = (ROOT / "Dockerfile").read_text()
    user = re.search(r"^USER (\d+):(\d+)$", dockerfile, re.M).groups()
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert (str(pod["securityContext"]["runAsUser"]), str(pod["securityContext"]["runAsGroup"])) == user
    port = int(re.search(r"^EXPOSE (\d+)$", dockerfile, re.M).group(1))
    assert container["ports"][0]["containerPort"] == port
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    # The runtime image has the client library the store needs.
    assert re.search(r"^FROM debian:bookworm-slim AS runtime\n(.*\n)*?.*\blibhiredis0\.14\b", dockerfile, re.M)


def test_service_autoscaler_and_ingress_point_at_the_deployment():
    deployment = find("Deployment")
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    service = find("Service", "layoutd")
    assert service["spec"]["selector"].items() <= labels.items()
    port_names = {port["name"] for port in deployment["spec"]["template"]["spec"]["containers"][0]["ports"]}
    assert service["spec"]["ports"][0]["targetPort"] in port_names
    target = find("HorizontalPodAutoscaler")["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"])
    backend = find("Ingress")["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == service["metadata"]["name"]


def test_ingress_hashes_on_the_same_key_as_deploy_nginx():
    key = find("Ingress")["metadata"]["annotations"]["nginx.ingress.kubernetes.io/upstream-hash-by"]
    nginx = (ROOT / "deploy" / "nginx" / "layoutd.conf").read_text()
    assert f"hash {key} consistent;" in nginx

    def maps(text: str) -> list[str]:
        blocks = re.findall(r"map [^{]+\{[^}]*\}", text)
        return [" ".join(line.split("#")[0].split()) for line in blocks]

    snippet = find("ConfigMap", "ingress-nginx-controller")["data"]["http-snippet"]
    assert maps(snippet) == maps(nginx)[:2] and len(maps(snippet)) == 2


def test_the_store_url_and_password_file_name_the_redis_service_and_the_secret():
    env = layoutd_env()
    pod = find("Deployment")["spec"]["template"]["spec"]
    container = pod["containers"][0]
    # The password file is the Secret's key, in a read-only mount of the Secret.
    password_file = Path(env["LAYOUTD_STORE_PASSWORD_FILE"])
    mount = next(mount for mount in container["volumeMounts"] if mount["mountPath"] == str(password_file.parent))
    assert mount["readOnly"] is True
    volume = next(volume for volume in pod["volumes"] if volume["name"] == mount["name"])
    secret = find("Secret", volume["secret"]["secretName"])
    assert password_file.name in {**secret.get("data", {}), **secret.get("stringData", {})}
    assert "items" not in volume["secret"]  # every key is a file named after it
    mode = volume["secret"].get("defaultMode", 0o644)
    assert mode & 0o004 or (mode & 0o040 and pod["securityContext"].get("fsGroup")
                            == pod["securityContext"]["runAsGroup"]), "the password file is unreadable"

    # The URL names the headless Service in front of the StatefulSet, at the port Redis listens on.
    url = urllib.parse.urlsplit(env["LAYOUTD_STORE"])
    assert url.scheme == "redis" and url.password is None, "the password belongs in the Secret"
    service = find("Service", url.hostname)
    statefulset = find("StatefulSet")
    assert service["spec"]["clusterIP"] == "None"
    assert statefulset["spec"]["serviceName"] == service["metadata"]["name"]
    assert service["spec"]["selector"].items() <= statefulset["spec"]["template"]["metadata"]["labels"].items()
    redis = statefulset["spec"]["template"]["spec"]["containers"][0]
    (service_port,) = service["spec"]["ports"]
    (container_port,) = redis["ports"]
    assert (url.port or 6379) == service_port["port"] == container_port["containerPort"] == int(redis_conf()["port"])
    assert service_port["targetPort"] in (container_port["name"], container_port["containerPort"])

    # Redis's password is the same Secret's same key.
    command = redis.get("command", []) + redis.get("args", [])
    variable = re.fullmatch(r"\$\((\w+)\)", command[command.index("--requirepass") + 1]).group(1)
    reference = next(item for item in redis["env"] if item["name"] == variable)["valueFrom"]["secretKeyRef"]
    assert (reference["name"], reference["key"]) == (secret["metadata"]["name"], password_file.name)


def test_redis_runs_the_shipped_config_durably_on_a_volume():
    statefulset = find("StatefulSet")
    assert statefulset["spec"]["replicas"] == 1
    pod = statefulset["spec"]["template"]["spec"]
    redis = pod["containers"][0]
    assert re.fullmatch(r"redis:7(\.\d+)*(-bookworm)?", redis["image"]), redis["image"]

    # The config file on its command line is the ConfigMap's redis.conf, which is deploy/redis/redis.conf.
    command = redis.get("command", []) + redis.get("args", [])
    conf_path = Path(next(argument for argument in command if argument.endswith(".conf")))
    mount = next(mount for mount in redis["volumeMounts"] if mount["mountPath"] == str(conf_path.parent))
    volume = next(volume for volume in pod["volumes"] if volume["name"] == mount["name"])
    config_map = find("ConfigMap", volume["configMap"]["name"])
    assert config_map["data"][conf_path.name] == REDIS_CONF.read_text()

    settings = redis_conf()
    assert settings["appendonly"] == "yes"
    assert settings["appendfsync"] == "always"
    assert settings["no-appendfsync-on-rewrite"] == "no"
    assert settings["maxmemory-policy"] == "noeviction"
    assert "requirepass" not in settings, "the password comes from the Secret"
    maxmemory = re.fullmatch(r"(\d+)mb", settings["maxmemory"].lower())
    assert int(maxmemory.group(1)) < mebibytes(redis["resources"]["limits"]["memory"])

    # Its data folder is a volume from the claim template, not the container's own filesystem.
    (template,) = statefulset["spec"]["volumeClaimTemplates"]
    data_mount = next(mount for mount in redis["volumeMounts"] if mount["name"] == template["metadata"]["name"])
    assert data_mount["mountPath"] == settings["dir"] == "/data"
    assert template["spec"]["accessModes"] == ["ReadWriteOnce"]
    assert template["spec"]["resources"]["requests"]["storage"]

    security = pod["securityContext"]
    assert security["runAsNonRoot"] is True and security["runAsUser"] != 0
    assert security["fsGroup"] == security["runAsGroup"]
    assert redis["securityContext"]["allowPrivilegeEscalation"] is False
    assert redis["securityContext"]["readOnlyRootFilesystem"] is True


def test_redis_starts_on_the_shipped_config_and_its_probe_needs_the_password(redis_server):
    # Redis 7 takes every line of redis.conf and runs by it.
    for name, value in (("appendonly", "yes"), ("appendfsync", "always"), ("no-appendfsync-on-rewrite", "no"),
                        ("maxmemory-policy", "noeviction"), ("save", ""),
                        ("maxmemory", str(2**20 * int(redis_conf()["maxmemory"].lower().removesuffix("mb"))))):
        answer = redis_server.cli("CONFIG", "GET", name).split("\n")
        assert answer[0] == name and (answer[1:] or [""]) == [value], answer
    assert (redis_server.directory / "data" / "appendonlydir").is_dir()
    assert "NOAUTH" in subprocess.run([REDIS_CLI, "-p", str(redis_server.port), "PING"],
                                      capture_output=True, text=True).stdout

    # The readiness probe, run here against this port: ready with the Secret's password, not without.
    redis = find("StatefulSet")["spec"]["template"]["spec"]["containers"][0]
    command = list(redis["readinessProbe"]["exec"]["command"])
    command[-1] = command[-1].replace("redis-cli", f"{REDIS_CLI} -p {redis_server.port}")
    auth = next(item for item in redis["env"] if item["name"] == "REDISCLI_AUTH")["valueFrom"]["secretKeyRef"]
    assert (auth["name"], auth["key"]) == ("layoutd-store", "password")
    assert subprocess.run(command, env={"REDISCLI_AUTH": redis_server.password}).returncode == 0
    assert subprocess.run(command, env={"REDISCLI_AUTH": "wrong"}, capture_output=True).returncode != 0
    assert subprocess.run(command, env={}, capture_output=True).returncode != 0
