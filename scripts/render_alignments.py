#!/usr/bin/env python3
"""Draws docs/alignments.svg from layoutd's own answers: one set of tag-like items laid out by UIKit's
rules, by each line alignment, and by a few CSS modes, side by side.

Usage: render_alignments.py PATH_TO_LAYOUTD [OUTPUT.svg]
"""
import json
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

ITEMS = [{"width": w, "height": h} for w, h in
         [(70, 24), (46, 24), (92, 32), (58, 24), (40, 24), (84, 28), (66, 24), (52, 36), (100, 24), (36, 24), (60, 24)]]
WIDTH = 240
PANELS = [
    ("UIKit (default)", {}),
    ("lineAlignment leading", {"lineAlignment": "leading"}),
    ("lineAlignment center", {"lineAlignment": "center"}),
    ("lineAlignment trailing", {"lineAlignment": "trailing"}),
    ("lineAlignment justified", {"lineAlignment": "justified"}),
    ("leading + crossAlignment end", {"lineAlignment": "leading", "crossAlignment": "end"}),
    ("css space-between", {"mode": "css", "justifyContent": "space-between", "columnGap": 8, "rowGap": 8, "padding": {"top": 8, "left": 8, "bottom": 8, "right": 8}}),
    ("css space-evenly, center", {"mode": "css", "justifyContent": "space-evenly", "alignItems": "center", "columnGap": 8, "rowGap": 8, "padding": {"top": 8, "left": 8, "bottom": 8, "right": 8}}),
]
FLOW = {"minimumInteritemSpacing": 8, "minimumLineSpacing": 8, "sectionInset": {"top": 8, "left": 8, "bottom": 8, "right": 8}}


def layout(port: int, settings: dict) -> dict:
    merged = dict(settings) if settings.get("mode") == "css" else {**FLOW, **settings}
    body = {"bounds": {"x": 0, "y": 0, "width": WIDTH, "height": 1000}, "layout": merged, "items": ITEMS}
    request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/layout", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request, timeout=10))


def main() -> int:
    binary = sys.argv[1]
    output = Path(sys.argv[2] if len(sys.argv) > 2 else Path(__file__).resolve().parents[1] / "docs" / "alignments.svg")
    server = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        port = int(json.loads(server.stdout.readline())["port"])
        answers = [(title, layout(port, settings)) for title, settings in PANELS]
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
    columns, gap, title_height = 4, 20, 22
    panel_height = max(answer["contentSize"]["height"] for _, answer in answers)
    rows = (len(answers) + columns - 1) // columns
    total_width = columns * WIDTH + (columns + 1) * gap
    total_height = rows * (panel_height + title_height) + (rows + 1) * gap
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_width}" height="{total_height}" '
             f'font-family="Helvetica, Arial, sans-serif" font-size="13">',
             f'<rect width="{total_width}" height="{total_height}" fill="#ffffff"/>']
    for index, (title, answer) in enumerate(answers):
        ox = gap + (index % columns) * (WIDTH + gap)
        oy = gap + (index // columns) * (panel_height + title_height + gap)
        parts.append(f'<text x="{ox}" y="{oy + 14}" fill="#222">{title}</text>')
        top = oy + title_height
        parts.append(f'<rect x="{ox}" y="{top}" width="{WIDTH}" height="{answer["contentSize"]["height"]}" '
                     f'fill="#f3f4f6" stroke="#9ca3af"/>')
        for attribute in answer["attributes"]:
            frame = attribute["frame"]
            parts.append(f'<rect x="{ox + frame["x"]}" y="{top + frame["y"]}" width="{frame["width"]}" '
                         f'height="{frame["height"]}" rx="4" fill="#3b82f6" fill-opacity="0.85"/>')
            parts.append(f'<text x="{ox + frame["x"] + frame["width"] / 2}" y="{top + frame["y"] + frame["height"] / 2 + 4}" '
                         f'fill="#fff" font-size="11" text-anchor="middle">{attribute["item"]}</text>')
    parts.append("</svg>")
    output.write_text("\n".join(parts) + "\n")
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
