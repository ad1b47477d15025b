"""Three layoutd replicas behind a real nginx running deploy/nginx's files: the scrolls of one stored
layout all reach the replica that holds it, and different layouts spread over the replicas."""
import json
import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "nginx"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def call(url: str, method="GET", body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


@pytest.fixture
def nginx_in_front(layoutd, tmp_path):
    replicas = [layoutd("--log-level", "error") for _ in range(3)]
    for name in ("layoutd.conf", "layoutd-proxy.conf"):
        shutil.copy(DEPLOY / name, tmp_path / name)
    (tmp_path / "layoutd-upstreams.conf").write_text(
        "".join(f"server 127.0.0.1:{replica.port};\n" for replica in replicas))
    port = free_port()
    config = (DEPLOY / "nginx.conf").read_text()
    assert "listen 8080;" in config
    config = config.replace("listen 8080;", f"listen 127.0.0.1:{port};")
    if os.geteuid() == 0:
        config = "user root;\n" + config
    (tmp_path / "nginx.conf").write_text(config)
    process = subprocess.Popen([NGINX, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"),
                                "-g", "daemon off;"], stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/livez", timeout=1)
            break
        except OSError:
            time.sleep(0.05)
    yield url, replicas
    process.terminate()
    process.wait(timeout=10)


def cache_hits(replica) -> int:
    return call(replica.url + "/v1/cache")[1]["hits"]


@pytest.mark.skipif(not os.path.exists(NGINX), reason="nginx is not installed")
def test_scrolls_of_one_layout_stay_on_one_replica_and_layouts_spread(nginx_in_front):
    url, replicas = nginx_in_front
    owners = []
    for layout in range(12):
        description = {"viewport": {"width": 390}, "itemCount": 500 + layout,
                       "layout": {"itemSize": {"width": 120, "height": 90 + layout}}}
        status, registered = call(url + "/v1/layouts", "POST", description)
        assert status in (200, 201)
        layout_id = registered["layoutId"]
        scroll = f"{url}/v1/layouts/{layout_id}/attributes?x=0&y=900&width=390&height=844"
        # The client's protocol: a 404 on the replica that owns the id means "register again there".
        status, answer = call(scroll)
        if status == 404:
            assert answer["type"] == "/problems/layout-not-found"
            status, _ = call(url + "/v1/layouts", "POST", description, {"X-Layout-Id": layout_id})
            assert status in (200, 201)
        before = [cache_hits(replica) for replica in replicas]
        for step in range(10):
            status, answer = call(f"{url}/v1/layouts/{layout_id}/attributes?x=0&y={900 + 37 * step}"
                                  "&width=390&height=844")
            assert status == 200 and answer["layoutId"] == layout_id and answer["attributes"]
        gained = [cache_hits(replica) - hits for replica, hits in zip(replicas, before)]
        assert sorted(gained) == [0, 0, 10], f"layout {layout}: hits per replica {gained}"
        owners.append(gained.index(10))
    assert len(set(owners)) >= 2, f"every layout went to replica {owners[0]}"
    print(f"owners of 12 layouts: {owners}")
