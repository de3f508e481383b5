#!/usr/bin/env python3
"""Checks that the code the documents quote is the code that is built and tested.

In docs/*.md, a fenced block right after a marker line must match the file it names:
  <!-- example: examples/tensors.cpp -->      the block is the whole file
  <!-- output: examples/tensors.output -->    the block is the whole file (an example's golden output)
  <!-- excerpt: tests/cuda/kernels.cu -->     the block appears in the file, as consecutive lines
Usage: check_doc_examples.py SOURCE_DIR [--update]   (exit code 1 and a message per mismatch; --update
rewrites the example and output blocks from their files instead)
"""
import pathlib
import re
import sys

MARKER = re.compile(r"^<!-- (example|output|excerpt): (\S+) -->$")


def blocks(text):
    """Yields (kind, path, block text, line number) for each marked block."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = MARKER.match(line)
        if not m:
            continue
        if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
            yield m.group(1), m.group(2), None, i + 1
            continue
        end = i + 2
        while end < len(lines) and lines[end] != "```":
            end += 1
        yield m.group(1), m.group(2), "\n".join(lines[i + 2:end]) + "\n", i + 1


def update(doc, root):
    """Rewrites the whole-file blocks of doc from their files."""
    lines = doc.read_text().split("\n")
    out, i = [], 0
    while i < len(lines):
        out.append(lines[i])
        m = MARKER.match(lines[i])
        if m and m.group(1) != "excerpt" and i + 1 < len(lines) and lines[i + 1].startswith("```"):
            end = i + 2
            while end < len(lines) and lines[end] != "```":
                end += 1
            out.append(lines[i + 1])
            out.extend((root / m.group(2)).read_text().rstrip("\n").split("\n"))
            i = end
            continue
        i += 1
    doc.write_text("\n".join(out))


def main():
    root = pathlib.Path(sys.argv[1])
    if "--update" in sys.argv[2:]:
        for doc in sorted((root / "docs").glob("*.md")):
            update(doc, root)
    failures = checked = 0
    for doc in sorted((root / "docs").glob("*.md")):
        for kind, path, block, line in blocks(doc.read_text()):
            where = f"{doc.relative_to(root)}:{line}"
            target = root / path
            if block is None:
                print(f"{where}: no fenced block after the {kind} marker")
                failures += 1
                continue
            if not target.is_file():
                print(f"{where}: {path} does not exist")
                failures += 1
                continue
            content = target.read_text()
            ok = block in content if kind == "excerpt" else block == content
            checked += 1
            if not ok:
                print(f"{where}: the block differs from {path} ({kind})")
                failures += 1
    print(f"{checked} quoted blocks checked, {failures} problems")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
