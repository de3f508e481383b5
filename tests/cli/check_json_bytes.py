#!/usr/bin/env python3
"""tests/cli/check_json_bytes.py: the command's --json output is valid JSON (strict UTF-8, one object)
whatever bytes its arguments hold: a byte that is not UTF-8 is printed as U+FFFD, control characters are
escaped, and DEL (0x7F, which JSON allows as it is) is kept. The .t files cannot hold such bytes (they are
UTF-8 text), hence this script (test cli.json_bytes).

usage: check_json_bytes.py --xlayout PATH
"""
import argparse
import json
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--xlayout", required=True)
    args = parser.parse_args()
    # An unknown command: its name is in the error's message.
    name = b'a\xff\xc3\x7f\x01"\\b\xe2\x82\xac'
    run = subprocess.run([args.xlayout, name, "--json"], capture_output=True)
    failures = []
    if run.returncode != 2:
        failures.append(f"exit code {run.returncode}, expected 2")
    try:
        value = json.loads(run.stdout.decode("utf-8", errors="strict"))
        message = value["error"]["message"]
        expected = "no command 'a\ufffd\ufffd\x7f\x01\"\\b\u20ac'"
        if not message.startswith(expected):
            failures.append(f"message {message!r} does not start with {expected!r}")
        if b"\\u0001" not in run.stdout:
            failures.append("the control character 0x01 is not escaped as \\u0001")
    except (UnicodeDecodeError, ValueError, KeyError, TypeError) as e:
        failures.append(f"stdout is not the JSON error object: {e}: {run.stdout!r}")
    for f in failures:
        print(f"check_json_bytes: {f}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
