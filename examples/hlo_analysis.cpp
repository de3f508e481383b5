// examples/hlo_analysis.cpp: XLA's indexing analysis of HLO, at compile time (hlo::module_v<"..."> and
// static_asserts on the maps) and at run time (hlo::parse_module on text known only then). docs/hlo.md
// quotes this file.
#include <cstdio>
#include <memory>
#include <string>
#include <xlayout/hlo.hpp>
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
#include <xlayout/text.hpp>
using namespace xlayout;

// One op, described directly: a transpose of f32[2,3] reads its operand at (d1, d0).
constexpr hlo::op transpose_op = [] {
  hlo::op o;
  o.code = hlo::opcode::transpose;
  o.results.push_back(shape_v<"f32[3,2]">);
  o.operands.push_back(shape_v<"f32[2,3]">);
  o.attrs.dimensions = {1, 0};
  return o;
}();
static_assert(hlo::output_to_input(transpose_op)[0].map ==
              indexing_map_v<"(d0, d1) -> (d1, d0), domain: d0 in [0, 2], d1 in [0, 1]">);

// XLA's "Indexing analysis" document: in p0 + transpose(p0), one output element reads p0 twice.
constexpr const auto& sum_with_transpose = hlo::module_v<R"(
  HloModule m
  ENTRY e {
    p0 = f32[1000, 1000] parameter(0)
    transpose_p0 = f32[1000, 1000]{0, 1} transpose(p0), dimensions={1, 0}
    ROOT a0 = f32[1000, 1000] add(p0, transpose_p0)
  })">;
constexpr auto reads = hlo::output_to_input<4>(sum_with_transpose);
static_assert(reads.count(0) == 2);
static_assert(reads.get(0, 0).map ==
              indexing_map_v<"(d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]">);
static_assert(reads.get(0, 1).map ==
              indexing_map_v<"(d0, d1) -> (d1, d0), domain: d0 in [0, 999], d1 in [0, 999]">);

int main() {
  // At run time: a module read from a file or a compiler dump. hlo::module holds about 1.4 MB: keep it off
  // the stack.
  const char* text = R"(
HloModule softmax
max { a = f32[] parameter(0)  b = f32[] parameter(1)  ROOT m = f32[] maximum(a, b) }
sum { x = f32[] parameter(0)  y = f32[] parameter(1)  ROOT s = f32[] add(x, y) }
ENTRY main {
  p0 = f32[8,256]{1,0:T(8,128)} parameter(0)
  neg_inf = f32[] constant(-inf)
  row_max = f32[8]{0} reduce(p0, neg_inf), dimensions={1}, to_apply=max
  max_b = f32[8,256]{1,0} broadcast(row_max), dimensions={0}
  shifted = f32[8,256]{1,0} subtract(p0, max_b)
  e = f32[8,256]{1,0} exponential(shifted)
  zero = f32[] constant(0)
  row_sum = f32[8]{0} reduce(e, zero), dimensions={1}, to_apply=sum
  sum_b = f32[8,256]{1,0} broadcast(row_sum), dimensions={0}
  ROOT out = f32[8,256]{1,0} divide(e, sum_b)
})";
  auto m = std::make_unique<hlo::module>();
  if (auto e = hlo::parse_module_into(text, *m); e.id != error_id::none) {
    std::printf("%s\n", hlo::describe(e).c_str());
    return 1;
  }
  auto maps = std::make_unique<hlo::fusion_indexing<>>();  // about 1 MB too
  if (hlo::output_to_input_into(*m, *maps).id != error_id::none) return 1;
  const auto& r = *maps;
  for (std::size_t p = 0; p < r.num_operands(); ++p) {
    std::printf("operand %zu (%s):\n", p, std::string(m->name_of(m->instructions[r.parameters[p]])).c_str());
    for (std::size_t k = 0; k < r.count(p); ++k) std::printf("  %s\n", to_string(r.get(p, k).map).c_str());
  }
  // Which element of p0's tiled buffer the element-wise read touches: the map composed with the layout.
  auto bytes = hlo::checked_physical_access(*m, r, 0, 0);
  if (!bytes) return 1;
  std::printf("offset in p0's buffer: %s\n", to_string(bytes->map).c_str());
}
