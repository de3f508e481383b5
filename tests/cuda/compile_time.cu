// tests/cuda/compile_time.cu: the compile-time side in a CUDA translation unit, as a kernel author who
// verifies layouts next to the kernel writes it: the README's first example, a shape spelled two ways,
// is_bitcast at a TPU size, indexing maps, and XLA's indexing analysis of an HLO module, all in
// static_asserts that nvcc's host pass re-prints (a type or value it cannot print back as C++ fails here, not
// in a user's build), and the maps' facts read in a kernel. Compiled by nvcc -std=c++20 -arch=sm_90
// (tests/cuda/CMakeLists.txt).
#include <xlayout/xlayout.hpp>

using namespace xlayout;

// The README's first example.
using Tiled = Shape<"f32[3,5]{1,0:T(2,2)}">;
static_assert(Tiled::linear_index(2, 3) == 17);
static_assert(Tiled::required_span_size() == 24);
static_assert(linear_index(shape_v<"f32[3,5]{1,0:T(2,2)}">, {2, 3}) == 17);
static_assert(std::is_same_v<Layout<"{1,0:T(2,2)}">, Layout<1, 0, T(2, 2)>>);

// One shape, two spellings, one type; a shape and a layout computed in C++.
using Spaced = Shape<"f32[3, 5]{1,0:T(2,2)}">;
static_assert(std::is_same_v<Tiled, Spaced>);
static_assert(Spaced::required_span_size() == 24);
static_assert(shape_type<make_shape(element_type::f32, {3, 5})>::rank() == 2);
static_assert(std::is_same_v<layout_type<make_layout({1, 0})>, Layout<1, 0>>);

// Verification at a TPU size: the repeated tiling holds bf16[1024,1024] in a different order than the plain
// one.
static_assert(!is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">, shape_v<"bf16[1024,1024]{1,0}">));
static_assert(is_bitcast(shape_v<"f32[8,128]{1,0:T(8,128)}">, shape_v<"f32[8,128]{1,0}">));

// Indexing maps: two spellings of one map, simplified.
using Digits =
    IndexingMap<"(d0, d1) -> (d0 floordiv 8, d1 mod 128), domain: d0 in [0, 1023], d1 in [0, 127]">;
using Packed = IndexingMap<"(d0,d1) -> (d0 floordiv 8, d1 mod 128), domain: d0 in [0, 1023], d1 in [0, 127]">;
static_assert(std::is_same_v<Digits, Packed>);
// d1 mod 128 is d1 on the domain.
static_assert(Packed::value ==
              indexing_map_v<"(d0, d1) -> (d0 floordiv 8, d1), domain: d0 in [0, 1023], d1 in [0, 127]">);

// XLA's "Indexing analysis" document: in p0 + transpose(p0), one output element reads p0 twice.
constexpr const auto& sum_with_transpose = hlo::module_v<R"(
  HloModule m
  ENTRY e {
    p0 = f32[100, 100] parameter(0)
    transpose_p0 = f32[100, 100]{0, 1} transpose(p0), dimensions={1, 0}
    ROOT a0 = f32[100, 100] add(p0, transpose_p0)
  })">;
constexpr auto reads = hlo::output_to_input<4>(sum_with_transpose);
static_assert(reads.count(0) == 2);
static_assert(reads.get(0, 1).map ==
              indexing_map_v<"(d0, d1) -> (d1, d0), domain: d0 in [0, 99], d1 in [0, 99]">);

// The facts in device code: constants of the types above (Shape<...>'s members are host functions: a kernel
// reads their results through constexpr variables, or uses a Tensor).
constexpr index_t tiled_span = Tiled::required_span_size();
__global__ void facts(index_t* out) {
  out[0] = Digits::num_results;
  out[1] = tiled_span;
  out[2] = Tensor<"f32[3,5]{1,0:T(2,2)}">(nullptr).mapping()(2, 3);  // 17, as Tiled::linear_index(2, 3)
}

void launch(index_t* out) { facts<<<1, 1>>>(out); }
