"""The playground page (GET /playground, clients/playground) in headless Chromium, against the service.

    python3 IntegrationTests/playground/test_playground.py .build/debug/layoutd

Starts layoutd and Chromium (the DevTools protocol, cdp.py) and drives the page through its
`window.playground` handle:

1. every preset, scrolled to several offsets along its axis (the start, a middle, near the end, the end;
   pulled past the start for the stretchy header and the background layers): every rendered `.element`'s
   frame (its box minus #content's origin) and every cell image's offset (its centre minus the cell's)
   equal the service's answer for the same bounds to 1/64 px, the same set of elements, and the
   page's own attributes (`state().view`) equal the service's to 1e-9;
2. scrolling inside a band sends no request; scrolling continuously through a long preset never finds
   the view outside its band (`stats.misses` does not grow: every refill arrived before the view
   reached its band's edge), refills, and the requests seen on the network are the client's count;
3. a refused request shows the problem at the editor's line of the service's JSON pointer;
4. "Outline frames" labels every element with its index path;
5. the App Store preset's carousels (docs/flow-layout.md §23.15): each row scrolled sideways to several
   offsets equals the service's answer with those `orthogonalOffsets`, its cards drawn at the
   `carousel` effect's scale and alpha; a sideways drag over the featured row flings it, and it comes
   to rest where the service says that fling rests, a card centred;
6. no console error or uncaught exception during the whole run (but the 400 of step 3 itself).

Prints one summary line; exits 1 with every failure listed.
"""
import json
import math
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cdp  # noqa: E402
from layoutd_process import Layoutd  # noqa: E402

WINDOW = (1280, 900)
FRAME_TOLERANCE = 1 / 64
VIEW_TOLERANCE = 1e-9
REQUIRED_PRESETS = ["center-grid", "whatsapp", "table-cell", "stretchy-header", "backgrounds", "carousel",
                    "right-to-left", "css", "alignments", "masonry", "compositional", "app-store"]
# What CSS keeps of a number it computes (opacity, a transform's scale): about six digits.
STYLE_TOLERANCE = 1e-4
OVERSCROLL_PRESETS = {"stretchy-header", "backgrounds"}
VIEW_OPTIONS = ("parallax", "scale", "layoutDirection")
MAX_FAILURES_SHOWN = 40

# Every rendered element: its data attributes, its frame in content coordinates (its box minus
# #content's origin) and, for a cell, its image's centre minus the cell's centre.
READ_DOM = """(() => {
  const content = document.querySelector('#content');
  if (!content) return {error: 'no #content'};
  const origin = content.getBoundingClientRect();
  const out = [];
  for (const e of document.querySelectorAll('.element')) {
    if (e.getClientRects().length === 0 || getComputedStyle(e).visibility === 'hidden') continue;
    const r = e.getBoundingClientRect();
    const image = e.querySelector('.image');
    let offset = null;
    if (image) {
      const i = image.getBoundingClientRect();
      offset = {x: (i.x + i.width / 2) - (r.x + r.width / 2), y: (i.y + i.height / 2) - (r.y + r.height / 2)};
    }
    const target = e.querySelector('.target');
    const matrix = target && getComputedStyle(target).transform;
    const scale = matrix && matrix !== 'none' ? parseFloat(matrix.slice(matrix.indexOf('(') + 1)) : 1;
    out.push({kind: e.dataset.kind ?? null, section: e.dataset.section ?? null, item: e.dataset.item ?? null,
              layer: e.dataset.layer ?? null, frame: {x: r.x - origin.x, y: r.y - origin.y, width: r.width, height: r.height},
              image: offset, inContent: content.contains(e), opacity: parseFloat(getComputedStyle(e).opacity), scale});
  }
  return {elements: out};
})()"""


class Failures:
    def __init__(self):
        self.messages: list[str] = []

    def check(self, condition: bool, message: str) -> bool:
        if not condition:
            self.messages.append(message)
        return condition

    def __bool__(self):
        return bool(self.messages)


def element_key(kind, section, item, layer):
    """An element's identity: (kind, index path) as the service and the page name it."""
    as_int = lambda value: None if value is None or value == "" else int(value)  # noqa: E731
    if kind == "cell":
        return ("cell", as_int(section), as_int(item))
    if kind in ("header", "footer"):
        return (kind, as_int(section))
    if kind == "background":
        return ("background", as_int(layer))
    return (kind,)


def service_key(attribute: dict):
    return element_key(attribute.get("kind"), attribute.get("section"), attribute.get("item"), attribute.get("layer"))


def deep_difference(a, b, path="") -> str | None:
    """Where two JSON values differ (numbers to VIEW_TOLERANCE), or None."""
    if isinstance(a, bool) or isinstance(b, bool):
        return None if a is b else f"{path}: {a!r} != {b!r}"
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return None if abs(a - b) <= VIEW_TOLERANCE else f"{path}: {a!r} != {b!r}"
    if isinstance(a, dict) and isinstance(b, dict):
        if set(a) != set(b):
            return f"{path}: members {sorted(a)} != {sorted(b)}"
        for key in a:
            found = deep_difference(a[key], b[key], f"{path}/{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} entries != {len(b)}"
        for index, (x, y) in enumerate(zip(a, b)):
            found = deep_difference(x, y, f"{path}/{index}")
            if found:
                return found
        return None
    return None if a == b else f"{path}: {a!r} != {b!r}"


def registration(request: dict) -> dict:
    return {key: value for key, value in request.items() if key not in VIEW_OPTIONS}


class PlaygroundTest:
    def __init__(self, service: Layoutd, page: cdp.Page, base_url: str):
        self.service, self.page, self.base_url = service, page, base_url
        self.failures = Failures()
        self.compared_views = 0
        self.compared_elements = 0
        self.max_frame_error = 0.0
        self.max_image_error = 0.0
        self.kinds: dict[str, int] = {}
        self.offsets_per_preset: dict[str, int] = {}
        self.layouts: dict[str, dict] = {}   # preset → {metadata, request, bounds}
        self.looks = 0

    # --- helpers ---
    def js(self, expression: str, timeout: float = 20):
        return self.page.evaluate(expression, timeout=timeout)

    def state(self) -> dict:
        return self.js("playground.state()")

    def scroll_to(self, x: float, y: float):
        self.js(f"playground.scrollTo({json.dumps(x)}, {json.dumps(y)})")

    def v1_request_ids(self) -> set:
        time.sleep(0.05)  # let the last Network events cross the socket
        with self.page._lock:
            return {r["requestId"] for r in self.page.requests if "/v1/" in r["request"]["url"]}

    def settle(self, timeout: float = 5.0):
        """Waits until every request to /v1/ the page sent is answered and the counts stop growing, then
        two frames (the band is installed)."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            ids = self.v1_request_ids()
            with self.page._lock:
                done = ids <= self.page.finished
            now = (len(ids), self.state()["stats"]["requests"])
            if done and now == last:
                break
            last = now
            time.sleep(0.05)
        self.js("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))")

    # --- 1. the page starts ---
    def start(self):
        self.page.navigate(self.base_url + "/playground")
        self.page.wait_for("!!(window.playground && window.playground.ready)", timeout=15)
        self.js("playground.ready.then(() => true)")
        presets = self.js("playground.presets")
        missing = [name for name in REQUIRED_PRESETS if name not in (presets or [])]
        self.failures.check(not missing, f"playground.presets lacks {missing} (has {presets})")
        self.presets = presets or []

    # --- 2. every preset at several offsets ---
    def offsets(self, name: str, request: dict, metadata: dict, bounds: dict) -> list[float]:
        vertical = metadata["scrollDirection"] == "vertical"
        inset = {"top": 0, "left": 0, "bottom": 0, "right": 0, **request.get("contentInset", {})}
        lead, trail = (inset["top"], inset["bottom"]) if vertical else (inset["left"], inset["right"])
        content = metadata["contentSize"]["height" if vertical else "width"]
        view = bounds["height" if vertical else "width"]
        rest, end = -lead, max(-lead, content + trail - view)
        # The start, a middle and a point near the end off any grid (quarters: exact in binary), the end.
        points = [rest, math.floor((rest + end) / 2) + 0.25, max(rest, end - view / 2 - 7.75), end]
        if name in OVERSCROLL_PRESETS:
            points += [rest - 80, rest - 200]
        return sorted(set(points))

    def compare_view(self, name: str, request: dict, layout_id: str, wanted_origin: tuple):
        label = f"{name} at ({wanted_origin[0]}, {wanted_origin[1]})"
        state = self.state()
        bounds = state["bounds"]
        self.failures.check((bounds["x"], bounds["y"]) == wanted_origin,
                            f"{label}: state().bounds origin is ({bounds['x']}, {bounds['y']}) after scrollTo")
        self.failures.check(state["layoutId"] == layout_id, f"{label}: layoutId {state['layoutId']} != {layout_id}")
        body = {"bounds": bounds, **{key: request[key] for key in VIEW_OPTIONS if key in request}}
        if state.get("carouselOffsets"):
            body["orthogonalOffsets"] = state["carouselOffsets"]
        status, answer = self.service.request("POST", f"/v1/layouts/{layout_id}/attributes", body)
        if not self.failures.check(status == 200, f"{label}: the service answered {status}: {answer}"):
            return
        expected = {}
        for attribute in answer["attributes"]:
            key = service_key(attribute)
            self.failures.check(key not in expected, f"{label}: the service answered {key} twice")
            expected[key] = attribute
        self.compared_views += 1

        # The page's own attributes, as the service writes them.
        view = state["view"]
        view = view.get("attributes", view) if isinstance(view, dict) else view
        mine = {service_key(attribute): attribute for attribute in view or []}
        self.failures.check(len(mine) == len(view or []), f"{label}: state().view holds an element twice")
        self.failures.check(set(mine) == set(expected),
                            f"{label}: state().view elements differ: only on the page {sorted(set(mine) - set(expected), key=str)[:6]}, "
                            f"only in the service's answer {sorted(set(expected) - set(mine), key=str)[:6]}")
        for key in set(mine) & set(expected):
            difference = deep_difference(mine[key], expected[key])
            self.failures.check(difference is None, f"{label}: state().view {key} differs from the service: {difference}")

        # The DOM.
        dom = self.js(READ_DOM)
        if not self.failures.check("elements" in dom, f"{label}: {dom.get('error')}"):
            return
        rendered = {}
        for element in dom["elements"]:
            try:
                key = element_key(element["kind"], element["section"], element["item"], element["layer"])
            except ValueError:
                self.failures.check(False, f"{label}: an element with unreadable data attributes {element}")
                continue
            self.failures.check(key not in rendered, f"{label}: {key} is rendered twice")
            rendered[key] = element
        self.failures.check(set(rendered) == set(expected),
                            f"{label}: rendered elements differ: only in the DOM {sorted(set(rendered) - set(expected), key=str)[:6]}, "
                            f"only in the service's answer {sorted(set(expected) - set(rendered), key=str)[:6]}")
        for key in set(rendered) & set(expected):
            got, want = rendered[key], expected[key]
            self.compared_elements += 1
            self.kinds[key[0]] = self.kinds.get(key[0], 0) + 1
            for member in ("x", "y", "width", "height"):
                error = abs(got["frame"][member] - want["frame"][member])
                self.max_frame_error = max(self.max_frame_error, error)
                self.failures.check(error <= FRAME_TOLERANCE + 1e-9,
                                    f"{label}: {key} frame.{member} is {got['frame'][member]} in the DOM, "
                                    f"{want['frame'][member]} from the service (off by {error:.6f})")
            if key[0] == "cell":
                offset = want.get("parallaxOffset", {"x": 0, "y": 0})
                if not self.failures.check(got["image"] is not None, f"{label}: cell {key} has no .image"):
                    continue
                # A carousel card is drawn at its scale and alpha; its image moves inside the scaled card.
                scale, alpha = want.get("scale", 1), want.get("alpha", 1)
                self.failures.check(abs(got["scale"] - scale) <= STYLE_TOLERANCE and abs(got["opacity"] - alpha) <= STYLE_TOLERANCE,
                                    f"{label}: {key} is drawn at scale {got['scale']}, opacity {got['opacity']}; "
                                    f"the service says scale {scale}, alpha {alpha}")
                if "scale" in want:
                    self.looks += 1
                for member in ("x", "y"):
                    error = abs(got["image"][member] / got["scale"] - offset[member])
                    self.max_image_error = max(self.max_image_error, error)
                    self.failures.check(error <= FRAME_TOLERANCE + 1e-9,
                                        f"{label}: {key} image offset {member} is {got['image'][member]} in the DOM, "
                                        f"parallaxOffset.{member} {offset[member]} from the service (off by {error:.6f})")

    def presets_at_offsets(self):
        for name in self.presets:
            loaded = self.js(f"playground.load({json.dumps(name)})")
            state = self.state()
            request = state["request"]
            if not (loaded is not False and request is not None and state["layoutId"]):
                shown = self.js("document.querySelector('#problem')?.textContent")
                self.failures.check(False, f"{name}: load() failed ({loaded!r}); #problem: {shown!r}")
                continue
            status, metadata = self.service.request("POST", "/v1/layouts", registration(request))
            if not self.failures.check(status in (200, 201), f"{name}: registering the editor's request answered {status}: {metadata}"):
                continue
            self.failures.check(metadata["layoutId"] == state["layoutId"],
                                f"{name}: the page shows layout {state['layoutId']}, the service registers {metadata['layoutId']}")
            self.layouts[name] = {"metadata": metadata, "request": request, "bounds": state["bounds"]}
            vertical = metadata["scrollDirection"] == "vertical"
            # The view as loaded, first.
            self.compare_view(name, request, metadata["layoutId"], (state["bounds"]["x"], state["bounds"]["y"]))
            points = self.offsets(name, request, metadata, state["bounds"])
            cross = state["bounds"]["x" if vertical else "y"]
            for point in points:
                origin = (cross, point) if vertical else (point, cross)
                self.scroll_to(*origin)
                self.compare_view(name, request, metadata["layoutId"], origin)
            self.offsets_per_preset[name] = len(points) + 1

    # --- 3. bands: no request inside one, refills ahead of the view ---
    def bands(self):
        vertical = {name: layout for name, layout in self.layouts.items() if layout["metadata"]["scrollDirection"] == "vertical"}
        if not self.failures.check(bool(vertical), "bands: no vertical preset loaded"):
            return

        def length(layout):
            inset = layout["request"].get("contentInset", {})
            return layout["metadata"]["contentSize"]["height"] + inset.get("top", 0) + inset.get("bottom", 0) - layout["bounds"]["height"]

        name = max(vertical, key=lambda each: length(vertical[each]))
        layout = vertical[name]
        self.js(f"playground.load({json.dumps(name)})")
        self.settle()
        view = layout["bounds"]["height"]
        rest = -layout["request"].get("contentInset", {}).get("top", 0)
        x = self.state()["bounds"]["x"]

        # Small steps inside a band: jump forward past the band the load fetched (a miss: a new band is
        # fetched around the view, reaching screens ahead and one behind), let it arrive, then 120 frames
        # of 8 px forward and back within half a screen after that point, where no refill is due in
        # either direction.
        start = rest + min(6 * view, length(layout) - view) + 0.5
        misses = self.state()["stats"]["misses"]
        self.scroll_to(x, start)
        self.settle()
        before_ids, before = self.v1_request_ids(), self.state()["stats"]
        self.failures.check(before["misses"] == misses + 1,
                            f"bands: jumping from {rest} to {start} in {name} should find no band once (misses {misses} → {before['misses']})")
        amplitude = max(8, min(480, int(view / 2) // 8 * 8))
        steps = []
        position = 0
        direction = 1
        for _ in range(120):
            if not 0 <= position + 8 * direction <= amplitude:
                direction = -direction
            position += 8 * direction
            steps.append(start + position)
        self.js(f"(async () => {{ for (const y of {json.dumps(steps)}) await playground.scrollTo({x}, y); }})()", timeout=60)
        after_ids, after = self.v1_request_ids(), self.state()["stats"]
        new = after_ids - before_ids
        self.failures.check(not new, f"bands: {len(new)} request(s) went out while scrolling 120 frames of 8 px inside a band "
                                     f"({name}, y {start} to {start + amplitude}): {self.page_urls(new)}")
        self.failures.check(after["requests"] == before["requests"],
                            f"bands: the client counted {after['requests'] - before['requests']} request(s) inside a band")
        self.failures.check(after["misses"] == before["misses"], f"bands: {after['misses'] - before['misses']} miss(es) inside a band")
        self.small_steps = len(steps)

        # Continuously through the preset: 20 px a frame, down and back up, a few ms between frames.
        end = rest + min(length(layout), 6000)
        self.scroll_to(x, rest)
        self.settle()
        before_ids, before = self.v1_request_ids(), self.state()["stats"]
        path = [rest + 20 * i for i in range(int((end - rest) // 20) + 1)]
        path += list(reversed(path))[1:]
        record = self.js(f"""(async () => {{
            const misses = [];
            let last = playground.state().stats.misses;
            for (const y of {json.dumps(path)}) {{
              await playground.scrollTo({x}, y);
              const now = playground.state().stats.misses;
              if (now !== last) misses.push(y);
              last = now;
              await new Promise((resolve) => setTimeout(resolve, 3));
            }}
            return misses;
          }})()""", timeout=120)
        self.settle()
        after_ids, after = self.v1_request_ids(), self.state()["stats"]
        self.failures.check(after["misses"] == before["misses"],
                            f"bands: {after['misses'] - before['misses']} frame(s) found no band scrolling {name} at 20 px a frame "
                            f"(first at y {record[:5]}): a refill arrived after the view reached its band's edge")
        self.failures.check(after["refills"] > before["refills"], f"bands: no refill scrolling {name} from {rest} to {end} and back")
        network = len(after_ids - before_ids)
        counted = after["requests"] - before["requests"]
        self.failures.check(network == counted,
                            f"bands: {network} request(s) to /v1/ on the network while scrolling, the client counted {counted}")
        self.continuous = {"preset": name, "frames": len(path), "points": 2 * (end - rest), "refills": after["refills"] - before["refills"],
                           "requests": network}

    # --- 5. carousels: rows at their own offsets, their look, a sideways fling ---
    def carousels(self):
        name = "app-store"
        if not self.failures.check(name in self.presets, f"carousels: no {name} preset"):
            return
        self.js(f"playground.load({json.dumps(name)})")
        self.settle()
        state = self.state()
        request, layout_id, bounds = state["request"], state["layoutId"], state["bounds"]
        status, answer = self.service.request("POST", f"/v1/layouts/{layout_id}/attributes", {"bounds": bounds})
        widths = {row["section"]: row["contentWidth"] for row in answer.get("orthogonalSections", [])}
        if not self.failures.check(status == 200 and set(widths) == {0, 1}, f"carousels: {name} has carousels {widths} ({status})"):
            return
        origin = (bounds["x"], bounds["y"])
        self.carousel_views = 0
        for section, content in sorted(widths.items()):
            most = max(0, content - bounds["width"])
            for offset in (most / 3 + 0.25, most / 2, most, 0):
                self.js(f"playground.scrollCarouselTo({section}, {json.dumps(offset)})")
                offsets = {entry["section"]: entry["offset"] for entry in self.state()["carouselOffsets"]}
                self.failures.check(offsets.get(section) == offset, f"carousels: section {section} is at {offsets}, not {offset}")
                self.compare_view(f"{name} row {section}", request, layout_id, origin)
                self.carousel_views += 1
        # A sideways drag over the featured row (section 0, below its 44-point header): 180 px to the
        # left in 12 moves, then released: the row flings, and rests where the service says.
        box = self.js("(() => { const r = document.querySelector('#viewport').getBoundingClientRect(); return {x: r.x, y: r.y}; })()")
        x, y = box["x"] + 300, box["y"] + 150
        self.page.send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1})
        for step in range(1, 13):
            self.page.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x - 15 * step, "y": y + step % 2, "button": "left", "buttons": 1})
            time.sleep(0.008)
        self.page.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x - 180, "y": y + 1, "button": "left", "buttons": 0, "clickCount": 1})
        self.page.wait_for("!!playground.state().lastFling", timeout=10)
        self.js("playground.idle()", timeout=30)
        state = self.state()
        fling = state["lastFling"]
        offsets = {entry["section"]: entry["offset"] for entry in state["carouselOffsets"]}
        self.failures.check(fling["section"] == 0 and fling["velocity"] > 400,
                            f"carousels: the drag flung {fling} (a fast drag to the left flings section 0 forward)")
        status, rest = self.service.request("POST", f"/v1/layouts/{layout_id}/fling", {
            "bounds": state["bounds"], "section": 0, "offset": fling["offset"], "velocity": {"x": fling["velocity"], "y": 0}})
        self.failures.check(status == 200 and rest["targetOffset"] == fling["targetOffset"] == offsets.get(0),
                            f"carousels: the row rests at {offsets.get(0)}, the page's fling said {fling['targetOffset']}, "
                            f"the service {rest.get('targetOffset')}")
        self.failures.check(offsets.get(0, 0) > fling["offset"], f"carousels: the fling did not move the row from {fling['offset']}")
        centre = state["bounds"]["width"] / 2
        cards = [element for element in state["view"] if element["kind"] == "cell" and element["section"] == 0]
        self.failures.check(any(abs(card["frame"]["x"] + card["frame"]["width"] / 2 - centre) <= 0.5 for card in cards),
                            f"carousels: at rest no featured card is centred ({[card['frame'] for card in cards]})")
        self.compare_view(f"{name} after the fling", request, layout_id, origin)
        self.flung = (fling["offset"], offsets.get(0))

    def page_urls(self, ids) -> list[str]:
        with self.page._lock:
            return [f"{r['request']['method']} {r['request']['url']}" for r in self.page.requests if r["requestId"] in ids][:5]

    # --- 4. a refused request shows its problem at the field's line ---
    def problem(self):
        """Both shapes of listed items: the first preset with top-level `items`, and the first with a
        section's `items`."""
        cases = {}
        for candidate in self.presets:
            request = self.layouts.get(candidate, {}).get("request") or {}
            if "top" not in cases and isinstance(request.get("items"), list) and len(request["items"]) > 1:
                cases["top"] = (candidate, "/items/1/width")
            for index, section in enumerate(request.get("sections", [])):
                if "section" not in cases and isinstance(section.get("items"), list) and len(section["items"]) > 1:
                    cases["section"] = (candidate, f"/sections/{index}/items/1/width")
        if not self.failures.check(bool(cases), "problem: no preset lists its items"):
            return
        self.allowed_errors = set()
        self.problem_pointers = []
        for name, pointer in cases.values():
            self.problem_at(name, pointer)
            self.problem_pointers.append(f"{name} {pointer}")

    def problem_at(self, name: str, pointer: str):
        request = json.loads(json.dumps(self.layouts[name]["request"]))
        target = request
        for token in pointer.strip("/").split("/")[:-1]:
            target = target[int(token)] if isinstance(target, list) else target[token]
        target["width"] = -3
        status, problem = self.service.request("POST", "/v1/layouts", registration(request))
        self.failures.check(status == 400 and problem.get("pointer") == pointer,
                            f"problem: the service answered {status} {problem} for {pointer} = -3")
        self.js(f"playground.load({json.dumps(name)})")
        errors_before = len(self.page.error_events)
        text = json.dumps(request, indent=2)
        self.js(f"""(() => {{ const editor = document.querySelector('#editor'); editor.value = {json.dumps(text)};
                    editor.dispatchEvent(new Event('input', {{bubbles: true}})); }})()""")
        outcome = self.js("playground.apply().then((value) => ({value}), (error) => ({rejected: String(error)}))")
        time.sleep(0.1)
        shown = self.js("""(() => { const p = document.querySelector('#problem'); const editor = document.querySelector('#editor');
            const style = p && getComputedStyle(p);
            return p && {hidden: p.hidden || style.display === 'none' || style.visibility === 'hidden' || p.getClientRects().length === 0,
                         pointer: p.getAttribute('data-pointer'), line: p.getAttribute('data-line'), text: p.textContent,
                         lines: editor.value.split('\\n')}; })()""")
        if not self.failures.check(shown is not None, "problem: no #problem element"):
            return
        self.failures.check(not shown["hidden"], f"problem: #problem is hidden after apply() of {pointer} = -3 (apply: {outcome})")
        self.failures.check(shown["pointer"] == problem.get("pointer"),
                            f"problem: #problem data-pointer is {shown['pointer']!r}, the service's pointer {problem.get('pointer')!r}")
        self.failures.check(problem.get("detail", "") in (shown["text"] or ""),
                            f"problem: #problem reads {shown['text']!r}, not the service's detail {problem.get('detail')!r}")
        line = int(shown["line"]) if (shown["line"] or "").lstrip("-").isdigit() else None
        line_text = shown["lines"][line] if line is not None and 0 <= line < len(shown["lines"]) else None
        self.failures.check(line_text is not None and re.search(r'"width":\s*-3\b', line_text),
                            f"problem: data-line {shown['line']!r} is the editor's line {line_text!r}, not the one with \"width\": -3")
        # The one error this step may log: the browser's note of the 400 itself.
        unexpected = [event for event in self.page.error_events[errors_before:]
                      if not (event["source"] == "log" and "400" in event["text"] and "/v1/layouts" in event.get("url", ""))]
        self.failures.check(not unexpected, f"problem: errors besides the 400 itself: {unexpected[:5]}")
        self.allowed_errors |= {id(event) for event in self.page.error_events[errors_before:]} - {id(e) for e in unexpected}
        # Loading a preset again clears it.
        self.js(f"playground.load({json.dumps(name)})")
        self.failures.check(self.js("document.querySelector('#problem').hidden"), "problem: #problem still shown after loading a preset again")

    # --- 5. masonry: "Measure cells" updates with keepColumns, and no cell in view changes column ---
    def measure(self):
        if not self.failures.check("masonry" in self.layouts, "measure: the masonry preset did not load"):
            return
        layout = self.layouts["masonry"]
        self.js('playground.load("masonry")')
        self.failures.check(self.js("!document.querySelector('#measure').hidden"), "measure: the button is hidden on the masonry preset")
        origin = (layout["bounds"]["x"], 2000.25)
        self.scroll_to(*origin)
        for turn in range(3):
            before = self.state()["layoutId"]
            result = self.js("playground.measure()")
            if not self.failures.check(bool(result), f"measure {turn}: measure() found no cell to measure"):
                return
            state = self.state()
            self.failures.check(state["layoutId"] != before, f"measure {turn}: the layout did not change")
            shared = set(result["before"]) & set(result["after"])
            self.failures.check(len(shared) >= 10, f"measure {turn}: only {len(shared)} cells in view before and after")
            moved = sorted(key for key in shared if result["before"][key] != result["after"][key])
            self.failures.check(not moved, f"measure {turn}: cells changed column: {moved[:6]}")
            self.failures.check("kept its column" in self.js("document.querySelector('#note').textContent"),
                                f"measure {turn}: the note does not say the columns were kept")
            # The page's view is the service's answer for the updated layout.
            self.compare_view("masonry (measured)", state["request"], state["layoutId"], origin)
        self.measured = 3
        self.js('playground.load("center-grid")')
        self.failures.check(self.js("document.querySelector('#measure').hidden"), "measure: the button shows on a preset without columns")

    # --- 6. outline: every element labelled with its index path ---
    def outline(self):
        name = next((each for each in ("right-to-left", "alignments", "backgrounds", "stretchy-header") if each in self.layouts), None)
        if name is None:
            return
        self.js(f"playground.load({json.dumps(name)})")
        box = self.js("""(() => { const r = document.querySelector('#outline').getBoundingClientRect();
                          return {x: r.x + r.width / 2, y: r.y + r.height / 2, checked: document.querySelector('#outline').checked}; })()""")
        self.failures.check(box["checked"] is False, "outline: #outline starts checked")
        for kind in ("mousePressed", "mouseReleased"):
            self.page.send("Input.dispatchMouseEvent", {"type": kind, "x": box["x"], "y": box["y"], "button": "left", "clickCount": 1})
        self.js("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))")
        self.failures.check(self.js("document.querySelector('#outline').checked"), "outline: clicking #outline did not check it")
        for scroll in (None, 1000):
            if scroll is not None:
                x = self.state()["bounds"]["x"]
                self.scroll_to(x, scroll)
            labels = self.js("""[...document.querySelectorAll('.element')].filter((e) => e.getClientRects().length).map((e) => {
                const label = e.querySelector('.label'); const style = label && getComputedStyle(label);
                const outlined = ['', '::before', '::after'].some((pseudo) => { const s = getComputedStyle(e, pseudo || null);
                  return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.borderStyle !== 'none' && parseFloat(s.borderTopWidth) > 0)
                         || s.boxShadow !== 'none'; });
                return {kind: e.dataset.kind, section: e.dataset.section ?? null, item: e.dataset.item ?? null, layer: e.dataset.layer ?? null,
                        outlined, label: label && {visible: style.display !== 'none' && style.visibility !== 'hidden' && label.getClientRects().length > 0,
                                                   text: label.textContent}}; })""")
            self.failures.check(bool(labels), f"outline: no elements in {name}")
            for element in labels:
                key = element_key(element["kind"], element["section"], element["item"], element["layer"])
                label = element["label"]
                if not self.failures.check(label is not None and label["visible"], f"outline: {name} {key} has no visible .label ({label})"):
                    continue
                self.failures.check(element["outlined"], f"outline: {name} {key} shows no outline")
                numbers = [int(n) for n in re.findall(r"-?\d+", label["text"])]
                expected = {"cell": list(key[1:]), "header": [key[1]] if len(key) > 1 else None, "footer": [key[1]] if len(key) > 1 else None,
                            "background": [key[1]] if len(key) > 1 else None}.get(key[0])
                if expected is not None:
                    self.failures.check(numbers == expected, f"outline: {name} {key} is labelled {label['text']!r}")
                else:
                    self.failures.check(bool(label["text"].strip()), f"outline: {name} {key} has an empty label")
        self.js("document.querySelector('#outline').click()")
        self.failures.check(not self.js("document.querySelector('#outline').checked"), "outline: a second click did not uncheck #outline")

    def no_errors(self):
        allowed = getattr(self, "allowed_errors", set())
        errors = [f"{e['source']}: {e['text']}" + (f" ({e['url']})" if e.get("url") else "")
                  for e in self.page.error_events if id(e) not in allowed]
        self.failures.check(not errors, "console errors or exceptions: " + "; ".join(errors[:10]))


def main(argv: list[str]) -> int:
    binary = argv[1] if len(argv) > 1 else os.environ.get("LAYOUTD_BIN", ".build/debug/layoutd")
    started = time.monotonic()
    with Layoutd(binary) as service, cdp.Browser(*WINDOW) as browser:
        base_url = os.environ.get("PLAYGROUND_URL", service.url)  # another server of the page (development)
        page = browser.new_page()
        test = PlaygroundTest(service, page, base_url)
        try:
            test.start()
            steps = [test.presets_at_offsets, test.bands, test.problem, test.measure, test.outline, test.carousels]
            for step in steps:
                try:
                    step()
                except cdp.CDPError as error:
                    test.failures.check(False, f"{step.__name__}: {error}")
            test.no_errors()
        except cdp.CDPError as error:
            test.failures.check(False, f"the page: {error}")
        seconds = time.monotonic() - started
        if test.failures:
            print(f"playground: {len(test.failures.messages)} failure(s) ({seconds:.1f} s):", file=sys.stderr)
            for message in test.failures.messages[:MAX_FAILURES_SHOWN]:
                print(f"  - {message}", file=sys.stderr)
            if len(test.failures.messages) > MAX_FAILURES_SHOWN:
                print(f"  … and {len(test.failures.messages) - MAX_FAILURES_SHOWN} more", file=sys.stderr)
            console = [line for line in page.console if not line.startswith("log:")][:10]
            if console:
                print("  console: " + " | ".join(console), file=sys.stderr)
            return 1
        offsets = sum(test.offsets_per_preset.values())
        c = test.continuous
        kinds = ", ".join(f"{count} {kind}" for kind, count in sorted(test.kinds.items(), key=lambda pair: -pair[1]))
        print(f"playground: {len(test.offsets_per_preset)} presets at {offsets} offsets, {test.compared_elements} elements "
              f"({kinds}) compared to the service (largest differences: frame {test.max_frame_error:.2g} px, image offset "
              f"{test.max_image_error:.2g} px; at most 1/64); "
              f"{test.small_steps} frames inside a band with no request; {c['frames']} frames through {c['preset']} "
              f"({c['points']:.0f} points) with {c['refills']} refills, {c['requests']} requests, no miss; "
              f"problems shown at {' and '.join(test.problem_pointers)}; {getattr(test, 'measured', 0)} masonry measurements "
              f"with every cell in its column; outline labels; carousels at {getattr(test, 'carousel_views', 0)} offsets "
              f"({test.looks} cards' scale and alpha), a sideways drag flung from {getattr(test, 'flung', ('?', '?'))[0]} to rest at "
              f"{getattr(test, 'flung', ('?', '?'))[1]}; no console errors ({seconds:.1f} s)")
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
