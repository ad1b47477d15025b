#!/usr/bin/env python3
"""Regenerates chrome_frames.json: what Chromium computes for every case in cases.json."""
import json
import subprocess
from pathlib import Path

from chrome import CHROMIUM, measure

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    cases = json.loads((HERE / "cases.json").read_text())["cases"]
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip()
    frames = measure(cases)
    lines = ",\n".join(f"  {json.dumps(name)}: {json.dumps(value)}" for name, value in frames.items())
    (HERE / "chrome_frames.json").write_text(f'{{\n "browser": {json.dumps(version)},\n "frames": {{\n{lines}\n }}\n}}\n')
    print(f"measured {len(frames)} cases with {version}")
