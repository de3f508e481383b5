// static_tests/tensor/spellings.pass.cpp: the Tensor spellings of docs/design.md compile, agree (one type), and
// "Tiled layout"'s element (2,3) of f32[3,5]{1,0:T(2,2)} is element 17 of the buffer through each of them.
#include <type_traits>
#include <xlayout/tensor.hpp>

using namespace xlayout;

using A = Tensor<"f32[3,5]{1,0:T(2,2)}">;
using B = Tensor<F32, Extents<3, 5>, Layout<"{1,0:T(2,2)}">>;
using C = Tensor<F32, Extents<3, 5>, Layout<1, 0, T(2, 2)>>;
using D = Tensor<"bf16[?,256]{1,0:T(8,128)(2,1)}">;
static_assert(std::is_same_v<A, B> && std::is_same_v<B, C>);
static_assert(std::is_same_v<D, Tensor<BF16, Extents<dyn, 256>, Layout<1, 0, T(8, 128), T(2, 1)>>>);
static_assert(std::is_same_v<ConstTensor<"f32[3,5]{1,0:T(2,2)}">,
                             basic_tensor<const float, Extents<3, 5>, Layout<1, 0, T(2, 2)>>>);
static_assert(std::is_same_v<Tensor<"f32[3,5]">, Tensor<F32, Extents<3, 5>>>);  // XLA's default layout {1,0}

// Zero overhead in space: one pointer, plus one index_t per dynamic extent.
static_assert(sizeof(A) == sizeof(float*));
static_assert(sizeof(D) == sizeof(void*) + sizeof(index_t));
static_assert(sizeof(Tensor<"f32[?,?,?]{0,2,1}">) == sizeof(void*) + 3 * sizeof(index_t));
static_assert(std::is_trivially_copyable_v<A> && std::is_trivially_copyable_v<D>);

// XLA's "Tiled layout" example through every spelling, and through a static index.
constexpr bool tiled_layout_example() {
  float buf[24]{};
  A a(buf);
  B b(buf);
  C c(buf);
  a(2, 3) = 1;
  b(2, 3) += 1;
  c(std::integral_constant<int, 2>{}, std::integral_constant<int, 3>{}) += 1;
  ConstTensor<"f32[3,5]{1,0:T(2,2)}"> read = a;  // mutable converts to const
  return buf[17] == 3 && read(2, 3) == 3 && a.at(3, 0).error().id == error_id::index_out_of_range;
}
static_assert(tiled_layout_example());

// A dynamic extent given at construction.
constexpr bool dynamic_batch() {
  bf16_bits buf[8 * 256]{};
  D d(buf, 5);
  // (4,255): tile (0,1) of T(8,128) at 1024, then (4,127) in T(2,1): (2*128 + 127)*2 + 0 = 766.
  return d.extent(0) == 5 && d.required_span_size() == 8 * 256 && &d(4, 255) - buf == 1024 + 766;
}
static_assert(dynamic_batch());

// Const: no conversion back, no writes.
static_assert(!std::is_convertible_v<A::const_tensor, A>);
static_assert(std::is_same_v<decltype(std::declval<A::const_tensor>()(0, 0)), const float&>);
