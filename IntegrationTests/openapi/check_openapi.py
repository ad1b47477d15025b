#!/usr/bin/env python3
"""Checks openapi.yaml against a real layoutd: the document itself, then every example in it, live.

Usage: check_openapi.py PATH_TO_LAYOUTD

1. The document must be a valid OpenAPI 3.1 description (openapi-spec-validator).
2. layoutd is started on 127.0.0.1 and a free port (read from its first line of output).
3. Every example becomes one request, sent to the server:
   - a named request-body example is sent with its media type (a string value is sent verbatim, so a
     malformed body can be an example); the response example of the same name, under whichever status
     it is documented, is the expected answer;
   - an operation without a body sends its parameters' named `examples` (one request per name), or,
     when they have none, its parameters' `example` values once; that request expects the operation's
     one response example without `x-request`, or its one 2xx status and an empty body when it
     documents no example;
   - a response example may carry `x-request` (`method`, `path`, `headers`, `body` sent verbatim, or
     `contentLength`: headers only with that `Content-Length` and `Expect: 100-continue`), for answers
     no well-formed request example can provoke (404, 405, 413, 415);
     an example of a shared response under `components` runs once;
   - `x-headers` on a response example lists response headers that must have exactly those values;
   - `x-server-arguments` on a response example lists command-line arguments (such as a tiny
     `--cache-bytes`) of a second layoutd that answers that example instead, for answers that only a
     differently configured server gives; each distinct list gets its own server, after the main one;
   - `x-setup` on a response example lists requests (`method`, `path`, `headers`, `body`, as in
     `x-request`) sent just before the example's own, each of which must answer 2xx: a layout that
     the example's server must have stored first (such a server starts empty).
   Each answer must have the documented status and media type, a body equal to the example (numbers by
   value; `cache` may be `hit` or `miss`, since it depends on what ran before), the documented required
   headers, and must validate against the documented response schema (JSON Schema 2020-12). A request
   example answered 2xx must validate against the request-body schema, and one answered 400 must not,
   unless it says `x-schema-valid: true` (rules a schema cannot state, such as two fields that differ).
   Operations run in document order, DELETE operations last, so stored layouts exist while in use;
   HEAD operations (a GET's headers without the body) are left to IntegrationTests/ops/test_http_semantics.py;
   each OPTIONS operation is sent once, and must answer 204 with `Allow` naming the path's documented methods.
4. The server is stopped with SIGTERM and must exit 0.

The last line is `N passed, M failed`; the exit status is 1 when anything failed.
"""
import http.client
import json
import re
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from openapi_spec_validator import validate as validate_spec
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = ROOT / "openapi.yaml"
SPEC_URI = "urn:layoutd:openapi"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
TIMEOUT = 30


class Failure(Exception):
    pass


def pointer(*parts) -> str:
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)


class Schemas:
    """Validators for schemas at JSON pointers into the document, with `$ref`s resolved against it."""

    def __init__(self, spec):
        resource = Resource(contents=spec, specification=DRAFT202012)
        self.registry = Registry().with_resource(SPEC_URI, resource)
        self.cache = {}

    def errors(self, at: str, instance):
        validator = self.cache.get(at)
        if validator is None:
            validator = Draft202012Validator({"$ref": f"{SPEC_URI}#{at}"}, registry=self.registry)
            self.cache[at] = validator
        return list(validator.iter_errors(instance))


class Case:
    """One request and the answer the document promises for it."""

    def __init__(self, operation, name, method, path, headers=None, body=None, content_length=None,
                 request_schema=None, request_value=None, schema_valid_anyway=False):
        self.operation = operation
        self.name = name
        self.method = method
        self.path = path
        self.headers = headers or {}
        self.body = body
        self.content_length = content_length
        self.request_schema = request_schema
        self.request_value = request_value
        self.schema_valid_anyway = schema_valid_anyway
        self.status = None  # expected
        self.response_at = None  # pointer to the response object
        self.example = None  # the response example object, or None for an empty body
        self.server_arguments = ()  # extra layoutd arguments of the server that answers this case
        self.setup = []  # requests (x-setup) sent first, each to answer 2xx

    @property
    def title(self):
        return f"{self.operation} [{self.name}]"


def fill_path(template: str, parameters, name=None) -> str:
    def value(match):
        for parameter in parameters:
            if parameter.get("in") == "path" and parameter["name"] == match.group(1):
                if name is not None and name in parameter.get("examples", {}):
                    return urllib.parse.quote(str(parameter["examples"][name]["value"]), safe="")
                if "example" in parameter:
                    return urllib.parse.quote(str(parameter["example"]), safe="")
        raise Failure(f"no example for path parameter {match.group(1)!r} of {template}")

    return re.sub(r"\{([^}]+)\}", value, template)


def resolve(spec, node):
    while isinstance(node, dict) and "$ref" in node:
        ref = node["$ref"]
        if not ref.startswith("#/"):
            raise Failure(f"only local references are supported: {ref}")
        node = spec
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def response_examples(spec, responses, responses_at):
    """(status, media type, name, example, pointer to the response) for every response example."""
    found = []
    for status, response in responses.items():
        at = responses_at + pointer(status)
        if isinstance(response, dict) and "$ref" in response:
            at = "/" + response["$ref"][2:]
        response = resolve(spec, response)
        for media_type, content in (response.get("content") or {}).items():
            for name, example in (content.get("examples") or {}).items():
                found.append((str(status), media_type, name, resolve(spec, example), at))
    return found


def operations(spec):
    """Every operation in document order, DELETE last."""
    found = []
    for path, item in spec.get("paths", {}).items():
        shared = item.get("parameters", [])
        for method in METHODS:
            if method in item:
                found.append((path, method, item[method], shared))
    return sorted(found, key=lambda entry: entry[1] == "delete")


def request_case(title, name, request, method=None, path=None):
    """A Case for an `x-request` or `x-setup` object (`body` sent verbatim when a string, else as JSON)."""
    headers = dict(request.get("headers") or {})
    raw = request.get("body")
    if raw is not None and not isinstance(raw, str):
        raw = json.dumps(raw)
    return Case(
        title, name, request.get("method", method or "POST").upper(), request.get("path", path),
        headers=headers, body=raw.encode() if raw is not None else None,
        content_length=request.get("contentLength"))


def setup_cases(title, name, example):
    return [request_case(title, f"{name} setup {index}", request)
            for index, request in enumerate(example.get("x-setup") or [])]


def cases(spec):
    """Yields every case of the document, or raises Failure for an example that pairs with nothing."""
    result = []
    problems = []
    seen = set()  # x-request examples of shared (component) responses run once
    for path, method, operation, shared in operations(spec):
        if method == "head":
            # A GET's headers without its body: IntegrationTests/ops/test_http_semantics.py sends
            # every GET route's request as HEAD too and compares the answers.
            continue
        title = f"{method.upper()} {path}"
        parameters = [resolve(spec, parameter) for parameter in shared + operation.get("parameters", [])]
        responses_at = pointer("paths", path, method, "responses")
        if method == "options":
            # Once per path, with its parameters' first examples: 204, and `Allow` naming exactly
            # the methods the document gives the path.
            first = next(iter(parameters[0].get("examples", {})), None) if parameters else None
            case = Case(title, "allow", "OPTIONS", fill_path(path, parameters, first))
            case.status, case.response_at = "204", responses_at + pointer("204")
            case.allow = {name.upper() for name in spec["paths"][path] if name in METHODS}
            result.append(case)
            continue
        examples = response_examples(spec, operation.get("responses", {}), responses_at)
        by_name = {}
        for status, media_type, name, example, at in examples:
            if "x-request" in example:
                continue
            if name in by_name:
                problems.append(f"{title}: response example {name!r} appears twice")
            by_name[name] = (status, media_type, example, at)
        used = set()
        own = []

        body = resolve(spec, operation.get("requestBody")) if operation.get("requestBody") else None
        if body:
            for media_type, content in body.get("content", {}).items():
                schema_at = pointer("paths", path, method, "requestBody", "content", media_type, "schema")
                for name, example in (content.get("examples") or {}).items():
                    example = resolve(spec, example)
                    value = example.get("value")
                    raw = value if isinstance(value, str) else json.dumps(value)
                    own.append(Case(
                        title, name, method.upper(), fill_path(path, parameters, name),
                        headers={"Content-Type": media_type}, body=raw.encode(),
                        request_schema=None if isinstance(value, str) else schema_at,
                        request_value=value, schema_valid_anyway=bool(example.get("x-schema-valid"))))
        else:
            names = []
            for parameter in parameters:
                for name in parameter.get("examples", {}):
                    if name not in names:
                        names.append(name)
            for name in names:
                query = [(p["name"], p["examples"][name]["value"]) for p in parameters
                         if p.get("in") == "query" and name in p.get("examples", {})]
                headers = {p["name"]: str(p["examples"][name]["value"]) for p in parameters
                           if p.get("in") == "header" and name in p.get("examples", {})}
                url = fill_path(path, parameters, name) + ("?" + urllib.parse.urlencode(query) if query else "")
                own.append(Case(title, name, method.upper(), url, headers=headers))
            if not names:
                case = Case(title, "default", method.upper(), fill_path(path, parameters))
                if len(by_name) == 1:
                    case.name = next(iter(by_name))
                elif by_name:
                    problems.append(f"{title}: several response examples but no request to tell them apart")
                else:
                    statuses = [str(s) for s in operation.get("responses", {})]
                    # The success, or a redirect when that is all the operation answers.
                    successes = [s for s in statuses if s.startswith("2")] or [s for s in statuses if s.startswith("3")]
                    if len(successes) != 1:
                        problems.append(f"{title}: no response example and not exactly one 2xx (or 3xx) status")
                        continue
                    case.status = str(successes[0])
                    case.response_at = responses_at + pointer(case.status)
                own.append(case)

        for case in own:
            if case.status is not None:
                continue
            if case.name not in by_name:
                problems.append(f"{title}: request example {case.name!r} has no response example of that name")
                continue
            status, media_type, example, at = by_name[case.name]
            used.add(case.name)
            case.status, case.example, case.response_at = status, example, at
            case.media_type = media_type
            case.server_arguments = tuple(str(a) for a in example.get("x-server-arguments") or ())
            case.setup = setup_cases(title, name, example)
        for name in by_name:
            if name not in used:
                problems.append(f"{title}: response example {name!r} has no request example of that name")

        for status, media_type, name, example, at in examples:
            request = example.get("x-request")
            if request is None or (at, name) in seen:
                continue
            seen.add((at, name))
            case = request_case(title, name, request, method=method, path=fill_path(path, parameters))
            case.status, case.example, case.response_at, case.media_type = status, example, at, media_type
            case.server_arguments = tuple(str(a) for a in example.get("x-server-arguments") or ())
            case.setup = setup_cases(title, name, example)
            own.append(case)
        result.extend(own)
    return result, problems


class KeepRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer to check, not one to follow."""

    def redirect_request(self, *args, **kwargs):
        return None


NO_REDIRECTS = urllib.request.build_opener(KeepRedirects)


def send(port: int, case: Case):
    """Sends a case; returns (status, headers as a lower-case dict, body bytes)."""
    if case.content_length is not None:
        # Headers only: a server that refuses the body from Content-Length answers without reading it.
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
        try:
            connection.putrequest(case.method, case.path)
            for name, value in case.headers.items():
                connection.putheader(name, value)
            connection.putheader("Content-Length", str(case.content_length))
            connection.putheader("Expect", "100-continue")
            connection.endheaders()
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            connection.close()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{case.path}", data=case.body, method=case.method, headers=case.headers)
    try:
        with NO_REDIRECTS.open(request, timeout=TIMEOUT) as response:
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def difference(actual, expected, at="") -> str | None:
    """Where `actual` first differs from `expected`, or None. `cache` may be either hit or miss."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{at or '/'}: expected an object, got {json.dumps(actual)[:80]}"
        if set(actual) != set(expected):
            return f"{at or '/'}: members {sorted(actual)} instead of {sorted(expected)}"
        for key in expected:
            if key == "cache" and expected[key] in ("hit", "miss") and actual[key] in ("hit", "miss"):
                continue
            found = difference(actual[key], expected[key], f"{at}/{key}")
            if found:
                return found
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return f"{at or '/'}: expected an array, got {json.dumps(actual)[:80]}"
        if len(actual) != len(expected):
            return f"{at or '/'}: {len(actual)} elements instead of {len(expected)}"
        for index, (a, e) in enumerate(zip(actual, expected)):
            found = difference(a, e, f"{at}/{index}")
            if found:
                return found
        return None
    same_kind = isinstance(actual, bool) == isinstance(expected, bool) and \
        isinstance(actual, (int, float)) == isinstance(expected, (int, float))
    if not same_kind or actual != expected:
        return f"{at or '/'}: {json.dumps(actual)} instead of {json.dumps(expected)}"
    return None


def check(spec, schemas: Schemas, port: int, case: Case) -> list[str]:
    errors = []
    if case.request_schema is not None and case.status is not None:
        request_errors = schemas.errors(case.request_schema, case.request_value)
        if case.status.startswith("2") and request_errors:
            error = best_match(request_errors)
            where = "/" + "/".join(str(part) for part in error.absolute_path)
            errors.append(f"the request schema rejects this example at {where}: {error.message[:300]}")
        if case.status == "400" and not request_errors and not case.schema_valid_anyway:
            errors.append("the request schema accepts this example, the server does not")

    for setup in case.setup:
        status, _, body = send(port, setup)
        if not 200 <= status < 300:
            errors.append(f"x-setup {setup.method} {setup.path} answered {status}: {body[:200]!r}")
            return errors
    status, headers, body = send(port, case)
    if str(status) != case.status:
        errors.append(f"status {status} instead of {case.status}")
    response = resolve(spec, json_pointer_get(spec, case.response_at))
    content = response.get("content") or {}
    for name, header in (response.get("headers") or {}).items():
        header = resolve(spec, header)
        if header.get("required") and name.lower() not in headers:
            errors.append(f"header {name} missing")
    allow = getattr(case, "allow", None)
    if allow is not None and {name.strip() for name in headers.get("allow", "").split(",")} != allow:
        errors.append(f"Allow: {headers.get('allow')!r}, the document gives the path {sorted(allow)}")
    if case.example is not None:
        for name, value in (case.example.get("x-headers") or {}).items():
            if headers.get(name.lower()) != str(value):
                errors.append(f"header {name}: {headers.get(name.lower())!r} instead of {value!r}")

    if not content:
        if body:
            errors.append(f"a body where none is documented: {body[:200]!r}")
        return errors
    media_type = getattr(case, "media_type", None) or next(iter(content))
    given_type = headers.get("content-type", "").split(";")[0].strip()
    if given_type != media_type:
        errors.append(f"Content-Type {given_type!r} instead of {media_type!r}")
    if not (media_type == "application/json" or media_type.endswith("+json")):
        return errors
    try:
        answer = json.loads(body)
    except ValueError as error:
        errors.append(f"the answer is not JSON ({error}): {body[:200]!r}")
        return errors
    if case.example is not None:
        found = difference(answer, case.example.get("value"))
        if found:
            errors.append(f"answer differs from the example at {found}\n       answer: "
                          + json.dumps(answer, separators=(",", ":")))
    schema = content[media_type].get("schema")
    if schema is not None:
        at = case.response_at + pointer("content", media_type, "schema")
        error = best_match(schemas.errors(at, answer))
        if error is not None:
            where = "/" + "/".join(str(part) for part in error.absolute_path)
            errors.append(f"the answer does not match the schema at {where}: {error.message[:300]}")
    return errors


def json_pointer_get(document, at: str):
    node = document
    for part in at.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def start(binary: str, arguments=()):
    log = tempfile.TemporaryFile()
    try:
        server = subprocess.Popen(
            [binary, "--port", "0", "--host", "127.0.0.1", *arguments], stdout=subprocess.PIPE, stderr=log, text=True)
    except OSError as error:
        raise SystemExit(f"cannot start {binary}: {error}")
    first = []
    reader = threading.Thread(target=lambda: first.append(server.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout=TIMEOUT)
    line = first[0] if first else ""
    match = re.search(r'"message":"listening".*"port":(\d+)', line)
    if not match:
        server.kill()
        server.wait()
        log.seek(0)
        raise SystemExit(f"layoutd did not report its port (first line {line!r}):\n"
                         + log.read().decode(errors="replace")[-2000:])
    # Keep reading standard output so the server never blocks on a full pipe.
    threading.Thread(target=server.stdout.read, daemon=True).start()
    return server, int(match.group(1)), log


def stop(server) -> int:
    """SIGTERM (if it still runs), then its exit status; killed if it does not exit within TIMEOUT."""
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
    try:
        return server.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        server.kill()
        return server.wait()


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    binary = sys.argv[1]
    passed = failed = 0

    def report(ok: bool, title: str, detail: str = ""):
        nonlocal passed, failed
        if ok:
            passed += 1
            print(f"ok   {title}")
        else:
            failed += 1
            print(f"FAIL {title}{': ' + detail if detail else ''}")

    spec = yaml.safe_load(SPEC_PATH.read_text())
    try:
        validate_spec(spec)
        report(True, "openapi.yaml is a valid OpenAPI 3.1 document")
    except Exception as error:  # the validator raises several kinds
        report(False, "openapi.yaml is a valid OpenAPI 3.1 document", str(error)[:2000])
    try:
        all_cases, problems = cases(spec)
    except Failure as error:
        all_cases, problems = [], [str(error)]
    report(not problems, "every example pairs a request with an answer", "\n     ".join(problems))

    schemas = Schemas(spec)
    # The main server first, in document order; then one server per distinct list of extra arguments.
    groups = {(): []}
    for case in all_cases:
        if case.status is not None:
            groups.setdefault(case.server_arguments, []).append(case)
    for arguments, group in groups.items():
        suffix = f" (layoutd {' '.join(arguments)})" if arguments else ""
        server, port, log = start(binary, arguments)
        failed_before = failed
        try:
            for case in group:
                try:
                    errors = check(spec, schemas, port, case)
                except Exception as error:  # a refused connection, a timeout: report it and go on
                    errors = [f"{type(error).__name__}: {error}"]
                report(not errors, f"{case.title} -> {case.status}{suffix}", "\n     ".join(errors))
        finally:
            code = stop(server)
            report(code == 0, f"layoutd exits 0 on SIGTERM{suffix}", f"exit status {code}")
            if failed > failed_before:
                log.seek(0)
                tail = log.read().decode(errors="replace")[-1500:]
                if tail:
                    print("layoutd's standard error ends with:\n" + tail)
            log.close()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
