#!/usr/bin/env python3
"""Screenshots of the playground page (GET /playground) for the README, made from a live layoutd in
headless Chromium at a fixed window size.

    python3 scripts/screenshot_playground.py .build/debug/layoutd [out-dir, default docs]

Writes <out-dir>/playground-center-grid.png, playground-whatsapp.png and playground-stretchy-header.png
(the grid with "Outline frames" on, the header pulled 120 points past rest). Uses the DevTools driver of the playground's test
(IntegrationTests/playground/cdp.py); needs chromium-headless-shell and `pip install websocket-client`.
"""
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "IntegrationTests" / "playground"
# Tall enough for the tallest preset's device frame (760 + its padding and the page's margin).
WINDOW = (1280, 820)


def load_module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


cdp = load_module("cdp", HERE / "cdp.py")
Layoutd = load_module("layoutd_process", HERE / "layoutd_process.py").Layoutd


def rest(request: dict) -> float:
    """Where the view rests at its start along y: −contentInset.top (UIKit's)."""
    return -request.get("contentInset", {}).get("top", 0)


# (preset, the view's y relative to its rest position, "Outline frames" on): a grid mid-scroll with its
# frames and index paths outlined, the WhatsApp cells under their bars mid-scroll, and the stretchy
# header pulled down 120 points past rest.
SHOTS = [
    ("center-grid", 1185, True),
    ("whatsapp", 1290, False),
    ("stretchy-header", -120, False),
]


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    binary, out = argv[1], Path(argv[2] if len(argv) > 2 else ROOT / "docs")
    out.mkdir(parents=True, exist_ok=True)
    with Layoutd(binary) as service, cdp.Browser(*WINDOW) as browser:
        page = browser.new_page()
        page.navigate(service.url + "/playground")
        page.wait_for("!!(window.playground && window.playground.ready)", timeout=15)
        page.evaluate("playground.ready.then(() => true)")
        for name, offset, outline in SHOTS:
            if page.evaluate(f"playground.load({json.dumps(name)})") is False:
                raise SystemExit(f"{name}: the page refused the preset: {page.evaluate('document.querySelector(`#problem`).textContent')}")
            state = page.evaluate("playground.state()")
            y = rest(state["request"]) + offset
            page.evaluate(f"playground.scrollTo({json.dumps(state['bounds']['x'])}, {json.dumps(y)})")
            if page.evaluate("document.querySelector('#outline').checked") != outline:
                page.evaluate("document.querySelector('#outline').click()")
            # Two more frames, so the stats line and every image are painted.
            page.evaluate("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))")
            path = out / f"playground-{name}.png"
            page.screenshot(str(path))
            print(f"{path}: {name} at y {y}")
        errors = page.errors()
        if errors:
            print("console errors: " + "; ".join(errors), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
