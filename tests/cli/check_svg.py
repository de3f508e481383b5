#!/usr/bin/env python3
"""tests/cli/check_svg.py: `xlayout draw SHAPE --svg FILE` draws the figures of XLA's
"Tiled layout" document recognisably.

Reads the pictures of that document's figure 1 (F32[3,5] in 2x2 tiles) and figure 2 (4x8 tiled (2,4)(2,1)) as
XML and checks what a reader sees: the grid shows every element with its linear index as in the document, the
padding that completes partial tiles as padding cells, one colour per first-level tile, a red box per
sub-tile, and a memory strip with one box per slot, padding where the document has it.
Usage: check_svg.py --xlayout PROGRAM
"""
import argparse
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

NS = {"svg": "http://www.w3.org/2000/svg"}
failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)


def draw(program, shape, workdir):
    path = os.path.join(workdir, "picture.svg")
    p = subprocess.run([program, "draw", shape, "--svg", path], capture_output=True, text=True)
    expect(p.returncode == 0, f"draw {shape} exited with {p.returncode}: {p.stderr}")
    return ET.parse(path).getroot()  # raises (fails the test) when the file is not well-formed XML


def cells(root, kind):
    """{index: (slot, fill, rect)} of the grid cells (kind 'cell') or memory boxes (kind 'slot')."""
    out = {}
    for g in root.iter("{%s}g" % NS["svg"]):
        classes = g.get("class", "").split()
        if kind not in classes:
            continue
        rect = g.find("svg:rect", NS)
        key = tuple(int(v) for v in g.get("data-index").split(",")) if g.get("data-index") else None
        entry = (int(g.get("data-slot")), rect.get("fill"), rect, "element" in classes)
        out[key if kind == "cell" else int(g.get("data-slot"))] = entry
    return out


def subtile_boxes(root):
    return [r for r in root.iter("{%s}rect" % NS["svg"]) if r.get("class") == "subtile"]


def check_figure_1(root):
    # "Tiled layout", figure 1: slot of each element of F32[3,5]{1,0:T(2,2)}, row by row.
    expected = [[0, 1, 4, 5, 8], [2, 3, 6, 7, 10], [12, 13, 16, 17, 20]]
    grid = cells(root, "cell")
    elements = {k: v for k, v in grid.items() if v[3]}
    padding = {k: v for k, v in grid.items() if not v[3]}
    expect(len(elements) == 15, f"figure 1: {len(elements)} element cells, expected 15")
    for r in range(3):
        for c in range(5):
            got = elements.get((r, c), (None,))[0]
            expect(got == expected[r][c], f"figure 1: element ({r},{c}) labelled {got}, the document says {expected[r][c]}")
    # The grid is completed to whole 2x2 tiles (4x6); the 9 extra cells are the padding slots.
    expect(sorted(padding) == sorted({(r, c) for r in range(4) for c in range(6)} - set(elements)),
           f"figure 1: padding cells {sorted(padding)}")
    expect(sorted(v[0] for v in padding.values()) == [9, 11, 14, 15, 18, 19, 21, 22, 23],
           "figure 1: the padding cells are not slots 9 11 14 15 18 19 21 22 23")
    expect(all(v[1] == "url(#hatch)" for v in padding.values()), "figure 1: padding cells are not hatched")
    # One colour per 2x2 tile: equal within a tile, different between the six tiles.
    fills = {}
    for (r, c), v in elements.items():
        fills.setdefault((r // 2, c // 2), set()).add(v[1])
    expect(all(len(f) == 1 for f in fills.values()), "figure 1: a tile has more than one colour")
    expect(len({next(iter(f)) for f in fills.values()}) == 6, "figure 1: the six tiles do not have six colours")
    # The memory: 24 boxes in slot order, padding where the grid has it, each element where its index says.
    memory = cells(root, "slot")
    expect(sorted(memory) == list(range(24)), "figure 1: the memory does not show slots 0..23")
    expect(sorted(s for s, v in memory.items() if not v[3]) == [9, 11, 14, 15, 18, 19, 21, 22, 23],
           "figure 1: the memory's padding slots differ from the document's")
    for (r, c), v in elements.items():
        expect(memory[v[0]][1] == v[1], f"figure 1: slot {v[0]} is not coloured like element ({r},{c})")
    expect(not subtile_boxes(root), "figure 1: sub-tile boxes drawn for a layout with one tile")


def check_figure_2(root):
    # "Tiled layout", figure 2: "0 2 4 6 8 10 12 14 / 1 3 5 ... 15 / 16 18 ... 30 / 17 19 ... 31".
    expected = [[2 * c + (r % 2) + 16 * (r // 2) for c in range(8)] for r in range(4)]
    expect(expected[0][:3] == [0, 2, 4] and expected[3][-1] == 31, "check_svg.py: the expected table is wrong")
    grid = cells(root, "cell")
    expect(len(grid) == 32 and all(v[3] for v in grid.values()), "figure 2: expected 32 element cells, no padding")
    for r in range(4):
        for c in range(8):
            got = grid.get((r, c), (None,))[0]
            expect(got == expected[r][c], f"figure 2: element ({r},{c}) labelled {got}, the document says {expected[r][c]}")
    fills = {}
    for (r, c), v in grid.items():
        fills.setdefault((r // 2, c // 4), set()).add(v[1])
    expect(all(len(f) == 1 for f in fills.values()) and len({next(iter(f)) for f in fills.values()}) == 4,
           "figure 2: the four 2x4 tiles are not four colours")
    # Red boxes: 16 sub-tiles of 2x1 in the grid (two cells high, one wide) and 16 pairs of slots in memory.
    cell = grid[(0, 0)][2]
    cw, ch = float(cell.get("width")), float(cell.get("height"))
    boxes = subtile_boxes(root)
    in_grid = [b for b in boxes if abs(float(b.get("height")) - (2 * ch - 6)) < 0.5]
    expect(len(boxes) == 32, f"figure 2: {len(boxes)} red sub-tile boxes, expected 16 in the grid and 16 in memory")
    expect(len(in_grid) == 16 and all(abs(float(b.get("width")) - (cw - 6)) < 0.5 for b in in_grid),
           "figure 2: the grid's red boxes are not 16 boxes of 2x1 cells")
    memory = cells(root, "slot")
    expect(sorted(memory) == list(range(32)) and all(v[3] for v in memory.values()),
           "figure 2: the memory does not show 32 element slots")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--xlayout", required=True)
    program = os.path.abspath(ap.parse_args().xlayout)
    with tempfile.TemporaryDirectory() as workdir:
        check_figure_1(draw(program, "f32[3,5]{1,0:T(2,2)}", workdir))
        check_figure_2(draw(program, "f32[4,8]{1,0:T(2,4)(2,1)}", workdir))
    for f in failures:
        print("FAIL " + f)
    print("the pictures of \"Tiled layout\"'s figures 1 and 2: " + ("FAILED" if failures else "ok"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
