#!/usr/bin/env python3
"""Runs every curl example of README.md and of docs/*.md against a real layoutd and checks each answer.

Usage: check_readme.py PATH_TO_LAYOUTD

The README is read first, then each docs/*.md in name order, under the same rules; every line of the
report names the file its block comes from. Each ```sh block that calls curl is run as written, with
`localhost:8080` pointed at a server started on a free port (and `localhost:8081`, `localhost:8082` at
two more sharing a real redis-server as their store, for the store's examples, and `localhost:8083` at
one started with `--cors-origins https://app.example.com`), and must exit 0 with some output. Every
JSON document it prints is read: when the block shows an expected problem in a comment
(`"pointer":"…"`), the answer must be that 400 problem; otherwise the problems it prints must be
exactly those its comment lines show by `"type":"/problems/…"` (with their `"status":…`), in order, so
a block with no such comment may print no problem at all. When the block's comment lines show statuses
as `→ 304` (what `curl -w '→ %{http_code}\n'` prints), the lines `→ NNN` of the output must be exactly
those, in order. A block whose comments show a status line (`# HTTP/1.1 204 No Content`) shows
headers: its output lines must be exactly the comment lines that follow each curl (headers compared by
name case-insensitively). Other text answers (metrics) need only be there. Blocks share the servers
but no shell: each must set its own variables.
"""
import json
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def documents() -> list:
    """README.md, then every Markdown file of docs/ in name order."""
    return [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))


def curl_blocks(text: str):
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        if "curl " in block and re.search(r"localhost:808[0-3]", block):
            yield block


def json_documents(text: str) -> list:
    """The JSON objects in `text`, one after another; other lines (metrics, headers) are skipped."""
    decoder = json.JSONDecoder()
    documents, index = [], 0
    while index < len(text):
        start = text.find("{", index)
        if start < 0:
            break
        try:
            document, index = decoder.raw_decode(text, start)
            documents.append(document)
        except json.JSONDecodeError:
            index = text.find("\n", start) + 1 or len(text)
    return documents


def header_line(line: str) -> str:
    """A header line with its name lowercased (names are case-insensitive), or a status line as it is."""
    name, colon, value = line.partition(": ")
    return f"{name.lower()}: {value}" if colon and not line.startswith("HTTP/") else line


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(binary: str, *arguments: str):
    server = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0", *arguments], stdout=subprocess.PIPE, text=True)
    return server, int(json.loads(server.stdout.readline())["port"])


def main() -> int:
    binary = sys.argv[1]
    folder = tempfile.mkdtemp()
    redis_port = free_port()
    redis = subprocess.Popen(["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "",
                              "--appendonly", "no", "--dir", folder], stdout=subprocess.DEVNULL)
    for _ in range(100):
        ping = subprocess.run(["redis-cli", "-p", str(redis_port), "ping"], capture_output=True, text=True)
        if ping.stdout.strip() == "PONG":
            break
        time.sleep(0.05)
    servers = [start(binary)] + [start(binary, "--store", f"redis://127.0.0.1:{redis_port}") for _ in range(2)] \
        + [start(binary, "--cors-origins", "https://app.example.com")]
    passed = failed = 0
    try:
        blocks = [(path.relative_to(ROOT), block) for path in documents() for block in curl_blocks(path.read_text())]
        for document, block in blocks:
            command = block
            for index, (_, port) in enumerate(servers):
                command = command.replace(f"localhost:808{index}", f"127.0.0.1:{port}")
            title = f"{document}: " + next((l.strip() for l in block.splitlines() if l.lstrip().startswith("curl")), block[:60])
            result = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=30)
            try:
                assert result.returncode == 0, f"exit {result.returncode}"
                assert result.stdout.strip(), "no output"
                answers = json_documents(result.stdout)
                comments = "\n".join(l for l in block.splitlines() if l.lstrip().startswith("#"))
                expected = re.search(r'"pointer":"([^"]*)"', block)
                if expected:
                    assert [a.get("pointer") for a in answers] == [expected.group(1)], f"answers {answers}"
                    assert answers[0].get("status") == 400, f"status {answers[0].get('status')}"
                else:
                    shown = [(m.group(1), int(m.group(2))) for m in
                             re.finditer(r'"type":"(/problems/[^"]+)".*?"status":(\d+)', comments, flags=re.S)]
                    problems = [(a["type"], a["status"]) for a in answers if "type" in a and "status" in a]
                    assert problems == shown, f"problems {problems} where the block shows {shown}"
                if re.search(r"^# HTTP/1\.1 \d{3}", comments, flags=re.M):
                    shown = [l[2:] for l in comments.splitlines()
                             if re.match(r"^# (HTTP/1\.1 \d{3}|[A-Za-z-]+: )", l)]
                    printed = [l.strip() for l in result.stdout.splitlines() if l.strip()]
                    assert [header_line(l) for l in printed] == [header_line(l) for l in shown], \
                        f"headers {printed} where the block shows {shown}"
                statuses = re.findall(r"→ (\d{3})", comments)
                if statuses:
                    printed = re.findall(r"^→ (\d{3})\s*$", result.stdout, flags=re.M)
                    assert printed == statuses, f"statuses {printed} where the block shows {statuses}"
                passed += 1
                print(f"ok   {title}")
            except AssertionError as error:
                failed += 1
                print(f"FAIL {title}: {error}\n{result.stdout[:500]}{result.stderr[:500]}")
    finally:
        for server, _ in servers:
            server.send_signal(signal.SIGTERM)
            code = server.wait(timeout=10)
            if code != 0:
                failed += 1
                print(f"FAIL layoutd exited {code} on SIGTERM")
        redis.terminate()
        redis.wait()
        shutil.rmtree(folder, ignore_errors=True)
    if passed == 0:
        failed += 1
        print("FAIL no curl example found in README.md or docs/")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
