// tests/hlo/parse.cpp: hlo::parse_module and hlo::module_v on hand-written modules in the style of XLA's
// tests and of real dumps. Expected values are read off the text (names, opcodes, attribute numbers) or
// counted by hand (error lines and columns, written beside each case); STATIC_REQUIRE makes each fact a
// static_assert in test.hlo.parse and a run-time check in rt.hlo.parse.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <xlayout/hlo/parse.hpp>

#include "support/same_module.hpp"

using namespace xlayout;
using hlo::opcode;

namespace {

using small_module = hlo::basic_module<48, 8, 64, 1024>;

constexpr hlo::parse_result<small_module> parse(std::string_view text) {
  return hlo::parse_module<small_module>(text);
}
/// The id, line and column of the error parsing `text` gives (none, 0, 0 when it parses).
struct where {
  error_id id;
  index_t line, column;
  friend constexpr bool operator==(const where&, const where&) = default;
};
constexpr where error_of(std::string_view text) {
  const auto r = parse(text);
  return {r.error().id, r.error().line, r.error().column};
}
template <class M>
constexpr const hlo::instruction& named(const M& m, std::string_view name) {
  const std::uint16_t id = m.find_instruction(m.entry, name);
  return m.instructions[id == hlo::none ? 0 : id];
}
template <class M>
constexpr bool dims_are(const M& m, const hlo::instruction& i, std::initializer_list<index_t> d) {
  return m.shape_of(i).dimensions == dimension_list(d);
}

// XLA's GPU indexing tests write modules like this one (indexing_analysis_test.cc,
// ComputeGroupedOutputToInput).
constexpr const auto& transpose_add = hlo::module_v<R"(
    HloModule m
    ENTRY e {
      p0 = f32[1000, 1000] parameter(0)
      transpose_p0 = f32[1000, 1000]{0, 1} transpose(p0), dimensions={1, 0}
      ROOT a0 = f32[1000, 1000] add(p0, transpose_p0)
    }
  )">;

}  // namespace

TEST_CASE("parse: a three-instruction module: names, opcodes, operands, shapes, root, entry",
          "[hlo][parse]") {
  constexpr const auto& m = transpose_add;
  STATIC_REQUIRE(m.text(m.name) == "m");
  STATIC_REQUIRE(m.computations.size() == 1);
  STATIC_REQUIRE(m.entry == 0);
  STATIC_REQUIRE(m.computations[0].is_entry);
  STATIC_REQUIRE(m.name_of(m.computations[0]) == "e");
  STATIC_REQUIRE(m.instructions.size() == 3);
  STATIC_REQUIRE(m.computations[0].root == 2);
  STATIC_REQUIRE(m.name_of(m.instructions[0]) == "p0");
  STATIC_REQUIRE(m.name_of(m.instructions[1]) == "transpose_p0");
  STATIC_REQUIRE(m.name_of(m.instructions[2]) == "a0");
  STATIC_REQUIRE(m.instructions[0].code == opcode::parameter);
  STATIC_REQUIRE(m.instructions[1].code == opcode::transpose);
  STATIC_REQUIRE(m.instructions[2].code == opcode::add);
  STATIC_REQUIRE(m.text(m.instructions[1].opcode_name) == "transpose");
  STATIC_REQUIRE(m.instructions[2].is_root);
  STATIC_REQUIRE(!m.instructions[1].is_root);
  STATIC_REQUIRE(m.instructions[2].operands == static_vector<std::uint16_t, XLAYOUT_HLO_MAX_OPERANDS>{0, 1});
  STATIC_REQUIRE(m.instructions[1].attrs.dimensions == dimension_list{1, 0});
  STATIC_REQUIRE(m.shape_of(m.instructions[1]).dimensions == dimension_list{1000, 1000});
  STATIC_REQUIRE(m.shape_of(m.instructions[1]).layout.minor_to_major == dimension_list{0, 1});
  STATIC_REQUIRE(m.shape_of(m.instructions[0]).layout.minor_to_major == dimension_list{1, 0});  // the default
  STATIC_REQUIRE(m.shape_of(m.instructions[0]).element_type == element_type::f32);
  STATIC_REQUIRE(m.find_instruction(0, "transpose_p0") == 1);
  STATIC_REQUIRE(m.find_instruction(0, "nothing") == hlo::none);
  // module_v is sized to the text: three instructions, one computation, three shapes, the characters of
  // "m", "e", "p0", "parameter", "transpose_p0", "transpose", "a0", "add".
  STATIC_REQUIRE(decltype(m.instructions)::capacity() == 3);
  STATIC_REQUIRE(decltype(m.shapes)::capacity() == 3);
  STATIC_REQUIRE(decltype(m.chars)::capacity() == 1 + 1 + 2 + 9 + 12 + 9 + 2 + 3);
}

TEST_CASE("parse: every attribute of op.hpp, values read off the text", "[hlo][parse]") {
  constexpr const auto& m = hlo::module_v<R"(HloModule attrs
max {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT m = f32[] maximum(a, b)
}
scan_body {
  c = f32[] parameter(0)
  x = f32[] parameter(1)
  s = f32[] add(c, x)
  ROOT t = (f32[], f32[]) tuple(s, s)
}
ENTRY e {
  p0 = f32[20,20] parameter(0)
  p1 = f32[1,12,10,24] parameter(1)
  p2 = f32[4,3,5,48] parameter(2)
  p3 = s32[1806,2] parameter(3)
  p4 = f32[2,10] parameter(4)
  i = s32[] parameter(5)
  z = f32[] constant(0)
  bc = f32[20,30,20] broadcast(p0), dimensions={0,2}
  sl = f32[4,3] slice(p0), slice={[0:20:6], [0:5:2]}
  sl2 = f32[5,20] slice(p0), slice={[5:10], [0:20]}
  pd = f32[23,14] pad(p0, z), padding=1_2x-3_-5_1
  rw = f32[7,17] reduce-window(p0, z), window={size=3x2 stride=2x1 pad=1_1x0_1 lhs_dilate=1x2 rhs_dilate=3x1 rhs_reversal=1x0}, to_apply=max
  cv = f32[1,10,6,48] convolution(p1, p2), window={size=3x5 pad=0_0x0_0}, dim_labels=b01f_i01o->b01f, feature_group_count=6, batch_group_count=1
  dt = f32[2,2] dot(p4, p4), lhs_batch_dims={}, rhs_batch_dims={}, lhs_contracting_dims={1}, rhs_contracting_dims={1}
  g = f32[1806,7,8,4] gather(p1, p3), offset_dims={1,2,3}, collapsed_slice_dims={}, start_index_map={0,1}, index_vector_dim=1, operand_batching_dims={}, start_indices_batching_dims={}, slice_sizes={7,8,4}
  ds = f32[2,20] dynamic-slice(p0, i, i), dynamic_slice_sizes={2,20}
  io = s64[42,1] iota(), iota_dimension=1
  tu = (f32[20,20], s32[]) tuple(p0, i)
  gte = s32[] get-tuple-element(tu), index=1
  sc = (f32[20], f32[]) scan(p0, z), dimensions={0}, num_carries=1, to_apply=scan_body
  ROOT r = f32[20] reduce(p0, z), dimensions={1}, to_apply=max
}
)">;
  STATIC_REQUIRE(named(m, "p3").attrs.parameter_number == 3);
  STATIC_REQUIRE(named(m, "i").attrs.parameter_number == 5);
  STATIC_REQUIRE(named(m, "bc").attrs.dimensions == dimension_list{0, 2});
  constexpr auto sl = named(m, "sl").attrs.slice;
  STATIC_REQUIRE(sl.size() == 2);
  STATIC_REQUIRE(sl[0] == hlo::slice_dimension{0, 20, 6});
  STATIC_REQUIRE(sl[1] == hlo::slice_dimension{0, 5, 2});
  STATIC_REQUIRE(named(m, "sl2").attrs.slice[0] == hlo::slice_dimension{5, 10, 1});  // stride 1 when absent
  constexpr auto pd = named(m, "pd").attrs.padding;
  STATIC_REQUIRE(pd.size() == 2);
  STATIC_REQUIRE(pd[0] == hlo::padding_dimension{1, 2, 0});
  STATIC_REQUIRE(pd[1] == hlo::padding_dimension{-3, -5, 1});
  constexpr auto w = named(m, "rw").attrs.window;
  STATIC_REQUIRE(w.size() == 2);
  // size, stride, padding_low, padding_high, window_dilation (rhs_dilate), base_dilation (lhs_dilate),
  // reversal
  STATIC_REQUIRE(w[0] == hlo::window_dimension{3, 2, 1, 1, 3, 1, true});
  STATIC_REQUIRE(w[1] == hlo::window_dimension{2, 1, 0, 1, 1, 2, false});
  constexpr auto cv = named(m, "cv").attrs;
  STATIC_REQUIRE(cv.window[1] == hlo::window_dimension{5, 1, 0, 0, 1, 1, false});  // defaults where absent
  STATIC_REQUIRE(cv.feature_group_count == 6);
  STATIC_REQUIRE(cv.batch_group_count == 1);
  // b01f_i01o->b01f: batch at 0, spatial 0 and 1 at 1 and 2, feature at 3; kernel i at 0, o at 3.
  STATIC_REQUIRE(cv.convolution.input_batch_dimension == 0);
  STATIC_REQUIRE(cv.convolution.input_feature_dimension == 3);
  STATIC_REQUIRE(cv.convolution.input_spatial_dimensions == dimension_list{1, 2});
  STATIC_REQUIRE(cv.convolution.kernel_input_feature_dimension == 0);
  STATIC_REQUIRE(cv.convolution.kernel_output_feature_dimension == 3);
  STATIC_REQUIRE(cv.convolution.kernel_spatial_dimensions == dimension_list{1, 2});
  STATIC_REQUIRE(cv.convolution.output_batch_dimension == 0);
  STATIC_REQUIRE(cv.convolution.output_feature_dimension == 3);
  STATIC_REQUIRE(cv.convolution.output_spatial_dimensions == dimension_list{1, 2});
  constexpr auto dt = named(m, "dt").attrs.dot;
  STATIC_REQUIRE(dt.lhs_batch_dimensions.empty());
  STATIC_REQUIRE(dt.lhs_contracting_dimensions == dimension_list{1});
  STATIC_REQUIRE(dt.rhs_contracting_dimensions == dimension_list{1});
  constexpr auto g = named(m, "g").attrs;
  STATIC_REQUIRE(g.gather.offset_dims == dimension_list{1, 2, 3});
  STATIC_REQUIRE(g.gather.collapsed_slice_dims.empty());
  STATIC_REQUIRE(g.gather.start_index_map == dimension_list{0, 1});
  STATIC_REQUIRE(g.gather.index_vector_dim == 1);
  STATIC_REQUIRE(g.slice_sizes == dimension_list{7, 8, 4});
  STATIC_REQUIRE(named(m, "ds").attrs.dynamic_slice_sizes == dimension_list{2, 20});
  STATIC_REQUIRE(named(m, "ds").operands.size() == 3);
  STATIC_REQUIRE(named(m, "io").attrs.iota_dimension == 1);
  STATIC_REQUIRE(named(m, "io").operands.empty());
  STATIC_REQUIRE(named(m, "gte").attrs.tuple_index == 1);
  STATIC_REQUIRE(named(m, "sc").attrs.num_carries == 1);
  STATIC_REQUIRE(named(m, "sc").code == opcode::scan);
  // Called computations: computation ids (max is 0, scan_body 1).
  STATIC_REQUIRE(named(m, "rw").called == static_vector<std::uint16_t, 4>{0});
  STATIC_REQUIRE(named(m, "sc").called == static_vector<std::uint16_t, 4>{1});
  STATIC_REQUIRE(m.entry == 2);
  STATIC_REQUIRE(named(m, "r").is_root);
  // op_of: a get-tuple-element's operand is the selected element's shape.
  constexpr hlo::op gte_op = hlo::op_of(m, m.find_instruction(2, "gte"));
  STATIC_REQUIRE(gte_op.operands[0].element_type == element_type::s32);
  STATIC_REQUIRE(gte_op.operands[0].rank() == 0);
}

TEST_CASE("parse: constants keep the value of a scalar integer (or pred) only", "[hlo][parse]") {
  constexpr const auto& m = hlo::module_v<R"(ENTRY e {
  a = s32[] constant(-7)
  b = u8[] constant(255)
  c = pred[] constant(true)
  d = pred[] constant(false)
  f = f32[] constant(-inf)
  g = f32[] constant(nan)
  h = f32[] constant(1.5e-3)
  i = s32[3] constant({1, 2, 3})
  j = s32[2,2] constant({ { 1, 2 }, { 3, 4 } })
  k = f32[] constant(inf)
  l = s64[] constant( 9223372036854775807 )
  ROOT t = (s32[], u8[]) tuple(a, b)
}
)">;
  STATIC_REQUIRE(named(m, "a").value == hlo::operand_value{true, -7});
  STATIC_REQUIRE(named(m, "b").value == hlo::operand_value{true, 255});
  STATIC_REQUIRE(named(m, "c").value == hlo::operand_value{true, 1});
  STATIC_REQUIRE(named(m, "d").value == hlo::operand_value{true, 0});
  STATIC_REQUIRE(!named(m, "f").value.is_constant);
  STATIC_REQUIRE(!named(m, "g").value.is_constant);
  STATIC_REQUIRE(!named(m, "h").value.is_constant);
  STATIC_REQUIRE(!named(m, "i").value.is_constant);
  STATIC_REQUIRE(!named(m, "j").value.is_constant);
  STATIC_REQUIRE(!named(m, "k").value.is_constant);
  STATIC_REQUIRE(named(m, "l").value == hlo::operand_value{true, 9223372036854775807});
  STATIC_REQUIRE(named(m, "a").code == opcode::constant);
  STATIC_REQUIRE(named(m, "j").operands.empty());
  // op_of gives each operand's constant value.
  constexpr hlo::op t = hlo::op_of(m, m.find_instruction(0, "t"));
  STATIC_REQUIRE(t.operand_values[0] == hlo::operand_value{true, -7});
  STATIC_REQUIRE(t.results.size() == 2);
}

TEST_CASE("parse: tuple result shapes, nested tuples stored as one element_type::tuple shape",
          "[hlo][parse]") {
  constexpr const auto& m = hlo::module_v<R"(ENTRY e {
  p = (f32[2]{0}, (s32[], f32[3]), token[]) parameter(0)
  q = () tuple()
  a = f32[2]{0} get-tuple-element(p), index=0
  ROOT r = ((f32[2]{0}), f32[2]{0}, /*index=2*/f32[2]) tuple(p, a, a)
}
)">;
  constexpr auto& p = named(m, "p");
  STATIC_REQUIRE(p.is_tuple);
  STATIC_REQUIRE(p.num_shapes == 3);
  STATIC_REQUIRE(m.shapes[p.first_shape].dimensions == dimension_list{2});
  STATIC_REQUIRE(m.shapes[p.first_shape + 1].element_type == element_type::tuple);
  STATIC_REQUIRE(m.shapes[p.first_shape + 1].rank() == 0);
  STATIC_REQUIRE(m.shapes[p.first_shape + 2].element_type == element_type::token);
  STATIC_REQUIRE(named(m, "q").is_tuple);
  STATIC_REQUIRE(named(m, "q").num_shapes == 0);
  STATIC_REQUIRE(!named(m, "a").is_tuple);
  STATIC_REQUIRE(named(m, "r").num_shapes == 3);
  STATIC_REQUIRE(m.shapes[named(m, "r").first_shape].element_type == element_type::tuple);
  STATIC_REQUIRE(m.shapes.size() == 3 + 1 + 3);
}

TEST_CASE("parse: XLA's compact get-tuple-element operands (%t#1, %t#0#2) become get-tuple-elements",
          "[hlo][parse]") {
  // XLA's HloComputationTest.PrintWithCompactGTE prints `tuple(%p0#0, %p0#1)` for two get-tuple-elements of
  // p0 (--xla_dump_compact_gte); XLA's parser inserts a get-tuple-element per '#' step, named as written,
  // before the instruction that reads it, and reuses it when the same text comes again.
  constexpr const auto& m = hlo::module_v<R"(HloModule module
ENTRY %entry {
  %p0 = ((f32[10]{0}, f32[20]{0}), f32[30]{0}) parameter(0)
  %n = f32[30]{0} negate(f32[30]{0} %p0#1)
  ROOT %out = (f32[10]{0}, f32[20]{0}, f32[30]{0}, f32[30]{0}) tuple(f32[10]{0} %p0#0#0, f32[20]{0} %p0#0#1, %p0#1, %n)
}
)">;
  STATIC_REQUIRE(m.instructions.size() == 7);  // p0, p0#1, n, p0#0, p0#0#0, p0#0#1, out
  constexpr auto& g1 = named(m, "p0#1");
  STATIC_REQUIRE(g1.code == opcode::get_tuple_element);
  STATIC_REQUIRE(m.text(g1.opcode_name) == "get-tuple-element");
  STATIC_REQUIRE(g1.attrs.tuple_index == 1);
  STATIC_REQUIRE(g1.operands.size() == 1);
  STATIC_REQUIRE(g1.operands[0] == m.find_instruction(m.entry, "p0"));
  STATIC_REQUIRE((!g1.is_tuple && dims_are(m, g1, {30})));
  STATIC_REQUIRE(named(m, "n").operands[0] == m.find_instruction(m.entry, "p0#1"));
  constexpr auto& g0 = named(m, "p0#0");  // element 0 is a nested tuple: kept as the parser keeps those
  STATIC_REQUIRE((g0.code == opcode::get_tuple_element && g0.is_tuple && g0.attrs.tuple_index == 0));
  constexpr auto& g01 = named(m, "p0#0#1");  // its shape: the operand's declared one
  STATIC_REQUIRE((g01.attrs.tuple_index == 1 && dims_are(m, g01, {20})));
  STATIC_REQUIRE(g01.operands[0] == m.find_instruction(m.entry, "p0#0"));
  constexpr auto& out = named(m, "out");
  STATIC_REQUIRE(out.is_root);
  STATIC_REQUIRE(out.operands.size() == 4);
  STATIC_REQUIRE(out.operands[0] == m.find_instruction(m.entry, "p0#0#0"));
  STATIC_REQUIRE(out.operands[1] == m.find_instruction(m.entry, "p0#0#1"));
  STATIC_REQUIRE(out.operands[2] == m.find_instruction(m.entry, "p0#1"));  // the one n read: reused
  STATIC_REQUIRE(m.computations[m.entry].root == m.find_instruction(m.entry, "out"));
  // The capacities counted before filling hold the module.
  STATIC_REQUIRE(
      parse("ENTRY e {\n  p = (f32[2], f32[3]) parameter(0)\n  ROOT n = f32[3] negate(p#1)\n}").has_value());
  // Errors at the '#', counted by hand. Line 3 `  ROOT n = f32[3] negate(p#2)`: '#' at column 27 (p at 26).
  STATIC_REQUIRE(
      error_of("ENTRY e {\n  p = (f32[2], f32[3]) parameter(0)\n  ROOT n = f32[3] negate(p#2)\n}") ==
      where{error_id::hlo_malformed_op, 3, 27});
  // An array has no elements (XLA: "GTE operand must be tuple").
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[3] parameter(0)\n  ROOT n = f32[3] negate(p#0)\n}") ==
                 where{error_id::hlo_malformed_op, 3, 27});
  // No index after '#': the integer is expected at column 28.
  STATIC_REQUIRE(
      error_of("ENTRY e {\n  p = (f32[2], f32[3]) parameter(0)\n  ROOT n = f32[3] negate(p#)\n}") ==
      where{error_id::expected_integer, 3, 28});
  // A declared shape that is not the element's (XLA: "operand shape ... does not match"): at the shape,
  // column 26.
  STATIC_REQUIRE(
      error_of("ENTRY e {\n  p = (f32[2], f32[3]) parameter(0)\n  ROOT n = f32[2] negate(f32[2] p#1)\n}") ==
      where{error_id::hlo_shape_mismatch, 3, 26});
  // The empty tuple has no element, even with a declared shape: `  ROOT n = f32[2] negate(f32[2] q#0)`, the
  // '#' at column 34.
  STATIC_REQUIRE(error_of("ENTRY e {\n  q = () tuple()\n  ROOT n = f32[2] negate(f32[2] q#0)\n}") ==
                 where{error_id::hlo_malformed_op, 3, 34});
  // A step into a nested tuple's element needs the operand's shape (the parser keeps nested tuples whole):
  // `  ROOT n = f32[3] negate(p#0#1)`, the second '#' at column 29.
  STATIC_REQUIRE(
      error_of("ENTRY e {\n  p = ((f32[2], f32[3])) parameter(0)\n  ROOT n = f32[3] negate(p#0#1)\n}") ==
      where{error_id::hlo_malformed_op, 3, 29});
}

TEST_CASE("parse: comments, skipped attributes (metadata, backend_config JSON, sharding, replica groups)",
          "[hlo][parse]") {
  constexpr const auto& m = hlo::module_v<
      R"(HloModule skip, is_scheduled=true, replica_count=4, num_partitions=2, frontend_attributes={attr="v,}"}, entry_computation_layout={(f32[8,16]{1,0}, /*index=1*/f32[16]{0})->(f32[16,8]{1,0})}
// a line comment { ( [
add /* a block comment } */ {
  a = f32[] parameter(0), metadata={op_type="p" op_name="x{"}
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b), backend_config="{\"quoted\": \"}\\\" still a string\"}"
}
ENTRY %main.3 (Arg_0.1: f32[8,16], Arg_1.2: f32[16]) -> (f32[16,8]) {
  %Arg_0.1 = f32[8,16]{1,0} parameter(0), sharding={devices=[2,1]0,1}, metadata={op_name="a" source_file="/tmp/x.py" source_line=12}
  %Arg_1.2 = f32[16]{0} parameter(1), sharding={replicated}
  %ar = f32[8,16]{1,0} all-reduce(f32[8,16]{1,0} %Arg_0.1), channel_id=1, replica_groups={{0,1},{2,3}}, use_global_device_ids=true, to_apply=%add
  %ar2 = f32[8,16]{1,0} all-reduce(%ar), channel_id=2, replica_groups=[2,2]<=[4], to_apply=add
  %bc = f32[8,16]{1,0} broadcast(f32[16]{0} %Arg_1.2), dimensions={1}, backend_config={"operation_queue_id":"0","wait_on_operation_queues":[],"nested":{"a":{"b":[1,{"c":"}"}]}}}, origin={{"x"}}
  %cmp = pred[8,16]{1,0} compare(%ar2, %bc), direction=GT, comparison_type=TOTALORDER, control-predecessors={%ar, %bc}
  %sel = f32[8,16]{1,0} select(%cmp, %ar2, %bc), statistics={visualizing_index=1,stat-index-1=0.5}
  ROOT %t = f32[16,8]{1,0} transpose(%sel), /* before */ dimensions={1,0} /* after */, frontend_attributes={_xla="1"}
}
)">;
  STATIC_REQUIRE(m.text(m.name) == "skip");
  STATIC_REQUIRE(m.computations.size() == 2);
  STATIC_REQUIRE(m.name_of(m.computations[m.entry]) == "main.3");
  STATIC_REQUIRE(m.find_instruction(m.entry, "Arg_0.1") != hlo::none);
  STATIC_REQUIRE(named(m, "ar").called == static_vector<std::uint16_t, 4>{0});
  STATIC_REQUIRE(named(m, "ar2").called == static_vector<std::uint16_t, 4>{0});
  STATIC_REQUIRE(named(m, "ar").code == opcode::all_reduce);
  STATIC_REQUIRE(named(m, "bc").attrs.dimensions == dimension_list{1});
  // Operands are module-wide instruction ids: add holds 0-2, so ar2 is 6 and bc 7.
  // Operands are module-wide instruction ids: add holds 0-2, so ar2 is 6 and bc 7.
  STATIC_REQUIRE(named(m, "cmp").operands == static_vector<std::uint16_t, XLAYOUT_HLO_MAX_OPERANDS>{6, 7});
  STATIC_REQUIRE(named(m, "t").attrs.dimensions == dimension_list{1, 0});
  STATIC_REQUIRE(named(m, "t").is_root);
  STATIC_REQUIRE(m.instructions.size() == 3 + 8);
}

TEST_CASE("parse: a scheduled GPU dump (tiles, S(1), fusion calls=, while, custom-call, sharding)",
          "[hlo][parse]") {
  // In the style of XLA's GPU codegen tests and of an optimised dump; written by hand.
  static constexpr std::string_view text =
      R"(HloModule jit_step, is_scheduled=true, entry_computation_layout={(f32[1024,128]{1,0:T(8,128)}, s32[])->(f32[1024,128]{1,0:T(8,128)}, s32[])}, allow_spmd_sharding_propagation_to_output={true}

%fused_computation (param_0.1: f32[1024,128], param_1.2: f32[128]) -> f32[1024,128] {
  %param_0.1 = f32[1024,128]{1,0:T(8,128)} parameter(0)
  %param_1.2 = f32[128]{0:T(128)S(1)} parameter(1)
  %broadcast.3 = f32[1024,128]{1,0:T(8,128)} broadcast(f32[128]{0:T(128)S(1)} %param_1.2), dimensions={1}
  ROOT %multiply.4 = f32[1024,128]{1,0:T(8,128)} multiply(f32[1024,128]{1,0:T(8,128)} %param_0.1, f32[1024,128]{1,0:T(8,128)} %broadcast.3), metadata={op_type="mul" op_name="jit(step)/mul" source_file="step.py" source_line=7}
}

%cond (arg_tuple.1: (f32[1024,128], s32[])) -> pred[] {
  %arg_tuple.1 = (f32[1024,128]{1,0:T(8,128)}, s32[]) parameter(0)
  %gte.1 = s32[] get-tuple-element((f32[1024,128]{1,0:T(8,128)}, s32[]) %arg_tuple.1), index=1
  %constant.2 = s32[] constant(10)
  ROOT %lt = pred[] compare(s32[] %gte.1, s32[] %constant.2), direction=LT
}

%body (arg_tuple.2: (f32[1024,128], s32[])) -> (f32[1024,128], s32[]) {
  %arg_tuple.2 = (f32[1024,128]{1,0:T(8,128)}, s32[]) parameter(0)
  %gte.2 = f32[1024,128]{1,0:T(8,128)} get-tuple-element(%arg_tuple.2), index=0
  %gte.3 = s32[] get-tuple-element(%arg_tuple.2), index=1
  %scale = f32[128]{0:T(128)S(1)} custom-call(), custom_call_target="MakeScale", api_version=API_VERSION_STATUS_RETURNING, backend_config="{\"scale\": 2.0, \"name\": \"a \\\"b\\\"\"}"
  %fusion = f32[1024,128]{1,0:T(8,128)} fusion(%gte.2, %scale), kind=kLoop, calls=%fused_computation, backend_config={"operation_queue_id":"0","fusion_backend_config":{"kind":"__loop_fusion"}}
  %one = s32[] constant(1)
  %next = s32[] add(%gte.3, %one)
  ROOT %tuple.1 = (f32[1024,128]{1,0:T(8,128)}, s32[]) tuple(%fusion, %next)
}

ENTRY %main (p.0: f32[1024,128], p.1: s32[]) -> (f32[1024,128], s32[]) {
  %p.0 = f32[1024,128]{1,0:T(8,128)} parameter(0), sharding={devices=[4,1]<=[4]}
  %p.1 = s32[] parameter(1), sharding={replicated}
  %tuple.2 = (f32[1024,128]{1,0:T(8,128)}, s32[]) tuple(%p.0, %p.1)
  ROOT %while = (f32[1024,128]{1,0:T(8,128)}, s32[]) while(%tuple.2), condition=%cond, body=%body, backend_config={"known_trip_count":{"n":"10"}}
}
)";
  auto m = std::make_unique<hlo::module>();
  const hlo::parse_error e = hlo::parse_module_into(text, *m);
  INFO(describe(e).view());
  REQUIRE(e.id == error_id::none);
  CHECK(m->computations.size() == 4);
  CHECK(m->name_of(m->computations[m->entry]) == "main");
  const auto fused = m->find_computation("fused_computation");
  const auto cond = m->find_computation("cond");
  const auto body = m->find_computation("body");
  CHECK(fused == 0);
  CHECK(cond == 1);
  CHECK(body == 2);
  const auto& w = m->instructions[m->computations[m->entry].root];
  CHECK(m->name_of(w) == "while");
  CHECK(w.code == opcode::other);
  CHECK(m->text(w.opcode_name) == "while");
  CHECK(w.called == static_vector<std::uint16_t, 4>{cond, body});
  CHECK(w.is_tuple);
  CHECK(w.num_shapes == 2);
  const auto& f = m->instructions[m->find_instruction(body, "fusion")];
  CHECK(f.code == opcode::fusion);
  CHECK(f.called == static_vector<std::uint16_t, 4>{fused});
  CHECK(f.operands.size() == 2);
  const auto& cc = m->instructions[m->find_instruction(body, "scale")];
  CHECK(m->text(cc.opcode_name) == "custom-call");
  CHECK(cc.operands.empty());
  const shape& s = m->shape_of(cc);
  CHECK(s.layout.tiles.size() == 1);
  CHECK(s.layout.tiles[0].dimensions == dimension_list{128});
  CHECK(s.layout.memory_space == 1);
  const auto& mul = m->instructions[m->computations[fused].root];
  CHECK(m->name_of(mul) == "multiply.4");
  CHECK(m->shape_of(mul).layout.tiles[0].dimensions == dimension_list{8, 128});
  CHECK(m->instructions[m->find_instruction(cond, "constant.2")].value == hlo::operand_value{true, 10});
  CHECK(m->instructions[m->find_instruction(cond, "gte.1")].attrs.tuple_index == 1);
  // The run-time module (XLAYOUT_HLO_MAX_*) and a module sized by required_capacities agree.
  const auto cap = hlo::required_capacities(text);
  REQUIRE(cap.has_value());
  CHECK(cap->instructions == 20);
  CHECK(cap->computations == 4);
  CHECK(cap->instructions == m->instructions.size());
  CHECK(cap->shapes == m->shapes.size());
  CHECK(cap->chars == m->chars.size());
  CHECK(cap->calls == 3);  // calls=, condition=, body=
}

TEST_CASE("parse: a called computation may be defined after its caller (resolved by name at the end)",
          "[hlo][parse]") {
  constexpr auto r = parse(R"(ENTRY e {
  p = f32[4] parameter(0)
  z = f32[] constant(0)
  ROOT r = f32[] reduce(p, z), dimensions={0}, to_apply=%add
}
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
})");
  STATIC_REQUIRE(r.has_value());
  STATIC_REQUIRE(r->entry == 0);
  STATIC_REQUIRE(r->instructions[2].called == static_vector<std::uint16_t, 4>{1});
  // No ENTRY: the last computation is the entry, and ROOT defaults to the last instruction.
  constexpr auto n =
      parse("a {\n  x = f32[] parameter(0)\n}\nb {\n  y = f32[] parameter(0)\n  z = f32[] negate(y)\n}");
  STATIC_REQUIRE(n.has_value());
  STATIC_REQUIRE(n->entry == 1);
  STATIC_REQUIRE(n->computations[1].root == 2);
  STATIC_REQUIRE(!n->computations[1].is_entry);
}

namespace {

// The module of a recent JAX dump, with the stack-frame index XLA's HloModule::Print writes after the header
// (XLA's parser: HloParserImpl::ParseStackFrameIndex) and instructions whose metadata names a stack frame;
// and the same module without the index.
constexpr const auto& with_stack_frames =
    hlo::module_v<R"(HloModule jit_f, entry_computation_layout={(f32[4]{0})->f32[4]{0}}

FileNames
1 "/tmp/x.py"
2 "/usr/lib/python3/site-packages/jax/_src/foo.py"

FunctionNames
1 "f"
2 "<lambda>"

FileLocations
1 {file_name_id=1 function_name_id=1 line=3 end_line=3 column=9 end_column=20}
2 {file_name_id=2, function_name_id=2, line=10, end_line=12, column=1, end_column=4}

StackFrames
1 {file_location_id=1 parent_frame_id=1}
2 {file_location_id=2 parent_frame_id=1}

ENTRY %main.3 (Arg_0.1: f32[4]) -> f32[4] {
  %Arg_0.1 = f32[4]{0} parameter(0), metadata={op_name="x"}
  %sine.2 = f32[4]{0} sine(f32[4]{0} %Arg_0.1), metadata={op_type="sin" op_name="jit(f)/sin" source_file="/tmp/x.py" source_line=3 stack_frame_id=2}
  ROOT %add.3 = f32[4]{0} add(%sine.2, %Arg_0.1), metadata={op_type="add" op_name="jit(f)/add" stack_frame_id=1}
}
)">;
constexpr const auto& without_stack_frames =
    hlo::module_v<R"(HloModule jit_f, entry_computation_layout={(f32[4]{0})->f32[4]{0}}

ENTRY %main.3 (Arg_0.1: f32[4]) -> f32[4] {
  %Arg_0.1 = f32[4]{0} parameter(0), metadata={op_name="x"}
  %sine.2 = f32[4]{0} sine(f32[4]{0} %Arg_0.1), metadata={op_type="sin" op_name="jit(f)/sin" source_file="/tmp/x.py" source_line=3 stack_frame_id=2}
  ROOT %add.3 = f32[4]{0} add(%sine.2, %Arg_0.1), metadata={op_type="add" op_name="jit(f)/add" stack_frame_id=1}
}
)">;

using xlayout_test::same_module;

}  // namespace

TEST_CASE("parse: XLA's stack-frame index after the header is read and dropped (recent JAX dumps)",
          "[hlo][parse]") {
  STATIC_REQUIRE(with_stack_frames.text(with_stack_frames.name) == "jit_f");
  STATIC_REQUIRE(with_stack_frames.instructions.size() == 3);
  STATIC_REQUIRE(named(with_stack_frames, "add.3").is_root);
  // The same module as without the index: what the analysis reads is the same, so are its maps.
  STATIC_REQUIRE(same_module(with_stack_frames, without_stack_frames));
  // Any of the sections, in XLA's order, without a header or blank lines, with comments between.
  STATIC_REQUIRE(
      error_of("FileNames 1 \"a.py\" // a comment\nStackFrames\n1 {file_location_id=1 parent_frame_id=0}\n"
               "ENTRY e {\n  ROOT p = f32[] parameter(0)\n}") == where{error_id::none, 0, 0});
  STATIC_REQUIRE(
      error_of("HloModule m\nFunctionNames\nFileLocations\nENTRY e {\n  ROOT p = f32[] parameter(0)\n}") ==
      where{error_id::none, 0, 0});
  // A section keyword followed by '{' or '(' names a computation, as before.
  STATIC_REQUIRE(error_of("FileNames {\n  ROOT p = f32[] parameter(0)\n}") == where{error_id::none, 0, 0});
  // Sections out of XLA's order: FileNames after StackFrames reads as a computation's name, and its body
  // is missing (the '1' at line 4, column 1).
  STATIC_REQUIRE(
      error_of(
          "HloModule m\nStackFrames\nFileNames\n1 \"a.py\"\nENTRY e {\n  ROOT p = f32[] parameter(0)\n}") ==
      where{error_id::unexpected_character, 4, 1});
}

TEST_CASE("parse: a malformed stack-frame index line gives the id, its line and column (counted by hand)",
          "[hlo][parse]") {
  // A file name that does not close: at its opening quote, line 3 column 3.
  STATIC_REQUIRE(
      error_of("HloModule m\nFileNames\n1 \"/tmp/x.py\nENTRY e {\n  ROOT p = f32[] parameter(0)\n}") ==
      where{error_id::unexpected_end, 3, 3});
  // A name without its string: `2 f.py` on line 4, f at column 3.
  STATIC_REQUIRE(
      error_of("HloModule m\nFileNames\n1 \"x.py\"\n2 f.py\nENTRY e {\n  ROOT p = f32[] parameter(0)\n}") ==
      where{error_id::unexpected_character, 4, 3});
  // A field without its value: `1 {file_name_id=1 line=}` on line 3, the '}' at column 24.
  STATIC_REQUIRE(error_of("HloModule m\nFileLocations\n1 {file_name_id=1 line=}\nENTRY e {\n  ROOT p = f32[] "
                          "parameter(0)\n}") == where{error_id::expected_integer, 3, 24});
  // A field without '=': `1 {file_location_id 1}` on line 3, the 1 at column 21.
  STATIC_REQUIRE(
      error_of(
          "HloModule m\nStackFrames\n1 {file_location_id 1}\nENTRY e {\n  ROOT p = f32[] parameter(0)\n}") ==
      where{error_id::unexpected_character, 3, 21});
  // An entry without its braces: `1 file_location_id=1` on line 3, f at column 3.
  STATIC_REQUIRE(
      error_of(
          "HloModule m\nStackFrames\n1 file_location_id=1\nENTRY e {\n  ROOT p = f32[] parameter(0)\n}") ==
      where{error_id::unexpected_character, 3, 3});
  // The text ends inside an entry: at the end, after `1 {file_location_id=1 ` (line 3, column 23).
  STATIC_REQUIRE(error_of("HloModule m\nStackFrames\n1 {file_location_id=1 ") ==
                 where{error_id::unexpected_end, 3, 23});
}

TEST_CASE("parse: errors carry the id, the line and the column (counted by hand)", "[hlo][parse]") {
  // Line 4 `  ROOT n = f32[] negate(q)`: q at column 25.
  STATIC_REQUIRE(
      error_of("HloModule m\nENTRY e {\n  p = f32[] parameter(0)\n  ROOT n = f32[] negate(q)\n}") ==
      where{error_id::hlo_unknown_operand, 4, 25});
  // An operand of another computation is unknown here: line 5 `  ROOT n = f32[] negate(x)`, x at 25.
  STATIC_REQUIRE(error_of("a {\n  x = f32[] parameter(0)\n}\nENTRY e {\n  ROOT n = f32[] negate(x)\n}") ==
                 where{error_id::hlo_unknown_operand, 5, 25});
  // Line 3 `  ROOT r = f32[] reduce(p, p), dimensions={0}, to_apply=add`: add at column 57.
  STATIC_REQUIRE(
      error_of("ENTRY e {\n  p = f32[] parameter(0)\n  ROOT r = f32[] reduce(p, p), dimensions={0}, "
               "to_apply=add\n}") == where{error_id::hlo_unknown_computation, 3, 57});
  // Line 3 `  p = f32[] negate(p)`: the second p at column 3.
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[] parameter(0)\n  p = f32[] negate(p)\n}") ==
                 where{error_id::hlo_duplicate_name, 3, 3});
  // Two computations named a: the second on line 4, column 1.
  STATIC_REQUIRE(error_of("a {\n  x = f32[] parameter(0)\n}\na {\n  x = f32[] parameter(0)\n}") ==
                 where{error_id::hlo_duplicate_name, 4, 1});
  // No computation: at the end of the text.
  STATIC_REQUIRE(error_of("HloModule m") == where{error_id::hlo_empty_module, 1, 12});
  STATIC_REQUIRE(error_of("HloModule m, is_scheduled=true\n// nothing\n") ==
                 where{error_id::hlo_empty_module, 3, 1});
  STATIC_REQUIRE(error_of("ENTRY a {\n  p = f32[] parameter(0)\n}\nENTRY b {\n  p = f32[] parameter(0)\n}") ==
                 where{error_id::hlo_multiple_entries, 4, 1});
  // A second ROOT (XLA: "one computation should have only one ROOT"): line 4, the R at column 3.
  STATIC_REQUIRE(
      error_of(
          "ENTRY e {\n  ROOT p = f32[] parameter(0)\n  q = f32[] negate(p)\n  ROOT n = f32[] negate(q)\n}") ==
      where{error_id::hlo_multiple_roots, 4, 3});
  // One ROOT in each of two computations is fine.
  STATIC_REQUIRE(parse("a {\n  ROOT x = f32[] parameter(0)\n}\nENTRY e {\n  ROOT p = f32[] parameter(0)\n}")
                     .has_value());
  // Parameter numbers 0 to n - 1, each once. `  ROOT p = f32[] parameter(1)`: a lone parameter numbered 1,
  // the 1 at column 28; a gap is reported at the largest number (line 3, column 23).
  STATIC_REQUIRE(error_of("ENTRY e {\n  ROOT p = f32[] parameter(1)\n}") ==
                 where{error_id::hlo_invalid_parameter_number, 2, 28});
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[] parameter(0)\n  q = f32[] parameter(2)\n  ROOT t = (f32[], "
                          "f32[]) tuple(p, q)\n}") == where{error_id::hlo_invalid_parameter_number, 3, 23});
  // The same number twice (line 3, column 23) and a negative number (line 2, column 23).
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[] parameter(0)\n  q = f32[] parameter(0)\n  ROOT t = (f32[], "
                          "f32[]) tuple(p, q)\n}") == where{error_id::hlo_invalid_parameter_number, 3, 23});
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[] parameter(-1)\n}") ==
                 where{error_id::hlo_invalid_parameter_number, 2, 23});
  // Numbers out of order are XLA's too: parameter(1) before parameter(0).
  STATIC_REQUIRE(parse("ENTRY e {\n  q = f32[] parameter(1)\n  p = f32[] parameter(0)\n  ROOT t = (f32[], "
                       "f32[]) tuple(p, q)\n}")
                     .has_value());
  // An attribute XLA requires, missing or misspelt ("attribute dimensions is expected but not seen"): a
  // reverse without dimensions read as the identity. At the opcode: line 3, column 19.
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[8] parameter(0)\n  ROOT r = f32[8] reverse(p)\n}") ==
                 where{error_id::hlo_missing_attribute, 3, 19});
  STATIC_REQUIRE(
      error_of("ENTRY e {\n  p = f32[8] parameter(0)\n  ROOT r = f32[8] reverse(p), dimension={0}\n}") ==
      where{error_id::hlo_missing_attribute, 3, 19});
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[8,4] parameter(0)\n  ROOT s = f32[2,4] slice(p)\n}") ==
                 where{error_id::hlo_missing_attribute, 3, 21});
  STATIC_REQUIRE(
      error_of("ENTRY e {\n  p = (f32[8], f32[]) parameter(0)\n  ROOT g = f32[8] get-tuple-element(p)\n}") ==
      where{error_id::hlo_missing_attribute, 3, 19});
  // With it: fine (and a broadcast of a scalar has `dimensions={}`, as XLA prints it).
  STATIC_REQUIRE(
      parse("ENTRY e {\n  p = f32[] parameter(0)\n  ROOT b = f32[8] broadcast(p), dimensions={}\n}")
          .has_value());
  // A name that is no XLA opcode ("Unknown opcode" in XLA's parser): `  ROOT t = f32[3,2] tranpose(p), ...`,
  // the misspelt opcode at line 3, column 21. XLA's opcodes without a modelled map, and their async forms,
  // parse; a -start of an op that has its own start opcode (all-gather) does not, nor a bare suffix.
  STATIC_REQUIRE(
      error_of(
          "ENTRY e {\n  p = f32[2,3] parameter(0)\n  ROOT t = f32[3,2] tranpose(p), dimensions={1,0}\n}") ==
      where{error_id::hlo_unknown_opcode, 3, 21});
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[8] parameter(0)\n  ROOT n = f32[8] negat(p)\n}") ==
                 where{error_id::hlo_unknown_opcode, 3, 19});
  STATIC_REQUIRE(parse("ENTRY e {\n  p = f32[8] parameter(0)\n  ROOT s = f32[8] sort(p), dimensions={0}\n}")
                     .has_value());
  STATIC_REQUIRE(parse("ENTRY e {\n  p = f32[8] parameter(0)\n  ROOT c = f32[8] custom-call(p), "
                       "custom_call_target=\"foo\"\n}")
                     .has_value());
  STATIC_REQUIRE((hlo::is_opcode_name("while") && hlo::is_opcode_name("opt-barrier") &&
                  hlo::is_opcode_name("fusion-start") && hlo::is_opcode_name("custom-call-done") &&
                  hlo::is_opcode_name("reduce-scatter-update") && hlo::is_opcode_name("all-gather-start") &&
                  hlo::is_opcode_name("copy-done")));
  STATIC_REQUIRE((!hlo::is_opcode_name("all-gather-update") && !hlo::is_opcode_name("copy-update") &&
                  !hlo::is_opcode_name("-start") && !hlo::is_opcode_name("tranpose-start") &&
                  !hlo::is_opcode_name("Add") && !hlo::is_opcode_name("")));
  // An attribute given twice (XLA: "attribute dimensions already exists"; the last one won): the second
  // name, line 3 column 53; generic attributes too (column 56).
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[2,3] parameter(0)\n  ROOT t = f32[3,2] transpose(p), "
                          "dimensions={1,0}, dimensions={0,1}\n}") ==
                 where{error_id::hlo_duplicate_attribute, 3, 53});
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[2,3] parameter(0)\n  ROOT t = f32[2,3] negate(p), "
                          "metadata={op_name=\"a\"}, metadata={op_name=\"b\"}\n}") ==
                 where{error_id::hlo_duplicate_attribute, 3, 56});
  // A declared operand shape that is not the operand's (XLA's ShapeUtil::Compatible: element type and
  // sizes, not the layout), at the declared shape: line 3, column 26.
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[4] parameter(0)\n  ROOT n = f32[4] negate(f32[8] p)\n}") ==
                 where{error_id::hlo_shape_mismatch, 3, 26});
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[4] parameter(0)\n  ROOT n = f32[4] negate(s32[4] %p)\n}") ==
                 where{error_id::hlo_shape_mismatch, 3, 26});
  STATIC_REQUIRE(
      parse("ENTRY e {\n  p = f32[4,2]{0,1} parameter(0)\n  ROOT n = f32[4,2] negate(f32[4,2]{1,0} p)\n}")
          .has_value());
  // A signature's result against the root ("Shape of computation ... is not compatible with that of its root
  // instruction"), at the declared shape: line 1, column 25. A tuple result is not compared.
  STATIC_REQUIRE(error_of("ENTRY %e (p: f32[2]) -> f32[7] {\n  p = f32[2] parameter(0)\n  ROOT n = f32[2] "
                          "negate(p)\n}") == where{error_id::hlo_shape_mismatch, 1, 25});
  STATIC_REQUIRE(parse("ENTRY %e (p: f32[2]) -> f32[2]{0} {\n  p = f32[2] parameter(0)\n  ROOT n = f32[2] "
                       "negate(p)\n}")
                     .has_value());
  // A fusion's operands against its computation's parameters: count (line 8) and shape (a forward
  // reference, line 3), at the computation's name after calls= (column 49).
  STATIC_REQUIRE(
      error_of("f {\n  p = f32[8] parameter(0)\n  q = f32[8] parameter(1)\n  ROOT n = f32[8] add(p, "
               "q)\n}\nENTRY e {\n  p0 = f32[8] parameter(0)\n  ROOT r = f32[8] fusion(p0), kind=kLoop, "
               "calls=f\n}") == where{error_id::hlo_shape_mismatch, 8, 49});
  STATIC_REQUIRE(error_of("ENTRY e {\n  p0 = f32[8] parameter(0)\n  ROOT r = f32[4] fusion(p0), kind=kLoop, "
                          "calls=f\n}\nf {\n  p = f32[4] parameter(0)\n  ROOT n = f32[4] negate(p)\n}") ==
                 where{error_id::hlo_shape_mismatch, 3, 49});
  STATIC_REQUIRE(parse("ENTRY e {\n  p0 = f32[8] parameter(0)\n  ROOT r = f32[8] fusion(p0), kind=kLoop, "
                       "calls=f\n}\nf {\n  p = f32[8] parameter(0)\n  ROOT n = f32[8] negate(p)\n}")
                     .has_value());
  // Calls that come back: a computation calling itself (line 3, column 49), and g -> f -> g through a
  // forward reference (the `f` of g's call, line 3, column 37).
  STATIC_REQUIRE(error_of("ENTRY e {\n  p0 = f32[8] parameter(0)\n  ROOT r = f32[8] fusion(p0), kind=kLoop, "
                          "calls=e\n}") == where{error_id::hlo_call_cycle, 3, 49});
  STATIC_REQUIRE(error_of("g {\n  q = f32[8] parameter(0)\n  ROOT h = f32[8] call(q), to_apply=f\n}\nf {\n"
                          "  p = f32[8] parameter(0)\n  ROOT g = f32[8] call(p), to_apply=g\n}\nENTRY e {\n"
                          "  p0 = f32[8] parameter(0)\n  ROOT r = f32[8] call(p0), to_apply=f\n}") ==
                 where{error_id::hlo_call_cycle, 3, 37});
  // `  = f32[] parameter(0)`: no name at column 3.
  STATIC_REQUIRE(error_of("ENTRY e {\n  = f32[] parameter(0)\n}") ==
                 where{error_id::hlo_expected_name, 2, 3});
  // `  p = f32[] (0)`: no opcode at column 13.
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[] (0)\n}") == where{error_id::hlo_expected_name, 2, 13});
  // `  p f32[] parameter(0)`: '=' missing, f of f32 at column 5.
  STATIC_REQUIRE(error_of("ENTRY e {\n  p f32[] parameter(0)\n}") ==
                 where{error_id::unexpected_character, 2, 5});
  // The body never closes: the end of the text (line 3, column 1).
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[] parameter(0)\n") == where{error_id::unexpected_end, 3, 1});
  // An unterminated string: at its opening quote, line 2 column 42.
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[] parameter(0), backend_config=\"{\n}") ==
                 where{error_id::unexpected_end, 2, 42});
  // An unterminated comment at its '/', line 2 column 3.
  STATIC_REQUIRE(error_of("ENTRY e {\n  /* p = f32[] parameter(0)\n}") ==
                 where{error_id::unexpected_end, 2, 3});
  // Mismatched brackets inside a skipped value: the '}' at line 2, column 41 (a ')' was due).
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[] parameter(0), metadata={a=(1}\n}") ==
                 where{error_id::unexpected_character, 2, 41});
  // Shape errors keep the shape parser's id, at their place in the module text.
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f23[2] parameter(0)\n}") ==
                 where{error_id::unknown_element_type, 2, 7});
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[2,3]{1,1} parameter(0)\n}") ==
                 where{error_id::not_a_permutation, 2, 18});
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[2] parameter(0)\n  ROOT n = f32[2] negate(f32[2]{1} p)\n}") ==
                 where{error_id::dimension_out_of_range, 3, 33});
  // hlo_invalid_attribute: stride has one dimension, size two (at `stride`, column 59); a dim_labels without
  // f (at its value, column 51); dimensions without braces (column 46).
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[4,4] parameter(0)\n"
                          "  ROOT r = f32[2,4] reduce-window(p, p), window={size=2x1 stride=2}\n}") ==
                 where{error_id::hlo_invalid_attribute, 3, 59});
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[4,4] parameter(0)\n"
                          "  ROOT c = f32[4,4] convolution(p, p), dim_labels=b0_0io->b0f\n}") ==
                 where{error_id::hlo_invalid_attribute, 3, 51});
  STATIC_REQUIRE(
      error_of("ENTRY e {\n  p = f32[4,4] parameter(0)\n  ROOT t = f32[4,4] transpose(p), dimensions=1\n}") ==
      where{error_id::hlo_invalid_attribute, 3, 46});
  // A fine module parses: the fixed forms of the above.
  STATIC_REQUIRE(error_of("ENTRY e {\n  p = f32[4,4] parameter(0)\n"
                          "  ROOT r = f32[2,4] reduce-window(p, p), window={size=2x1 stride=2x1}\n}") ==
                 where{error_id::none, 0, 0});
  // Two fusions calling one computation (XLA's verifier ties a fused computation to one fusion): at the
  // second calls= value, line 8 `  ROOT g = f32[4] fusion(a), kind=kLoop, calls=f`, f at column 48; and
  // where the computation is defined after its callers, at the second caller's value too (line 4 `  g =
  // f32[4] fusion(a), kind=kLoop, calls=f`, column 43).
  STATIC_REQUIRE(
      error_of("f {\n  x = f32[4] parameter(0)\n  ROOT n = f32[4] negate(x)\n}\n"
               "ENTRY e {\n  p = f32[4] parameter(0)\n  a = f32[4] fusion(p), kind=kLoop, calls=f\n"
               "  ROOT g = f32[4] fusion(a), kind=kLoop, calls=f\n}") ==
      where{error_id::hlo_shared_fused_computation, 8, 48});
  STATIC_REQUIRE(
      error_of("ENTRY e {\n  p = f32[4] parameter(0)\n  a = f32[4] fusion(p), kind=kLoop, calls=f\n"
               "  g = f32[4] fusion(a), kind=kLoop, calls=f\n  ROOT t = (f32[4], f32[4]) tuple(a, g)\n}\n"
               "f {\n  x = f32[4] parameter(0)\n  ROOT n = f32[4] negate(x)\n}") ==
      where{error_id::hlo_shared_fused_computation, 4, 43});
  // Other calls may share a computation (two reduces, to_apply=add).
  STATIC_REQUIRE(
      error_of("add {\n  x = f32[] parameter(0)\n  y = f32[] parameter(1)\n  ROOT s = f32[] add(x, y)\n}\n"
               "ENTRY e {\n  p = f32[4] parameter(0)\n  z = f32[] constant(0)\n"
               "  r = f32[] reduce(p, z), dimensions={0}, to_apply=add\n"
               "  ROOT q = f32[] reduce(p, z), dimensions={0}, to_apply=add\n}") ==
      where{error_id::none, 0, 0});
}

TEST_CASE("parse: capacities: too many instructions, operands or called computations", "[hlo][parse]") {
  constexpr std::string_view three =
      "ENTRY e {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT c = f32[] add(a, b)\n}";
  // The third instruction does not fit: at its name, line 4 column 8.
  constexpr auto r2 = hlo::parse_module<hlo::basic_module<2, 1, 3, 64>>(three);
  STATIC_REQUIRE(r2.error() == hlo::parse_error{error_id::hlo_capacity_exceeded, 67, 4, 8});
  STATIC_REQUIRE(hlo::parse_module<hlo::basic_module<3, 1, 3, 64>>(three).has_value());
  // Three shapes needed; two given: at the third shape (line 4, column 12).
  STATIC_REQUIRE(hlo::parse_module<hlo::basic_module<3, 1, 2, 64>>(three).error().id ==
                 error_id::hlo_capacity_exceeded);
  // Characters: "e" "a" "parameter" "b" "parameter" "c" "add" = 25; 24 do not fit.
  STATIC_REQUIRE(hlo::parse_module<hlo::basic_module<3, 1, 3, 25>>(three).has_value());
  STATIC_REQUIRE(hlo::parse_module<hlo::basic_module<3, 1, 3, 24>>(three).error().id ==
                 error_id::hlo_capacity_exceeded);
  STATIC_REQUIRE(hlo::required_capacities(three).value() == hlo::module_capacities{3, 1, 3, 25, 0});
  // Five called computations (one more than instruction::called holds): at the fifth name.
  STATIC_REQUIRE(error_of("a {\n  ROOT x = f32[] parameter(0)\n}\nENTRY e {\n  p = s32[] parameter(0)\n"
                          "  ROOT c = f32[] conditional(p), branch_computations={a, a, a, a, a}\n}") ==
                 where{error_id::hlo_capacity_exceeded, 6, 67});
}

TEST_CASE("parse: more than 65,535 characters of names, as XLA's large modules have", "[hlo][parse]") {
  // 300 instructions whose names are 250 characters long: 75,000 characters and more (a 16-bit offset
  // refused them at any capacity, with advice to raise the capacities).
  std::string text = "HloModule big\nENTRY e {\n  p = f32[4]{0} parameter(0)\n";
  std::string previous = "p";
  for (int i = 0; i < 300; ++i) {
    const std::string name = "n" + std::to_string(i) + "_" + std::string(250, 'x');
    text += "  " + name + " = f32[4]{0} negate(" + previous + ")\n";
    previous = name;
  }
  text += "  ROOT r = f32[4]{0} negate(" + previous + ")\n}\n";
  const auto need = hlo::required_capacities(text);
  REQUIRE(need.has_value());
  CHECK(need->chars > 75000);
  auto m = std::make_unique<hlo::basic_module<512, 2, 512, 100000>>();
  const hlo::parse_error e = hlo::parse_module_into(text, *m);
  REQUIRE(e.id == error_id::none);
  // The last instructions' names read back whole (their offsets are past 65,535).
  const hlo::instruction& last = m->instructions[m->instructions.size() - 2];
  CHECK(m->text(last.name) == "n299_" + std::string(250, 'x'));
  CHECK(m->text(m->instructions.back().name) == "r");
}

TEST_CASE("parse: attributes of ops the analysis does not model, in the forms XLA's round-trip tests print",
          "[hlo][parse]") {
  // From XLA's parser tests: collective-permute's nested slice_sizes, a custom-call's literal (a shape, a
  // space, the value) and its dim_labels with '?'. The first two were expected_integer and
  // hlo_expected_name, the third hlo_invalid_attribute.
  const std::string text = R"(HloModule m
ENTRY e {
  input = f32[128,32]{0,1} parameter(0)
  output = f32[128,128]{0,1} parameter(1)
  c0 = s32[] constant(0)
  t1 = (s32[], s32[]) tuple(c0, c0)
  a = s32[2]{0} custom-call(), custom_call_target="foo\"bar", literal=s32[2]{0} {1, 2}
  b = f32[] custom-call(), custom_call_target="x", literal=f32[] 0.1
  c = f32[4]{0} custom-call(), window={size=2x2}, dim_labels=?b01f_0?1io->b01?f
  ROOT r = f32[128,128]{0,1} collective-permute(input, output, t1, t1), source_target_pairs={{0,1},{1,2}}, slice_sizes={{128,32}}
})";
  auto m = std::make_unique<hlo::module>();
  const hlo::parse_error e = hlo::parse_module_into(text, *m);
  INFO(e.name() << " at line " << e.line << ", column " << e.column);
  REQUIRE(e.id == error_id::none);
  CHECK(m->instructions.size() == 8);
  CHECK(m->text(m->instructions[7].opcode_name) == "collective-permute");
  // A modelled op still reads its attributes: a gather's slice_sizes is checked as a list of integers.
  CHECK(hlo::parse_module_into("ENTRY e {\n  p = f32[4]{0} parameter(0)\n  i = s32[1]{0} parameter(1)\n"
                               "  ROOT g = f32[1]{0} gather(p, i), slice_sizes={{1}}\n}",
                               *m)
            .id == error_id::expected_integer);
}

TEST_CASE("parse: describe() names the id, the line and the column", "[hlo][parse]") {
  constexpr auto e = parse("ENTRY e {\n  ROOT n = f32[] negate(q)\n}").error();
  STATIC_REQUIRE(
      hlo::describe(e) ==
      "[xlayout:hlo_unknown_operand] HLO text: the operand is no instruction defined earlier in its "
      "computation (line 2, column 25)");
}
