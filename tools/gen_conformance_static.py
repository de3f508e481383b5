#!/usr/bin/env python3
"""Writes the compile-time twin of tests/conformance/simplify_xla.cpp: XLA's simplification cases as
static_asserts.

Reads xla_simplify.json (from XLAYOUT_CONFORMANCE_DIR; the corpus is never copied into the repository) and
writes PARTS translation units into OUT_DIR. Every case whose operation simplifies a map or an expression
(Simplify, Canonicalize, construction folding, compose, RemoveUnusedSymbols/Vars, RescaleSymbols,
AddConstraint, the conversions, the parser's own folding) is replayed in constant expressions, one constexpr
variable per step (each step is its own constant evaluation, under the compilers' default limits), and its
result must print exactly XLA's expected text. The cases that tests/conformance/simplify_xla.cpp lists as
known text differences must instead be `equivalent` (yes) to XLA's expected map, and the one it lists as
XLA's expectation being wrong must print differently and be `equivalent` (yes) to the input; both lists are
read from that file, so the two tests cannot drift apart.

Usage: gen_conformance_static.py --corpus DIR/xla_simplify.json
           --runtime-test tests/conformance/simplify_xla.cpp --out-dir DIR [--parts N]
The build runs it (static_tests/conformance/CMakeLists.txt) when the corpus, this script or the run-time
test changes.
"""
import argparse
import json
import pathlib
import re
import sys

# Categories replayed at compile time (the others check printing, parse errors, intervals, evaluation,
# naming, ...: no simplification).
CATEGORIES = (
    "map_simplification",
    "constraint_simplification",
    "remove_unused",
    "rescale_symbols",
    "conversion",
    "construction",
    "composition",
    "expr_canonicalization",
    "expr_construction",
)

# Cases left out, with the reason (a case that exceeds a default constexpr limit of g++ 12 or clang 19 is
# listed here, never compiled with a raised limit).
LEFT_OUT = {}

KNOWN_DIFFERENCE = (
    "A known text difference (tests/conformance/simplify_xla.cpp): equivalent, not the same text."
)

PRELUDE = """\
#include <string_view>
#include <xlayout/indexing.hpp>

namespace {
using namespace xlayout;

/// XLA's ParseIndexingMap: lo > hi makes the map KNOWN EMPTY (as in the run-time test).
constexpr indexing_map map(std::string_view text) {
  return parse_indexing_map(text, map_parse_options{.empty_range_is_known_empty = true}).value();
}
constexpr affine_expr expr(std::string_view text) { return parse_affine_expr(text).value(); }

/// `(v0, ..., v<n-1>) -> (e)`: an expression over plain variables as a map, for `equivalent`.
constexpr indexing_map v_map(std::string_view e, int n) {
  static_string<XLAYOUT_MAX_TEXT> s("(");
  for (int i = 0; i < n; ++i) (i > 0 ? s.append(", ") : s).append('v').append_int(i);
  s.append(") -> (").append(e).append(')');
  return map(s.view());
}

/// Does `text` contain `part`? (std::string_view::find is not a constant expression here in g++ 12.)
constexpr bool contains(std::string_view text, std::string_view part) {
  for (std::size_t i = 0; i + part.size() <= text.size(); ++i) {
    if (text.substr(i, part.size()) == part) return true;
  }
  return false;
}

/// Does the printed map contain `, <result>)` and `<constraint> in [` (one of XLA's accepted answers)?
constexpr bool prints_one_of(const expr_text& t, std::string_view result, std::string_view constraint) {
  static_string<XLAYOUT_MAX_TEXT> r(", ");
  r.append(result).append(')');
  static_string<XLAYOUT_MAX_TEXT> c(constraint);
  c.append(" in [");
  return contains(t.view(), r.view()) && contains(t.view(), c.view());
}

struct flagged_map {
  indexing_map map;
  bool changed = false;
};
constexpr flagged_map rescale(const indexing_map& m) {
  flagged_map r;
  r.map = checked_rescale_symbols(m, &r.changed).value();
  return r;
}
struct reduced_map {
  indexing_map map;
  removed_variables removed;
};
constexpr reduced_map remove_unused_vars(const indexing_map& m) {
  reduced_map r;
  r.map = checked_remove_unused_variables(m, &r.removed).value();
  return r;
}
}  // namespace
"""


def cpp_string(text):
    """A C++ string literal (the corpus has neither quotes nor backslashes, but be safe)."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 32 or ord(ch) > 126:
            raise ValueError(f"unexpected character {ch!r} in {text!r}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def comment_text(text):
    return text.replace("*/", "* /").replace("\n", " ")


class CppBuilder:
    """Translates the C++ construction of XLA's tests (`(c2 * 3) + 5`, `c5.ceilDiv(c2)`, `v0 % 1`) into
    statements calling the workspace's XLA operators in the order the run-time test's cpp_builder does."""

    def __init__(self, text):
        self.s = text
        self.p = 0
        self.lines = []
        self.n = 0

    def emit(self, call):
        name = f"t{self.n}"
        self.n += 1
        self.lines.append(f"const expr_id {name} = {call};")
        return name

    def skip(self):
        while self.p < len(self.s) and self.s[self.p] == " ":
            self.p += 1

    def eat(self, w):
        self.skip()
        if self.s.startswith(w, self.p):
            self.p += len(w)
            return True
        return False

    def integer(self):
        b = self.p
        while self.p < len(self.s) and self.s[self.p].isdigit():
            self.p += 1
        if b == self.p:
            raise ValueError(f"integer expected at {self.p} in {self.s!r}")
        return int(self.s[b:self.p])

    def expr(self):
        lhs = self.term()
        while True:
            if self.eat("+"):
                lhs = self.emit(f"ws.add({lhs}, {self.term()})")
            elif self.eat("-"):
                lhs = self.emit(f"ws.sub({lhs}, {self.term()})")
            else:
                return lhs

    def term(self):
        lhs = self.unary()
        while True:
            if self.eat("*"):
                lhs = self.emit(f"ws.mul({lhs}, {self.unary()})")
            elif self.eat("/"):
                lhs = self.emit(f"ws.floordiv({lhs}, {self.unary()})")
            elif self.eat("%"):
                lhs = self.emit(f"ws.mod({lhs}, {self.unary()})")
            else:
                return lhs

    def unary(self):
        if self.eat("-"):
            return self.emit(f"ws.negate({self.unary()})")
        e = self.primary()
        while self.eat("."):
            b = self.p
            while self.p < len(self.s) and self.s[self.p].isalpha():
                self.p += 1
            method = self.s[b:self.p]
            ops = {"min": "min", "max": "max", "ceilDiv": "ceildiv", "floorDiv": "floordiv"}
            if method not in ops or not self.eat("("):
                raise ValueError(f"unknown construction .{method} in {self.s!r}")
            arg = self.expr()
            self.eat(")")
            e = self.emit(f"ws.{ops[method]}({e}, {arg})")
        return e

    def primary(self):
        self.skip()
        if self.eat("("):
            e = self.expr()
            self.eat(")")
            return e
        if self.s.startswith("c", self.p):
            self.p += 1
            return self.emit(f"ws.constant({self.integer()})")
        if self.s.startswith("v", self.p):
            self.p += 1
            return self.emit(f"ws.variable({self.integer()})")
        return self.emit(f"ws.constant({self.integer()})")

    def build(self):
        root = self.expr()
        self.skip()
        if self.p != len(self.s):
            raise ValueError(f"cannot translate {self.s!r}")
        return self.lines, root


def built_expr(cpp):
    """A constexpr lambda that builds the expression with XLA's construction rules."""
    lines, root = CppBuilder(cpp).build()
    body = " ".join(lines)
    return f"[] {{ expr_workspace ws; {body} return make_affine_expr(ws, {root}).value(); }}()"


def count_v_vars(text):
    n = 0
    for m in re.finditer(r"(?<![A-Za-z0-9_])v(\d+)", text):
        n = max(n, int(m.group(1)) + 1)
    return n


def runtime_lists(path):
    """The names listed in the run-time test's known_text_differences and xla_expected_is_wrong maps."""
    text = pathlib.Path(path).read_text()
    lists = {}
    for var in ("known_text_differences", "xla_expected_is_wrong"):
        m = re.search(var + r"\s*=\s*\{(.*?)\n\};", text, re.S)
        if not m:
            raise SystemExit(f"{path}: cannot find the map {var}")
        lists[var] = set(re.findall(r'\{\s*"([^"]+)",', m.group(1)))
    return lists


class Case:
    def __init__(self, c, index, lists):
        self.c = c
        self.index = index
        self.name = c["name"]
        self.lines = []
        self.text_differs = self.name in lists["known_text_differences"]
        self.xla_wrong = self.name in lists["xla_expected_is_wrong"]

    def emit(self, line):
        self.lines.append(line)

    def check(self, cond, what):
        self.emit(f"static_assert({cond}, {cpp_string(self.name + ': ' + what)});")

    def expect_map(self, var, want):
        """The result `var` prints as `want` (or, for the listed cases, is equivalent to it)."""
        if self.text_differs:
            self.emit(f"// {KNOWN_DIFFERENCE}")
            self.check(f"to_string({var}) != {cpp_string(want)}", "prints differently, as listed")
            self.check(f"equivalent({var}, map({cpp_string(want)})) == tribool::yes",
                       "equivalent to XLA's expected map")
        elif self.xla_wrong:
            # XLA's expected map differs from the input pointwise (the run-time test shows it by brute force),
            # so the result is held to the input instead.
            self.emit("// XLA's expected bounds are not exact (tests/conformance/simplify_xla.cpp):")
            self.emit("// the result must differ from XLA's text and be equivalent to the input.")
            self.check(f"to_string({var}) != {cpp_string(want)}", "prints differently, as listed")
            self.check(f"equivalent({var}, m0) == tribool::yes", "equivalent to the input")
        else:
            self.check(f"to_string({var}) == {cpp_string(want)}", "prints as XLA's expected text")

    def map_ops(self):
        c = self.c
        self.emit(f"constexpr indexing_map m0 = map({cpp_string(c['input'])});")
        cur = "m0"
        for k, op in enumerate(c.get("ops", []), start=1):
            name = op["op"]
            nxt = f"m{k}"
            if name == "Simplify":
                preserve = op.get("simplify_point_dimensions", "") == "kPreserve"
                opts = ", simplify_options{.points = point_variables::preserve}" if preserve else ""
                self.emit(f"constexpr indexing_map {nxt} = checked_simplify({cur}{opts}).value();")
                if "returns" in op:
                    changed = "!" if op["returns"] else ""
                    returns = str(op["returns"]).lower()
                    self.check(f"{changed}({nxt} == {cur})", f"Simplify #{k} returns {returns}")
            elif name == "RescaleSymbols":
                self.emit(f"constexpr flagged_map r{k} = rescale({cur});")
                self.emit(f"constexpr indexing_map {nxt} = r{k}.map;")
                if "returns" in op:
                    returns = str(op["returns"]).lower()
                    self.check(f"r{k}.changed == {returns}", f"RescaleSymbols #{k} returns {returns}")
            elif name == "RemoveUnusedSymbols":
                self.emit(f"constexpr indexing_map {nxt} = checked_remove_unused_symbols({cur}).value();")
            elif name == "RemoveUnusedVars":
                self.emit(f"constexpr reduced_map r{k} = remove_unused_vars({cur});")
                self.emit(f"constexpr indexing_map {nxt} = r{k}.map;")
                for i, bit in enumerate(op.get("returned_bit_vector", [])):
                    self.check(f"r{k}.removed[{i}] == {str(bit).lower()}", f"removed bit {i}")
            elif name == "ConvertSymbolsToDimensions":
                self.emit(f"constexpr indexing_map {nxt} = convert_symbols_to_dimensions({cur});")
            elif name == "ConvertRangeVariablesToDimensions":
                idx = ", ".join(str(i) for i in op["range_var_indices"])
                call = f"convert_range_variables_to_dimensions({cur}, {{{idx}}})"
                self.emit(f"constexpr indexing_map {nxt} = {call}.value();")
            elif name == "AddConstraint":
                if "expr" in op:
                    e = f"parse_affine_expr({cpp_string(op['expr'])}, {cur}.num_dims).value()"
                else:
                    # `(d0 - 5) % 1`: dimensions are variables 0.. of the map
                    e = built_expr(re.sub(r"\bd(\d+)", r"v\1", op["expr_cpp"]))
                self.emit(f"constexpr affine_expr e{k} = {e};")
                lo, hi = op["interval"]
                call = f"checked_add_constraint({cur}, e{k}, {{{lo}, {hi}}})"
                self.emit(f"constexpr indexing_map {nxt} = {call}.value();")
            else:
                raise ValueError(f"{self.name}: unhandled op {name}")
            cur = nxt
        if "expected_any_of" in c:
            alts = " || ".join(
                f"prints_one_of(to_string({cur}), {cpp_string(a['result3'])}, {cpp_string(a['constraint'])})"
                for a in c["expected_any_of"]
            )
            self.check(alts, "prints one of XLA's accepted answers")
        elif c.get("expected") is not None:
            want = c["expected"]
            if "expected_raw" not in c and want == c["input"] and want != "KNOWN EMPTY":
                # The corpus repeats the input (an unchanged map): compare with XLA's printing of that map.
                self.check(f"to_string({cur}).view() == to_string(m0).view()",
                           "unchanged, prints as the parsed input")
            else:
                self.expect_map(cur, want)
        elif c["category"] != "rescale_symbols":
            self.emit("// XLA's test checks only the return values; the result must still mean")
            self.emit("// what the input means.")
            self.check(f"equivalent({cur}, m0) == tribool::yes", "equivalent to the input")
        else:
            # XLA's test checks that every constraint can still be found after rescaling: here, that the
            # printed result parses back to the same map (bounds, results and constraint set).
            self.check(f"map(to_string({cur})) == {cur}", "the printed result parses back to the same map")

    def composition(self):
        c = self.c
        self.emit(f"constexpr indexing_map a = map({cpp_string(c['first'])});")
        self.emit(f"constexpr indexing_map b = map({cpp_string(c['second'])});")
        self.emit("constexpr indexing_map ab = compose(a, b);")
        self.expect_map("ab", c["expected"])
        if self.name == "KnownEmpty_Composition":
            self.emit("constexpr indexing_map ba = compose(b, a);")
            self.expect_map("ba", c["expected"])

    def canonicalization(self):
        c = self.c
        self.emit(f"constexpr affine_expr e0 = expr({cpp_string(c['input'])});")
        self.emit("constexpr affine_expr e1 = simplify(e0);")
        want = c["expected"]
        if self.text_differs:
            n = max(count_v_vars(c["input"]), count_v_vars(want), 1)
            self.emit(f"// {KNOWN_DIFFERENCE}")
            self.check(f"to_string(e1) != {cpp_string(want)}", "prints differently, as listed")
            self.emit(f"constexpr indexing_map got = v_map(to_string(e1), {n});")
            self.check(f"equivalent(got, v_map({cpp_string(want)}, {n})) == tribool::yes",
                       "equivalent to XLA's expected expression")
        else:
            self.check(f"to_string(e1) == {cpp_string(want)}", "prints as XLA's expected text")

    def construction_expr(self):
        c = self.c
        if self.name == "CreationTime_NoAutoCommute":
            self.check('!(expr("v1 + v0") == expr("v0 + v1"))', "v1 + v0 is not reordered at construction")
            return
        self.emit(f"constexpr affine_expr e0 = {built_expr(c['input_cpp'])};")
        self.check(f"to_string(e0) == {cpp_string(c['expected'])}", "prints as XLA's expected text")

    def generate(self):
        cat = self.c["category"]
        if cat == "composition":
            self.composition()
        elif cat == "expr_canonicalization":
            self.canonicalization()
        elif cat == "expr_construction":
            self.construction_expr()
        else:
            self.map_ops()
        source = self.c.get("source", "")
        head = f"// {comment_text(self.name)} ({cat}; {source})"
        ns = f"case_{self.index:03d}"
        return [head, f"namespace {ns} {{"] + self.lines + [f"}}  // namespace {ns}"]


def selected(corpus):
    for c in corpus["cases"]:
        if c["category"] not in CATEGORIES:
            continue
        if c["category"] == "construction" and "input" not in c:
            continue  # FromTensorSizes: built in C++, nothing to simplify
        yield c


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--runtime-test", required=True)
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--parts", type=int, default=1)
    ap.add_argument("--prefix", default="simplify_xla_static")
    args = ap.parse_args()

    corpus = json.loads(pathlib.Path(args.corpus).read_text())
    lists = runtime_lists(args.runtime_test)
    cases = list(selected(corpus))
    names = {c["name"] for c in cases}
    for listed in lists["known_text_differences"] | lists["xla_expected_is_wrong"]:
        if listed not in {c["name"] for c in corpus["cases"]}:
            raise SystemExit(f"{args.runtime_test} lists {listed}, which the corpus does not have")

    parts = [[] for _ in range(args.parts)]
    left_out = []
    kept = 0
    for i, c in enumerate(cases):
        if c["name"] in LEFT_OUT:
            left_out.append(f"// left out: {c['name']}: {LEFT_OUT[c['name']]}")
            continue
        # Round robin keeps the parts balanced whatever the order of the categories.
        parts[kept % args.parts].append(Case(c, i, lists).generate())
        kept += 1
    for n in LEFT_OUT:
        if n not in names:
            raise SystemExit(f"LEFT_OUT names {n}, which is not a replayed case of the corpus")

    out = pathlib.Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for k, blocks in enumerate(parts, start=1):
        header = [
            f"// Generated by tools/gen_conformance_static.py from {pathlib.Path(args.corpus).name};",
            f"// do not edit. Part {k} of {args.parts}: {len(blocks)} of the {kept} cases of XLA's",
            "// simplification corpus that xlayout replays in constant expressions",
            "// (tests/conformance/simplify_xla.cpp runs the whole corpus at run time).",
        ]
        body = "\n".join(header) + "\n" + PRELUDE + "\n"
        if k == 1 and left_out:
            body += "\n".join(left_out) + "\n\n"
        body += "\n\n".join("\n".join(b) for b in blocks) + "\n"
        (out / f"{args.prefix}_{k}.cpp").write_text(body)
    print(f"{kept} cases in {args.parts} parts ({len(left_out)} left out) -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
