#!/usr/bin/env python3
"""Draws docs/parallax.svg from layoutd's own answers, one request per curve (a list of bounds each):
above, how each cell model's offset for one cell varies as the list scrolls past it; below, the
stretchy header's frame (y and height) and a background layer's screen position as the list is pulled
past its top and scrolled on.

Usage: plot_parallax.py PATH_TO_LAYOUTD [OUTPUT.svg]
"""
import json
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

VIEWPORT = 568
CELL = 200
# One 200-point cell at y = 1000 in a list of 320-point-wide rows.
LAYOUT = {"viewport": {"width": 320}, "layout": {"minimumLineSpacing": 0},
          "items": [{"width": 320, "height": 100}] * 10 + [{"width": 320, "height": CELL}] + [{"width": 320, "height": 100}] * 10}
OFFSETS = list(range(300, 1301, 10))
MODELS = [
    ("center, M 30 (under cover)", {"model": "center", "maxOffset": 30}, "#93c5fd"),
    ("cover, M 30", {"model": "cover", "maxOffset": 30}, "#dc2626"),
    ("cover, M 30, clamp, insets 64/49", {"model": "cover", "maxOffset": 30, "clamp": True, "insets": {"top": 64, "bottom": 49}}, "#f59e0b"),
    ("whatsAppImage, overflow 40", {"model": "whatsAppImage", "imageOverflow": 40}, "#16a34a"),
    ("tableCellImage, factor 20", {"model": "tableCellImage", "factor": 20}, "#9333ea"),
]


# The layers: a 200-point stretchy header (content inset top 200, so at rest the scroll offset is -200)
# and a background layer scrolling at half the content's speed, a third of it when pulled down.
HEADER = 200
LAYERS_LAYOUT = {"viewport": {"width": 320}, "contentInset": {"top": HEADER}, "layout": {"minimumLineSpacing": 0},
                 "items": [{"width": 320, "height": 100}] * 20}
LAYERS = {"stretchHeader": {"height": HEADER, "factor": 2},
          "backgrounds": [{"position": 0, "length": 400, "rate": 0.5, "overscrollRate": 1 / 3}]}
LAYER_OFFSETS = list(range(-400, 301, 5))


def post(port, path, body):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request, timeout=30))


def series(port, layout_id, parallax):
    bounds = [{"x": 0, "y": y, "width": 320, "height": VIEWPORT} for y in OFFSETS]
    answer = post(port, f"/v1/layouts/{layout_id}/attributes", {"bounds": bounds, "parallax": parallax})
    points = []
    for y, result in zip(OFFSETS, answer["results"]):
        cell = next((a for a in result["attributes"] if a["kind"] == "cell" and a["item"] == 10), None)
        if cell:
            points.append((y, cell["parallaxOffset"]["y"]))
    return points


def layer_series(port, layout_id):
    """(header y, header height, background screen position) against the scroll offset."""
    bounds = [{"x": 0, "y": s, "width": 320, "height": VIEWPORT} for s in LAYER_OFFSETS]
    answer = post(port, f"/v1/layouts/{layout_id}/attributes", {"bounds": bounds, "parallax": LAYERS})
    header_y, header_height, background = [], [], []
    for s, result in zip(LAYER_OFFSETS, answer["results"]):
        for a in result["attributes"]:
            if a["kind"] == "stretchHeader":
                header_y.append((s, a["frame"]["y"]))
                header_height.append((s, a["frame"]["height"]))
            elif a["kind"] == "background":
                background.append((s, a["frame"]["y"] - s))
    return header_y, header_height, background


def panel(parts, top, title, xs, low, high, step, x_step, x_label, lines, legend_note):
    """One chart at vertical position `top`: axes, grid, curves (title, points, color, width) and legend."""
    left, plot_w, plot_h = 60, 470, 300
    x = lambda v: left + (v - xs[0]) / (xs[-1] - xs[0]) * plot_w
    y = lambda v: top + (high - v) / (high - low) * plot_h
    parts.append(f'<text x="{left}" y="{top - 8}" fill="#111" font-weight="bold">{title}</text>')
    for value in range(low, high + 1, step):
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(value):.1f}" y2="{y(value):.1f}" stroke="{"#9ca3af" if value == 0 else "#e5e7eb"}"/>')
        parts.append(f'<text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end" fill="#555">{value}</text>')
    for value in range(xs[0] - xs[0] % x_step + (x_step if xs[0] % x_step else 0), xs[-1] + 1, x_step):
        parts.append(f'<line x1="{x(value):.1f}" x2="{x(value):.1f}" y1="{top}" y2="{top + plot_h}" stroke="#f3f4f6"/>')
        parts.append(f'<text x="{x(value):.1f}" y="{top + plot_h + 16}" text-anchor="middle" fill="#555">{value}</text>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{top + plot_h + 34}" text-anchor="middle" fill="#222">{x_label}</text>')
    parts.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#9ca3af"/>')
    for index, (name, points, color, wide) in enumerate(lines):
        path = " ".join(f"{'M' if i == 0 else 'L'}{x(px):.1f},{y(py):.1f}" for i, (px, py) in enumerate(points))
        parts.append(f'<path d="{path}" fill="none" stroke="{color}" stroke-width="{6 if wide else 2}" stroke-opacity="{0.6 if wide else 1}"/>')
        parts.append(f'<line x1="{left + plot_w + 20}" x2="{left + plot_w + 40}" y1="{top + 14 + index * 20}" y2="{top + 14 + index * 20}" stroke="{color}" stroke-width="3"/>')
        parts.append(f'<text x="{left + plot_w + 46}" y="{top + 18 + index * 20}" fill="#222">{name}</text>')
    for index, note in enumerate(legend_note):
        parts.append(f'<text x="{left + plot_w + 20}" y="{top + 34 + len(lines) * 20 + index * 16}" fill="#555">{note}</text>')


def main() -> int:
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    output = Path(sys.argv[2] if len(sys.argv) > 2 else Path(__file__).resolve().parents[1] / "docs" / "parallax.svg")
    server = subprocess.Popen([sys.argv[1], "--host", "127.0.0.1", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        port = int(json.loads(server.stdout.readline())["port"])
        layout_id = post(port, "/v1/layouts", LAYOUT)["layoutId"]
        # The unclamped centre and cover models coincide (offset = M·(2c − 1)); centre is drawn wide underneath.
        models = [(title, series(port, layout_id, parallax), color, title.startswith("center"))
                  for title, parallax, color in MODELS]
        layers_id = post(port, "/v1/layouts", LAYERS_LAYOUT)["layoutId"]
        header_y, header_height, background = layer_series(port, layers_id)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
    width, height = 800, 780
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="Helvetica, Arial, sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="#fff"/>']
    panel(parts, 30, "Cell models: parallaxOffset.y of one cell", OFFSETS, -40, 40, 10, 200,
          "scroll offset (cell at y 1000–1200, viewport 568)", models, ["parallaxOffset.y of the cell"])
    panel(parts, 420, "Layers: stretchHeader (height 200, factor 2) and a background layer", LAYER_OFFSETS,
          -400, 400, 100, 100, "scroll offset (content inset top 200: at rest −200; below it, pulled down)",
          [("stretchHeader frame.y", header_y, "#2563eb", False),
           ("stretchHeader height", header_height, "#dc2626", False),
           ("background screen y", background, "#16a34a", False)],
          ["frame.y in content coordinates;", "background: position 0, rate 0.5,", "overscrollRate 1/3;",
           "screen y = frame.y − scroll offset"])
    parts.append("</svg>")
    output.write_text("\n".join(parts) + "\n")
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
