// requires: mdspan
// tests/interop/mdspan.cpp: xlayout layouts as std::mdspan layout policies (clang 19 + libc++ 19, C++23):
// the LayoutMapping requirements, every element against the Tensor, and the conversions both ways.
#include <catch2/catch.hpp>
#include <cstdint>
#include <mdspan>
#include <type_traits>
#include <vector>
#include <xlayout/interop/mdspan.hpp>
#include <xlayout/tensor/for_each.hpp>
#include <xlayout/tensor/tensor.hpp>

using namespace xlayout;

namespace {
template <class L>
using policy = mdspan_layout<L>;

// Every element: the mdspan's mapping gives the same linear index as the Tensor's.
template <class T, class M>
void check_same_offsets(const T& t, const M& m) {
  REQUIRE(static_cast<index_t>(m.required_span_size()) == t.required_span_size());
  REQUIRE(m.is_exhaustive() == (t.required_span_size() == t.size()));
  for_each_offset(t.mapping(), [&](const auto& idx, index_t offset) {
    if constexpr (T::rank() == 2) {
      REQUIRE(static_cast<index_t>(m(idx[0], idx[1])) == offset);
    } else {
      REQUIRE(static_cast<index_t>(m(idx[0], idx[1], idx[2])) == offset);
    }
  });
}
}  // namespace

TEST_CASE(
    "Tiled layout example through std::mdspan: element (2,3) of f32[3,5]{1,0:T(2,2)} is element 17 of the "
    "buffer",
    "[interop][mdspan][seed]") {
  float buf[24]{};
  std::mdspan<float, std::extents<int, 3, 5>, policy<Layout<"{1,0:T(2,2)}">>> m(buf);
  CHECK(&m[2, 3] == buf + 17);
  CHECK(m.mapping().required_span_size() == 24);
  STATIC_REQUIRE(decltype(m)::mapping_type{}(2, 3) == 17);
  STATIC_REQUIRE(!decltype(m)::is_always_exhaustive());
  STATIC_REQUIRE(!decltype(m)::is_always_strided());
  STATIC_REQUIRE(decltype(m)::is_always_unique());
}

TEST_CASE("the mapping meets the LayoutMapping requirements", "[interop][mdspan]") {
  using M = policy<Layout<"{1,0:T(8,128)}">>::mapping<std::extents<int, std::dynamic_extent, 256>>;
  STATIC_REQUIRE(std::is_nothrow_copy_constructible_v<M>);
  STATIC_REQUIRE(std::is_nothrow_move_assignable_v<M>);
  STATIC_REQUIRE(std::is_trivially_copyable_v<M>);
  STATIC_REQUIRE(std::equality_comparable<M>);
  STATIC_REQUIRE(std::is_same_v<M::index_type, int>);
  STATIC_REQUIRE(std::is_same_v<M::layout_type::mapping<M::extents_type>, M>);
  STATIC_REQUIRE(std::is_same_v<decltype(std::declval<M>()(1, 2)), int>);
  STATIC_REQUIRE(sizeof(M) == sizeof(int));  // only the dynamic extent
  const M m(std::extents<int, std::dynamic_extent, 256>(20));
  CHECK(m.extents().extent(0) == 20);
  CHECK(m.required_span_size() == 24 * 256);
  CHECK(!m.is_exhaustive());
  CHECK(!m.is_strided());
  CHECK(m == M(std::extents<int, std::dynamic_extent, 256>(20)));
  CHECK(!(m == M(std::extents<int, std::dynamic_extent, 256>(21))));
}

TEST_CASE("strided layouts: is_strided and stride() agree with layout_left/layout_right",
          "[interop][mdspan]") {
  using E = std::extents<int, 4, std::dynamic_extent, 6>;
  const E e(5);
  const policy<Layout<2, 1, 0>>::mapping<E> right(e);
  const std::layout_right::mapping<E> std_right(e);
  const policy<Layout<0, 1, 2>>::mapping<E> left(e);
  const std::layout_left::mapping<E> std_left(e);
  STATIC_REQUIRE(policy<Layout<2, 1, 0>>::mapping<E>::is_always_strided());
  STATIC_REQUIRE(policy<Layout<2, 1, 0>>::mapping<E>::is_always_exhaustive());
  CHECK(right.is_strided());
  CHECK(left.is_exhaustive());
  for (int r = 0; r < 3; ++r) {
    CHECK(right.stride(r) == std_right.stride(r));
    CHECK(left.stride(r) == std_left.stride(r));
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 6; ++k) {
        CHECK(right(i, j, k) == std_right(i, j, k));
        CHECK(left(i, j, k) == std_left(i, j, k));
      }
  // Padded dimensions ("Shapes and layout"): strided, not exhaustive.
  using P = policy<Layout<0, 1, pad(3, 5)>>::mapping<std::extents<int, 2, 3>>;
  STATIC_REQUIRE(P::is_always_strided());
  STATIC_REQUIRE(!P::is_always_exhaustive());
  CHECK(P{}.stride(1) == 3);
  // A tiled layout that does not reorder: strided for these extents (XLA's IsUntiledLayout example).
  STATIC_REQUIRE(policy<Layout<"{1,0:T(8,128)}">>::mapping<std::extents<int, 24, 128>>::is_always_strided());
}

TEST_CASE("every element through std::mdspan equals the Tensor's, on tiled and dynamic layouts",
          "[interop][mdspan]") {
  static float buf[1];
  check_same_offsets(Tensor<"f32[37,300]{1,0:T(8,128)(2,1)}">(buf),
                     policy<Layout<"{1,0:T(8,128)(2,1)}">>::mapping<std::extents<int, 37, 300>>{});
  check_same_offsets(Tensor<"f32[10,20,300]{2,1,0:T(*,2,128)}">(buf),
                     policy<Layout<"{2,1,0:T(*,2,128)}">>::mapping<std::extents<long, 10, 20, 300>>{});
  check_same_offsets(Tensor<"f32[?,300]{0,1:T(8,128)}">(buf, 37),
                     policy<Layout<"{0,1:T(8,128)}">>::mapping<std::dextents<std::size_t, 2>>(
                         std::dextents<std::size_t, 2>(37, 300)));
}

TEST_CASE("to_mdspan and to_tensor convert both ways over the same elements", "[interop][mdspan]") {
  std::vector<bf16_bits> buf(24 * 256);
  const Tensor<"bf16[?,256]{1,0:T(8,128)(2,1)}"> t(buf.data(), 20);
  auto m = to_mdspan(t);
  STATIC_REQUIRE(std::is_same_v<decltype(m)::element_type, bf16_bits>);
  CHECK(m.extent(0) == 20);
  CHECK(&m[19, 255] == &t(19, 255));
  const auto back = to_tensor(m);
  STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(back)>, std::remove_const_t<decltype(t)>>);
  CHECK(&back(7, 100) == &t(7, 100));
  const ConstTensor<"f32[3,5]{1,0:T(2,2)}"> c(reinterpret_cast<const float*>(buf.data()));
  CHECK(&to_mdspan(c)[2, 3] == c.data() + 17);
}
