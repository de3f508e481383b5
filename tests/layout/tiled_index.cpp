// tests/layout/tiled_index.cpp: tiled_index, the index of an element in the tiled ("physical") index space
// (layout/linear_index.hpp): XLA's "Tiled layout" document's examples, errors, and a law over random tiled
// layouts checked against the brute-force pad-reshape-transpose model of tests/support.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>
#include <xlayout/layout.hpp>
#include <xlayout/text.hpp>

#include "support/brute_force_layout.hpp"

using namespace xlayout;

TEST_CASE(
    "\"Tiled layout\": element (2,3) of f32[3,5] in 2x2 tiles is in tile (1,1) at (0,1), linear index 17",
    "[layout][xla]") {
  constexpr shape s = shape_v<"f32[3,5]{1,0:T(2,2)}">;
  STATIC_REQUIRE(tiled_dimensions(s).value() == tiled_vector{2, 3, 2, 2});
  STATIC_REQUIRE(tiled_index(s, {2, 3}) == tiled_vector{1, 1, 0, 1});
  STATIC_REQUIRE(((1 * 3 + 1) * 2 + 0) * 2 + 1 == linear_index(s, {2, 3}));
  STATIC_REQUIRE(checked_tiled_index(s, {2, 3}).value() == tiled_vector{1, 1, 0, 1});
  STATIC_REQUIRE(tiled_index(s, {0, 0}) == tiled_vector{0, 0, 0, 0});
}

TEST_CASE(
    "XLA's LinearIndexForNestedTiling: tiles act on physical dimensions, longer tiles prepend size-1 "
    "dimensions, later tiles re-tile the tiled shape",
    "[layout][xla]") {
  // {0,1}: physical order [5,3], the index (3,2); (2,3) is at 14.
  STATIC_REQUIRE(tiled_index(shape_v<"f32[3,5]{0,1:T(2,2)}">, {2, 3}) == tiled_vector{1, 1, 1, 0});
  STATIC_REQUIRE(linear_index(shape_v<"f32[3,5]{0,1:T(2,2)}">, {2, 3}) == 14);
  // T(8,128) on a rank-1 shape: [1,1,8,128].
  STATIC_REQUIRE(tiled_index(shape_v<"f32[3]{0:T(8,128)}">, {2}) == tiled_vector{0, 0, 0, 2});
  // (8,128) then (2,1): [2,2,8,128] -> [2,2,4,128,2,1]; (9,130) -> tile (1,1), (1,2) -> (0,2,1,0).
  STATIC_REQUIRE(tiled_index(shape_v<"bf16[16,256]{1,0:T(8,128)(2,1)}">, {9, 130}) ==
                 tiled_vector{1, 1, 0, 2, 1, 0});
  // Untiled: the index in physical order.
  STATIC_REQUIRE(tiled_index(shape_v<"f32[3,5]{0,1}">, {2, 3}) == tiled_vector{3, 2});
  STATIC_REQUIRE(tiled_index(shape_v<"f32[]">, {}) == tiled_vector{});
}

TEST_CASE("\"Tiled layout\": '*' combines a dimension with the next more-minor one before tiling",
          "[layout][xla]") {
  // f32[2,7,8,11,10] with T(*,*,2,*,3) is f32[112,110] tiled by (2,3): [56,37,2,3].
  constexpr shape s = shape_v<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">;
  // (1,6,7,10,9): row 1*56 + 6*8 + 7 = 111, column 10*10 + 9 = 109.
  STATIC_REQUIRE(tiled_index(s, {1, 6, 7, 10, 9}) == tiled_vector{55, 36, 1, 1});
}

TEST_CASE("checked_tiled_index names what prevents an index", "[layout]") {
  constexpr shape s = shape_v<"f32[3,5]{1,0:T(2,2)}">;
  STATIC_REQUIRE(checked_tiled_index(s, {3, 0}).error().id == error_id::index_out_of_range);
  STATIC_REQUIRE(checked_tiled_index(s, {0, -1}).error().id == error_id::index_out_of_range);
  STATIC_REQUIRE(checked_tiled_index(s, {0}).error().id == error_id::index_rank_mismatch);
  STATIC_REQUIRE(checked_tiled_index(shape_v<"f32[?,5]">, {0, 0}).error().id == error_id::dynamic_dimension);
  constexpr shape bad = [] {
    shape b = shape_v<"f32[3,5]">;
    b.layout.minor_to_major = {0, 0};
    return b;
  }();
  STATIC_REQUIRE(checked_tiled_index(bad, {0, 0}).error().id == error_id::not_a_permutation);
  // A size that does not fit in int64 once padded to whole tiles.
  constexpr shape huge = [] {
    shape h = shape_v<"f32[5]{0:T(2)}">;
    h.dimensions[0] = INT64_MAX;
    return h;
  }();
  STATIC_REQUIRE(checked_tiled_index(huge, {0, 0}).error().id == error_id::span_overflow);
}

// --- law: the brute-force model's position of each element, and linear_index ------------------------------

namespace {

shape random_tiled_shape(std::mt19937_64& rng) {
  auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  shape s;
  s.element_type = element_type::f32;
  const auto rank = static_cast<std::size_t>(pick(0, 4));
  for (std::size_t d = 0; d < rank; ++d) {
    s.dimensions.push_back(pick(1, rank > 2 ? 5 : 9));
    s.dynamic_dimensions.push_back(false);
  }
  s.layout = default_layout(static_cast<index_t>(rank));
  std::shuffle(s.layout.minor_to_major.begin(), s.layout.minor_to_major.end(), rng);
  if (rank > 0 && pick(0, 4) == 0) {  // "Shapes and layout"'s padded dimensions
    for (std::size_t d = 0; d < rank; ++d) s.layout.padded_dimensions.push_back(s.dimensions[d] + pick(0, 2));
  }
  const auto tiles = pick(1, 3);
  std::size_t current_rank = rank;
  for (index_t t = 0; t < tiles; ++t) {
    tile tl;
    // Up to two dimensions more than the shape has (those are prepended as size 1).
    const auto k =
        static_cast<std::size_t>(pick(1, static_cast<index_t>(std::min<std::size_t>(current_rank + 2, 4))));
    for (std::size_t q = 0; q < k; ++q) {
      const bool star = q + 1 < k && pick(0, 3) == 0;
      tl.dimensions.push_back(star ? combine_dimension : pick(1, 5));
    }
    s.layout.tiles.push_back(tl);
    std::size_t groups = 0;
    for (index_t v : tl.dimensions) groups += v != combine_dimension ? 1 : 0;
    current_rank = std::max(current_rank, k) - k + 2 * groups;
  }
  return s;
}

// Row-major position of idx in sizes dims.
index_t ravel(const tiled_vector& dims, const tiled_vector& idx) {
  index_t p = 0;
  for (std::size_t i = 0; i < dims.size(); ++i) p = p * dims[i] + idx[i];
  return p;
}

}  // namespace

TEST_CASE(
    "law: tiled_index is where the brute-force pad-reshape-transpose model puts each element, and "
    "linear_index is its row-major position in the tiled shape (5,000 random tiled layouts)",
    "[layout][law]") {
  std::mt19937_64 rng(20270314);
  int layouts = 0, elements = 0;
  while (layouts < 5000) {
    const shape s = random_tiled_shape(rng);
    REQUIRE(is_valid_layout(s));
    const auto span = checked_required_span_size(s);
    REQUIRE(span.has_value());
    if (*span > 4096) continue;  // keep the materialised arrays small
    ++layouts;
    INFO("shape " << to_string(s).view());
    // The model: an array of element ids padded, transposed, reshaped and tiled for real.
    const xlayout_test::array_nd model = xlayout_test::brute_force_array(s);
    const auto dims = tiled_dimensions(s);
    REQUIRE(dims.has_value());
    REQUIRE(std::vector<index_t>(dims->begin(), dims->end()) == model.dims);
    std::vector<std::vector<index_t>> where(model.data.size());  // element id -> its index in the model
    for (std::size_t p = 0; p < model.data.size(); ++p) {
      if (model.data[p] >= 0)
        where[static_cast<std::size_t>(model.data[p])] = model.unravel(static_cast<index_t>(p));
    }
    bool ok = true;
    for_each_index(s, [&](const index_vector& e) {
      index_t id = 0;
      for (std::size_t d = 0; d < s.rank(); ++d) id = id * s.dimensions[d] + e[d];
      const tiled_vector t = tiled_index(s, e);
      ok = ok && std::vector<index_t>(t.begin(), t.end()) == where[static_cast<std::size_t>(id)];
      for (std::size_t i = 0; i < t.size() && i < dims->size(); ++i)
        ok = ok && t[i] >= 0 && t[i] < (*dims)[i];
      ok = ok && linear_index(s, e) == ravel(*dims, t);
      const auto c = checked_tiled_index(s, e);
      ok = ok && c.has_value() && *c == t;
      ++elements;
    });
    REQUIRE(ok);
  }
  CHECK(elements > 50000);
}
