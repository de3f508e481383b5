// tests/tensor/view.cpp: the views of tensor/view.hpp, one by one: their types, extents, text and maps (the
// maps are XLA's output-to-input maps of indexing analysis: transpose, reshape, slice, reverse, broadcast,
// bitcast), composition (a view of a view is a view of the base; a reshape and its inverse compose to the
// identity), the required equality of a transposed tiled tensor with the tensor of the transposed layout,
// checked access, for_each, and map_view. The laws over many shapes and layouts are in views.cpp.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <limits>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>
#include <xlayout/static/indexing_map.hpp>
#include <xlayout/tensor/tensor.hpp>
#include <xlayout/tensor/view.hpp>

using namespace xlayout;

namespace {

// XLA's text of a view's map.
template <class V>
constexpr expr_text map_text() {
  return to_string(V::map());
}

}  // namespace

// --- the required results ---------------------------------------------------------------------------------

TEST_CASE("reshape chain 10x10x10 -> 50x20 -> 10x10x10 simplifies to the identity and is the base accessor",
          "[tensor][view]") {
  using C = Tensor<"f32[10,10,10]">;
  using V = decltype(reshape<10, 10, 10>(reshape<50, 20>(C{})));
  STATIC_REQUIRE(std::is_same_v<V::base_type, C>);
  STATIC_REQUIRE(V::is_identity);
  STATIC_REQUIRE(is_identity_map_v<V::map_type>);
  STATIC_REQUIRE(V::map() ==
                 indexing_map_v<"(d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 9], d1 in [0, 9], "
                                "d2 in [0, 9]">);
  // The middle view is not the identity: 50x20 reads the base through the reshape map.
  using M = decltype(reshape<50, 20>(C{}));
  STATIC_REQUIRE(!M::is_identity);
  STATIC_REQUIRE(map_text<M>() ==
                 "(d0, d1) -> (d0 / 5, (d0 mod 5) * 2 + d1 / 10, d1 mod 10), domain: d0 in [0, 49], "
                 "d1 in [0, 19]");
  STATIC_REQUIRE([] {
    float buf[1000]{};
    const C c(buf);
    const auto v = reshape<10, 10, 10>(reshape<50, 20>(c));
    for (index_t i = 0; i < 10; ++i)
      for (index_t j = 0; j < 10; ++j)
        for (index_t k = 0; k < 10; ++k)
          if (&v(i, j, k) != &c(i, j, k)) return false;
    return true;
  }());
}

TEST_CASE(
    "transpose of f32[256,512]{1,0:T(8,128)} has, element for element, the offsets of "
    "f32[512,256]{0,1:T(8,128)} (Tiled layout document: the layout names the same tiles)",
    "[tensor][view]") {
  using Base = Tensor<"f32[256,512]{1,0:T(8,128)}">;
  using Transposed = Tensor<"f32[512,256]{0,1:T(8,128)}">;
  using V = decltype(transpose<1, 0>(Base{}));
  STATIC_REQUIRE(std::is_same_v<V::extents_type, Extents<512, 256>>);
  STATIC_REQUIRE(map_text<V>() == "(d0, d1) -> (d1, d0), domain: d0 in [0, 511], d1 in [0, 255]");
  static float buf[256 * 512];
  const Base t(buf);
  const Transposed u(buf);
  const auto v = transpose<1, 0>(t);
  index_t mismatches = 0;
  for (index_t i = 0; i < 512; ++i)
    for (index_t j = 0; j < 256; ++j) mismatches += &v(i, j) != &u(i, j) ? 1 : 0;
  CHECK(mismatches == 0);
}

// --- each view --------------------------------------------------------------------------------------------

TEST_CASE("transpose: XLA's transpose map; to_string, extents, size, data", "[tensor][view]") {
  using Base = Tensor<"f32[2,3,4]{1,2,0:T(2,2)}">;
  using V = decltype(transpose<2, 0, 1>(Base{}));
  STATIC_REQUIRE(V::rank() == 3);
  STATIC_REQUIRE(V::rank_dynamic() == 0);
  STATIC_REQUIRE(std::is_same_v<V::extents_type, Extents<4, 2, 3>>);
  STATIC_REQUIRE(V::to_string() == "f32[4,2,3]");
  STATIC_REQUIRE(std::is_same_v<V::element_type, float>);
  STATIC_REQUIRE(std::is_same_v<V::reference, float&>);
  STATIC_REQUIRE(V::num_symbols == 0);
  STATIC_REQUIRE(sizeof(V) == sizeof(float*));
  STATIC_REQUIRE(std::is_trivially_copyable_v<V>);
  STATIC_REQUIRE(map_text<V>() ==
                 "(d0, d1, d2) -> (d1, d2, d0), domain: d0 in [0, 3], d1 in [0, 1], d2 in [0, 2]");
  STATIC_REQUIRE([] {
    float buf[Base().required_span_size()]{};
    const Base t(buf);
    const auto v = transpose<2, 0, 1>(t);
    v(3, 1, 2) = 5;
    return t(1, 2, 3) == 5 && v.data() == buf && v.size() == 24 && !v.empty() && v.extent(0) == 4 &&
           v.extents() == Extents<4, 2, 3>{} && v.base().data() == buf;
  }());
}

TEST_CASE("reshape: XLA's reshape map; both spellings; a tiled base", "[tensor][view]") {
  using Base = Tensor<"f32[4,6]{1,0:T(2,2)}">;
  using V = decltype(reshape<Extents<3, 8>>(Base{}));
  STATIC_REQUIRE(std::is_same_v<V, decltype(reshape<3, 8>(Base{}))>);
  STATIC_REQUIRE(V::to_string() == "f32[3,8]");
  STATIC_REQUIRE(map_text<V>() ==
                 "(d0, d1) -> ((d0 * 8 + d1) / 6, (d0 * 8 + d1) mod 6), domain: d0 in [0, 2], d1 in [0, 7]");
  STATIC_REQUIRE([] {
    float buf[24]{};
    const Base t(buf);
    const auto v = reshape<3, 8>(t);
    v(2, 1) = 3;  // row-major element 17: t(2, 5)
    return t(2, 5) == 3;
  }());
}

TEST_CASE("slice: XLA's slice map, start + i * stride; empty slices", "[tensor][view]") {
  using Base = Tensor<"f32[10,12]{0,1}">;
  using V = decltype(slice(Base{}, Slice<1, 10, 3>{}, Slice<4, 8>{}));
  STATIC_REQUIRE(std::is_same_v<V::extents_type, Extents<3, 4>>);
  STATIC_REQUIRE(map_text<V>() == "(d0, d1) -> (d0 * 3 + 1, d1 + 4), domain: d0 in [0, 2], d1 in [0, 3]");
  using E = decltype(slice(Base{}, Slice<3, 3>{}, Slice<0, 12>{}));
  STATIC_REQUIRE(std::is_same_v<E::extents_type, Extents<0, 12>>);
  STATIC_REQUIRE([] {
    float buf[120]{};
    const Base t(buf);
    const auto v = slice(t, Slice<1, 10, 3>{}, Slice<4, 8>{});
    v(2, 3) = 1;
    return t(7, 7) == 1 && slice(t, Slice<3, 3>{}, Slice<0, 12>{}).empty();
  }());
  // An index given as std::integral_constant (audit: no matching function): the dimension is dropped, as for
  // an integer; checked_slice refuses one outside the extent.
  STATIC_REQUIRE([] {
    float buf[120]{};
    const Base t(buf);
    const auto row = slice(t, std::integral_constant<int, 7>{}, Slice<0, 12>{});
    return decltype(row)::rank() == 1 && &row(5) == &t(7, 5) &&
           !checked_slice(t, std::integral_constant<int, 10>{}, Slice<0, 12>{}).has_value();
  }());
}

TEST_CASE("dynamic_slice: XLA's dynamic-slice map, starts held by the view and clamped as XLA clamps them",
          "[tensor][view]") {
  using Base = Tensor<"f32[8,6]{1,0:T(4,2)}">;
  using V = decltype(dynamic_slice<3, 4>(Base{}, 0, 0));
  STATIC_REQUIRE(std::is_same_v<V::extents_type, Extents<3, 4>>);
  STATIC_REQUIRE(V::stored_symbols == 2);
  STATIC_REQUIRE(V::num_symbols == 0);
  STATIC_REQUIRE(sizeof(V) == sizeof(float*) + 2 * sizeof(index_t));
  STATIC_REQUIRE(map_text<V>() ==
                 "(d0, d1){rt0, rt1} -> (d0 + rt0, d1 + rt1), domain: d0 in [0, 2], d1 in [0, 3], "
                 "rt0 in [0, 5], rt1 in [0, 2]");
  STATIC_REQUIRE([] {
    float buf[Base().required_span_size()]{};
    const Base t(buf);
    const auto v = dynamic_slice<3, 4>(t, 4, 1);
    const auto clamped = dynamic_slice<3, 4>(t, 7, -5);                // starts (5, 0)
    const auto inner = dynamic_slice<2, 2>(transpose<1, 0>(v), 1, 9);  // v^T is 4x3: starts (1, 1)
    return &v(2, 3) == &t(6, 4) && &clamped(0, 0) == &t(5, 0) && v.stored_symbol(0) == 4 &&
           clamped.stored_symbol(1) == 0 && &inner(1, 0) == &v(1, 2) && &inner(0, 1) == &t(6, 2);
  }());
  float buf[Base().required_span_size()]{};
  const auto v = dynamic_slice<3, 4>(Base(buf), 4, 1);
  CHECK(&v.at(2, 3).value().get() == &Base(buf)(6, 4));
  // Rank 5 (audit: more starts than the HLO layer's XLAYOUT_HLO_MAX_RT_VARS = 4 stopped it on
  // capacity_exceeded). Row-major f32[2,2,2,2,2]: (1, 0, 1, 0, 1) is at 16 + 4 + 1 = 21; a start of 7 clamps
  // to 1 (the extent 2 minus the size 1), -3 to 0.
  float five[32]{};
  const Tensor<"f32[2,2,2,2,2]"> t5(five);
  CHECK(&dynamic_slice<1, 1, 1, 1, 1>(t5, 1, 0, 1, 0, 1)(0, 0, 0, 0, 0) == five + 21);
  const auto v5 = dynamic_slice<1, 2, 1, 2, 1>(t5, 7, 0, -3, 5, 1);  // starts (1, 0, 0, 0, 1)
  for (index_t b = 0; b < 2; ++b) {
    for (index_t d = 0; d < 2; ++d) CHECK(&v5(0, b, 0, d, 0) == five + 16 + b * 8 + d * 2 + 1);
  }
}

TEST_CASE("reverse: XLA's reverse map, extent - 1 - i on the listed dimensions", "[tensor][view]") {
  using Base = Tensor<"f32[3,5]{1,0:T(2,2)}">;
  using V = decltype(reverse<1>(Base{}));
  STATIC_REQUIRE(map_text<V>() == "(d0, d1) -> (d0, -d1 + 4), domain: d0 in [0, 2], d1 in [0, 4]");
  STATIC_REQUIRE(map_text<decltype(reverse<>(Base{}))>() ==
                 "(d0, d1) -> (d0, d1), domain: d0 in [0, 2], d1 in [0, 4]");
  STATIC_REQUIRE([] {
    float buf[24]{};
    const Base t(buf);
    const auto v = reverse<0, 1>(t);
    v(0, 0) = 9;
    return t(2, 4) == 9;
  }());
}

TEST_CASE("broadcast: XLA's broadcast map; explicit and trailing dimensions; a scalar", "[tensor][view]") {
  using Base = Tensor<"f32[4]">;
  using V = decltype(broadcast<Extents<3, 4>, 1>(Base{}));
  STATIC_REQUIRE(decltype(broadcast<Extents<3, 4>>(Base{}))::map() == V::map());
  STATIC_REQUIRE(map_text<V>() == "(d0, d1) -> (d1), domain: d0 in [0, 2], d1 in [0, 3]");
  using W = decltype(broadcast<Extents<4, 3>, 0>(Base{}));
  STATIC_REQUIRE(map_text<W>() == "(d0, d1) -> (d0), domain: d0 in [0, 3], d1 in [0, 2]");
  using S = decltype(broadcast<Extents<2, 2>>(Tensor<"f32[]">{}));
  STATIC_REQUIRE(map_text<S>() == "(d0, d1) -> (), domain: d0 in [0, 1], d1 in [0, 1]");
  STATIC_REQUIRE([] {
    float buf[4] = {1, 2, 3, 4};
    const Base t(buf);
    const auto v = broadcast<Extents<3, 4>>(t);
    float scalar = 7;
    const auto s = broadcast<Extents<2, 2>>(Tensor<"f32[]">(&scalar));
    return v(2, 1) == 2 && &v(0, 3) == &v(1, 3) && v.size() == 12 && s(1, 1) == 7;
  }());
  // Dimensions in any order, as HLO's broadcast takes them (XLA's verifier checks sizes, not order): a
  // transposing broadcast of f32[4,8] to [8,3,4], v(i, k, j) == t(j, i) for every position.
  using T48 = Tensor<"f32[4,8]{0,1:T(2,2)}">;
  using X = decltype(broadcast<Extents<8, 3, 4>, 2, 0>(T48{}));
  STATIC_REQUIRE(map_text<X>() ==
                 "(d0, d1, d2) -> (d2, d0), domain: d0 in [0, 7], d1 in [0, 2], d2 in [0, 3]");
  STATIC_REQUIRE([] {
    float buf[32] = {};
    const T48 t(buf);
    const auto v = broadcast<Extents<8, 3, 4>, 2, 0>(t);
    for (index_t i = 0; i < 8; ++i)
      for (index_t k = 0; k < 3; ++k)
        for (index_t j = 0; j < 4; ++j)
          if (&v(i, k, j) != &t(j, i)) return false;
    return true;
  }());
}

TEST_CASE("bitcast: the buffer read as another shape; XLA's bitcast map or the reshape map (tiled)",
          "[tensor][view]") {
  using Tiled = Tensor<"f32[16,128]{1,0:T(8,128)}">;
  using V = decltype(bitcast<"f32[2,8,128]{2,1,0}">(Tiled{}));
  STATIC_REQUIRE(V::to_string() == "f32[2,8,128]");
  STATIC_REQUIRE(map_text<V>() ==
                 "(d0, d1, d2) -> (d0 * 8 + d1, d2), domain: d0 in [0, 1], d1 in [0, 7], d2 in [0, 127]");
  // Plain layouts: XLA's bitcast map (here a reshape).
  using W = decltype(bitcast<"f32[24]{0}">(Tensor<"f32[4,6]{1,0}">{}));
  STATIC_REQUIRE(map_text<W>() == "(d0) -> (d0 / 6, d0 mod 6), domain: d0 in [0, 23]");
  static float buf[2048];
  const Tiled t(buf);
  const auto v = bitcast<"f32[2,8,128]{2,1,0}">(t);
  index_t mismatches = 0;
  for (index_t i = 0; i < 2; ++i)
    for (index_t j = 0; j < 8; ++j)
      for (index_t k = 0; k < 128; ++k) mismatches += &v(i, j, k) != buf + (i * 8 + j) * 128 + k ? 1 : 0;
  CHECK(mismatches == 0);
}

TEST_CASE("composition: a view of a view is a view of the base, its map composed and simplified",
          "[tensor][view]") {
  using Base = Tensor<"f32[8,6]{1,0:T(4,2)}">;
  using V = decltype(reverse<0>(transpose<1, 0>(slice(Base{}, Slice<0, 8, 2>{}, Slice<1, 6>{}))));
  STATIC_REQUIRE(std::is_same_v<V::base_type, Base>);
  STATIC_REQUIRE(std::is_same_v<V::extents_type, Extents<5, 4>>);
  STATIC_REQUIRE(map_text<V>() == "(d0, d1) -> (d1 * 2, -d0 + 5), domain: d0 in [0, 4], d1 in [0, 3]");
  STATIC_REQUIRE(sizeof(V) == sizeof(float*));
  STATIC_REQUIRE([] {
    float buf[Base().required_span_size()]{};
    const Base t(buf);
    const auto v = reverse<0>(transpose<1, 0>(slice(t, Slice<0, 8, 2>{}, Slice<1, 6>{})));
    // v(i, j) = transposed(4 - i, j) = sliced(j, 4 - i) = t(2 * j, 5 - i)
    for (index_t i = 0; i < 5; ++i)
      for (index_t j = 0; j < 4; ++j)
        if (&v(i, j) != &t(2 * j, 5 - i)) return false;
    return true;
  }());
}

TEST_CASE("map_view: any map (type or value), symbols as extra arguments", "[tensor][view]") {
  using Base = Tensor<"f32[4,8]">;
  using M = IndexingMap<"(d0) -> (d0 floordiv 8, d0 mod 8), domain: d0 in [0, 31]">;
  using V = decltype(map_view<M>(Base{}));
  STATIC_REQUIRE(std::is_same_v<V::extents_type, Extents<32>>);
  STATIC_REQUIRE(std::is_same_v<decltype(map_view<M::value>(Base{}))::extents_type, Extents<32>>);
  using S =
      decltype(map_view<IndexingMap<"(d0)[s0] -> (s0, d0), domain: d0 in [0, 7], s0 in [0, 3]">>(Base{}));
  STATIC_REQUIRE(S::rank() == 1);
  STATIC_REQUIRE(S::num_symbols == 1);
  STATIC_REQUIRE([] {
    float buf[32]{};
    const Base t(buf);
    const auto v = map_view<M>(t);
    const auto row = map_view<IndexingMap<"(d0)[s0] -> (s0, d0), domain: d0 in [0, 7], s0 in [0, 3]">>(t);
    v(19) = 4;
    return t(2, 3) == 4 && row(3, 2) == 4 && &transpose<0>(v)(19) == &t(2, 3);
  }());
}

TEST_CASE("checked access: at() gives the element or index_out_of_range / index_rank_mismatch",
          "[tensor][view]") {
  float buf[24]{};
  const Tensor<"f32[3,5]{1,0:T(2,2)}"> t(buf);
  const auto v = transpose<1, 0>(t);
  auto r = v.at(3, 2);
  REQUIRE(r.has_value());
  CHECK(&r.value().get() == &t(2, 3));
  CHECK(v.at(5, 0).error().id == error_id::index_out_of_range);
  CHECK(v.at(-1, 0).error().id == error_id::index_out_of_range);
  const index_t three[] = {0, 0, 0};
  CHECK(v.at(three, 3).error().id == error_id::index_rank_mismatch);
  CHECK(&v(index_array<2>{{3, 2}}) == &t(2, 3));
  CHECK(&v[index_array<2>{{3, 2}}] == &t(2, 3));
  CHECK(&v(std::integral_constant<int, 3>{}, 2) == &t(2, 3));
#if defined(__cpp_multidimensional_subscript) && __cpp_multidimensional_subscript >= 202110L
  CHECK(&v[3, 2] == &t(2, 3));  // C++23, as for a Tensor
#endif
  // A map with a symbol: the indices, then the symbol's value, each checked (row s0 of f32[3,5] tiled).
  const auto row = map_view<IndexingMap<"(d0)[s0] -> (s0, d0), domain: d0 in [0, 4], s0 in [0, 2]">>(t);
  REQUIRE(row.at(4, 2).has_value());
  CHECK(&row.at(4, 2).value().get() == &t(2, 4));
  CHECK(row.at(4, 3).error().id == error_id::view_map_out_of_range);
  CHECK(row.at(4, -1).error().id == error_id::view_map_out_of_range);
  CHECK(row.at(5, 0).error().id == error_id::index_out_of_range);
  const index_t one[] = {1};
  CHECK(row.at(one, 1).error().id == error_id::index_rank_mismatch);
}

namespace {
/// Visits v with for_each and checks: every position once, each element the one v(index) reads; returns the
/// visited positions (row-major numbers) and whether the elements' addresses increased throughout.
template <class V>
std::pair<std::vector<index_t>, bool> visit_order(const V& v) {
  std::vector<index_t> order;
  const float* previous = nullptr;
  bool increasing = true;
  for_each(v, [&](const index_array<V::rank()>& idx, float& x) {
    index_t id = 0;
    for (std::size_t d = 0; d < V::rank(); ++d) {
      REQUIRE(idx[d] >= 0);
      REQUIRE(idx[d] < v.extent(d));
      id = id * v.extent(d) + idx[d];
    }
    REQUIRE(&x == &v(idx));
    increasing = increasing && (previous == nullptr || &x > previous);
    previous = &x;
    order.push_back(id);
  });
  std::vector<index_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  REQUIRE(sorted.size() == static_cast<std::size_t>(v.size()));
  for (std::size_t k = 0; k < sorted.size(); ++k) REQUIRE(sorted[k] == static_cast<index_t>(k));
  return {order, increasing};
}
bool row_major(const std::vector<index_t>& order) {
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (order[k] != static_cast<index_t>(k)) return false;
  }
  return true;
}
}  // namespace

TEST_CASE(
    "for_each visits every element of a view once: in the base's memory order for transposes and reverses, "
    "in row-major order of the view otherwise",
    "[tensor][view]") {
  float buf[12 * 16]{};  // u below spans 144 slots (it was 128: a C array is now checked)
  const Tensor<"f32[3,5]{1,0:T(2,2)}"> t(buf);
  // A transpose of T(2,2) in memory order: tile by tile, (0,0) (1,0) (0,1) (1,1) (2,0) ...
  const auto [order, increasing] = visit_order(transpose<1, 0>(t));
  CHECK(increasing);
  CHECK(order == std::vector<index_t>{0, 3, 1, 4, 6, 9, 7, 10, 12, 13, 2, 5, 8, 11, 14});
  for (const auto& [o, inc] : {visit_order(reverse<0, 1>(t)), visit_order(reverse<1>(transpose<1, 0>(t))),
                               visit_order(transpose<1, 0>(reverse<0>(t)))}) {
    CHECK(inc);
    CHECK(!row_major(o));
  }
  const Tensor<"f32[4,6,5]{0,2,1:T(2,2)}"> u(buf);
  CHECK(visit_order(reverse<2>(transpose<2, 0, 1>(u))).second);
  CHECK(visit_order(transpose<1, 2, 0>(reverse<0, 1>(u))).second);
  // Size-1 base dimensions (audit: the map reads them as the constant 0, and these walked row-major). Memory
  // order is increasing addresses; visit_order checks every element once at its address.
  CHECK(visit_order(transpose<0, 2, 1>(Tensor<"f32[1,4,8]{2,1,0:T(2,4)}">(buf))).second);
  CHECK(visit_order(reverse<0>(Tensor<"f32[3,1,2]">(buf))).second);
  CHECK(visit_order(transpose<2, 1, 0>(Tensor<"f32[3,1,2]">(buf))).second);
  CHECK(visit_order(transpose<2, 1, 0>(Tensor<"f32[1,5,1]">(buf))).second);
  CHECK(visit_order(reverse<1>(transpose<1, 0, 2>(Tensor<"f32[1,3,2]{2,1,0:T(2,2)}">(buf)))).second);
  // '?' extents keep memory order through a transpose and a reverse of a static extent
  const Tensor<F32, Extents<dyn, 8>, Layout<"{0,1:T(2,4)}">> d(buf, 5);
  CHECK(visit_order(reverse<0>(transpose<1, 0>(d))).second);
  // Other views: row-major order of the view (a slice to the whole extent is a permutation too)
  CHECK(row_major(visit_order(slice(t, Slice<0, 2>{}, Slice<1, 5>{})).first));
  CHECK(row_major(visit_order(reshape<5, 3>(t)).first));
  CHECK(row_major(visit_order(slice(transpose<1, 0>(t), Slice<0, 5>{}, Slice<0, 2>{})).first));
  CHECK(row_major(visit_order(reverse<0>(d)).first));  // a '?' extent reversed: through a symbol
  CHECK(visit_order(slice(t, Slice<0, 3>{}, Slice<0, 5>{})).second);  // the identity: memory order
  int broadcast_visits = 0;
  for_each(broadcast<Extents<2, 3, 5>>(t), [&](const auto&, float&) { ++broadcast_visits; });
  CHECK(broadcast_visits == 30);
  for_each(slice(t, Slice<1, 1>{}, Slice<0, 5>{}), [&](const auto&, float&) { FAIL("empty"); });
  for_each(transpose<1, 0>(slice(d, runtime_slice{2, 2, 1}, Slice<0, 8>{})),
           [&](const auto&, float&) { FAIL("empty"); });
}

TEST_CASE("views of read-only tensors give read-only elements; views of BF16 and S4 tensors",
          "[tensor][view]") {
  STATIC_REQUIRE(
      std::is_same_v<decltype(transpose<1, 0>(ConstTensor<"f32[2,3]">{}))::reference, const float&>);
  bf16_bits rows[16 * 256] = {};
  const Tensor<"bf16[16,256]{1,0:T(8,128)(2,1)}"> b(rows);
  const auto bt = transpose<1, 0>(b);
  bt(130, 5) = from_float<bf16_bits>(0.75f);
  CHECK(to_float(b(5, 130)) == 0.75f);
  std::uint8_t nibbles[4] = {};
  const Tensor<"s4[8]"> s(nibbles);
  const auto r = reverse<0>(s);
  r(0) = -3;
  CHECK(int{s(7)} == -3);
}

// --- tensors with '?' extents ------------------------------------------------------------------------------

TEST_CASE(
    "views of f32[?,8,16]: types, text, maps, held extents and symbols, at, for_each, base_index, offset",
    "[tensor][view][dynamic]") {
  static float buf[8 * 8 * 16];
  const Tensor<"f32[?,8,16]{2,1,0:T(4,8)}"> t(buf, 5);
  const auto tt = transpose<2, 0, 1>(t);
  using TT = std::remove_const_t<decltype(tt)>;
  STATIC_REQUIRE(std::is_same_v<TT::extents_type, Extents<16, dyn, 8>>);
  STATIC_REQUIRE(TT::rank_dynamic() == 1);
  STATIC_REQUIRE(TT::to_string() == "f32[16,?,8]");
  STATIC_REQUIRE(sizeof(TT) == sizeof(t) + sizeof(index_t));  // the base, and the view's own '?' extent
  CHECK(tt.extent(1) == 5);
  CHECK(tt.size() == 5 * 8 * 16);
  CHECK(&tt(15, 4, 7) == &t(4, 7, 15));

  const auto r = reverse<0>(t);  // the '?' extent - 1 held as a symbol
  using R = std::remove_const_t<decltype(r)>;
  STATIC_REQUIRE(R::stored_symbols == 1);
  CHECK(std::string_view(map_text<R>().view()).starts_with("(d0, d1, d2){rt0} -> (-d0 + rt0, d1, d2)"));
  CHECK(r.stored_symbol(0) == 4);
  CHECK(&r(0, 1, 2) == &t(4, 1, 2));

  const auto rs = reshape<dyn, 128>(t);
  STATIC_REQUIRE(decltype(rs)::to_string() == "f32[?,128]");
  CHECK(std::string_view(map_text<std::remove_const_t<decltype(rs)>>().view())
            .starts_with("(d0, d1) -> (d0, d1 / 16, d1 mod 16)"));
  CHECK(&rs(3, 100) == &t(3, 6, 4));

  // slice: a run-time range gives a '?' extent, an index drops the dimension; clamped stride, empty range
  const auto s = slice(t, runtime_slice{1, 5, 3}, 6, Slice<2, 16, 4>{});
  using S = std::remove_const_t<decltype(s)>;
  STATIC_REQUIRE(std::is_same_v<S::extents_type, Extents<dyn, 4>>);
  CHECK(s.extent(0) == 2);
  CHECK(&s(1, 3) == &t(4, 6, 14));
  const auto far = slice(t, runtime_slice{2, 3, 1000}, Slice<0, 8>{}, Slice<0, 16>{});
  CHECK(far.extent(0) == 1);
  CHECK(&far(0, 1, 1) == &t(2, 1, 1));
  const auto none = slice(t, runtime_slice{5, 5, 1}, 0, 0);
  CHECK(none.empty());
  for_each(none, [](const auto&, float&) { FAIL("empty"); });

  // checked access and for_each read the view's run-time extents
  CHECK(&s.at(1, 3).value().get() == &t(4, 6, 14));
  CHECK(s.at(2, 0).error().id == error_id::index_out_of_range);
  CHECK(s.at(0, 4).error().id == error_id::index_out_of_range);
  const index_t one[] = {0};
  CHECK(s.at(one, 1).error().id == error_id::index_rank_mismatch);
  int visits = 0;
  for_each(tt, [&](const index_array<3>& i, float& x) {
    CHECK(&x == &t(i[1], i[2], i[0]));
    ++visits;
  });
  CHECK(visits == 5 * 8 * 16);

  // base_index and offset: the base's index and its slot
  CHECK(s.base_index(1, 3) == index_array<3>{{4, 6, 14}});
  CHECK(s.offset(1, 3) == &t(4, 6, 14) - buf);
  CHECK(s.base_index(index_array<2>{{1, 3}}) == index_array<3>{{4, 6, 14}});
  CHECK(s.offset(index_array<2>{{1, 3}}) == &t(4, 6, 14) - buf);
  CHECK(tt.offset(index_array<3>{{14, 4, 6}}) == &t(4, 6, 14) - buf);

  // dynamic_slice clamps with the run-time extent; broadcast keeps the '?'
  const auto ds = dynamic_slice<2, 8, 16>(t, 9, 0, 0);
  CHECK(ds.stored_symbol(0) == 3);
  const auto b = broadcast<Extents<3, dyn, 8, 16>, 1, 2, 3>(t);
  STATIC_REQUIRE(!decltype(b)::is_injective);
  STATIC_REQUIRE(TT::is_injective);
  CHECK(b.extent(1) == 5);
  CHECK(&b(2, 4, 1, 1) == &t(4, 1, 1));
}

TEST_CASE(
    "broadcast to new '?' dimensions: their extents given at run time, every element the base's at the "
    "dimensions the broadcast keeps",
    "[tensor][view][dynamic]") {
  float buf[4 * 8]{};
  for (int k = 0; k < 32; ++k) buf[k] = static_cast<float>(k);
  const Tensor<"f32[4,8]{0,1:T(2,4)}"> t(buf);
  const auto check = [&](const auto& v, index_t n, index_t m) {
    using V = std::remove_cvref_t<decltype(v)>;
    STATIC_REQUIRE(std::is_same_v<typename V::extents_type, Extents<dyn, 4, dyn, 8>>);
    REQUIRE(v.extent(0) == n);
    REQUIRE(v.extent(2) == m);
    index_t visits = 0;
    for (index_t a = 0; a < n; ++a)
      for (index_t i = 0; i < 4; ++i)
        for (index_t b = 0; b < m; ++b)
          for (index_t j = 0; j < 8; ++j) {
            CHECK(&v(a, i, b, j) == &t(i, j));
            ++visits;
          }
    index_t each = 0;
    for_each(v, [&](const index_array<4>& idx, float& x) {
      CHECK(&x == &t(idx[1], idx[3]));
      ++each;
    });
    CHECK(each == visits);
    CHECK(v.size() == n * 4 * m * 8);
  };
  check(broadcast<Extents<dyn, 4, dyn, 8>, 1, 3>(t, 3, 2), 3, 2);
  check(broadcast<Extents<dyn, 4, dyn, 8>, 1, 3>(t, 1, 5), 1, 5);
  check(broadcast<Extents<dyn, 4, dyn, 8>, 1, 3>(t, 0, 5), 0, 5);  // empty
  const auto v = broadcast<Extents<dyn, 4, dyn, 8>, 1, 3>(t, 2, 3);
  STATIC_REQUIRE(!decltype(v)::is_injective);
  // A view of it: the '?' extents follow the dimensions; a transpose of the broadcast of a transpose.
  const auto w = transpose<3, 2, 1, 0>(broadcast<Extents<dyn, 8, dyn, 4>, 1, 3>(transpose<1, 0>(t), 2, 3));
  REQUIRE(w.extent(0) == 4);
  REQUIRE(w.extent(1) == 3);
  REQUIRE(w.extent(3) == 2);
  for (index_t i = 0; i < 4; ++i)
    for (index_t j = 0; j < 8; ++j) CHECK(&w(i, 2, j, 1) == &t(i, j));
  // The trailing form (no dimensions named) takes the new '?' extents too.
  const auto r = broadcast<Extents<dyn, 4, 8>>(t, 6);
  CHECK(r.extent(0) == 6);
  CHECK(&r(5, 3, 7) == &t(3, 7));
}

TEST_CASE("a view of a '?'-extent view composes: reverse(transpose(runtime slice)) of f32[?,?]",
          "[tensor][view][dynamic]") {
  float buf[7 * 9]{};
  const Tensor<F32, Extents<dyn, dyn>> t(buf, 7, 9);
  const auto v = reverse<0, 1>(transpose<1, 0>(slice(t, runtime_slice{1, 7, 2}, runtime_slice{0, 9, 4})));
  REQUIRE(v.extent(0) == 3);
  REQUIRE(v.extent(1) == 3);
  for (index_t i = 0; i < 3; ++i)
    for (index_t j = 0; j < 3; ++j) CHECK(&v(i, j) == &t(1 + 2 * (2 - j), 4 * (2 - i)));
}

TEST_CASE(
    "checked_slice: the view where slice's run-time preconditions hold, else view_invalid_slice at the first "
    "failing dimension (every start, limit and stride in [-1, extent + 1], and every index)",
    "[tensor][view][dynamic][error]") {
  float buf[5 * 8]{};
  const Tensor<F32, Extents<dyn, 8>> t(buf, 5);  // f32[?,8]{1,0}
  const auto valid = [](index_t start, index_t limit, index_t stride, index_t extent) {
    return 0 <= start && start <= limit && limit <= extent && stride >= 1;
  };
  int views = 0, errors = 0;
  for (index_t start = -1; start <= 6; ++start) {
    for (index_t limit = -1; limit <= 6; ++limit) {
      for (index_t stride = -1; stride <= 6; ++stride) {
        for (index_t row = -1; row <= 8; ++row) {
          const auto v = checked_slice(t, runtime_slice{start, limit, stride}, row);
          const bool range_ok = valid(start, limit, stride, 5), row_ok = 0 <= row && row < 8;
          INFO("[" << start << ":" << limit << ":" << stride << "], " << row);
          REQUIRE(v.has_value() == (range_ok && row_ok));
          if (!v) {
            CHECK(v.error().id == error_id::view_invalid_slice);
            CHECK(v.error().position == (range_ok ? 1 : 0));
            ++errors;
            continue;
          }
          const index_t n = limit > start ? (limit - start + stride - 1) / stride : 0;
          REQUIRE(v->extent(0) == n);
          for (index_t i = 0; i < n; ++i) CHECK(&(*v)(i) == &t(start + i * stride, row));
          ++views;
        }
      }
    }
  }
  CHECK(views > 100);
  CHECK(errors > 1000);
  // A static limit past a '?' extent: a run-time check too.
  CHECK(checked_slice(t, Slice<0, 6>{}, Slice<0, 8>{}).error().position == 0);
  CHECK(checked_slice(t, Slice<0, 5>{}, Slice<0, 8>{}).has_value());
  // A view's map gives a '?' extent the range [0, 2^32 - 1]: a larger one is view_dynamic_extents (the
  // tensor is never read: a view of it is not made).
  const Tensor<"f32[?,8]"> huge(static_cast<float*>(nullptr), index_t{1} << 32);
  const auto h = checked_slice(huge, Slice<0, 1>{}, Slice<0, 8>{});
  REQUIRE_FALSE(h.has_value());
  CHECK(h.error().id == error_id::view_dynamic_extents);
  CHECK(h.error().position == 0);
  const Tensor<"f32[?,8]"> below(static_cast<float*>(nullptr), (index_t{1} << 32) - 1);
  CHECK(checked_slice(below, Slice<0, 1>{}, Slice<0, 8>{}).has_value());
  // Strides and limits at the int64 edge (a new-user audit: limit - start + stride - 1 wrapped, giving 0
  // rows for a stride of INT64_MAX and -2^62 for [0:INT64_MAX:2]). The expected extents are
  // ceil((limit - start) / stride), worked by hand.
  constexpr index_t max = std::numeric_limits<index_t>::max();
  const auto one = checked_slice(t, runtime_slice{0, 5, max}, 3);
  REQUIRE(one.has_value());
  CHECK(one->extent(0) == 1);
  CHECK(&(*one)(0) == &t(0, 3));
  CHECK(slice(t, runtime_slice{4, 5, max}, 3).extent(0) == 1);
  CHECK(slice(t, runtime_slice{1, 5, max - 1}, 3).extent(0) == 1);
  // A runtime_slice's extent is '?', which a view takes below 2^32: ceil((2^63 - 1) / 2^31) is 2^32, one
  // too many; with a stride of 2^31 + 1 it is 2^32 - 1.
  const Tensor<"f32[9223372036854775807]"> longest(static_cast<float*>(nullptr));
  for (const index_t stride : {index_t{2}, index_t{1} << 31, index_t{1}}) {
    const auto v = checked_slice(longest, runtime_slice{0, max, stride});
    REQUIRE_FALSE(v.has_value());
    CHECK(v.error().id == error_id::view_dynamic_extents);
    CHECK(v.error().position == 0);
  }
  CHECK(checked_slice(longest, runtime_slice{0, max, (index_t{1} << 31) + 1})->extent(0) ==
        (index_t{1} << 32) - 1);
  CHECK(checked_slice(longest, runtime_slice{0, max, max})->extent(0) == 1);
  CHECK(checked_slice(longest, runtime_slice{0, max, max - 1})->extent(0) == 2);
  CHECK(checked_slice(longest, runtime_slice{1, max, max - 1})->extent(0) == 1);
}

TEST_CASE(
    "checked_transpose, _reshape, _reverse, _dynamic_slice, _broadcast, _map_view: the view, or the error "
    "its "
    "run-time precondition would assert, at the dimension it is about",
    "[tensor][view][dynamic][error]") {
  // Extents that arrive at run time (a custom call's): f32[?,8] with 5 rows, and a runtime_tensor.
  float buf[5 * 8]{};
  const Tensor<F32, Extents<dyn, 8>> t(buf, 5);
  const auto rt = make_runtime_tensor<2>(buf, "f32[5,8]{0,1}").value();
  // Valid: the same element as the unchecked view, at every position.
  const auto same_elements = [](const auto& checked, const auto& plain) {
    REQUIRE(checked.has_value());
    REQUIRE(checked->size() == plain.size());
    for (std::size_t d = 0; d < plain.rank(); ++d) REQUIRE(checked->extent(d) == plain.extent(d));
    index_t n = 0;
    for_each(plain, [&](const auto& idx, float& x) {
      CHECK(&(*checked)(idx) == &x);
      ++n;
    });
    CHECK(n == plain.size());
  };
  same_elements(checked_transpose<1, 0>(t), transpose<1, 0>(t));
  same_elements(checked_transpose<1, 0>(rt), transpose<1, 0>(rt));
  same_elements(checked_reverse<0>(rt), reverse<0>(rt));
  same_elements(checked_reshape<dyn, 2, 4>(t), reshape<dyn, 2, 4>(t));  // a '?' extent maps through unchanged
  same_elements(checked_reshape<Extents<dyn, dyn>>(rt), reshape<Extents<dyn, dyn>>(rt));
  same_elements(checked_dynamic_slice<2, 3>(rt, 4, 7), dynamic_slice<2, 3>(rt, 4, 7));  // clamped to (3, 5)
  same_elements(checked_broadcast<Extents<dyn, 8>, 1>(Tensor<"f32[8]">(buf), 3),
                broadcast<Extents<dyn, 8>, 1>(Tensor<"f32[8]">(buf), 3));
  using half_rows = IndexingMap<"(d0, d1) -> (d0 * 2, d1), domain: d0 in [0, 2], d1 in [0, 7]">;
  same_elements(checked_map_view<half_rows>(t), map_view<half_rows>(t));
  // A dynamic_slice size above a '?' extent (5 rows): view_invalid_slice at dimension 0.
  const auto tall = checked_dynamic_slice<6, 8>(t, 0, 0);
  REQUIRE_FALSE(tall.has_value());
  CHECK(tall.error() == error{error_id::view_invalid_slice, 0});
  CHECK(checked_dynamic_slice<5, 9>(rt, 0, 0).error() == error{error_id::view_invalid_slice, 1});
  // A broadcast's new '?' extent outside [0, 2^32): view_invalid_dimensions (audit: -3 gave a view of
  // size -45 with NDEBUG).
  for (const index_t n : {index_t{-3}, index_t{1} << 32, std::numeric_limits<index_t>::min()}) {
    INFO(n);
    const auto b = checked_broadcast<Extents<dyn, dyn, 8>, 2>(Tensor<"f32[8]">(buf), n, 2);
    REQUIRE_FALSE(b.has_value());
    CHECK(b.error().id == error_id::view_invalid_dimensions);
  }
  CHECK(checked_broadcast<Extents<dyn, dyn, 8>, 2>(Tensor<"f32[8]">(buf), 0, 2).has_value());
  // A map whose results leave a '?' extent: rows 0, 2, 4, 6 of 5.
  using four_rows = IndexingMap<"(d0, d1) -> (d0 * 2, d1), domain: d0 in [0, 3], d1 in [0, 7]">;
  CHECK(checked_map_view<four_rows>(t).error().id == error_id::view_map_out_of_range);
  CHECK(checked_map_view<four_rows>(rt).error().id == error_id::view_map_out_of_range);
  // A '?' extent of 2^32 or more (a 16 GiB f32 tensor): view_dynamic_extents at its dimension, for every view
  // (the tensor is never read).
  const Tensor<"f32[8,?]"> huge(static_cast<float*>(nullptr), index_t{1} << 33);
  CHECK(checked_transpose<1, 0>(huge).error() == error{error_id::view_dynamic_extents, 1});
  CHECK(checked_reverse<0>(huge).error() == error{error_id::view_dynamic_extents, 1});
  CHECK(checked_reshape<8, dyn>(huge).error() == error{error_id::view_dynamic_extents, 1});
  const auto big = make_runtime_tensor<2>(static_cast<float*>(nullptr), "f32[8589934592,2]").value();
  CHECK(checked_transpose<1, 0>(big).error() == error{error_id::view_dynamic_extents, 0});
  // A broadcast whose positions pass int64: view_size_overflow.
  CHECK(checked_broadcast<Extents<dyn, dyn, 8>, 2>(Tensor<"f32[8]">(buf), (index_t{1} << 32) - 1,
                                                   (index_t{1} << 32) - 1)
            .error()
            .id == error_id::view_size_overflow);
}

TEST_CASE("a view's size() is its number of positions, at the edge of int64 too", "[tensor][view][error]") {
  // A broadcast of f32[2^31] to [2^31, 2^32 - 1] has 2^31 * (2^32 - 1) < 2^63 positions; the '?' extent
  // is at the largest a view takes.
  const Tensor<"f32[2147483648]"> t(static_cast<float*>(nullptr));
  const index_t n = (index_t{1} << 32) - 1;
  const auto v = broadcast<Extents<2147483648, dyn>, 0>(t, n);
  CHECK(v.size() == (index_t{1} << 31) * n);
  CHECK_FALSE(v.empty());
  const auto e = broadcast<Extents<2147483648, dyn>, 0>(t, 0);
  CHECK(e.size() == 0);
  CHECK(e.empty());
}
