#!/usr/bin/env python3
"""Draws docs/parallax.svg from layoutd's own answers: how each parallax model's offset for one cell
varies as the list scrolls past it (one request per model, a list of bounds each).

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


def main() -> int:
    output = Path(sys.argv[2] if len(sys.argv) > 2 else Path(__file__).resolve().parents[1] / "docs" / "parallax.svg")
    server = subprocess.Popen([sys.argv[1], "--host", "127.0.0.1", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        port = int(server.stdout.readline().rsplit(":", 1)[1])
        layout_id = post(port, "/v1/layouts", LAYOUT)["layoutId"]
        lines = [(title, series(port, layout_id, parallax), color) for title, parallax, color in MODELS]
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
    width, height, left, top, plot_w, plot_h = 760, 380, 50, 20, 470, 320
    low, high = -45, 45
    x = lambda v: left + (v - OFFSETS[0]) / (OFFSETS[-1] - OFFSETS[0]) * plot_w
    y = lambda v: top + (high - v) / (high - low) * plot_h
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="Helvetica, Arial, sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="#fff"/>']
    for value in range(low + 5, high, 10):
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(value)}" y2="{y(value)}" stroke="#e5e7eb"/>')
        parts.append(f'<text x="{left - 6}" y="{y(value) + 4}" text-anchor="end" fill="#555">{value}</text>')
    for value in range(OFFSETS[0], OFFSETS[-1] + 1, 200):
        parts.append(f'<text x="{x(value)}" y="{top + plot_h + 16}" text-anchor="middle" fill="#555">{value}</text>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{height - 4}" text-anchor="middle" fill="#222">scroll offset (cell at y 1000–1200, viewport 568)</text>')
    parts.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#9ca3af"/>')
    for index, (title, points, color) in enumerate(lines):
        path = " ".join(f"{'M' if i == 0 else 'L'}{x(px):.1f},{y(py):.1f}" for i, (px, py) in enumerate(points))
        # The unclamped centre and cover models coincide (offset = M·(2c − 1)); draw centre wide underneath.
        wide = title.startswith("center")
        parts.append(f'<path d="{path}" fill="none" stroke="{color}" stroke-width="{6 if wide else 2}" stroke-opacity="{0.6 if wide else 1}"/>')
        parts.append(f'<line x1="{left + plot_w + 20}" x2="{left + plot_w + 40}" y1="{top + 14 + index * 20}" y2="{top + 14 + index * 20}" stroke="{color}" stroke-width="3"/>')
        parts.append(f'<text x="{left + plot_w + 46}" y="{top + 18 + index * 20}" fill="#222">{title}</text>')
    parts.append(f'<text x="{left + plot_w + 20}" y="{top + 150}" fill="#555">parallaxOffset.y of the cell</text>')
    parts.append("</svg>")
    output.write_text("\n".join(parts) + "\n")
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
