#!/usr/bin/env python3
"""Line coverage per module from the last `swift test --enable-code-coverage`, as a table.

Usage: coverage.py BUILD_DIR [MODULE=MIN_PERCENT ...]

Reads the JSON that SwiftPM exports next to the profile (BUILD_DIR/debug/codecov/*.json), sums the
lines of each file under Sources/<Module>/, prints one row per module, and exits 1 when a module named
on the command line is under its minimum.
"""
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    build = Path(sys.argv[1])
    minimums = {name: float(value) for name, value in (argument.split("=") for argument in sys.argv[2:])}
    exports = sorted((build / "debug" / "codecov").glob("*.json"))
    if not exports:
        print(f"coverage: no export under {build}/debug/codecov (run swift test --enable-code-coverage)")
        return 1
    data = json.loads(exports[-1].read_text())
    covered, total = defaultdict(int), defaultdict(int)
    sources = ROOT / "Sources"
    for export in data["data"]:
        for entry in export["files"]:
            path = Path(entry["filename"])
            try:
                module = path.relative_to(sources).parts[0]
            except ValueError:
                continue
            lines = entry["summary"]["lines"]
            covered[module] += lines["covered"]
            total[module] += lines["count"]
    failed = []
    print("| module | lines | covered | line coverage |")
    print("|---|---|---|---|")
    for module in sorted(total):
        percent = 100.0 * covered[module] / max(1, total[module])
        print(f"| {module} | {total[module]:,} | {covered[module]:,} | {percent:.1f}% |")
        if module in minimums and percent < minimums[module]:
            failed.append(f"{module} {percent:.1f}% < {minimums[module]:.0f}%")
    for module in minimums.keys() - total.keys():
        failed.append(f"{module}: no lines measured")
    if failed:
        print("coverage below its minimum: " + "; ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
