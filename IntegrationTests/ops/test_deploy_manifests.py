"""deploy/kubernetes agrees with the binary and the image: its flags and environment start layoutd, its
probes answer, its user and port are the Dockerfile's, and its ingress routes like deploy/nginx."""
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
KUBERNETES = ROOT / "deploy" / "kubernetes"


def manifests() -> dict:
    found = {}
    for path in sorted(KUBERNETES.glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            found[document["kind"]] = document
    return found


def mebibytes(quantity: str) -> int:
    number, unit = re.fullmatch(r"(\d+)(Mi|Gi)", quantity).groups()
    return int(number) * (1024 if unit == "Gi" else 1)


def test_deployment_starts_the_binary_with_its_flags_and_its_probes_answer(layoutd):
    found = manifests()
    assert {"Deployment", "Service", "HorizontalPodAutoscaler", "Ingress", "ConfigMap"} <= found.keys()
    pod = found["Deployment"]["spec"]["template"]["spec"]
    container = pod["containers"][0]
    arguments = list(container["args"])
    for flag, value in (("--host", "127.0.0.1"), ("--port", "0")):
        arguments[arguments.index(flag) + 1] = value
    arguments = [argument for pair in zip(arguments[::2], arguments[1::2]) for argument in pair
                 if pair[0] not in ("--host", "--port")]
    env = {variable["name"]: variable["value"] for variable in container["env"]}
    server = layoutd(*arguments, env=env)
    for probe in ("startupProbe", "livenessProbe", "readinessProbe"):
        path = container[probe]["httpGet"]["path"]
        assert server.request("GET", path)[0] == 200, probe
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["lifecycle"]["preStop"]["sleep"]["seconds"] > 0
    assert pod["terminationGracePeriodSeconds"] * 1000 > int(arguments[arguments.index("--drain-timeout") + 1])

    limits = container["resources"]["limits"]
    assert mebibytes(limits["memory"]) * 2**20 > 1.5 * int(env["LAYOUTD_CACHE_BYTES"])
    assert container["resources"]["requests"]["cpu"]

    dockerfile = (ROOT / "Dockerfile").read_text()
    user = re.search(r"^USER (\d+):(\d+)$", dockerfile, re.M).groups()
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert (str(pod["securityContext"]["runAsUser"]), str(pod["securityContext"]["runAsGroup"])) == user
    port = int(re.search(r"^EXPOSE (\d+)$", dockerfile, re.M).group(1))
    assert container["ports"][0]["containerPort"] == port
    assert container["securityContext"]["allowPrivilegeEscalation"] is False


def test_service_autoscaler_and_ingress_point_at_the_deployment():
    found = manifests()
    deployment = found["Deployment"]
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    service = found["Service"]
    assert service["spec"]["selector"].items() <= labels.items()
    port_names = {port["name"] for port in deployment["spec"]["template"]["spec"]["containers"][0]["ports"]}
    assert service["spec"]["ports"][0]["targetPort"] in port_names
    target = found["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"])
    backend = found["Ingress"]["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == service["metadata"]["name"]


def test_ingress_hashes_on_the_same_key_as_deploy_nginx():
    found = manifests()
    key = found["Ingress"]["metadata"]["annotations"]["nginx.ingress.kubernetes.io/upstream-hash-by"]
    nginx = (ROOT / "deploy" / "nginx" / "layoutd.conf").read_text()
    assert f"hash {key} consistent;" in nginx

    def maps(text: str) -> list[str]:
        blocks = re.findall(r"map [^{]+\{[^}]*\}", text)
        return [" ".join(line.split("#")[0].split()) for line in blocks]

    snippet = found["ConfigMap"]["data"]["http-snippet"]
    assert maps(snippet) == maps(nginx)[:2] and len(maps(snippet)) == 2
