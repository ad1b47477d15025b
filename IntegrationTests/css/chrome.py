"""Renders the CSS-mode cases as real flex containers in headless Chromium and reads back each item's
frame with getBoundingClientRect, relative to its container."""
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

CHROMIUM = next((shutil.which(name) for name in ("chromium-headless-shell", "chromium", "chromium-browser") if shutil.which(name)), None)


def container_html(index: int, request: dict) -> str:
    layout = request["layout"]
    bounds = request["bounds"]
    padding = layout.get("padding", {})
    pad = [padding.get(edge, 0) for edge in ("top", "right", "bottom", "left")]
    row = layout.get("flexDirection", "row") == "row"
    style = [
        "display:flex", "flex-wrap:wrap", "box-sizing:border-box", "position:relative",
        f"flex-direction:{layout.get('flexDirection', 'row')}",
        f"justify-content:{layout.get('justifyContent', 'flex-start')}",
        f"align-items:{layout.get('alignItems', 'stretch')}",
        f"align-content:{layout.get('alignContent', 'normal')}",
        f"row-gap:{layout.get('rowGap', 0)}px", f"column-gap:{layout.get('columnGap', 0)}px",
        "padding:" + " ".join(f"{value}px" for value in pad),
    ]
    cross = layout.get("crossSize")
    if row:
        style.append(f"width:{bounds['width']}px")
        if cross is not None:
            style.append(f"height:{cross + pad[0] + pad[2]}px")
    else:
        style.append(f"height:{bounds['height']}px")
        style.append(f"width:{cross + pad[1] + pad[3]}px")
    size = layout.get("itemSize", {"width": 50, "height": 50})
    items = request.get("items") or [size] * request.get("itemCount", 0)
    children = "".join(f'<div style="flex:none;width:{i["width"]}px;height:{i["height"]}px"></div>' for i in items)
    return f'<div class="case" data-index="{index}" style="{";".join(style)};margin-bottom:50px">{children}</div>'


def measure(cases: list) -> dict:
    """Frames [x, y, width, height] of every item, by case name."""
    if CHROMIUM is None:
        raise RuntimeError("no Chromium found (apt-get install chromium-headless-shell)")
    body = "".join(container_html(index, case["request"]) for index, case in enumerate(cases))
    script = """
      const out = [...document.querySelectorAll('.case')].map(c => {
        const o = c.getBoundingClientRect();
        return [...c.children].map(e => { const r = e.getBoundingClientRect(); return [r.x - o.x, r.y - o.y, r.width, r.height]; });
      });
      document.body.setAttribute('data-frames', JSON.stringify(out));
    """
    html = f"<!doctype html><html><body style='margin:0'>{body}<script>{script}</script></body></html>"
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as page:
        page.write(html)
    try:
        dom = subprocess.run(
            [CHROMIUM, "--no-sandbox", "--disable-gpu", "--headless", "--dump-dom", f"file://{page.name}"],
            capture_output=True, text=True, timeout=60, check=True).stdout
    finally:
        Path(page.name).unlink()
    start = dom.index('data-frames="') + len('data-frames="')
    frames = json.loads(dom[start:dom.index('"', start)].replace("&quot;", '"'))
    return {case["name"]: frames[index] for index, case in enumerate(cases)}
