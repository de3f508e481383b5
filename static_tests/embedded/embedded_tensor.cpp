// static_tests/embedded/embedded_tensor.cpp: Tensor, for_each, tiles and element conversions as an embedded
// author uses them: compiled for a Cortex-M4 (and the host) without exceptions or RTTI, and checked to need
// no heap and no C++ run-time library (static_tests/embedded/CMakeLists.txt). The functions take run-time
// indices and buffers, so the accessors, the memory-order walk and the packed proxies are really emitted.
#include <cstdint>

#include <xlayout/tensor.hpp>

namespace {
using xlayout::index_t;
using Tiled = xlayout::Tensor<"f32[3,5]{1,0:T(2,2)}">;             // "Tiled layout"'s example
using Batch = xlayout::Tensor<"bf16[?,256]{1,0:T(8,128)(2,1)}">;   // a dynamic extent
using Nibbles = xlayout::Tensor<"s4[16,16]{1,0:T(2,8)}">;          // packed sub-byte elements
using Combined = xlayout::Tensor<"f32[4,6,32]{2,1,0:T(*,2,16)}">;  // '*' groups
static_assert(sizeof(Tiled) == sizeof(float*));
struct pointer_and_extent {  // what a dynamic extent costs: one index_t beside the pointer (and its
                             // alignment)
  void* data;
  index_t extent;
};
static_assert(sizeof(Batch) == sizeof(pointer_and_extent));
}  // namespace

extern "C" {

/// An element of that tensor at run-time indices (asserted in range).
float xlayout_embedded_tensor_element(float* buffer, std::int64_t i, std::int64_t j) {
  return Tiled(buffer)(i, j);
}

/// Checked access: the element, or -1 when the index is outside the tensor.
float xlayout_embedded_tensor_at(const float* buffer, std::int64_t i, std::int64_t j) {
  const auto r = xlayout::ConstTensor<"f32[3,5]{1,0:T(2,2)}">(buffer).at(i, j);
  return r ? static_cast<float>(r->get()) : -1.0f;
}

/// The sum of a batch of BF16 rows, walked in memory order (no division per element).
float xlayout_embedded_tensor_sum(const std::uint16_t* buffer, std::int64_t batch) {
  float sum = 0;
  const xlayout::ConstTensor<"bf16[?,256]{1,0:T(8,128)(2,1)}"> t(
      reinterpret_cast<const xlayout::bf16_bits*>(buffer), batch);
  xlayout::for_each(t, [&](const auto&, const xlayout::bf16_bits& x) { sum += xlayout::to_float(x); });
  return sum;
}

/// Writes i - j into every S4 element, through the packed proxy; returns element (i, j).
std::int32_t xlayout_embedded_tensor_nibbles(std::uint8_t* buffer, std::int64_t i, std::int64_t j) {
  const Nibbles t(buffer);
  xlayout::for_each(t, [](const auto& idx, auto x) { x = static_cast<std::int8_t>((idx[0] - idx[1]) % 8); });
  return t(i, j);
}

/// Copies a row-major f32[4,6,32] into its tiled layout, tile by tile; returns the number of tiles.
std::int64_t xlayout_embedded_tensor_relayout(const float* src, float* dst) {
  const xlayout::ConstTensor<"f32[4,6,32]"> from(src);
  const Combined to(dst);
  std::int64_t count = 0;
  xlayout::for_each(to, [&](const auto& idx, float& x) { x = from(idx); });
  xlayout::for_each_tile(xlayout::Tensor<"f32[64,256]{1,0:T(8,128)}">(dst),
                         [&](const auto&, const auto&) { ++count; });
  return count;
}

/// An F8E4M3FN value rounded from a float, and back.
float xlayout_embedded_tensor_f8(float x) {
  using E4M3 = xlayout::f8_bits<xlayout::element_type::f8e4m3fn>;
  return xlayout::to_float(xlayout::from_float<E4M3>(x));
}

}  // extern "C"
