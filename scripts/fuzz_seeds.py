#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus and dictionary from openapi.yaml.

Usage: fuzz_seeds.py CORPUS_DIR DICTIONARY_FILE

Each seed is one input of layoutd-fuzz (Sources/LayoutFuzz/LayoutFuzz.swift): requests separated by a
line `%%`, each a request line `METHOD /path?query`, optional `Name: value` header lines, an empty
line and the body; `{id}` in a path is the last registered layout, `{etag}` the last ETag.

Seeds: every request-body example with its path and method (a string example sent verbatim), every
`x-request` of a response example, each operation's named parameter examples as a query, every
operation without a body once, and the stored-layout flow (register, then each scroll example, a
query scroll with its ETag again, the metadata, a delete, and a scroll of the deleted layout).
Dictionary: the schemas' property names and enum values as JSON strings, the paths, the separator.
"""
import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
METHODS = ("get", "put", "post", "delete", "head", "patch")
SEPARATOR = "\n%%\n"


def body_text(value):
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def request(method, path, body=None, headers=None, query=""):
    lines = [f"{method} {path}{'?' + query if query else ''}"]
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    text = "\n".join(lines)
    if body is not None:
        text += "\n\n" + body_text(body)
    return text


def fuzz_path(path):
    return path.replace("{layoutId}", "{id}")


def seeds(spec):
    out = {}
    paths = spec["paths"]
    feed = None
    for path, operations in paths.items():
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            name_base = f"{method}{path.replace('/', '_').replace('{', '').replace('}', '')}"
            content = operation.get("requestBody", {}).get("content", {})
            for media_type, media in content.items():
                for name, example in media.get("examples", {}).items():
                    text = request(method.upper(), fuzz_path(path), example["value"],
                                   {"Content-Type": media_type} if media_type != "application/json" else None)
                    out[f"{name_base}-{name}"] = text
                    if path == "/v1/layouts" and feed is None:
                        feed = example["value"]
            parameters = operation.get("parameters", [])
            named = {}
            for parameter in parameters:
                if parameter.get("in") == "query":
                    for name, example in parameter.get("examples", {}).items():
                        named.setdefault(name, []).append(f"{parameter['name']}={example['value']}")
            for name, pairs in named.items():
                out[f"{name_base}-{name}"] = request(method.upper(), fuzz_path(path), query="&".join(pairs))
            if not content and not named:
                out[f"{name_base}"] = request(method.upper(), fuzz_path(path))
            for status, response in operation.get("responses", {}).items():
                for media in response.get("content", {}).values() if isinstance(response, dict) else []:
                    for name, example in media.get("examples", {}).items():
                        extra = example.get("x-request") if isinstance(example, dict) else None
                        if extra is None:
                            continue
                        body = extra.get("body")
                        out[f"{name_base}-{status}-{name}"] = request(
                            extra.get("method", method.upper()), fuzz_path(extra.get("path", path)), body,
                            {k: v for k, v in extra.get("headers", {}).items() if k != "Content-Type"
                             or v != "application/json"})
    # The stored-layout flow in one input, so the fuzzer starts from stored layouts of its own.
    scroll = paths["/v1/layouts/{layoutId}/attributes"]["post"]["requestBody"]["content"]["application/json"]
    flow = [request("POST", "/v1/layouts", feed)]
    flow += [request("POST", "/v1/layouts/{id}/attributes", e["value"]) for e in scroll["examples"].values()]
    flow += [
        request("GET", "/v1/layouts/{id}/attributes", query="y=2000&width=390&height=120&scale=3"),
        request("GET", "/v1/layouts/{id}/attributes", headers={"If-None-Match": "{etag}"},
                query="y=2000&width=390&height=120&scale=3"),
        request("GET", "/v1/layouts/{id}"),
        request("DELETE", "/v1/layouts/{id}"),
        request("POST", "/v1/layouts/{id}/attributes", {"bounds": {"width": 390, "height": 100}}),
    ]
    out["flow-stored-layout"] = SEPARATOR.join(flow)
    out["flow-unsupported-media-type"] = request(
        "POST", "/v1/layout", {"bounds": {"width": 1, "height": 1}, "itemCount": 1}, {"Content-Type": "text/plain"})
    out["flow-fixed-layout"] = SEPARATOR.join([
        request("POST", "/v1/layouts/{id}/attributes",
                {"bounds": [{"y": y, "width": 320, "height": 200} for y in (-50, 0, 300)],
                 "parallax": {"model": "cover", "maxOffset": 10, "insets": "contentInset"}}),
        request("GET", "/v1/cache"),
        request("GET", "/metrics"),
    ])
    # Compressed answers, and the playground's files.
    out["flow-gzip-and-playground"] = SEPARATOR.join([
        request("POST", "/v1/layouts/{id}/attributes", {"bounds": {"width": 320, "height": 900}, "band": True},
                {"Accept-Encoding": "gzip;q=0.8, identity;q=0.5"}),
        request("GET", "/v1/layouts/{id}/attributes", headers={"Accept-Encoding": "*"},
                query="y=0&width=320&height=900"),
        request("GET", "/playground", headers={"Accept-Encoding": "gzip"}),
        request("GET", "/playground/band.js"),
        request("GET", "/"),
    ])
    # Lookups, scroll-to-item, hit tests and a fling with its frames on the fixed layout.
    out["flow-navigation"] = SEPARATOR.join([
        request("GET", "/v1/layouts/{id}/items/1/3", query="scrollPosition=centeredVertically&width=320&height=200&scale=3"),
        request("GET", "/v1/layouts/{id}/headers/0", query="layoutDirection=rightToLeft"),
        request("GET", "/v1/layouts/{id}/hit", query="x=10&y=10&kind=cell"),
        request("POST", "/v1/layouts/{id}/fling", {"bounds": {"width": 320, "height": 200}, "velocity": {"y": 900},
                                                   "snap": "item", "frameRate": 60, "attributes": True}),
    ])
    return out


def dictionary(spec):
    words = set()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.get("properties", {}).items():
                words.add(f'"{key}"')
            for value in node.get("enum", []) or []:
                if isinstance(value, str):
                    words.add(f'"{value}"')
            if isinstance(node.get("const"), str):
                words.add(f'"{node["const"]}"')
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(spec.get("components", {}))
    for path in spec["paths"]:
        words.add(fuzz_path(path))
    words.update(w for w in (SEPARATOR, "{id}", "{etag}", "If-None-Match: ", "Content-Type: ", "Accept-Encoding: ", "/items/", "/hit?", "/fling",
                                          "POST ", "GET ", "DELETE ", "/attributes", "1e9", "-0", "1e308"))
    return sorted(words)


def dictionary_entry(word):
    """libFuzzer's dictionary syntax: printable bytes as they are, `\\`, `\"` and `\\xAB` otherwise."""
    return "".join(c if " " <= c <= "~" and c not in '\\"' else "".join(f"\\x{b:02x}" for b in c.encode())
                   for c in word)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    corpus, dictionary_path = Path(sys.argv[1]), Path(sys.argv[2])
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    corpus.mkdir(parents=True, exist_ok=True)
    written = seeds(spec)
    for name, text in written.items():
        (corpus / f"seed-{name}").write_text(text)
    words = dictionary(spec)
    dictionary_path.write_text("".join(f'"{dictionary_entry(w)}"\n' for w in words))
    print(f"{len(written)} seeds in {corpus}, {len(words)} dictionary entries in {dictionary_path}")


if __name__ == "__main__":
    main()
