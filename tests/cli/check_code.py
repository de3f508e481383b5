#!/usr/bin/env python3
"""tests/cli/check_code.py: the C function `xlayout code SHAPE` prints computes XLA's offset of every element
(test cli.code_compiles). The layouts: hand-picked ones (the `*` groups split by a later tile, where a
dividend of the formula is negative and C's truncating / and % differ from XLA's floordiv and mod) and random
ones; the functions are compiled together with the C++ compiler the tests use and run over every index, and
each offset is compared with this script's own reading of XLA's tiled linear index (the physical dimensions
major to minor, each tile's `*` merging a dimension into the next more-minor one, each tile tiling the
minor-most dimensions of the shape the previous tile produced, then row-major).

usage: check_code.py --xlayout PATH --cxx COMPILER --work DIR
"""
import argparse
import itertools
import os
import random
import re
import subprocess
import sys


def parse_layout(text):
    """f32[2,3]{0,1:T(*,3)(3,2)} -> ([2, 3], [0, 1], [[None, 3], [3, 2]]) (None for `*`)."""
    m = re.fullmatch(r"f32\[([0-9,]*)\]\{([0-9,]*)(?::(.*))?\}", text)
    dims = [int(x) for x in m.group(1).split(",")] if m.group(1) else []
    m2m = [int(x) for x in m.group(2).split(",")] if m.group(2) else []
    tiles = [[None if e == "*" else int(e) for e in t.split(",")] for t in re.findall(r"T?\(([^)]*)\)", m.group(3) or "")]
    return dims, m2m, tiles


def offset(dims, m2m, tiles, index):
    order = list(reversed(m2m))  # major to minor
    shape = [dims[d] for d in order]
    idx = [index[d] for d in order]
    for tile in tiles:
        k = len(tile)
        while len(shape) < k:
            shape.insert(0, 1)
            idx.insert(0, 0)
        head_s, head_i = shape[:-k], idx[:-k]
        sub_s, sub_i, sizes = [], [], []
        carry_s, carry_i = 1, 0
        for s, i, t in zip(shape[-k:], idx[-k:], tile):
            carry_s, carry_i = carry_s * s, carry_i * s + i
            if t is None:
                continue  # merged into the next more-minor dimension
            sub_s.append(carry_s)
            sub_i.append(carry_i)
            sizes.append(t)
            carry_s, carry_i = 1, 0
        shape = head_s + [-(-s // t) for s, t in zip(sub_s, sizes)] + sizes
        idx = head_i + [i // t for i, t in zip(sub_i, sizes)] + [i % t for i, t in zip(sub_i, sizes)]
    linear = 0
    for s, i in zip(shape, idx):
        linear = linear * s + i
    return linear


def random_layout(rng):
    rank = rng.randint(1, 3)
    dims = [rng.randint(1, 7) for _ in range(rank)]
    m2m = list(range(rank))
    rng.shuffle(m2m)
    tiles = []
    for _ in range(rng.randint(1, 2)):
        k = rng.randint(1, rank + 1)
        tile = ["*" if j + 1 < k and rng.random() < 0.35 else str(rng.randint(1, 4)) for j in range(k)]
        tiles.append("(" + ",".join(tile) + ")")
    return "f32[%s]{%s:T%s}" % (",".join(map(str, dims)), ",".join(map(str, m2m)), "".join(tiles))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--xlayout", required=True)
    parser.add_argument("--cxx", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    layouts = [
        # `*` groups split by a later tile: the formulas hold dividends like (x / 3 * -3 + d0).
        "f32[2,3]{0,1:T(*,3)(3,2)}",
        "f32[2,3]{1,0:T(*,2)(4,3)}",
        "f32[3,5,8]{0,2,1:T(8,*,4)(4,3)}",
        # "Tiled layout"'s examples and plain layouts.
        "f32[3,5]{1,0:T(2,2)}",
        "f32[4,8]{1,0:T(2,4)(2,1)}",
        "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}",
        "f32[5,3]{0,1}",
    ]
    rng = random.Random(7)
    while len(layouts) < 90:
        layouts.append(random_layout(rng))
    os.makedirs(args.work, exist_ok=True)
    functions, calls, expected, used = [], [], [], []
    helpers = None
    for n, text in enumerate(layouts):
        run = subprocess.run([args.xlayout, "code", text], capture_output=True, text=True)
        if run.returncode != 0:
            if n < 7:
                print(f"FAIL: xlayout code {text!r} exited {run.returncode}: {run.stderr}")
                return 1
            continue  # a random layout the library refuses (a `*` it cannot place, say)
        lines = run.stdout.splitlines()
        for line in lines:
            if line.startswith("static inline int64_t xlayout_"):
                helpers = helpers or [h for h in lines if h.startswith("static inline int64_t xlayout_")]
        body = [line for line in lines if line.startswith("static inline int64_t offset(")]
        if len(body) != 1:
            print(f"FAIL: no function in the output for {text!r}:\n{run.stdout}")
            return 1
        functions.append(body[0].replace("offset(", f"offset_{n}(", 1))
        dims, m2m, tiles = parse_layout(text)
        # Nested loops, dimension 0 outermost: the order of itertools.product below.
        names = [f"i{d}" for d in range(len(dims))]
        loops = "".join(f"for (int64_t {v} = 0; {v} < {e}; ++{v}) " for v, e in zip(names, dims))
        calls.append(f'  {loops}std::printf("%lld\\n", (long long)offset_{n}({", ".join(names)}));')
        for index in itertools.product(*[range(d) for d in dims]):
            expected.append((text, index, offset(dims, m2m, tiles, index)))
        used.append(text)
    source = os.path.join(args.work, "code_check.cpp")
    with open(source, "w") as f:
        f.write("#include <stdint.h>\n#include <cstdio>\n")
        f.write("\n".join((helpers or []) + functions) + "\nint main() {\n" + "\n".join(calls) + "\n}\n")
    binary = os.path.join(args.work, "code_check")
    build = subprocess.run([args.cxx, "-w", source, "-o", binary], capture_output=True, text=True)
    if build.returncode != 0:
        print(f"FAIL: the generated code does not compile:\n{build.stderr}")
        return 1
    got = subprocess.run([binary], capture_output=True, text=True, check=True).stdout.split()
    wrong = [(t, i, e, g) for (t, i, e), g in zip(expected, got) if int(g) != e]
    for t, i, e, g in wrong[:10]:
        print(f"FAIL: {t} at {i}: the code gives {g}, XLA's offset is {e}")
    print(f"{len(used)} layouts, {len(expected)} elements, {len(wrong)} wrong")
    if helpers is None:
        print("FAIL: no layout needed the floor helpers (the hand-picked `*` cases must)")
    return 1 if wrong or len(got) != len(expected) or helpers is None else 0


if __name__ == "__main__":
    sys.exit(main())
