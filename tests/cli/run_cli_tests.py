#!/usr/bin/env python3
"""tests/cli/run_cli_tests.py: runs the xlayout command on the cases of a test file and compares what it
prints and its exit code with what the file expects.

Test files (tests/cli/*.t) hold cases like this:

    # a comment: where the expectation comes from
    $ xlayout index 'f32[3,5]{1,0:T(2,2)}' 2 7 --json
    {"error": {"id": "index_out_of_range", ...}}
    [stderr]
    xlayout index: [xlayout:index_out_of_range] ...
    [exit 2]

The `$` line is split like a shell would (no shell runs it) and `xlayout` stands for the program; it runs
in a scratch directory holding a copy of examples/hlo/ (so `examples/hlo/softmax.hlo` names a module). The
lines after it, up to the next `$` line, comment line or the end, are the exact stdout; after `[stderr]`,
the exact stderr (none expected otherwise); `[exit N]` gives the exit code (0 otherwise). Trailing blank
lines of a case are ignored. Whenever a command has --json, its stdout must also be one JSON object.

Markdown files (docs/cli.md) are checked too: in each ```console block, every `$ xlayout ...` line is run
and the lines up to the next `$` line must be what it prints (stdout, then stderr). `--update` rewrites
those blocks with the real output instead (for the documentation only: expectations in .t files are
written by hand).
"""
import argparse
import difflib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile


class Case:
    def __init__(self, path, line, command):
        self.path, self.line, self.command = path, line, command
        self.stdout, self.stderr, self.exit = [], [], 0
        self.merged = False  # markdown: stdout and stderr together


def parse_cases(path):
    cases, current, section = [], None, "stdout"
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            text = raw.rstrip("\n")
            if text.startswith("$ "):
                current = Case(path, number, text[2:])
                cases.append(current)
                section = "stdout"
            elif text.startswith("#"):
                current = None
            elif current is None:
                if text.strip():
                    raise SystemExit(f"{path}:{number}: text outside a case: {text!r}")
            elif text == "[stderr]":
                section = "stderr"
            elif re.fullmatch(r"\[exit (\d+)\]", text):
                current.exit = int(text[6:-1])
            else:
                getattr(current, section).append(text)
    return cases


def parse_markdown(path):
    """The console blocks of a markdown file: (cases, lines of the file, [(first, last) line of each block])."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    cases, blocks, inside, current = [], [], False, None
    for i, text in enumerate(lines):
        if not inside and text.strip() == "```console":
            inside, first = True, i + 1
        elif inside and text.strip() == "```":
            inside, current = False, None
            blocks.append((first, i))
        elif inside and text.startswith("$ xlayout"):
            current = Case(path, i + 1, text[2:])
            current.merged = True
            cases.append(current)
        elif inside and current is not None:
            current.stdout.append(text)
    return cases, lines, blocks


def strip_trailing_blank(lines):
    lines = list(lines)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def run(case, program, workdir):
    argv = shlex.split(case.command)
    if not argv or argv[0] != "xlayout":
        raise SystemExit(f"{case.path}:{case.line}: a case must run xlayout: {case.command}")
    env = dict(os.environ, LC_ALL="C")
    p = subprocess.run([program] + argv[1:], capture_output=True, cwd=workdir, env=env, timeout=120)
    return p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"), p.returncode, argv


def as_lines(text):
    return strip_trailing_blank(text.split("\n"))


def check(case, program, workdir):
    """The problems with one case (empty: it passed)."""
    out, err, code, argv = run(case, program, workdir)
    problems = []
    if case.merged:
        want, got = strip_trailing_blank(case.stdout), as_lines(out + err)
        if want != got:
            problems.append(diff("output", want, got))
        return problems
    if "--json" in (argv[: argv.index("--")] if "--" in argv else argv):  # after `--` it is an operand
        try:
            if not isinstance(json.loads(out), dict):
                problems.append("stdout is JSON but not an object")
        except ValueError as e:
            problems.append(f"stdout is not valid JSON ({e}):\n{out}")
    for name, want, got in (("stdout", case.stdout, out), ("stderr", case.stderr, err)):
        if strip_trailing_blank(want) != as_lines(got):
            problems.append(diff(name, strip_trailing_blank(want), as_lines(got)))
    if code != case.exit:
        problems.append(f"exit code {code}, expected {case.exit}")
    return problems


def diff(name, want, got):
    body = "\n".join(difflib.unified_diff(want, got, "expected", "actual", lineterm=""))
    return f"{name} differs:\n{body}"


def update_markdown(path, program, workdir):
    cases, lines, blocks = parse_markdown(path)
    out_lines = []
    by_line = {c.line - 1: c for c in cases}
    inside = False
    for i, text in enumerate(lines):
        if not inside and text.strip() == "```console":
            inside = True
            out_lines.append(text)
            continue
        if inside and text.strip() == "```":
            inside = False
            out_lines.append(text)
            continue
        if inside:
            if i in by_line:
                out, err, _, _ = run(by_line[i], program, workdir)
                out_lines.append(text)
                out_lines.extend(as_lines(out + err))
            elif text.startswith("$ "):
                out_lines.append(text)  # a command that is not xlayout: left alone
            continue  # old output lines are replaced
        out_lines.append(text)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out_lines))
    print(f"updated {len(cases)} commands in {path}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xlayout", required=True, help="the program to test")
    ap.add_argument("--update", action="store_true", help="rewrite the console blocks of markdown files")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    program = os.path.abspath(args.xlayout)
    failures = total = 0
    with tempfile.TemporaryDirectory() as workdir:
        # The commands run in a scratch directory (draw --svg writes there) that holds a copy of the
        # repository's example HLO modules, so a case can say `xlayout analyze examples/hlo/softmax.hlo`.
        hlo = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "hlo")
        if os.path.isdir(hlo):
            shutil.copytree(hlo, os.path.join(workdir, "examples", "hlo"))
        for path in args.files:
            if args.update:
                if not path.endswith(".md"):
                    raise SystemExit("--update rewrites documentation only; write .t expectations by hand")
                update_markdown(path, program, workdir)
                continue
            cases = parse_markdown(path)[0] if path.endswith(".md") else parse_cases(path)
            if not cases:
                raise SystemExit(f"{path}: no cases")
            for case in cases:
                total += 1
                problems = check(case, program, workdir)
                if problems:
                    failures += 1
                    print(f"FAIL {case.path}:{case.line}: $ {case.command}")
                    for p in problems:
                        print("  " + p.replace("\n", "\n  "))
    if not args.update:
        print(f"{total - failures} of {total} cases passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
