#!/usr/bin/env python3
"""REDbot, the HTTP linter, over every GET route of a real layoutd.

Usage: run_redbot.py BINARY [--allow-list docs/http.md]

Starts BINARY on a free port of 127.0.0.1, registers one stored layout, and has REDbot
(https://redbot.org, `pip install redbot`) check each URL a client or a cache would GET: the
stored layout's scroll, item, header, footer, hit and metadata routes, /v1/cache, the health
routes, /metrics, the playground page and every file under /playground/.

Each URL is checked three ways, all in one event loop:
  plain  GET without Accept-Encoding. REDbot then asks again with `Accept-Encoding: gzip` (its
         content-negotiation check: Vary, ETag per coding, same status and type), again with
         If-None-Match (the 304), and with a Range when Accept-Ranges says bytes;
  gzip   GET with `Accept-Encoding: gzip`, so that the 304 and Range checks run against the
         gzip representation and its own ETag too;
  head   HEAD without Accept-Encoding (REDbot sends no HEAD of its own), with the same checks;
  cross-origin  GET from a web page of an allowed origin (`Origin`, with gzip): the server runs
         with --cors-origins, so every answer varies by Origin as well.

Every note of level bad or warning fails the run (exit 1) unless its id is in the allow-list:
the table under the heading that names REDbot in docs/http.md, one row a note, `| NOTE_ID | why |`
(the first cell is the id; further cells are for people). No such section: nothing is allowed.
Why: REDbot knows HTTP caching, validation and negotiation better than our own tests; a regression
in those headers (a missing Vary, an ETag shared by two codings, a 304 that drops headers)
shows up here as a note.
"""
import argparse
import configparser
import html.parser
import random
import re
import sys
import time
import urllib.parse
from pathlib import Path

import thor
from httplint.note import levels
from redbot import __version__ as REDBOT_VERSION
from redbot.resource import HttpResource

REPOSITORY = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPOSITORY / "IntegrationTests" / "playground"))
from layoutd_process import Layoutd  # noqa: E402  (the playground's: a real binary on a free port)
ALLOW_LIST = REPOSITORY / "docs" / "http.md"
ASSETS_SOURCE = REPOSITORY / "Sources" / "PlaygroundAssets" / "playground_assets.c"

LAYOUT = {
    "viewport": {"width": 390},
    "layout": {"headerReferenceSize": {"height": 40}, "footerReferenceSize": {"height": 20}},
    "sections": [{"itemCount": 300}, {"itemCount": 5}],
}
# The server answers one other origin (CORS), so the answers' Vary carries Origin, as in production.
PAGE_ORIGIN = "http://app.example"
VARIANTS = {
    "plain": ("GET", []),
    "gzip": ("GET", [("Accept-Encoding", "gzip")]),
    "head": ("HEAD", []),
    "cross-origin": ("GET", [("Origin", PAGE_ORIGIN), ("Accept-Encoding", "gzip")]),
}
FAILING_LEVELS = {levels.BAD, levels.WARN}
CHECK_SECONDS = 60


# --- what to check ---------------------------------------------------------------------------

class PageLinks(html.parser.HTMLParser):
    """The src and href attributes of a page."""

    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attrs):
        self.links += [value for name, value in attrs if name in ("src", "href") and value]


MODULE_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]""")


def playground_files(server):
    """Paths under /playground/: what the page links, what those modules import, transitively,
    and every file Sources/PlaygroundAssets embeds (so that one no page links is checked too)."""
    status, page = server.request("GET", "/playground")
    if status != 200:
        raise RuntimeError(f"GET /playground answered {status}")
    parser = PageLinks()
    parser.feed(page.decode())
    queue = [urllib.parse.urljoin("/playground", link) for link in parser.links]
    if ASSETS_SOURCE.exists():
        queue += ["/playground/" + name
                  for name in re.findall(r'ENTRY\("([^"]+)"', ASSETS_SOURCE.read_text())]
    found = []
    while queue:
        path = urllib.parse.urlsplit(queue.pop(0)).path
        if not path.startswith("/playground/") or path in found:
            continue
        found.append(path)
        status, module = server.request("GET", path)
        if status == 200 and path.endswith(".js"):
            queue += [urllib.parse.urljoin(path, name)
                      for name in MODULE_IMPORT.findall(module.decode())]
    return found


def register_layout(server):
    status, body = server.request("POST", "/v1/layouts", LAYOUT)
    if status != 201:
        raise RuntimeError(f"POST /v1/layouts answered {status}: {body!r:.300}")
    return body["layoutId"]


def paths_to_check(server, layout_id):
    """Every GET route, with the notices of what could not be included."""
    stored = f"/v1/layouts/{layout_id}"
    scroll = f"{stored}/attributes?x=0&y=0&width=390&height=844"
    paths = [
        scroll,
        f"{stored}/items/0/3",
        f"{stored}/headers/1",
        f"{stored}/footers/0",
        f"{stored}/hit?x=10&y=50",
        stored,
        "/v1/cache", "/healthz", "/livez", "/readyz", "/metrics", "/", "/playground",
    ]
    notices = []
    # A band is asked for with `band` in the POST body; the GET takes it only once the query
    # parameter exists. Check it when the service answers it, say so when it does not.
    band = scroll + "&band=true"
    status, body = server.request("GET", band)
    if status == 200:
        paths.insert(1, band)
    else:
        detail = body.get("detail", "") if isinstance(body, dict) else ""
        notices.append(f"band: GET {band} answered {status}, not checked ({detail})")
    return paths + playground_files(server), notices


# --- REDbot ----------------------------------------------------------------------------------

def run_redbot(urls):
    """Check each url in each variant, all at once in thor's loop; {(url, variant): resource}."""
    config = configparser.ConfigParser()
    config.read_dict({"redbot": {"enable_local_access": "True"}})
    random.seed(0)  # REDbot's Range check picks a random slice of the body
    resources = {}
    pending = set()

    def finished(key):
        pending.discard(key)
        if not pending:
            thor.stop()

    for url in urls:
        for variant, (method, headers) in VARIANTS.items():
            resource = HttpResource(config["redbot"])
            resource.set_request(url, method=method, headers=headers)
            resources[(url, variant)] = resource
            pending.add((url, variant))
            resource.once("check_done", lambda key=(url, variant): finished(key))
    for resource in resources.values():
        resource.check()
    thor.schedule(CHECK_SECONDS, thor.stop)
    if pending:
        thor.run()
    return resources, pending


def flatten(notes):
    for note in notes:
        yield note
        yield from flatten(note.subnotes)


# --- the allow-list --------------------------------------------------------------------------

def allowed_notes(page):
    """{note id: reason} from the table under the heading that names REDbot in docs/http.md (its
    rows `| NOTE_ID | ... | reason |`); {} when there is no such heading."""
    if not page.exists():
        return {}
    allowed, in_section, in_code = {}, False, False
    for line in page.read_text().splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif in_code:
            continue  # a shell comment in an example is no heading
        elif re.match(r"#{1,6} ", line):
            if in_section:
                break
            in_section = "redbot" in line.lower()
        elif in_section and line.strip().startswith("|"):
            cells = [cell.strip().strip("`").strip() for cell in line.strip().strip("|").split("|")]
            if re.fullmatch(r"[A-Z][A-Z0-9_]+", cells[0]):  # not the header row nor |---|
                allowed[cells[0]] = cells[-1] if len(cells) > 1 else ""
    return allowed


# Reasons printed in the proposed allow-list table for notes seen when this check was written; any
# other note gets TODO there, for a person to decide.
PROPOSED_REASONS = {
    "STORE_PUBLIC_UNNECESSARY": "Deliberate (docs/http.md: GET answers are `public, immutable`): answers "
        "are content-addressed and not per user, so a shared cache may keep them even for a request "
        "that carries Authorization (a gateway's credentials).",
    "FRESHNESS_HEURISTIC": "Not yet accepted: the metadata answer has an ETag but no Cache-Control; "
        "it should say `Cache-Control: no-cache` (a stored layout can be deleted or evicted, so a "
        "cache must revalidate), then this row goes.",
}


# --- the run ---------------------------------------------------------------------------------

def collect(server, layout_id, resources, pending):
    """{(path, note id, level, summary): [variants]} of every bad or warning note; the layout
    id is written {id} so that the same note reads the same from run to run."""
    found = {}
    for (url, variant), resource in resources.items():
        for note_id, level, summary, where in failing_notes(resource):
            path = url.removeprefix(server.url).replace(layout_id, "{id}")
            found.setdefault((path, note_id, level, summary), []).append(variant + where)
    for url, variant in pending:
        path = url.removeprefix(server.url).replace(layout_id, "{id}")
        found.setdefault((path, "TIMEOUT", "bad", f"REDbot did not finish in {CHECK_SECONDS} s"),
                         []).append(variant)
    return found


def failing_notes(resource):
    """(note id, level, summary, which request) of each bad or warning note, from the response and
    from the responses to REDbot's follow-up requests (gzip, If-None-Match, Range). A note that
    REDbot put on both the response and a follow-up's is listed once."""
    found = {}
    exchanges = [("", resource)] + [(f" ({name})", sub) for name, sub in resource.subreqs.items()
                                    if sub.fetch_started]
    for where, exchange in exchanges:
        if exchange.fetch_error is not None and not exchange.response.complete:
            found.setdefault(("FETCH_ERROR", where),
                             ("FETCH_ERROR", "bad", str(exchange.fetch_error.desc), where))
        for note in flatten(exchange.response.notes):
            if note.level in FAILING_LEVELS:
                found.setdefault((note.__class__.__name__, note.summary),
                                 (note.__class__.__name__, note.level.value, note.summary, where))
    return list(found.values())


def print_proposed_table(notes):
    """A docs/http.md section that would allow the failing notes, for a person to edit and paste."""
    where = {}
    for path, note_id, _, _ in notes:
        where.setdefault(note_id, []).append(path)
    print("\nProposed docs/http.md section (the allow-list; keep only rows whose reason holds):\n")
    print("## REDbot\n")
    print("| Note | Where | Why it is accepted |")
    print("|---|---|---|")
    for note_id in sorted(where):
        paths = sorted(set(where[note_id]))
        shown = ", ".join(f"`{path}`" for path in paths[:5])
        if len(paths) > 5:
            shown += f" and {len(paths) - 5} more"
        print(f"| {note_id} | {shown} | {PROPOSED_REASONS.get(note_id, 'TODO')} |")
    print()


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    arguments.add_argument("binary", help="the layoutd executable to check")
    arguments.add_argument("--allow-list", type=Path, default=ALLOW_LIST,
                           help="where the allow-list is (default: the repository's docs/http.md)")
    options = arguments.parse_args()
    started = time.monotonic()
    server = Layoutd(options.binary, "--cors-origins", PAGE_ORIGIN)
    try:
        layout_id = register_layout(server)
        paths, notices = paths_to_check(server, layout_id)
        resources, pending = run_redbot([server.url + path for path in paths])
        if server.process.poll() is not None:
            server.log_file.seek(0)
            raise RuntimeError(f"layoutd exited ({server.process.returncode}) during the checks:\n"
                               + server.log_file.read()[-3000:])
    finally:
        server.stop()

    allowed = allowed_notes(options.allow_list)
    notes = collect(server, layout_id, resources, pending)
    failing = [note for note in notes if note[1] not in allowed]
    for notice in notices:
        print("redbot: " + notice.replace(layout_id, "{id}"))
    for note in sorted(notes, key=lambda note: (note[1], note[0])):
        path, note_id, level, summary = note
        mark = "allowed" if note_id in allowed else "FAIL"
        print(f"{mark:7} {level:7} {note_id} {path} [{', '.join(notes[note])}]\n"
              f"        {summary}")
    if failing:
        print_proposed_table(failing)
    print(f"redbot: {len(paths)} URLs checked ({len(resources)} REDbot runs: "
          f"{', '.join(VARIANTS)}), {len(notes)} notes ({len(notes) - len(failing)} allowed); "
          f"REDbot {REDBOT_VERSION}, {time.monotonic() - started:.1f} s")
    sys.exit(1 if failing else 0)


if __name__ == "__main__":
    main()
