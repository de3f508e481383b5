// examples/tensors.cpp: Tensor, the accessor a kernel author uses: the spellings, element access (plain,
// checked, compile-time indices), memory-order iteration, tiles, and element types that are not plain C++
// types (BF16, packed S4). docs/tensors.md quotes this file.
#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <xlayout/tensor.hpp>
using namespace xlayout;

// One tensor, three spellings, one type. It is a pointer and nothing else: the layout lives in the type.
using Tiled = Tensor<"f32[3,5]{1,0:T(2,2)}">;
static_assert(std::is_same_v<Tiled, Tensor<F32, Extents<3, 5>, Layout<"{1,0:T(2,2)}">>>);
static_assert(std::is_same_v<Tiled, Tensor<F32, Extents<3, 5>, Layout<1, 0, T(2, 2)>>>);
static_assert(sizeof(Tiled) == sizeof(float*));
static_assert(Tiled().required_span_size() == 24);  // 15 elements in 6 tiles of 4 slots

// A '?' extent is given at construction and is the only thing stored beside the pointer.
using Batch = Tensor<"bf16[?,256]{1,0:T(8,128)(2,1)}">;
static_assert(sizeof(Batch) == sizeof(void*) + sizeof(index_t));

int main() {
  float buffer[24] = {};
  const Tiled t(buffer);

  // t(i, j) is a float&; the index arithmetic is resolved at compile time (XLA's "Tiled layout" document:
  // (2,3) is slot 17).
  t(2, 3) = 1.5f;
  std::printf("t(2, 3) lives in slot %td\n", &t(2, 3) - buffer);

  // Compile-time indices fold to a constant offset (and an out-of-range one does not compile).
  const auto row = std::integral_constant<int, 2>{};
  std::printf("t(row, 3) with row a constant: %.1f\n", t(row, 3));

  // Checked access: an error value, never a trap.
  if (auto r = t.at(3, 0); !r) std::printf("t.at(3, 0): %s\n", error_name(r.error().id).data());

  // for_each visits the elements in memory order, tile by tile, skipping the padding slots.
  std::printf("memory order:");
  for_each(t, [&](const index_array<2>& idx, float& x) {
    x = static_cast<float>(10 * idx[0] + idx[1]);
    std::printf(" %lld%lld", static_cast<long long>(idx[0]), static_cast<long long>(idx[1]));
  });
  std::printf("\n");

  // The tiles: a grid of sub-tensors, each with static extents (2x2) and its own static layout.
  const auto grid = tiles(t);
  std::printf("tiles: %lld x %lld; tile (1,1) starts at element (%lld, %lld), its (0,1) is %.0f\n",
              static_cast<long long>(grid.extent(0)), static_cast<long long>(grid.extent(1)),
              static_cast<long long>(grid.origin({{1, 1}})[0]),
              static_cast<long long>(grid.origin({{1, 1}})[1]), grid(1, 1)(0, 1));

  // BF16 elements are stored as bf16_bits and converted explicitly.
  bf16_bits rows[8 * 256] = {};
  const Batch b(rows, 8);
  b(5, 130) = from_float<bf16_bits>(0.75f);
  std::printf("bf16 b(5, 130) = %.2f at slot %td\n", to_float(b(5, 130)), &b(5, 130) - rows);

  // S4 elements are packed two to a byte, the first in the low four bits (as XLA packs them); t(i) is
  // a proxy that reads and writes its four bits.
  std::uint8_t nibbles[4] = {};
  const Tensor<"s4[8]"> s(nibbles);
  s(0) = -3;
  s(1) = 7;
  std::printf("s4: s(0) = %d, s(1) = %d, byte 0 = 0x%02x\n", int{s(0)}, int{s(1)}, nibbles[0]);
}
