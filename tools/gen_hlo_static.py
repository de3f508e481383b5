#!/usr/bin/env python3
"""Writes the compile-time twin of tests/conformance/xla_indexing.cpp: XLA's indexing analysis cases as
static_asserts.

Reads xla_indexing.json (from XLAYOUT_CONFORMANCE_DIR; the corpus is never copied into the repository) and
writes PARTS translation units into OUT_DIR. Each replayed case parses its HLO module in a constant expression
(hlo::module_v<"...">), runs the analysis XLA's test runs and compares the result with XLA's expected maps,
each parsed in the constant expression too (parse_indexing_map, as the run-time test parses them), with the
map's operator== (XLA's equality), as sets:

  single_op, output_to_input  hlo::checked_output_to_input(op_of(module, ENTRY root), output_id): per operand
  single_op, input_to_output  hlo::checked_input_to_output(op_of(module, ENTRY root), input_id): per output
                              (both composed with the layout permutations for use_physical_layout cases, and
                              simplified first where the test calls Simplify)
  fusion, output_to_input     hlo::checked_output_to_input<Capacity>(module, 0): per parameter, the set of
                              maps (no grouping)

Runtime variables are compared too (their sources as XLA prints them and their maps, in XLA's order; as a
multiset for the cases the run-time test lists in runtime_variables_as_set, read from that file), and so are
all-gather's replica-id maps. An expected `unknown indexing` must be an undefined map. Cases grouped by
instruction and the epilogue (input_to_output fusion) cases run at run time only.

Everything compiles under the compilers' default constexpr limits; no flag raises them. Fusion cases use a
fusion_indexing capacity of CAPACITY entries (enough for every case of the corpus) instead of the default 48,
which keeps the constant evaluation small.

Usage: gen_hlo_static.py --corpus DIR/xla_indexing.json --runtime-test tests/conformance/xla_indexing.cpp
           --out-dir DIR [--parts N] [--capacity N]
The build runs it (static_tests/hlo_conformance/CMakeLists.txt) when the corpus, this script or the run-time
test changes.
"""
import argparse
import json
import pathlib
import re
import sys

# fusion_indexing capacities (entries of every instruction's set together) of the fusion cases that need more
# than --capacity. Too small a capacity fails the case's first static_assert ("the analysis succeeds").
CAPACITY = {
    "FusionExponentialDuplication": 24,
    "FusionOpWithSoftmax": 32,
    "FusionOpWithDot": 48,
}

# Cases left out, with the reason (a case that exceeds a default constexpr limit of g++ 12 or clang 19 is
# listed here, never compiled with a raised limit).
LEFT_OUT = {}

PRELUDE = """\
#include <cstddef>
#include <string_view>

#include <xlayout/hlo.hpp>
#include <xlayout/indexing.hpp>

// Not every part uses every helper ([[maybe_unused]]: clang's -Wunused-function).
namespace {
using namespace xlayout;

/// XLA's ParseIndexingMap: lo > hi makes the map KNOWN EMPTY (as in the run-time test).
[[maybe_unused]] constexpr indexing_map map(std::string_view text) {
  return parse_indexing_map(text, map_parse_options{.empty_range_is_known_empty = true}).value();
}

/// XLA's equality of an actual map and an expected text ("KNOWN EMPTY" carries no variables to compare).
[[maybe_unused]] constexpr bool same(const indexing_map& actual, std::string_view expected) {
  if (expected == "KNOWN EMPTY") return actual.is_known_empty();
  return actual == map(expected);
}

/// The source of runtime variable `rt` as XLA prints it: for a single op `parameter(<operand>)`; in a fusion
/// analysis parameter(N), constant(V) or the instruction's name.
template <class Module>
constexpr bool same_source(const Module& m, const hlo::runtime_variable& rt, bool single_op,
                           std::string_view expected) {
  static_string<128> s;
  if (single_op) {
    s.append("parameter(").append_int(rt.operand).append(')');
  } else {
    hlo::append_source(s, m, rt.operand);
  }
  return s.view() == expected;
}

/// x's runtime variables are XLA's (sources and maps): in XLA's order, or (in_order false) as a multiset:
/// each expected one matched to a distinct actual one (the relation is an equality, so a greedy match is
/// exact).
template <class Module, std::size_t N>
constexpr bool runtime_variables_are(const Module& m, const hlo::operand_indexing& x, bool single_op,
                                     bool in_order, const std::string_view (&sources)[N],
                                     const std::string_view (&maps)[N]) {
  if (x.runtime_variables.size() != N) return false;
  bool used[N]{};
  for (std::size_t k = 0; k < N; ++k) {
    bool found = false;
    for (std::size_t a = in_order ? k : 0; a < (in_order ? k + 1 : N) && !found; ++a) {
      if (used[a]) continue;
      const hlo::runtime_variable& rt = x.runtime_variables[a];
      if (same_source(m, rt, single_op, sources[k]) && same(rt.map, maps[k])) used[a] = found = true;
    }
    if (!found) return false;
  }
  return true;
}

/// Is there an indexing of operand p of the fusion analysis whose map equals `expected`?
template <class Fusion>
constexpr bool has_map(const Fusion& f, std::size_t p, std::string_view expected) {
  for (std::size_t j = 0; j < f.count(p); ++j) {
    if (same(f.get(p, j).map, expected)) return true;
  }
  return false;
}

/// indexing_test_utils' physical-layout variant: physical_to_logical(out) o map o logical_to_physical(in),
/// simplified, as the run-time test composes it.
[[maybe_unused]] constexpr hlo::operand_indexing physical(const hlo::operand_indexing& x, const shape& out, const shape& in) {
  if (x.map.is_undefined()) return x;
  hlo::operand_indexing y = x;
  const indexing_map a = checked_compose(physical_to_logical_map(out).value(), x.map).value();
  y.map = checked_compose(a, logical_to_physical_map(in).value()).value();
  return hlo::simplify_operand_indexing(y).value();
}

/// HloInstructionIndexing::Simplify on one indexing.
[[maybe_unused]] constexpr hlo::operand_indexing simplified(const hlo::operand_indexing& x) {
  if (x.map.is_undefined()) return x;
  return hlo::simplify_operand_indexing(x).value();
}
}  // namespace
"""


def cpp_raw(text):
    """A raw string literal for HLO text."""
    delim = "hlo"
    if ")" + delim + '"' in text:
        raise ValueError("HLO text contains the raw-string delimiter")
    return 'R"' + delim + "(" + text + ")" + delim + '"'


def cpp_string(text):
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


def runtime_variables_as_set(path):
    """The cases whose runtime variables the run-time test compares as a set (its runtime_variables_as_set):
    read from that file, so that the two tests cannot drift apart."""
    text = pathlib.Path(path).read_text()
    m = re.search(r"runtime_variables_as_set\s*=\s*\{(.*?)\};", text, re.S)
    if not m:
        raise SystemExit(f"{path}: cannot find runtime_variables_as_set")
    return set(re.findall(r'"([^"]+)"', m.group(1)))


def is_unknown(e):
    return e.get("unknown_indexing", False) or e.get("undefined", False)


class Case:
    def __init__(self, c, index, capacity, rt_as_set):
        self.c = c
        self.rt_as_set = rt_as_set
        self.index = index
        self.capacity = CAPACITY.get(c["name"], capacity)
        self.name = c["name"]
        self.lines = []

    def emit(self, line):
        self.lines.append(line)

    def check(self, cond, what):
        self.emit(f"static_assert({cond}, {cpp_string(self.name + ': ' + what)});")

    def single_op(self):
        c = self.c
        o2i = c["direction"] == "output_to_input"
        self.emit(f"constexpr const auto& m = hlo::module_v<{cpp_raw(c['hlo'])}>;")
        self.emit("constexpr hlo::op o = hlo::op_of(m, m.computations[m.entry].root);")
        if o2i:
            call = f"hlo::checked_output_to_input(o, {int(c.get('output_id', 0))})"
        else:
            call = f"hlo::checked_input_to_output(o, {int(c.get('input_id', 0))})"
        self.emit(f"constexpr auto r = {call};")
        self.check("r.has_value()", "the analysis succeeds")
        for e in c["expected"]:
            k = int(e.get("operand", 0))
            what = f"{'operand' if o2i else 'output'} {k}"
            self.check(f"r->size() > {k}", f"{what} exists")
            x = f"(*r)[{k}]"
            if c.get("use_physical_layout", False):
                out_shape = "o.results[0]" if o2i else "o.operands[0]"
                in_shape = f"o.operands[{k}]" if o2i else f"o.results[{k}]"
                self.emit(f"constexpr hlo::operand_indexing x{k} = physical({x}, {out_shape}, {in_shape});")
                x = f"x{k}"
            if c.get("simplify_before_compare", False):
                self.emit(f"constexpr hlo::operand_indexing y{k} = simplified({x});")
                x = f"y{k}"
            if is_unknown(e):
                self.check(f"{x}.map.is_undefined()", f"{what}: unknown indexing")
                continue
            maps = e["maps"]
            if len(maps) != 1:
                raise ValueError(f"{self.name}: a single op with {len(maps)} maps for {what}")
            self.check(f"same({x}.map, {cpp_string(maps[0])})", f"{what}: XLA's map")
            self.runtime(e, x, what, single=True)

    def runtime(self, e, x, what, single):
        rts = e.get("runtime_variables", [])
        if rts:
            in_order = "false" if self.name in self.rt_as_set else "true"
            srcs = ", ".join(cpp_string(rt["source"]) for rt in rts)
            maps = ", ".join(cpp_string(rt["map"]) for rt in rts)
            single_op = "true" if single else "false"
            if in_order == "false":
                self.emit("// The run-time test compares these runtime variables as a set (XLA's order differs).")
            cond = f"runtime_variables_are(m, {x}, {single_op}, {in_order}, {{{srcs}}}, {{{maps}}})"
            names = ", ".join(f"{rt.get('name', 'rt')} from {rt['source']}" for rt in rts)
            self.check(cond, f"{what}: runtime variables {names}")
        else:
            self.check(f"{x}.runtime_variables.empty()", f"{what}: no runtime variables")
        if "replica_id_map" in e:
            self.check(f"same({x}.replica_id_map, {cpp_string(e['replica_id_map'])})", f"{what}: replica id map")
        else:
            self.check(f"{x}.replica_id_map.is_undefined()", f"{what}: no replica id map")

    def fusion(self):
        c = self.c
        self.emit(f"constexpr const auto& m = hlo::module_v<{cpp_raw(c['hlo'])}>;")
        self.emit(f"constexpr auto r = hlo::checked_output_to_input<{self.capacity}>(m, 0);")
        self.check("r.has_value()", f"the analysis succeeds (capacity {self.capacity}: see CAPACITY)")
        for e in c["expected"]:
            p = int(e.get("operand", 0))
            what = f"parameter {p}"
            self.check(f"r->num_operands() > {p}", f"{what} exists")
            if is_unknown(e):
                self.check(f"r->count({p}) == 1 && r->get({p}, 0).map.is_undefined()", f"{what}: unknown indexing")
                continue
            maps = e["maps"]
            if len(set(maps)) != len(maps):
                raise ValueError(f"{self.name}: repeated expected maps")
            # As sets: as many maps as XLA's (XLA's and the analysis' are both sets), each of XLA's found.
            self.check(f"r->count({p}) == {len(maps)}", f"{what}: {len(maps)} maps")
            for mp in maps:
                self.check(f"has_map(*r, {p}, {cpp_string(mp)})", f"{what}: XLA's map {mp}")
            if len(maps) == 1:
                self.runtime(e, f"r->get({p}, 0)", what, single=False)

    def generate(self):
        if self.c["kind"] == "single_op":
            self.single_op()
        else:
            self.fusion()
        head = f"// {comment_text(self.name)} ({self.c['kind']}, {self.c['direction']}; XLA's {self.c.get('test', '')})"
        ns = f"case_{self.index:03d}"
        return [head, f"namespace {ns} {{"] + self.lines + [f"}}  // namespace {ns}"]


def selected(corpus):
    for c in corpus["cases"]:
        if c["kind"] == "single_op":
            yield c
        elif c["kind"] == "fusion" and c["direction"] == "output_to_input" and not c.get("grouping"):
            yield c


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--parts", type=int, default=1)
    ap.add_argument("--runtime-test", required=True)
    ap.add_argument("--capacity", type=int, default=16)
    ap.add_argument("--prefix", default="xla_indexing_static")
    args = ap.parse_args()

    corpus = json.loads(pathlib.Path(args.corpus).read_text())
    rt_as_set = runtime_variables_as_set(args.runtime_test)
    for n in rt_as_set:
        if n not in {c["name"] for c in corpus["cases"]}:
            raise SystemExit(f"{args.runtime_test} lists {n}, which the corpus does not have")
    cases = list(selected(corpus))
    names = {c["name"] for c in cases}
    for n in LEFT_OUT:
        if n not in names:
            raise SystemExit(f"LEFT_OUT names {n}, which is not a replayed case of the corpus")

    # Cases of one module stay in one part (module_v parses each distinct text once per translation unit).
    # Modules are spread greedily, heaviest first, by a rough cost: one per case, twice that for fusions
    # and for convolutions and dots (about what each costs g++ 12 to evaluate).
    by_module = {}
    for i, c in enumerate(cases):
        if c["name"] in LEFT_OUT:
            continue
        by_module.setdefault(c["hlo"], []).append((i, c))

    def cost(group):
        c = group[0][1]
        heavy = c["kind"] == "fusion" or any(op in c["hlo"] for op in (" convolution(", " dot(", " scaled-dot("))
        return len(group) * (2 if heavy else 1)

    groups = sorted(by_module.values(), key=lambda g: (-cost(g), g[0][0]))
    parts = [[] for _ in range(args.parts)]
    load = [0] * args.parts
    for g in groups:
        k = load.index(min(load))
        parts[k].extend(g)
        load[k] += cost(g)

    out = pathlib.Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    kept = sum(len(p) for p in parts)
    left_out = [f"// left out: {n}: {why}" for n, why in LEFT_OUT.items()]
    for k, part in enumerate(parts, start=1):
        part.sort(key=lambda ic: ic[0])
        modules = len({c["hlo"] for _, c in part})
        header = [
            f"// Generated by tools/gen_hlo_static.py from {pathlib.Path(args.corpus).name}; do not edit.",
            f"// Part {k} of {args.parts}: {len(part)} of the {kept} cases ({modules} modules) of XLA's indexing",
            "// analysis corpus that xlayout replays in constant expressions (tests/conformance/xla_indexing.cpp",
            "// runs the whole corpus at run time).",
        ]
        body = "\n".join(header) + "\n" + PRELUDE + "\n"
        if k == 1 and left_out:
            body += "\n".join(left_out) + "\n\n"
        body += "\n\n".join("\n".join(Case(c, i, args.capacity, rt_as_set).generate()) for i, c in part) + "\n"
        (out / f"{args.prefix}_{k}.cpp").write_text(body)
    print(f"{kept} cases ({len(by_module)} modules) in {args.parts} parts ({len(LEFT_OUT)} left out) -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
