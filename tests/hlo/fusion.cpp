// tests/hlo/fusion.cpp: hlo::checked_output_to_input(module), checked_input_to_output, group_by_producers.
// Named cases from XLA's "Indexing analysis" document (p0 + transpose(p0), the transpose-of-transpose chain,
// softmax, the reshape chain) and from XLA's indexing tests (an unsupported op, nested fusions, tuple roots,
// grouping); errors as values. And a law on random small fusions: for every output index, the set of
// parameter indices the fusion reads, computed here by composing an independent reference semantics of
// each op, equals the union of the images of the analysis' maps (range variables enumerated, filtered by
// the domain). Fixed random seed.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>
#include <xlayout/hlo.hpp>
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>

#include "support/indexing_image.hpp"

using namespace xlayout;
using xlayout::testing::dims;
using xlayout::testing::idx;
using xlayout::testing::image;
using xlayout::testing::str;

namespace {

std::unique_ptr<hlo::module> parse(const std::string& text) {
  auto m = std::make_unique<hlo::module>();
  const hlo::parse_error e = hlo::parse_module_into(text, *m);
  INFO(text);
  INFO("parse error " << e.name() << " at line " << e.line << ", column " << e.column);
  REQUIRE(e.id == error_id::none);
  return m;
}

indexing_map xla(const std::string& text) {
  auto r = parse_indexing_map(text);
  INFO(text);
  REQUIRE(r.has_value());
  return *r;
}

std::string text_of(const indexing_map& m) { return std::string(to_string(m).view()); }

/// The maps of a set, printed (for messages).
template <class Set>
std::string texts(const Set& s, std::size_t p) {
  std::string r;
  for (std::size_t j = 0; j < s.count(p); ++j) r += "\n  " + text_of(s.get(p, j).map);
  return r;
}

/// Is some map of parameter (or output) p equivalent to XLA's `want`?
template <class Set>
bool has(const Set& s, std::size_t p, const std::string& want) {
  const indexing_map w = xla(want);
  for (std::size_t j = 0; j < s.count(p); ++j) {
    if (equivalent(s.get(p, j).map, w) == tribool::yes) return true;
  }
  return false;
}

constexpr std::string_view transpose_of_transpose = R"(HloModule m
f {
  p0 = f32[20, 10, 50] parameter(0)
  lhs_transpose_1 = f32[10, 20, 50] transpose(p0), dimensions={1, 0, 2}
  lhs_e = f32[10, 20, 50] exponential(lhs_transpose_1)
  lhs_transpose_2 = f32[10, 50, 20] transpose(lhs_e), dimensions={0, 2, 1}
  rhs_transpose_1 = f32[50, 10, 20] transpose(p0), dimensions={2, 1, 0}
  rhs_log = f32[50, 10, 20] exponential(rhs_transpose_1)
  rhs_transpose_2 = f32[10, 50, 20] transpose(rhs_log), dimensions={1, 0, 2}
  ROOT add = f32[10, 50, 20] add(lhs_transpose_2, rhs_transpose_2)
}
ENTRY e {
  p0 = f32[20, 10, 50] parameter(0)
  ROOT fusion = f32[10, 50, 20] fusion(p0), kind=kLoop, calls=f
})";

// A softmax with the structure of the document's (and XLA's FusionOpWithSoftmax), at f32[2,5,7].
constexpr std::string_view softmax = R"(HloModule m
max_computation {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT m = f32[] maximum(a, b)
}
add_computation {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
softmax {
  p0 = f32[2,5,7] parameter(0)
  neg_inf = f32[] constant(-inf)
  max = f32[2,5] reduce(p0, neg_inf), dimensions={2}, to_apply=max_computation
  bmax = f32[2,5,7] broadcast(max), dimensions={0,1}
  shifted = f32[2,5,7] subtract(p0, bmax)
  e = f32[2,5,7] exponential(shifted)
  zero = f32[] constant(0)
  sum = f32[2,5] reduce(e, zero), dimensions={2}, to_apply=add_computation
  bsum = f32[2,5,7] broadcast(sum), dimensions={0,1}
  ROOT divide = f32[2,5,7] divide(e, bsum)
}
ENTRY e {
  p0 = f32[2,5,7] parameter(0)
  ROOT fusion = f32[2,5,7] fusion(p0), kind=kLoop, calls=softmax
})";

}  // namespace

TEST_CASE("Indexing analysis document: p0 + transpose(p0) reads p0 through two maps", "[hlo][fusion]") {
  const auto m = parse(R"(HloModule m
f {
  p0 = f32[1000, 1000] parameter(0)
  transpose_p0 = f32[1000, 1000]{0, 1} transpose(p0), dimensions={1, 0}
  ROOT a0 = f32[1000, 1000] add(p0, transpose_p0)
}
ENTRY e {
  p0 = f32[1000,1000] parameter(0)
  ROOT fusion = f32[1000,1000] fusion(p0), kind=kLoop, calls=f
})");
  const auto r = hlo::checked_output_to_input(*m, 0);
  REQUIRE(r.has_value());
  REQUIRE(r->num_operands() == 1);
  INFO(texts(*r, 0));
  CHECK(r->count(0) == 2);
  CHECK(has(*r, 0, "(d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]"));
  CHECK(has(*r, 0, "(d0, d1) -> (d1, d0), domain: d0 in [0, 999], d1 in [0, 999]"));
}

TEST_CASE(
    "Indexing analysis document: two transpose/exponential paths give ONE map (d0, d1, d2) -> (d2, d0, d1)",
    "[hlo][fusion]") {
  const auto m = parse(std::string(transpose_of_transpose));
  const auto r = hlo::checked_output_to_input(*m, 0);
  REQUIRE(r.has_value());
  INFO(texts(*r, 0));
  REQUIRE(r->count(0) == 1);
  CHECK(r->get(0, 0).map ==
        xla("(d0, d1, d2) -> (d2, d0, d1), domain: d0 in [0, 9], d1 in [0, 49], d2 in [0, 19]"));
}

TEST_CASE("Indexing analysis document: the transpose chain at compile time (module_v)", "[hlo][fusion]") {
  static constexpr const auto& m = hlo::module_v<R"(HloModule m
f {
  p0 = f32[20, 10, 50] parameter(0)
  lhs_transpose_1 = f32[10, 20, 50] transpose(p0), dimensions={1, 0, 2}
  lhs_e = f32[10, 20, 50] exponential(lhs_transpose_1)
  lhs_transpose_2 = f32[10, 50, 20] transpose(lhs_e), dimensions={0, 2, 1}
  rhs_transpose_1 = f32[50, 10, 20] transpose(p0), dimensions={2, 1, 0}
  rhs_log = f32[50, 10, 20] exponential(rhs_transpose_1)
  rhs_transpose_2 = f32[10, 50, 20] transpose(rhs_log), dimensions={1, 0, 2}
  ROOT add = f32[10, 50, 20] add(lhs_transpose_2, rhs_transpose_2)
}
ENTRY e {
  p0 = f32[20, 10, 50] parameter(0)
  ROOT fusion = f32[10, 50, 20] fusion(p0), kind=kLoop, calls=f
})">;
  static constexpr auto r = hlo::checked_output_to_input<8>(m, 0);
  STATIC_REQUIRE(r.has_value());
  STATIC_REQUIRE(r->count(0) == 1);
  STATIC_REQUIRE(
      r->get(0, 0).map ==
      indexing_map_v<"(d0, d1, d2) -> (d2, d0, d1), domain: d0 in [0, 9], d1 in [0, 49], d2 in [0, 19]">);
}

TEST_CASE("Indexing analysis document: softmax reads p0 through two maps (a reduction and the identity)",
          "[hlo][fusion]") {
  const auto m = parse(std::string(softmax));
  const auto r = hlo::checked_output_to_input(*m, 0);
  REQUIRE(r.has_value());
  INFO(texts(*r, 0));
  CHECK(r->count(0) == 2);
  CHECK(has(
      *r, 0,
      "(d0, d1, d2)[s0] -> (d0, d1, s0), domain: d0 in [0, 1], d1 in [0, 4], d2 in [0, 6], s0 in [0, 6]"));
  CHECK(has(*r, 0, "(d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 1], d1 in [0, 4], d2 in [0, 6]"));
}

TEST_CASE("Indexing analysis document: reshape f32[10,10,10] -> [50,20] -> [10,10,10] is the identity",
          "[hlo][fusion]") {
  const auto m = parse(R"(HloModule m
f {
  p0 = f32[10, 10, 10] parameter(0)
  reshape1 = f32[50, 20] reshape(p0)
  ROOT reshape2 = f32[10, 10, 10] reshape(reshape1)
}
ENTRY e {
  p0 = f32[10, 10, 10] parameter(0)
  ROOT fusion = f32[10, 10, 10] fusion(p0), kind=kLoop, calls=f
})");
  const auto r = hlo::checked_output_to_input(*m, 0);
  REQUIRE(r.has_value());
  REQUIRE(r->count(0) == 1);
  INFO(texts(*r, 0));
  CHECK(is_identity(r->get(0, 0).map));
  CHECK(r->get(0, 0).map ==
        xla("(d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]"));
}

TEST_CASE(
    "XLA's FusionWithUnsupportedOp: a custom-call's operands get unknown indexing, the rest is analysed",
    "[hlo][fusion]") {
  const auto m = parse(R"(HloModule m
fused_computation {
  p0 = f32[20, 20] parameter(0)
  p1 = f32[4, 4] parameter(1)
  p2 = f32[4, 3] parameter(2)
  lhs = f32[4, 3] custom-call(p1, p2), custom_call_target="__cublas$solve", backend_config={"x": [1, 2]}
  rhs = f32[4, 3] slice(p0), slice={[0:20:6], [0:5:2]}
  ROOT add = f32[4, 3] add(lhs, rhs)
}
ENTRY e {
  p0 = f32[20, 20] parameter(0)
  p1 = f32[4, 4] parameter(1)
  p2 = f32[4, 3] parameter(2)
  ROOT fusion = f32[4, 3] fusion(p0, p1, p2), kind=kLoop, calls=fused_computation
})");
  const auto r = hlo::checked_output_to_input(*m, 0);
  REQUIRE(r.has_value());
  REQUIRE(r->num_operands() == 3);
  REQUIRE(r->count(0) == 1);
  CHECK(r->get(0, 0).map == xla("(d0, d1) -> (d0 * 6, d1 * 2), domain: d0 in [0, 3], d1 in [0, 2]"));
  for (std::size_t p : {1, 2}) {
    REQUIRE(r->count(p) == 1);
    CHECK(r->get(p, 0).map.is_undefined());
    CHECK(std::string(hlo::to_string(r->get(p, 0)).view()) == "unknown indexing");
  }
}

TEST_CASE("nested fusions are looked through (XLA's fusion adaptor)", "[hlo][fusion]") {
  // inner: q0 -> transpose; outer: reverse(inner(p0)) + p1. Output (i, j) reads inner (5 - i, j), which
  // reads p0 (j, 5 - i); and p1 (i, j).
  const auto m = parse(R"(HloModule m
inner {
  q0 = f32[8,6] parameter(0)
  ROOT t = f32[6,8] transpose(q0), dimensions={1,0}
}
outer {
  p0 = f32[8,6] parameter(0)
  p1 = f32[6,8] parameter(1)
  f = f32[6,8] fusion(p0), kind=kLoop, calls=inner
  r = f32[6,8] reverse(f), dimensions={0}
  ROOT a = f32[6,8] add(r, p1)
}
ENTRY e {
  x = f32[8,6] parameter(0)
  y = f32[6,8] parameter(1)
  ROOT fusion = f32[6,8] fusion(x, y), kind=kLoop, calls=outer
})");
  const auto r = hlo::checked_output_to_input(*m, 0);
  REQUIRE(r.has_value());
  REQUIRE(r->num_operands() == 2);
  REQUIRE(r->count(0) == 1);
  REQUIRE(r->count(1) == 1);
  CHECK(equivalent(r->get(0, 0).map, xla("(d0, d1) -> (d1, 5 - d0), domain: d0 in [0, 5], d1 in [0, 7]")) ==
        tribool::yes);
  CHECK(is_identity(r->get(1, 0).map));
}

TEST_CASE("a tuple root (multi-output fusion) gives one analysis per output", "[hlo][fusion]") {
  const auto m = parse(R"(HloModule m
f {
  p0 = f32[4,6] parameter(0)
  p1 = f32[10] parameter(1)
  t = f32[6,4] transpose(p0), dimensions={1,0}
  s = f32[3] slice(p1), slice={[1:10:3]}
  ROOT tuple = (f32[6,4], f32[3]) tuple(t, s)
}
ENTRY e {
  p0 = f32[4,6] parameter(0)
  p1 = f32[10] parameter(1)
  ROOT fusion = (f32[6,4], f32[3]) fusion(p0, p1), kind=kLoop, calls=f
})");
  REQUIRE(hlo::num_outputs(*m) == 2);
  const auto r0 = hlo::checked_output_to_input(*m, 0);
  const auto r1 = hlo::checked_output_to_input(*m, 1);
  REQUIRE(r0.has_value());
  REQUIRE(r1.has_value());
  CHECK(r0->output == 0);
  CHECK(r1->output == 1);
  REQUIRE(r0->count(0) == 1);
  CHECK(r0->count(1) == 0);
  CHECK(r0->get(0, 0).map == xla("(d0, d1) -> (d1, d0), domain: d0 in [0, 5], d1 in [0, 3]"));
  CHECK(r1->count(0) == 0);
  REQUIRE(r1->count(1) == 1);
  CHECK(r1->get(1, 0).map == xla("(d0) -> (d0 * 3 + 1), domain: d0 in [0, 2]"));
  CHECK(hlo::checked_output_to_input(*m, 2).error().id == error_id::hlo_operand_out_of_range);
}

TEST_CASE("input_to_output: p0's index reaches the output of p0 + transpose(p0) at two places",
          "[hlo][fusion]") {
  const auto m = parse(R"(HloModule m
f {
  p0 = f32[3,5] parameter(0)
  p1 = f32[5,3] parameter(1)
  t = f32[5,3] transpose(p0), dimensions={1,0}
  r = f32[5,3] reverse(p1), dimensions={1}
  ROOT a = f32[5,3] add(t, r)
}
ENTRY e {
  p0 = f32[3,5] parameter(0)
  p1 = f32[5,3] parameter(1)
  ROOT fusion = f32[5,3] fusion(p0, p1), kind=kLoop, calls=f
})");
  const auto r0 = hlo::checked_input_to_output(*m, 0);
  REQUIRE(r0.has_value());
  REQUIRE(r0->num_outputs() == 1);
  REQUIRE(r0->count(0) == 1);
  CHECK(r0->get(0, 0).map == xla("(d0, d1) -> (d1, d0), domain: d0 in [0, 2], d1 in [0, 4]"));
  const auto r1 = hlo::checked_input_to_output(*m, 1);
  REQUIRE(r1.has_value());
  REQUIRE(r1->count(0) == 1);
  CHECK(equivalent(r1->get(0, 0).map, xla("(d0, d1) -> (d0, 2 - d1), domain: d0 in [0, 4], d1 in [0, 2]")) ==
        tribool::yes);
  CHECK(hlo::checked_input_to_output(*m, 2).error().id == error_id::hlo_operand_out_of_range);

  const auto m2 = parse(R"(HloModule m
ENTRY e {
  p0 = f32[4,4] parameter(0)
  t = f32[4,4] transpose(p0), dimensions={1,0}
  ROOT a = f32[4,4] add(p0, t)
})");
  const auto r = hlo::checked_input_to_output(*m2, 0);
  REQUIRE(r.has_value());
  INFO(texts(*r, 0));
  CHECK(r->count(0) == 2);
  CHECK(has(*r, 0, "(d0, d1) -> (d0, d1), domain: d0 in [0, 3], d1 in [0, 3]"));
  CHECK(has(*r, 0, "(d0, d1) -> (d1, d0), domain: d0 in [0, 3], d1 in [0, 3]"));
}

TEST_CASE("XLA's GroupIndexingMapsByProducers: operands produced by one instruction share one set",
          "[hlo][fusion]") {
  const auto m = parse(R"(HloModule m
ENTRY e {
  p0 = f32[6,6] parameter(0)
  t = f32[6,6]{0,1} transpose(p0), dimensions={1,0}
  a = f32[6,6] add(p0, t)
  ROOT b = f32[6,6] multiply(a, a)
})");
  const std::uint16_t comp = m->entry;
  const auto a = hlo::checked_group_by_producers(*m, m->find_instruction(comp, "a"));
  REQUIRE(a.has_value());
  const std::uint16_t p0 = m->find_instruction(comp, "p0");
  const std::uint16_t t = m->find_instruction(comp, "t");
  CHECK(a->count(p0) == 1);
  CHECK(a->count(t) == 1);
  CHECK(is_identity(a->get(p0, 0).map));
  // multiply(a, a): both operands are `a` with the identity: one entry.
  const auto b = hlo::checked_group_by_producers(*m, m->find_instruction(comp, "b"));
  REQUIRE(b.has_value());
  CHECK(b->entries.size() == 1);
  CHECK(b->count(m->find_instruction(comp, "a")) == 1);
}

TEST_CASE("errors are values: capacity too small, no such output, no module", "[hlo][fusion]") {
  const auto m = parse(std::string(softmax));
  const auto small = hlo::checked_output_to_input<2>(*m, 0);
  REQUIRE_FALSE(small.has_value());
  CHECK(small.error().id == error_id::capacity_exceeded);
  const auto fits = hlo::checked_output_to_input<32>(*m, 0);
  CHECK(fits.has_value());
  CHECK(hlo::checked_output_to_input(*m, 1).error().id == error_id::hlo_operand_out_of_range);
  CHECK_FALSE(hlo::checked_input_to_output<1>(*m, 0).has_value());
  // No such parameter, instruction or output: the module's numbering, not a layout's dimension. (Results of
  // capacity 1: the default capacity's are about 1 MB each, too many for the stack in one test.)
  CHECK(hlo::checked_input_to_output<1>(*m, 7).error().id == error_id::hlo_operand_out_of_range);
  CHECK(hlo::checked_input_to_output_from<1>(*m, 60000).error().id == error_id::hlo_operand_out_of_range);
  CHECK(hlo::checked_group_by_producers<1>(*m, 60000).error().id == error_id::hlo_operand_out_of_range);
  // A module without computations (built by hand: the parser refuses the text) has nothing to analyse.
  const auto empty = std::make_unique<hlo::module>();
  CHECK(hlo::checked_output_to_input<1>(*empty, 0).error().id == error_id::hlo_empty_module);
  CHECK(hlo::checked_input_to_output<1>(*empty, 0).error().id == error_id::hlo_empty_module);
  CHECK(hlo::checked_input_to_output_from<1>(*empty, 0).error().id == error_id::hlo_empty_module);
}

TEST_CASE(
    "a module with XLA's stack-frame index (recent JAX dumps) has the analysis of the module without it",
    "[hlo][fusion]") {
  const std::string computations = R"(
ENTRY %main.5 (Arg_0.1: f32[8,4]) -> f32[4,8] {
  %Arg_0.1 = f32[8,4]{1,0} parameter(0), metadata={op_name="x"}
  %transpose.2 = f32[4,8]{1,0} transpose(f32[8,4]{1,0} %Arg_0.1), dimensions={1,0}, metadata={op_type="transpose" op_name="jit(f)/transpose" source_file="/tmp/x.py" source_line=3 stack_frame_id=2}
  %sine.3 = f32[4,8]{1,0} sine(%transpose.2), metadata={op_type="sin" stack_frame_id=1}
  ROOT %multiply.4 = f32[4,8]{1,0} multiply(%sine.3, %transpose.2), metadata={op_type="mul" stack_frame_id=2}
}
)";
  const std::string header = "HloModule jit_f, entry_computation_layout={(f32[8,4]{1,0})->f32[4,8]{1,0}}\n";
  const std::string index = R"(
FileNames
1 "/tmp/x.py"
2 "/usr/lib/python3/site-packages/jax/_src/foo.py"

FunctionNames
1 "f"
2 "<lambda>"

FileLocations
1 {file_name_id=1 function_name_id=1 line=3 end_line=3 column=9 end_column=20}
2 {file_name_id=2 function_name_id=2 line=10 end_line=10 column=1 end_column=4}

StackFrames
1 {file_location_id=1 parent_frame_id=1}
2 {file_location_id=2 parent_frame_id=1}
)";
  const auto with = parse(header + index + computations);
  const auto without = parse(header + computations);
  const auto a = hlo::checked_output_to_input(*with, 0);
  const auto b = hlo::checked_output_to_input(*without, 0);
  REQUIRE(a.has_value());
  REQUIRE(b.has_value());
  REQUIRE(a->num_operands() == 1);
  REQUIRE(b->num_operands() == 1);
  REQUIRE(a->count(0) == b->count(0));
  CHECK(a->count(0) == 1);
  for (std::size_t j = 0; j < a->count(0); ++j) CHECK(a->get(0, j) == b->get(0, j));
  CHECK(has(*a, 0, "(d0, d1) -> (d1, d0), domain: d0 in [0, 3], d1 in [0, 7]"));
  const auto c = hlo::checked_input_to_output(*with, 0);
  const auto d = hlo::checked_input_to_output(*without, 0);
  REQUIRE(c.has_value());
  REQUIRE(d.has_value());
  REQUIRE(c->count(0) == d->count(0));
  for (std::size_t j = 0; j < c->count(0); ++j) CHECK(c->get(0, j) == d->get(0, j));
}

TEST_CASE(
    "XLA's compact get-tuple-element operands have the analysis of the get-tuple-elements they stand for",
    "[hlo][fusion]") {
  // The same module twice: get-tuple-element instructions, and the compact operands XLA prints for them
  // with --xla_dump_compact_gte.
  const std::string header = "HloModule m\nENTRY e {\n  p = (f32[4,8]{1,0}, f32[8,4]{1,0}) parameter(0)\n";
  const auto compact = parse(header +
                             "  t = f32[4,8]{1,0} transpose(f32[8,4]{1,0} %p#1), dimensions={1,0}\n"
                             "  ROOT a = f32[4,8]{1,0} add(f32[4,8]{1,0} %p#0, t)\n}");
  const auto explicit_gte = parse(header +
                                  "  g1 = f32[8,4]{1,0} get-tuple-element(p), index=1\n"
                                  "  t = f32[4,8]{1,0} transpose(g1), dimensions={1,0}\n"
                                  "  g0 = f32[4,8]{1,0} get-tuple-element(p), index=0\n"
                                  "  ROOT a = f32[4,8]{1,0} add(g0, t)\n}");
  REQUIRE(compact != nullptr);
  REQUIRE(explicit_gte != nullptr);
  const auto a = hlo::checked_output_to_input<8>(*compact, 0);
  const auto b = hlo::checked_output_to_input<8>(*explicit_gte, 0);
  REQUIRE(a.has_value());
  REQUIRE(b.has_value());
  REQUIRE(a->num_operands() == 1);
  REQUIRE(a->count(0) == b->count(0));
  for (std::size_t j = 0; j < a->count(0); ++j) CHECK(a->get(0, j) == b->get(0, j));
  // p read at (d0, d1) through element 0 and at (d1, d0) through element 1.
  CHECK(a->count(0) == 2);
  CHECK(has(*a, 0, "(d0, d1) -> (d0, d1), domain: d0 in [0, 3], d1 in [0, 7]"));
  CHECK(has(*a, 0, "(d0, d1) -> (d1, d0), domain: d0 in [0, 3], d1 in [0, 7]"));
}

TEST_CASE("a module parse_module accepts reports an op whose sizes do not fit as hlo_malformed_op",
          "[hlo][fusion]") {
  // The maps of these ops read outside their operands; XLA's verifier rejects them.
  const std::string dot = R"(HloModule m
ENTRY e {
  p0 = f32[8,128] parameter(0)
  p1 = f32[128,64] parameter(1)
  ROOT d = f32[8,65]{1,0} dot(f32[8,128] p0, f32[128,64] p1), lhs_contracting_dims={1}, rhs_contracting_dims={0}
})";
  const auto m = parse(dot);
  CHECK(hlo::checked_output_to_input(*m, 0).error().id == error_id::hlo_malformed_op);
  const auto chain = parse(R"(HloModule m
ENTRY e {
  p0 = f32[20] parameter(0)
  b = f32[10,21]{1,0} broadcast(p0), dimensions={1}
  ROOT n = f32[10,21]{1,0} negate(b)
})");
  CHECK(hlo::checked_output_to_input(*chain, 0).error().id == error_id::hlo_malformed_op);
  CHECK(hlo::checked_input_to_output(*chain, 0).error().id == error_id::hlo_malformed_op);
  const auto fine = parse(R"(HloModule m
ENTRY e {
  p0 = f32[20] parameter(0)
  b = f32[10,20]{1,0} broadcast(p0), dimensions={1}
  ROOT n = f32[10,20]{1,0} negate(b)
})");
  CHECK(hlo::checked_output_to_input(*fine, 0).has_value());
  CHECK(hlo::checked_input_to_output(*fine, 0).has_value());
}

// ---- the law on random fusions ------------------------------------------------------------------------

namespace {

std::mt19937 rng(20260314);
index_t uniform(index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); }

index_t elements(const dims& d) {
  index_t n = 1;
  for (index_t x : d) n *= x;
  return n;
}

/// (parameter number, index)
using param_elem = std::pair<std::size_t, idx>;

/// One value of the random fusion: its shape, how it is written, and the reference semantics: for an index
/// of it, the parameter elements it reads.
struct node {
  std::string name;
  dims shape;
  std::function<std::set<param_elem>(const idx&)> reads;
};

std::string shape_text(const dims& d) {
  std::string s = "f32[";
  for (std::size_t k = 0; k < d.size(); ++k) s += (k ? "," : "") + std::to_string(d[k]);
  return s + "]";
}
std::string list_text(const std::vector<index_t>& v) {
  std::string s = "{";
  for (std::size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + std::to_string(v[k]);
  return s + "}";
}

struct random_fusion {
  std::vector<node> nodes;
  std::vector<std::string> lines;
  std::size_t num_params = 0;

  std::size_t parameter(const dims& d) {
    const std::size_t p = num_params++;
    const std::string name = "p" + std::to_string(p);
    lines.push_back(name + " = " + shape_text(d) + " parameter(" + std::to_string(p) + ")");
    nodes.push_back({name, d, [p](const idx& i) { return std::set<param_elem>{{p, i}}; }});
    return nodes.size() - 1;
  }
  std::size_t add_node(const dims& d, const std::string& rhs,
                       std::function<std::set<param_elem>(const idx&)> f) {
    const std::string name = "n" + std::to_string(nodes.size());
    lines.push_back(name + " = " + shape_text(d) + " " + rhs);
    nodes.push_back({name, d, std::move(f)});
    return nodes.size() - 1;
  }
  // Reads of node x at the operand indices `at(out)` (none when at gives nothing).
  static std::set<param_elem> through(const node& x, const std::vector<idx>& at) {
    std::set<param_elem> r;
    for (const idx& i : at) {
      for (const param_elem& e : x.reads(i)) r.insert(e);
    }
    return r;
  }

  /// One random op on node k (and maybe others); returns the new node, or nodes.size() when the op does
  /// not apply (the caller tries another).
  std::size_t random_op(std::size_t k) {
    const dims in = nodes[k].shape;
    const node x = nodes[k];
    const std::size_t rank = in.size();
    switch (uniform(0, 8)) {
      case 0: {  // transpose
        std::vector<index_t> perm(rank);
        for (std::size_t i = 0; i < rank; ++i) perm[i] = static_cast<index_t>(i);
        std::shuffle(perm.begin(), perm.end(), rng);
        dims out(rank);
        for (std::size_t i = 0; i < rank; ++i) out[i] = in[static_cast<std::size_t>(perm[i])];
        return add_node(out, "transpose(" + x.name + "), dimensions=" + list_text(perm),
                        [x, perm](const idx& o) {
                          idx i(o.size());
                          for (std::size_t d = 0; d < o.size(); ++d)
                            i[static_cast<std::size_t>(perm[d])] = o[d];
                          return through(x, {i});
                        });
      }
      case 1: {  // reverse
        std::vector<index_t> ds;
        for (std::size_t d = 0; d < rank; ++d) {
          if (uniform(0, 1)) ds.push_back(static_cast<index_t>(d));
        }
        return add_node(in, "reverse(" + x.name + "), dimensions=" + list_text(ds),
                        [x, ds, in](const idx& o) {
                          idx i = o;
                          for (index_t d : ds)
                            i[static_cast<std::size_t>(d)] =
                                in[static_cast<std::size_t>(d)] - 1 - o[static_cast<std::size_t>(d)];
                          return through(x, {i});
                        });
      }
      case 2: {  // slice
        if (rank == 0) return nodes.size();
        std::vector<index_t> start, stride;
        dims out;
        std::string spec = "{";
        for (std::size_t d = 0; d < rank; ++d) {
          const index_t s = uniform(0, in[d] - 1);
          const index_t l = uniform(s + 1, in[d]);
          const index_t st = uniform(1, 2);
          start.push_back(s);
          stride.push_back(st);
          out.push_back((l - s + st - 1) / st);
          spec += (d ? ", [" : "[") + std::to_string(s) + ":" + std::to_string(l) + ":" + std::to_string(st) +
                  "]";
        }
        return add_node(out, "slice(" + x.name + "), slice=" + spec + "}", [x, start, stride](const idx& o) {
          idx i(o.size());
          for (std::size_t d = 0; d < o.size(); ++d) i[d] = start[d] + o[d] * stride[d];
          return through(x, {i});
        });
      }
      case 3: {  // broadcast: one new dimension at a random place
        if (rank >= 3) return nodes.size();
        const std::size_t at = static_cast<std::size_t>(uniform(0, static_cast<index_t>(rank)));
        dims out = in;
        out.insert(out.begin() + static_cast<std::ptrdiff_t>(at), uniform(1, 3));
        std::vector<index_t> map;
        for (std::size_t d = 0; d <= rank; ++d) {
          if (d != at) map.push_back(static_cast<index_t>(d));
        }
        return add_node(out, "broadcast(" + x.name + "), dimensions=" + list_text(map),
                        [x, map](const idx& o) {
                          idx i;
                          for (index_t d : map) i.push_back(o[static_cast<std::size_t>(d)]);
                          return through(x, {i});
                        });
      }
      case 4: {  // reshape to a random factorisation of the element count
        const index_t n = elements(in);
        dims out;
        index_t left = n;
        while (left > 1 && out.size() < 3) {
          std::vector<index_t> divisors;
          for (index_t f = 2; f <= left; ++f) {
            if (left % f == 0) divisors.push_back(f);
          }
          const index_t f =
              divisors[static_cast<std::size_t>(uniform(0, static_cast<index_t>(divisors.size()) - 1))];
          out.push_back(f);
          left /= f;
        }
        if (left > 1) out.back() *= left;
        if (out.empty()) out.push_back(1);
        return add_node(out, "reshape(" + x.name + ")", [x, in, out](const idx& o) {
          index_t lin = 0;
          for (std::size_t d = 0; d < out.size(); ++d) lin = lin * out[d] + o[d];
          idx i(in.size());
          for (std::size_t d = in.size(); d-- > 0;) {
            i[d] = lin % in[d];
            lin /= in[d];
          }
          return through(x, {i});
        });
      }
      case 5: {  // pad with a constant
        if (rank == 0) return nodes.size();
        std::vector<index_t> lo, interior;
        dims out;
        std::string spec;
        for (std::size_t d = 0; d < rank; ++d) {
          const index_t l = uniform(0, 2), h = uniform(0, 2), it = uniform(0, 1);
          lo.push_back(l);
          interior.push_back(it);
          out.push_back(l + h + in[d] + (in[d] - 1) * it);
          spec += (d ? "x" : "") + std::to_string(l) + "_" + std::to_string(h) + "_" + std::to_string(it);
        }
        if (elements(out) > 400) return nodes.size();
        const std::string c = "c" + std::to_string(nodes.size());
        lines.push_back(c + " = f32[] constant(0)");
        return add_node(out, "pad(" + x.name + ", " + c + "), padding=" + spec,
                        [x, lo, interior, in](const idx& o) {
                          idx i(o.size());
                          for (std::size_t d = 0; d < o.size(); ++d) {
                            const index_t p = o[d] - lo[d];
                            if (p < 0 || p % (interior[d] + 1) != 0 || p / (interior[d] + 1) >= in[d])
                              return std::set<param_elem>{};
                            i[d] = p / (interior[d] + 1);
                          }
                          return through(x, {i});
                        });
      }
      case 6: {  // concatenate with a new parameter (or itself) along a random dimension
        if (rank == 0) return nodes.size();
        const std::size_t d = static_cast<std::size_t>(uniform(0, static_cast<index_t>(rank) - 1));
        std::size_t other = k;
        if (uniform(0, 2) != 0) {
          dims od = in;
          od[d] = uniform(1, 3);
          other = parameter(od);
        }
        const node y = nodes[other];
        dims out = in;
        out[d] += y.shape[d];
        const index_t split = in[d];
        return add_node(out,
                        "concatenate(" + x.name + ", " + y.name + "), dimensions={" + std::to_string(d) + "}",
                        [x, y, d, split](const idx& o) {
                          idx i = o;
                          if (o[d] < split) return through(x, {i});
                          i[d] -= split;
                          return through(y, {i});
                        });
      }
      case 7: {  // reduce some dimensions
        if (rank == 0) return nodes.size();
        std::vector<index_t> ds;
        dims out, reduced;
        for (std::size_t d = 0; d < rank; ++d) {
          if (uniform(0, 1)) {
            ds.push_back(static_cast<index_t>(d));
          } else {
            out.push_back(in[d]);
          }
        }
        if (ds.empty()) ds.push_back(static_cast<index_t>(rank - 1)), out.pop_back();
        const std::string c = "c" + std::to_string(nodes.size());
        lines.push_back(c + " = f32[] constant(0)");
        return add_node(
            out, "reduce(" + x.name + ", " + c + "), dimensions=" + list_text(ds) + ", to_apply=add",
            [x, ds, in](const idx& o) {
              dims red;
              for (index_t d : ds) red.push_back(in[static_cast<std::size_t>(d)]);
              std::vector<idx> at;
              testing::for_each_index(red, [&](const idx& s) {
                idx i;
                std::size_t oi = 0, si = 0;
                for (std::size_t d = 0; d < in.size(); ++d) {
                  const bool r = std::find(ds.begin(), ds.end(), static_cast<index_t>(d)) != ds.end();
                  i.push_back(r ? s[si++] : o[oi++]);
                }
                at.push_back(i);
              });
              return through(x, at);
            });
      }
      default: {  // add: with an earlier value of the same shape, a new parameter, or itself
        std::vector<std::size_t> same;
        for (std::size_t j = 0; j < nodes.size(); ++j) {
          if (nodes[j].shape == in) same.push_back(j);
        }
        std::size_t other = same[static_cast<std::size_t>(uniform(0, static_cast<index_t>(same.size()) - 1))];
        if (uniform(0, 3) == 0) other = parameter(in);
        const node y = nodes[other];
        return add_node(in, "add(" + x.name + ", " + y.name + ")", [x, y](const idx& o) {
          std::set<param_elem> r = through(x, {o});
          for (const param_elem& e : through(y, {o})) r.insert(e);
          return r;
        });
      }
    }
  }

  std::string text() const {
    std::string s =
        "HloModule random\nadd {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[] "
        "add(a, b)\n}\nENTRY e {\n";
    for (std::size_t i = 0; i < lines.size(); ++i)
      s += (i + 1 == lines.size() ? "  ROOT " : "  ") + lines[i] + "\n";
    return s + "}\n";
  }
};

}  // namespace

TEST_CASE(
    "law: random fusions of 2-4 ops read exactly the parameter elements of the composed reference semantics",
    "[hlo][fusion][law]") {
  int fusions = 0, checked_points = 0, multi_map = 0;
  for (int trial = 0; trial < 300; ++trial) {
    random_fusion f;
    dims d;
    for (index_t r = uniform(1, 3); r > 0; --r) d.push_back(uniform(1, 4));
    std::size_t cur = f.parameter(d);
    const index_t ops = uniform(2, 4);
    for (index_t n = 0; n < ops;) {
      // On a DAG: sometimes continue from an earlier value, not only the last.
      const std::size_t from =
          uniform(0, 3) == 0 ? static_cast<std::size_t>(uniform(0, static_cast<index_t>(cur))) : cur;
      const std::size_t next = f.random_op(from);
      if (next == f.nodes.size()) continue;
      cur = next;
      ++n;
    }
    // The root must be the last line: every op above ends with its node's line.
    const std::string text = f.text();
    INFO("trial " << trial << "\n" << text);
    const auto m = parse(text);
    const auto r = hlo::checked_output_to_input<64>(*m, 0);
    REQUIRE(r.has_value());
    REQUIRE(r->num_operands() == f.num_params);
    const node& root = f.nodes[cur];
    std::vector<std::vector<indexing_map>> maps(f.num_params);
    for (std::size_t p = 0; p < f.num_params; ++p) {
      for (std::size_t j = 0; j < r->count(p); ++j) {
        INFO("parameter " << p << " map " << text_of(r->get(p, j).map));
        REQUIRE(!r->get(p, j).map.is_undefined());
        maps[p].push_back(r->get(p, j).map);
      }
      multi_map += r->count(p) > 1 ? 1 : 0;
    }
    testing::for_each_index(root.shape, [&](const idx& o) {
      std::vector<std::set<idx>> want(f.num_params), got(f.num_params);
      for (const param_elem& e : root.reads(o)) want[e.first].insert(e.second);
      for (std::size_t p = 0; p < f.num_params; ++p) {
        for (const indexing_map& mp : maps[p]) {
          for (const idx& i : image(mp, o)) got[p].insert(i);
        }
        INFO("output " << str(o) << " parameter " << p << texts(*r, p));
        CHECK(str(got[p]) == str(want[p]));
      }
      ++checked_points;
    });
    ++fusions;
  }
  CHECK(fusions == 300);
  CHECK(multi_map > 10);  // the DAGs do read one parameter through several maps
  INFO(checked_points);
  CHECK(checked_points > 1000);
}

TEST_CASE("regression (fuzz hlo_text): a '?' extent in a reduce's result is dynamic_dimension, not size - 1",
          "[hlo][fusion][regression]") {
  // The analysis took the size of s32[?] (dyn, INT64_MIN) for a dimension's size and formed INT64_MIN - 1.
  const auto m = parse(R"(HloModule m
add {
  a = s32[] parameter(0)
  b = s32[] parameter(1)
  ROOT s = s32[] add(a, b)
}
ENTRY e {
  ix = s32[5,4] iota(), iota_dimension=1
  zero = s32[] constant(0)
  ROOT r = s32[?] reduce(ix, zero), dimensions={1}, to_apply=add
})");
  const auto r = hlo::checked_output_to_input(*m, 0);
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().id == error_id::dynamic_dimension);
}

TEST_CASE("regression (audit): the module analysis checks ops without operands as the per-op one does",
          "[hlo][fusion][regression]") {
  // `reshape()` gave hlo_malformed_op alone but a module analysis with no maps and no error.
  const auto m = parse("HloModule m\nENTRY e {\n  ROOT r = f32[4] reshape()\n}");
  const auto r = hlo::checked_output_to_input(*m, 0);
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().id == error_id::hlo_malformed_op);
  const auto i = parse(
      "HloModule m\nENTRY e {\n  p = f32[4] parameter(0)\n  ROOT r = s32[4] iota(p), iota_dimension=0\n}");
  const auto ri = hlo::checked_output_to_input(*i, 0);
  REQUIRE_FALSE(ri.has_value());
  CHECK(ri.error().id == error_id::hlo_malformed_op);
}

TEST_CASE("regression (audit): a fusion that is an output of the analysed computation is looked through",
          "[hlo][fusion][regression]") {
  // An optimised module's shape: a ROOT tuple of fusions. Output 0 is the nested negate of p (identity, by
  // hand), output 1 reads p the same way; the fusion had no per-op map, so output 0 was unknown indexing.
  const auto tuple_of_fusions = parse(R"(HloModule m
f {
  x = f32[4]{0} parameter(0)
  ROOT n = f32[4]{0} negate(x)
}
ENTRY e {
  p = f32[4]{0} parameter(0)
  a = f32[4]{0} fusion(p), kind=kLoop, calls=f
  b = f32[4]{0} exponential(p)
  ROOT t = (f32[4]{0}, f32[4]{0}) tuple(a, b)
})");
  for (std::size_t out = 0; out < 2; ++out) {
    const auto r = hlo::checked_output_to_input<8>(*tuple_of_fusions, out);
    REQUIRE(r.has_value());
    INFO("output " << out << texts(*r, 0));
    REQUIRE(r->count(0) == 1);
    CHECK(has(*r, 0, "(d0) -> (d0), domain: d0 in [0, 3]"));
  }
  // A fusion whose root is a fusion, two deep: the innermost transposes, so output (i, j) reads p's (j, i).
  const auto nested = parse(R"(HloModule m
f1 {
  y = f32[4,6]{1,0} parameter(0)
  ROOT n = f32[6,4]{1,0} transpose(y), dimensions={1,0}
}
f0 {
  x = f32[4,6]{1,0} parameter(0)
  ROOT g = f32[6,4]{1,0} fusion(x), kind=kLoop, calls=f1
}
ENTRY e {
  p = f32[4,6]{1,0} parameter(0)
  ROOT a = f32[6,4]{1,0} fusion(p), kind=kLoop, calls=f0
})");
  const auto r = hlo::checked_output_to_input<8>(*nested, 0);
  REQUIRE(r.has_value());
  INFO(texts(*r, 0));
  REQUIRE(r->count(0) == 1);
  CHECK(has(*r, 0, "(d0, d1) -> (d1, d0), domain: d0 in [0, 5], d1 in [0, 3]"));
}

TEST_CASE("regression (audit): a get-tuple-element whose index names no element is hlo_malformed_op",
          "[hlo][fusion][regression]") {
  // index=7 of a 2-tuple, and a get-tuple-element of an array: XLA's verifier refuses both; the analysis
  // read element 0 instead and answered the identity.
  // And (audit) a result that is not the element's shape: element 1 is f32[8], the result says f32[4].
  for (const char* source :
       {"(f32[4]{0}, f32[4]{0}) parameter(0)\n  ROOT g = f32[4]{0} get-tuple-element(p), index=7",
        "f32[4]{0} parameter(0)\n  ROOT g = f32[4]{0} get-tuple-element(p), index=0",
        "(f32[4]{0}, f32[8]{0}) parameter(0)\n  ROOT g = f32[4]{0} get-tuple-element(p), index=1",
        "(f32[4]{0}, s32[4]{0}) parameter(0)\n  ROOT g = f32[4]{0} get-tuple-element(p), index=1"}) {
    const auto m = parse(std::string("HloModule m\nENTRY e {\n  p = ") + source + "\n}");
    INFO(source);
    CHECK(hlo::checked_output_to_input<8>(*m, 0).error().id == error_id::hlo_malformed_op);
  }
  // The valid index: element 1 of the tuple, read element by element.
  const auto ok = parse(
      "HloModule m\nENTRY e {\n  p = (f32[2]{0}, f32[4]{0}) parameter(0)\n"
      "  ROOT g = f32[4]{0} get-tuple-element(p), index=1\n}");
  const auto r = hlo::checked_output_to_input<8>(*ok, 0);
  REQUIRE(r.has_value());
  CHECK(has(*r, 0, "(d0) -> (d0), domain: d0 in [0, 3]"));
}

TEST_CASE("regression (audit): a get-tuple-element of a nested tuple's element is unknown indexing",
          "[hlo][fusion][regression]") {
  // g's result is a tuple whose elements the module keeps (s32[], f32[2,3]), but its operand is element 1 of
  // p0, a nested tuple the module does not look into. Its map was the identity of s32[] (rank 0), and g2's
  // identity of f32[2,3] composed with it as variable_count_mismatch.
  const auto m = parse(
      "HloModule m\nENTRY e {\n  p0 = (f32[4]{0}, (s32[], f32[2,3]{1,0})) parameter(0)\n"
      "  g = (s32[], f32[2,3]{1,0}) get-tuple-element(p0), index=1\n"
      "  ROOT g2 = f32[2,3]{1,0} get-tuple-element(g), index=1\n}");
  const auto r = hlo::checked_output_to_input<8>(*m, 0);
  REQUIRE(r.has_value());
  REQUIRE(r->num_operands() == 1);
  REQUIRE(r->count(0) == 1);
  CHECK(r->get(0, 0).map.is_undefined());
  // The per-op map of g: unknown; of g2 (an array element of g): the identity.
  const auto g = hlo::checked_output_to_input(hlo::op_of(*m, 1), 1);
  REQUIRE(g.has_value());
  CHECK((*g)[0].map.is_undefined());
  const auto g2 = hlo::checked_output_to_input(hlo::op_of(*m, 2), 0);
  REQUIRE(g2.has_value());
  CHECK(equivalent((*g2)[0].map, xla("(d0, d1) -> (d0, d1), domain: d0 in [0, 1], d1 in [0, 2]")) ==
        tribool::yes);
}

TEST_CASE(
    "regression (audit): a ROOT tuple of more outputs than XLAYOUT_HLO_MAX_OUTPUTS is capacity_exceeded",
    "[hlo][fusion][regression]") {
  // 12 parameters, ROOT (p0, ..., p11) with XLA's /*index=5*/ comments: the roots were cut to 8 silently
  // (num_outputs 8, output 10 hlo_operand_out_of_range, the tuple's input-to-output map hlo_malformed_op).
  constexpr int n = 12;
  static_assert(n > XLAYOUT_HLO_MAX_OUTPUTS && n <= XLAYOUT_HLO_MAX_OPERANDS);
  std::string text = "HloModule m\nENTRY e {\n";
  std::string shape = "(", operands;
  for (int k = 0; k < n; ++k) {
    text += "  p" + std::to_string(k) + " = f32[4]{0} parameter(" + std::to_string(k) + ")\n";
    shape += std::string(k ? ", " : "") + (k == 5 ? "/*index=5*/" : "") + "f32[4]{0}";
    operands += std::string(k ? ", " : "") + (k == 5 ? "/*index=5*/" : "") + "p" + std::to_string(k);
  }
  text += "  ROOT t = " + shape + ") tuple(" + operands + ")\n}";
  const auto m = parse(text);
  CHECK(hlo::num_outputs(*m) == n);
  // The outputs the capacity holds are answered: output 3 reads parameter 3 element by element.
  const auto three = hlo::checked_output_to_input<8>(*m, 3);
  REQUIRE(three.has_value());
  CHECK(three->count(3) == 1);
  CHECK(three->count(2) == 0);
  CHECK(has(*three, 3, "(d0) -> (d0), domain: d0 in [0, 3]"));
  CHECK(hlo::checked_output_to_input<8>(*m, 10).error().id == error_id::capacity_exceeded);
  CHECK(hlo::checked_output_to_input<8>(*m, n).error().id == error_id::hlo_operand_out_of_range);
  // Input to output needs every output: capacity_exceeded, from the module and from the tuple's op.
  CHECK(hlo::checked_input_to_output<8>(*m, 3).error().id == error_id::capacity_exceeded);
  const hlo::op root = hlo::op_of(*m, n);
  CHECK(root.truncated);
  CHECK(root.results.size() == XLAYOUT_HLO_MAX_OUTPUTS);
  // The tuple's own map of an operand it holds is the identity into that element; past them, no answer.
  const auto into3 = hlo::checked_input_to_output(root, 3);
  REQUIRE(into3.has_value());
  CHECK(equivalent((*into3)[0].map, xla("(d0) -> (d0), domain: d0 in [0, 3]")) == tribool::yes);
  CHECK(hlo::checked_input_to_output(root, 10).error().id == error_id::capacity_exceeded);
  CHECK_FALSE(hlo::op_of(*m, 0).truncated);
}

TEST_CASE("an analysis' error names the instruction at fault (groups.failed)", "[hlo][fusion]") {
  // add(p, q) with q of another size: hlo_malformed_op from the analysis, which has no position in the text;
  // the _into forms leave the instruction in groups.failed.
  const auto m = parse(
      "HloModule m\nENTRY e {\n  p = f32[4]{0} parameter(0)\n  q = f32[5]{0} parameter(1)\n"
      "  n = f32[4]{0} negate(p)\n  a = f32[4]{0} add(n, q)\n  ROOT r = f32[4]{0} exponential(a)\n}");
  auto out = std::make_unique<hlo::fusion_indexing<8>>();
  CHECK(hlo::output_to_input_into(*m, 0, *out).id == error_id::hlo_malformed_op);
  REQUIRE(out->groups.failed != hlo::none);
  CHECK(m->text(m->instructions[out->groups.failed].name) == "a");
  auto in = std::make_unique<hlo::input_indexing<8>>();
  CHECK(hlo::input_to_output_into(*m, 0, *in).id == error_id::hlo_malformed_op);
  REQUIRE(in->groups.failed != hlo::none);
  CHECK(m->text(m->instructions[in->groups.failed].name) == "a");
  // A capacity: the set that did not fit. And none again after a success.
  auto small = std::make_unique<hlo::fusion_indexing<1>>();
  const auto ok =
      parse("HloModule m\nENTRY e {\n  p = f32[4]{0} parameter(0)\n  ROOT n = f32[4]{0} negate(p)\n}");
  CHECK(hlo::output_to_input_into(*ok, 0, *small).id == error_id::capacity_exceeded);
  REQUIRE(small->groups.failed != hlo::none);
  CHECK(ok->text(ok->instructions[small->groups.failed].name) == "p");
  auto fits = std::make_unique<hlo::fusion_indexing<2>>();
  fits->groups.failed = 0;
  CHECK(hlo::output_to_input_into(*ok, *fits).id == error_id::none);
  CHECK(fits->groups.failed == hlo::none);
}
