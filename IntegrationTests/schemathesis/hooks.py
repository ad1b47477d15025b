"""Schemathesis hooks for layoutd: the three rules of openapi.yaml that JSON Schema cannot state.

openapi.yaml states every rule it can in its schemas, so schemathesis's positive data is accepted and
its negative data refused. Two rules compare one request field with another and one depends on the layout;
no JSON Schema keyword can express them; the document states them in prose (`LayoutRequest`, `LayoutRegistration`,
`ScrollRequest`, `Sections`):

1. `scrollOffset` and an origin given in `bounds` (`x` or `y`) must be the same point
   (`POST /v1/layout`, `POST /v1/layouts/{layoutId}/attributes`).
2. At most 1,000,000 items over all sections of a request, listed or counted (`POST /v1/layout`,
   `POST /v1/layouts`): each section may hold up to 1,000,000, so several together can pass it.
3. At most `--max-answer-attributes` (100,000) elements in one answer, over all its bounds: how many a
   rectangle holds depends on the layout, not on any one field (`BadRequestProblem`,
   `AnswerTooLargeProblem`).

A schema-valid request that breaks one of them gets a 400, which `positive_data_acceptance` reports as
"schema-valid request rejected". `filter_failure` drops exactly that report, and only when this module
finds the request breaking the rule AND the server's 400 is the problem the rule documents: its `type`
and its `pointer` at the field at fault. Any other 400 for schema-valid data, and every other check on
the same answer (its status, media type, headers, problem schema), still fails the run. For rule 3
this module cannot count a rectangle's elements itself, so it takes the documented problem naming
the bounds as the proof. Dropped failures are counted in schemathesis's summary.
"""
import json

import schemathesis
from schemathesis.openapi.checks import RejectedPositiveData

MAX_ITEMS = 1_000_000


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


def documented_rejection(case, response) -> bool:
    """Whether this 400 is the one openapi.yaml documents for a cross-field rule the request breaks."""
    if response.status_code != 400:
        return False
    try:
        problem = json.loads(response.content)
    except ValueError:
        return False
    if not isinstance(problem, dict):
        return False
    # A request may break both rules; the server names whichever it meets first.
    body, kind, pointer = case.body, problem.get("type"), problem.get("pointer")
    if origin_conflict(body) and kind == "/problems/invalid-field" and pointer == "/scrollOffset":
        return True
    if kind == "/problems/answer-too-large":
        # Bounds in the body are named by pointer (`/bounds`, `/bounds/3`); a query viewport by none.
        return pointer is None if case.body is None else isinstance(pointer, str) and pointer.startswith("/bounds")
    section = section_past_item_limit(body)
    return section is not None and kind == "/problems/limit-exceeded" and (
        pointer in (f"/sections/{section}/itemCount", f"/sections/{section}/items"))


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Keeps every failure but a schema-valid request's documented 400 for a cross-field rule."""
    if isinstance(failure, RejectedPositiveData) and documented_rejection(case, response):
        return False
    return True
