"""Schemathesis hooks for layoutd: the rules of openapi.yaml that its schemas do not state.

openapi.yaml states every rule it can in its schemas, so schemathesis's positive data is accepted and
its negative data refused. Five rules compare one request field with another and four depend on the
layout; no JSON Schema keyword can express them (OpenAPI parameters cannot depend on each other). Two
more (10 and 11) JSON Schema could state, but nested as deep as items are in sections and updates they
made schemathesis's generator fail inside Hypothesis (an AST recursion error), so the schemas leave
them out. The document states them all in prose (`LayoutRequest`, `LayoutRegistration`, `ScrollRequest`, `Sections`,
`Item`, `UpdateRequest`, the element lookups, `FlingRequest`):

1. `scrollOffset` and an origin given in `bounds` (`x` or `y`) must be the same point
   (`POST /v1/layout`, `POST /v1/layouts/{layoutId}/attributes`).
2. At most 1,000,000 items over all sections of a request, listed or counted (`POST /v1/layout`,
   `POST /v1/layouts`): each section may hold up to 1,000,000, so several together can pass it.
3. At most `--max-answer-attributes` (100,000) elements in one answer, over all its bounds: how many a
   rectangle holds depends on the layout, not on any one field (`BadRequestProblem`,
   `AnswerTooLargeProblem`).
4. An item sent without a size (`{}`) is laid out at `layout.estimatedItemSize`, so a layout that sets
   none refuses it (`Item`): at the item, `/items/3`, `/sections/1/items/3`, or, in an update, where the
   estimate is the stored layout's, `/updates/0/items/3`.
5. The operations of `POST /v1/layouts/{layoutId}/updates` must fit the stored layout as the operations
   before them left it (`UpdateRequest`): an index or a count out of range is refused at that field of
   that operation (`/updates/2/at`), and a result past 1,000,000 items or 10,000 sections at
   `/updates/2/items` or `/updates/2/sections`.
6. An element lookup's query (`GET …/items/{section}/{item}`, `/headers/…`, `/footers/…`): `scrollPosition`
   needs `width` and `height`, and `width`, `height`, `x` and `y` need `scrollPosition`; refused with
   `/problems/invalid-parameter` naming one of them.
7. A fling of more than 600 frames at its `frameRate` (how long it lasts depends on the layout and the
   velocity together): `/problems/limit-exceeded` at `/frameRate`; frames holding more elements than
   one answer may carry: `/problems/answer-too-large` at `/attributes`.
8. A section's `masonry` in a layout of `"mode": "css"` (`Section`): refused at the section's `masonry`,
   `/sections/1/masonry`, or, in an update of a stored CSS layout, `/updates/0/sections/1/masonry`.
9. A fling's `snap: line` on a layout with a masonry section (`FlingRequest`): `/problems/invalid-field`
   at `/snap`; the layout's sections are the server's to know, so the problem is the proof.
10. An item's `column` with `"fullSpan": true` (`Item`): refused at the item's `fullSpan`.
11. A `masonry` object gives exactly one of `columns` and `minimumColumnWidth` (`Masonry`): neither is
    refused at the object, both at the one given second.
12. A compositional description's rules across fields (`Compositional`, docs/flow-layout.md §23.13):
    refused at the `compositional` it breaks (or inside it), or at the registration's missing
    `viewport` side that its sections need.
13. A carousel fling's `section` (`FlingRequest`), and each `carouselBands` entry's (`ScrollRequest`),
    must name an orthogonal compositional section of the layout (docs/flow-layout.md §23.15):
    `/problems/invalid-field` at `/section` or `/carouselBands/2/section`; the layout's sections are
    the server's to know, so the problem is the proof. An entry's `to` below its `from` is refused at
    its `to`.

A schema-valid request that breaks one of them gets a 400, which `positive_data_acceptance` reports as
"schema-valid request rejected". `filter_failure` drops exactly that report, and only when this module
finds the request breaking the rule AND the server's 400 is the problem the rule documents: its `type`
and its `pointer` at the field at fault. Any other 400 for schema-valid data, and every other check on
the same answer (its status, media type, headers, problem schema), still fails the run. A `HEAD`'s
400 has no body: its problem is read from the same `GET`'s answer. For rule 3
this module cannot count a rectangle's elements itself, so it takes the documented problem naming
the bounds as the proof; for rule 5 it takes the engine's out-of-range refusal of a field the operation
has. A schema-violating body over the 8 MiB cap is refused for its size first: its documented 413
counts as the refusal. Dropped failures are counted in schemathesis's summary.

So that positive data is mostly accepted, not mostly refused by rules 4 to 6, `before_call` fits each
positive request to them before it is sent: an element lookup's query gets the view's size its
`scrollPosition` needs, or loses the size and origin it has without one; a body with sizeless items
and no estimate gets `layout.estimatedItemSize`; and a batch of updates on a layout whose shape this module knows (`after_call`
records the shape of every layout a registration, a one-shot layout or an update answered) has its
indices and counts brought into range, operation by operation, as the server reads them, and what it
adds trimmed to the limits on items and sections (generated layouts are often full). The edits keep
the request schema-valid (schemathesis revalidates a case a hook changed); negative data is left alone.
"""
import json
import re
import sys
import threading

import requests

import schemathesis
from schemathesis.core.failures import AcceptedNegativeData
from schemathesis.openapi.checks import RejectedPositiveData, UseAfterFree

# Generating a body as deep as an update's inserted sections' items runs Hypothesis deep into the
# stack; near Python's default limit of 1,000 frames, CPython 3.11 parsing a source for a message
# fails with "AST constructor recursion depth mismatch" (a tool crash, not a finding). The hooks load
# in schemathesis's own process, so the limit set here is the generator's.
sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))

MAX_ITEMS = 1_000_000
# `--max-body-bytes`' default: a larger body is refused 413 before it is read (openapi.yaml).
MAX_BODY_BYTES = 8 * 1024 * 1024
MAX_SECTIONS = 10_000
UPDATES = "/v1/layouts/{layoutId}/updates"
# Fields of an operation an out-of-range index or count is named by (rule 5).
RANGE_FIELDS = {"section", "at", "count", "sizes", "from/0", "from/1", "to/0", "to/1"}
RANGE_MESSAGES = ("out of range", "does not exist", "do not all exist")

# layoutId -> (item counts per section, whether the layout sets estimatedItemSize), for every layout an
# answer named; read and written by the workers' threads.
SHAPES = {}
SHAPES_LOCK = threading.Lock()


def origin_conflict(body) -> bool:
    """Rule 1: both a `scrollOffset` and a `bounds` origin, and they differ (a missing x or y is 0)."""
    if not isinstance(body, dict):
        return False
    offset, bounds = body.get("scrollOffset"), body.get("bounds")
    if not isinstance(offset, dict) or not isinstance(bounds, dict):
        return False
    if "x" not in bounds and "y" not in bounds:
        return False
    return any(float(bounds.get(axis, 0)) != float(offset.get(axis, 0)) for axis in ("x", "y"))


def section_past_item_limit(body):
    """Rule 2: the index of the section at which the running item total passes 1,000,000, or None."""
    if not isinstance(body, dict) or not isinstance(body.get("sections"), list):
        return None
    total = 0
    for index, section in enumerate(body["sections"]):
        if not isinstance(section, dict):
            return None
        items = section.get("items")
        total += len(items) if isinstance(items, list) else int(section.get("itemCount", 0))
        if total > MAX_ITEMS:
            return index
    return None


ELEMENT_SCROLL = ("scrollPosition", "width", "height", "x", "y")


def element_query_conflict(case) -> bool:
    """Rule 6: an element lookup's `scrollPosition` without the view's size, or a size or origin
    without `scrollPosition`."""
    if not any(f"/{kind}/" in case.path for kind in ("items", "headers", "footers")):
        return False
    query = case.query if isinstance(case.query, dict) else {}
    if "scrollPosition" in query:
        return not ("width" in query and "height" in query)
    return any(name in query for name in ELEMENT_SCROLL[1:])


def carousel_band_rule(body, pointer) -> bool:
    """Rule 13: the entry `pointer` names is there, and its `to` is below its `from` when it names `to`."""
    index, field = pointer.split("/")[2:4]
    bands = body.get("carouselBands")
    if not isinstance(bands, list) or int(index) >= len(bands) or not isinstance(bands[int(index)], dict):
        return False
    entry = bands[int(index)]
    return field == "section" or entry.get("to", 0) < entry.get("from", 0)


def problem_body(response) -> bytes:
    """The problem a 400 carries; for a HEAD, which carries none, the one the same GET answers (a
    HEAD's status and headers are its GET's, RFC 9110 §9.3.2)."""
    if response.request.method != "HEAD":
        return response.content
    request = response.request
    answer = requests.get(request.url, headers={name: value for name, value in request.headers.items()
                                                if name.lower() not in ("content-length", "accept-encoding")}, timeout=60)
    return answer.content if answer.status_code == response.status_code else b""


def documented_rejection(case, response) -> bool:
    """Whether this 400 is the one openapi.yaml documents for a cross-field rule the request breaks."""
    if response.status_code != 400:
        return False
    try:
        problem = json.loads(problem_body(response))
    except ValueError:
        return False
    if not isinstance(problem, dict):
        return False
    # A request may break both rules; the server names whichever it meets first.
    body, kind, pointer = case.body, problem.get("type"), problem.get("pointer")
    if origin_conflict(body) and kind == "/problems/invalid-field" and pointer == "/scrollOffset":
        return True
    if kind == "/problems/invalid-parameter" and element_query_conflict(case) and problem.get("parameter") in ELEMENT_SCROLL:
        return True
    if case.path.endswith("/fling") and (kind, pointer) in (
            ("/problems/limit-exceeded", "/frameRate"), ("/problems/answer-too-large", "/attributes")):
        return True
    if kind == "/problems/answer-too-large":
        # Bounds in the body are named by pointer (`/bounds`, `/bounds/3`, an update's
        # `/transitions/bounds`); a query viewport by none.
        # A GET has no body: schemathesis leaves it unset (a sentinel, not None).
        if not isinstance(case.body, dict):
            return pointer is None
        return isinstance(pointer, str) and (pointer.startswith("/bounds") or pointer == "/transitions/bounds")
    if kind == "/problems/invalid-field" and sizeless_without_estimate(case, pointer):
        return True
    if update_out_of_range(case, problem):
        return True
    if kind == "/problems/invalid-field" and (masonry_in_css(case, pointer) or masonry_members_conflict(body, pointer)):
        return True
    if compositional_rule(body, kind, pointer):
        return True
    if case.path.endswith("/fling") and kind == "/problems/invalid-field" and pointer == "/snap" and isinstance(body, dict) \
            and body.get("snap") == "line":
        return True
    if case.path.endswith("/fling") and kind == "/problems/invalid-field" and pointer == "/section" and isinstance(body, dict) \
            and "section" in body:
        return True
    if kind == "/problems/invalid-field" and isinstance(pointer, str) and isinstance(body, dict) \
            and re.fullmatch(r"/carouselBands/\d+/(section|to)", pointer) and carousel_band_rule(body, pointer):
        return True
    section = section_past_item_limit(body)
    return section is not None and kind == "/problems/limit-exceeded" and (
        pointer in (f"/sections/{section}/itemCount", f"/sections/{section}/items"))


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Keeps every failure but a schema-valid request's documented 400 for a cross-field rule, and an
    `OPTIONS` after a `DELETE`: it answers the path's methods whatever the id names (openapi.yaml), so
    that a browser's preflight passes and its page can read the 404 the actual request gets."""
    if isinstance(failure, RejectedPositiveData) and documented_rejection(case, response):
        return False
    if isinstance(failure, UseAfterFree) and case.method.upper() == "OPTIONS" and response.status_code == 204:
        return False
    if isinstance(failure, AcceptedNegativeData) and body_too_large(response):
        return False
    return True


def body_too_large(response) -> bool:
    """Schema-violating data so large it is refused for its size first: the documented 413, for a body
    that is over the cap (`negative_data_rejection` does not count 413 as a refusal)."""
    sent = response.request.body or b""
    if response.status_code != 413 or len(sent) <= MAX_BODY_BYTES:
        return False
    return json.loads(problem_body(response)).get("type") == "/problems/body-too-large"


def compositional_rule(body, kind, pointer) -> bool:
    """Rule 12: what a compositional description may not be that JSON Schema cannot state
    (docs/flow-layout.md §23.13): headers, footers or orthogonal scrolling in a horizontal layout, a
    section's tree past 64 nodes or 8 levels, `count` with other than one subitem, `compositional`
    beside `masonry` or in CSS mode (named at the `compositional` it breaks), and a registration's
    missing viewport side that compositional sections need."""
    if kind not in ("/problems/invalid-field", "/problems/limit-exceeded") or not isinstance(pointer, str):
        return False
    if "/compositional" in pointer:
        return True
    return pointer in ("/viewport/height", "/viewport/width") and "compositional" in json.dumps(body)


def masonry_in_css(case, pointer) -> bool:
    """Rule 8: the section the pointer names gives `masonry`, in a registration of a CSS layout or in an
    update's inserted sections (whose stored layout the server knows to be CSS)."""
    body = case.body if isinstance(case.body, dict) else {}
    parts = (pointer or "").split("/")
    if len(parts) == 4 and parts[1] == "sections" and parts[3] == "masonry":
        layout = body.get("layout")
        sections = body.get("sections")
        css = isinstance(layout, dict) and layout.get("mode") == "css"
        return css and isinstance(sections, list) and parts[2].isdigit() and int(parts[2]) < len(sections) \
            and isinstance(sections[int(parts[2])], dict) and "masonry" in sections[int(parts[2])]
    if len(parts) == 6 and parts[1] == "updates" and parts[3] == "sections" and parts[5] == "masonry":
        operations = body.get("updates")
        if not (isinstance(operations, list) and parts[2].isdigit() and int(parts[2]) < len(operations)):
            return False
        sections = operations[int(parts[2])].get("sections") if isinstance(operations[int(parts[2])], dict) else None
        return isinstance(sections, list) and parts[4].isdigit() and int(parts[4]) < len(sections) \
            and isinstance(sections[int(parts[4])], dict) and "masonry" in sections[int(parts[4])]
    return False


def at_pointer(document, pointer: str):
    """The value a JSON pointer names in `document`, or None."""
    for part in pointer.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(document, dict) and part in document:
            document = document[part]
        elif isinstance(document, list) and part.isdigit() and int(part) < len(document):
            document = document[int(part)]
        else:
            return None
    return document


def masonry_members_conflict(body, pointer) -> bool:
    """Rules 10 and 11: an item's `column` with `fullSpan: true`, or a `masonry` object with both or
    neither of `columns` and `minimumColumnWidth`, at the pointer the server names."""
    if not isinstance(pointer, str):
        return False
    if pointer.endswith("/fullSpan"):
        item = at_pointer(body, pointer[:-len("/fullSpan")])
        return isinstance(item, dict) and item.get("fullSpan") is True and "column" in item
    for suffix in ("/masonry", "/masonry/columns", "/masonry/minimumColumnWidth"):
        if pointer.endswith(suffix):
            masonry = at_pointer(body, pointer[:len(pointer) - len(suffix)] + "/masonry")
            return isinstance(masonry, dict) and ("columns" in masonry) == ("minimumColumnWidth" in masonry)
    return False


def sizeless(item) -> bool:
    return isinstance(item, dict) and "width" not in item and "height" not in item


def has_estimate(body) -> bool:
    layout = body.get("layout") if isinstance(body, dict) else None
    return isinstance(layout, dict) and "estimatedItemSize" in layout


def section_count(section) -> int:
    items = section.get("items")
    return len(items) if isinstance(items, list) else int(section.get("itemCount", 0))


def body_shape(body):
    """Item counts per section of a registration or a one-shot layout, and whether it sets an estimate."""
    if "sections" in body:
        counts = [section_count(section) for section in body["sections"]]
    elif "items" in body:
        counts = [len(body["items"])]
    else:
        counts = [int(body.get("itemCount", 0))]
    return counts, has_estimate(body)


def item_at(body, pointer: str):
    """The item `pointer` names in `body` (`/items/3`, `/sections/1/items/3`, `/updates/0/items/3`,
    `/updates/0/sections/1/items/3`), or None."""
    node = body
    for part in pointer.split("/")[1:]:
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return None
    return node


def sizeless_without_estimate(case, pointer) -> bool:
    """Rule 4: the problem names an item sent without a size where no estimate applies."""
    parts = pointer.split("/") if isinstance(pointer, str) else []
    if len(parts) < 3 or parts[-2] != "items" or not sizeless(item_at(case.body, pointer)):
        return False
    if case.operation.path == UPDATES:
        with SHAPES_LOCK:
            shape = SHAPES.get(case.path_parameters.get("layoutId"))
        return shape is None or not shape[1]
    return not has_estimate(case.body)


def listed_items(operations) -> int:
    """Items, sizes and counted items a batch lists, all counted against the request's item limit."""
    total = 0
    for operation in operations:
        if not isinstance(operation, dict):
            continue
        for name in ("items", "sizes"):
            if isinstance(operation.get(name), list):
                total += len(operation[name])
        for section in operation.get("sections") or []:
            if isinstance(section, dict):
                total += section_count(section)
    return total


def update_out_of_range(case, problem) -> bool:
    """Rule 5: the engine's refusal of an index, a count or a result that does not fit the layout."""
    body, pointer, kind = case.body, problem.get("pointer"), problem.get("type")
    if case.operation.path != UPDATES or not isinstance(body, dict) or not isinstance(pointer, str):
        return False
    parts = pointer.split("/")
    if len(parts) < 4 or parts[1] != "updates" or not parts[2].isdigit():
        return False
    operations = body.get("updates") or []
    index = int(parts[2])
    if index >= len(operations) or not isinstance(operations[index], dict):
        return False
    operation, field = operations[index], "/".join(parts[3:])
    if kind == "/problems/invalid-field":
        detail = problem.get("detail", "")
        return field in RANGE_FIELDS and field.split("/")[0] in operation and any(m in detail for m in RANGE_MESSAGES)
    if kind == "/problems/limit-exceeded":
        # The result past the layout limits, or the batch listing more items than one request may.
        return field in ("items", "sections") and field in operation or listed_items(operations) > MAX_ITEMS
    return False


def kind_adds_items(operation) -> bool:
    return operation.get("op") in ("insertItems", "appendItems") and isinstance(operation.get("items"), list)


def fit_items(items, estimate: bool):
    """Sizeless items get a size when no estimate would give them one (rule 4)."""
    for item in items if isinstance(items, list) else []:
        if not estimate and sizeless(item):
            item["width"], item["height"] = 10, 10


def fit_section(section, room: int) -> int:
    """Trims a section's items to at most `room`, in place; returns how many it then has."""
    if isinstance(section.get("items"), list):
        del section["items"][room:]
    elif int(section.get("itemCount", 0)) > room:
        section["itemCount"] = room
    return section_count(section)


def fit_operations(operations, counts, estimate: bool):
    """Brings each operation's indices and counts into range of `counts` (item counts per section), as
    the operations before it left them, and what it adds within the limits on items and sections, in
    place (rule 5). Returns the counts after the batch. A batch already in range is left as it is, so
    this also replays an accepted batch."""
    counts = list(counts)
    listed = 0  # items, sizes and counted items the batch lists, against the request's item limit
    for index, operation in enumerate(operations):
        room = max(0, min(MAX_ITEMS - sum(counts), MAX_ITEMS - listed))
        if kind_adds_items(operation):
            del operation["items"][room:]
            listed += len(operation["items"])
        kind = operation["op"]
        if kind in ("insertItems", "deleteItems", "resizeItems", "appendItems"):
            if not counts:
                operations[index] = operation = {"op": "insertSections", "at": 0, "sections": [{"itemCount": 1}]}
                counts.insert(0, 1)
                continue
            section = int(operation["section"]) % len(counts)
            operation["section"] = section
            n = counts[section]
            if kind == "appendItems":
                fit_items(operation["items"], estimate)
                counts[section] += len(operation["items"])
                continue
            at = int(operation["at"]) % (n + 1)
            operation["at"] = at
            if kind == "insertItems":
                fit_items(operation["items"], estimate)
                counts[section] += len(operation["items"])
            elif kind == "deleteItems":
                operation["count"] = int(operation["count"]) % (n - at + 1)
                counts[section] -= operation["count"]
            else:
                del operation["sizes"][min(n - at, max(0, MAX_ITEMS - listed)):]
                listed += len(operation["sizes"])
        elif kind == "moveItem":
            filled = [position for position, count in enumerate(counts) if count > 0]
            if not filled:
                operations[index] = {"op": "deleteSections", "at": 0, "count": 0}
                continue
            source = int(operation["from"][0])
            if source >= len(counts) or counts[source] == 0:
                source = filled[source % len(filled)]
            operation["from"] = [source, int(operation["from"][1]) % counts[source]]
            counts[source] -= 1
            target = int(operation["to"][0]) % len(counts)
            operation["to"] = [target, int(operation["to"][1]) % (counts[target] + 1)]
            counts[target] += 1
        elif kind == "insertSections":
            at = int(operation["at"]) % (len(counts) + 1)
            operation["at"] = at
            del operation["sections"][max(0, MAX_SECTIONS - len(counts)):]
            added = []
            for section in operation["sections"]:
                fit_items(section.get("items"), estimate)
                added.append(fit_section(section, room))
                room -= added[-1]
                listed += added[-1]
            counts[at:at] = added
        elif kind == "deleteSections":
            at = int(operation["at"]) % (len(counts) + 1)
            operation["at"] = at
            operation["count"] = int(operation["count"]) % (len(counts) - at + 1)
            del counts[at:at + operation["count"]]
    return counts


@schemathesis.hook
def before_call(context, case, kwargs):
    """Fits positive data to rules 4 to 6, so that it is mostly accepted (see the module's comment)."""
    meta = case.meta
    body = case.body
    if meta is None or not meta.generation.mode.is_positive:
        return
    if element_query_conflict(case):
        # Rule 6: a position gets the view's size; sizes and origins without one are dropped.
        if "scrollPosition" in case.query:
            case.query.setdefault("width", 390)
            case.query.setdefault("height", 844)
        else:
            for name in ELEMENT_SCROLL[1:]:
                case.query.pop(name, None)
    if not isinstance(body, dict):
        return
    try:
        if case.operation.path == UPDATES:
            with SHAPES_LOCK:
                shape = SHAPES.get(case.path_parameters.get("layoutId"))
            if shape is not None and isinstance(body.get("updates"), list):
                fit_operations(body["updates"], shape[0], shape[1])
        elif case.operation.path in ("/v1/layout", "/v1/layouts") and not has_estimate(body):
            lists = [body.get("items")] + [s.get("items") for s in body.get("sections") or [] if isinstance(s, dict)]
            if any(sizeless(item) for items in lists if isinstance(items, list) for item in items):
                layout = body.setdefault("layout", {})
                if isinstance(layout, dict):
                    layout["estimatedItemSize"] = {"width": 10, "height": 10}
    except (KeyError, TypeError, ValueError, ZeroDivisionError, AttributeError):
        pass  # a shape this module did not foresee: sent as generated


@schemathesis.hook
def after_call(context, case, response):
    """Records the shape of every layout an answer names (for `before_call`)."""
    if response.status_code not in (200, 201) or case.method.upper() != "POST" or not isinstance(case.body, dict):
        return
    path = case.operation.path
    if path not in ("/v1/layout", "/v1/layouts", UPDATES):
        return
    try:
        answer = json.loads(response.content)
        layout_id = answer["layoutId"]
        if path == UPDATES:
            with SHAPES_LOCK:
                previous = SHAPES.get(case.path_parameters.get("layoutId"))
            if previous is None:
                return
            updates = json.loads(json.dumps(case.body["updates"]))  # replayed on a copy
            shape = (fit_operations(updates, previous[0], True), previous[1])
        else:
            shape = body_shape(case.body)
        with SHAPES_LOCK:
            SHAPES[layout_id] = shape
    except (KeyError, TypeError, ValueError, ZeroDivisionError, AttributeError):
        pass
