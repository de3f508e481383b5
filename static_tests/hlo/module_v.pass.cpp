// static_tests/hlo/module_v.pass.cpp: hlo::module_v<"..."> parses HLO text at compile time into a module
// sized to the text; the facts below are read off the text.
#include <xlayout/hlo/parse.hpp>

using namespace xlayout;
using hlo::opcode;

// Three instructions (XLA's indexing tests write modules like this one).
constexpr const auto& small = hlo::module_v<R"(HloModule m
ENTRY e {
  p0 = f32[10,20] parameter(0)
  t = f32[20,10]{0,1} transpose(p0), dimensions={1,0}
  ROOT n = f32[20,10] negate(t)
})">;
static_assert(small.instructions.size() == 3);
static_assert(small.instructions[1].code == opcode::transpose);
static_assert(small.instructions[1].attrs.dimensions == dimension_list{1, 0});
static_assert(small.instructions[2].operands.size() == 1 && small.instructions[2].operands[0] == 1);
static_assert(small.computations[small.entry].root == 2);
static_assert(small.shape_of(small.instructions[1]).layout.minor_to_major == dimension_list{0, 1});

// Thirty instructions in three computations: a fusion, a reduction, a dynamic slice, a dot, a tuple root.
constexpr const auto& big = hlo::module_v<R"(HloModule big, is_scheduled=true
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
fused {
  p0 = f32[64,128]{1,0} parameter(0)
  p1 = f32[128]{0} parameter(1)
  b1 = f32[64,128]{1,0} broadcast(p1), dimensions={1}
  m1 = f32[64,128]{1,0} multiply(p0, b1)
  e1 = f32[64,128]{1,0} exponential(m1)
  t1 = f32[128,64]{1,0} transpose(e1), dimensions={1,0}
  r1 = f32[8192]{0} reshape(t1)
  s1 = f32[4096]{0} slice(r1), slice={[0:8192:2]}
  c0 = f32[] constant(0)
  pd = f32[4100]{0} pad(s1, c0), padding=2_2
  ROOT rd = f32[] reduce(pd, c0), dimensions={0}, to_apply=add
}
ENTRY e {
  x = f32[64,128]{1,0} parameter(0)
  y = f32[128]{0} parameter(1)
  i = s32[] parameter(2)
  f = f32[] fusion(x, y), kind=kLoop, calls=fused, metadata={op_name="f"}
  n = f32[] negate(f)
  ab = f32[] abs(n)
  k = s32[] constant(3)
  d = f32[8,128]{1,0} dynamic-slice(x, i, k), dynamic_slice_sizes={8,128}
  cv = f32[8,128]{1,0} convert(d)
  sq = f32[8,128]{1,0} sqrt(cv)
  lg = f32[8,128]{1,0} log(sq)
  ex = f32[8,128]{1,0} exponential(lg)
  dt = f32[8,8]{1,0} dot(ex, sq), lhs_contracting_dims={1}, rhs_contracting_dims={1}
  tp = f32[8,8]{0,1} transpose(dt), dimensions={1,0}
  cp = f32[8,8]{1,0} copy(tp)
  ROOT tu = (f32[], f32[8,8]{1,0}) tuple(ab, cp)
})">;
static_assert(big.instructions.size() == 30);
static_assert(big.computations.size() == 3);
static_assert(big.entry == 2);
static_assert(big.instructions[big.computations[1].root].code == opcode::reduce);
static_assert(big.instructions[big.computations[1].root].called[0] == 0);
static_assert(big.instructions[big.find_instruction(2, "f")].called[0] == 1);
static_assert(big.instructions[big.find_instruction(1, "s1")].attrs.slice[0] ==
              hlo::slice_dimension{0, 8192, 2});
static_assert(big.instructions[big.find_instruction(1, "pd")].attrs.padding[0] ==
              hlo::padding_dimension{2, 2, 0});
static_assert(big.instructions[big.find_instruction(2, "k")].value == hlo::operand_value{true, 3});
static_assert(big.instructions[big.find_instruction(2, "dt")].attrs.dot.rhs_contracting_dimensions ==
              dimension_list{1});
static_assert(big.instructions[big.computations[2].root].is_tuple);
static_assert(big.instructions[big.computations[2].root].num_shapes == 2);
// op_of: the dynamic-slice sees its constant offset operand.
static_assert(hlo::op_of(big, big.find_instruction(2, "d")).operand_values[2] == hlo::operand_value{true, 3});
