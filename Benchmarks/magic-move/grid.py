#!/usr/bin/env python3
"""Element maps for timing magic-move with many elements (docs/MAGIC-MOVE.md, "Speed").

    python3 Benchmarks/magic-move/grid.py COUNT icons|cards OUTDIR

writes OUTDIR/from.json and OUTDIR/to.json, pixel maps for a 1920x1080 canvas: COUNT elements
on a 10x10 grid (icons 64x64 px, cards 150x90 px, corner radius 8; past 100 elements they stack
on its cells again), each moving to a cell of a second 10x10 grid and changing shape there (1.25x
as wide, 0.9x as tall, radius 4). Element i goes to cell (k*i) mod COUNT of the second grid, k
the first whole number from 0.37*COUNT up that shares no factor with COUNT, so the moves
criss-cross the screen instead of sliding together.
"""
import json
import math
import os
import sys

SIZES = {"icons": (64, 64), "cards": (150, 90)}


def main():
    if len(sys.argv) != 4 or sys.argv[2] not in SIZES or not sys.argv[1].isdigit() or not 1 <= int(sys.argv[1]) <= 400:
        sys.exit("usage: grid.py COUNT(1-400) icons|cards OUTDIR")
    count, (width, height), out = int(sys.argv[1]), SIZES[sys.argv[2]], sys.argv[3]
    step = max(1, math.ceil(0.37 * count))
    while math.gcd(step, count) != 1:
        step += 1
    start = [{"id": f"e{i}", "frame": [20 + 188 * (i % 10), 20 + 104 * (i % 100 // 10), width, height], "cornerRadius": 8}
             for i in range(count)]
    end = []
    for i in range(count):
        cell = step * i % count % 100
        end.append({"id": f"e{i}", "frame": [40 + 185 * (cell % 10), 30 + 102 * (cell // 10), width * 1.25, height * 0.9],
                    "cornerRadius": 4})
    os.makedirs(out, exist_ok=True)
    for name, elements in (("from", start), ("to", end)):
        with open(os.path.join(out, name + ".json"), "w") as f:
            json.dump({"units": "pixels", "elements": elements}, f)


if __name__ == "__main__":
    main()
