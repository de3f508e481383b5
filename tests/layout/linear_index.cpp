// tests/layout/linear_index.cpp: linear_index, multi_index, required_span_size, for_each_index.
// Named examples of XLA's documents, then a property test over 10,000 random layouts checked against a
// brute-force model that materialises "Tiled layout"'s pad-reshape-transpose on real arrays.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <numeric>
#include <random>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>
#include <xlayout/layout.hpp>
#include <xlayout/tensor/index_concepts.hpp>

#include "support/brute_force_layout.hpp"
#include "support/twin.hpp"

using namespace xlayout;
using xlayout_test::brute_force_buffer;

// --- the examples of XLA's documents "Shapes and layout" and "Tiled layout" -----------------------------

TEST_CASE("Tiled layout: element (2,3) of F32[3,5]{1,0:T(2,2)} is at linear index 17", "[layout][seed]") {
  using S = Shape<"F32[3,5]{1,0:T(2,2)}">;
  STATIC_REQUIRE(S::linear_index(2, 3) == 17);
  STATIC_REQUIRE(linear_index(shape_v<"f32[3,5]{1,0:T(2,2)}">, {2, 3}) == 17);
  STATIC_REQUIRE(S::required_span_size() == 24);  // padded to whole 2x2 tiles: 2 x 3 tiles of 4
  STATIC_REQUIRE(S::multi_index(17)[0] == 2);
  STATIC_REQUIRE(S::multi_index(17)[1] == 3);
}

TEST_CASE("linear_index and checked_linear_index take the index as any range of integers", "[layout]") {
  constexpr const shape& s = shape_v<"f32[3,5]{1,0:T(2,2)}">;
  STATIC_REQUIRE(linear_index(s, std::array<int, 2>{2, 3}) == 17);
  STATIC_REQUIRE(checked_linear_index(s, std::array<int, 2>{2, 3}).value() == 17);
  STATIC_REQUIRE(checked_linear_index(s, index_array<2>{{2, 3}}).value() == 17);  // what for_each hands over
  constexpr index_t idx[] = {2, 3, 0};
  STATIC_REQUIRE(checked_linear_index(s, std::span<const index_t>(idx, 2)).value() == 17);
  STATIC_REQUIRE(checked_linear_index(s, std::span<const index_t>(idx, 3)).error().id ==
                 error_id::index_rank_mismatch);
  STATIC_REQUIRE(checked_linear_index(s, std::array<int, 2>{3, 0}).error().id ==
                 error_id::index_out_of_range);
  // More indices than an index_vector holds (a rank no shape has): an error, nothing written past it.
  constexpr std::array<int, XLAYOUT_MAX_RANK + 1> many{};
  STATIC_REQUIRE(checked_linear_index(s, many).error().id == error_id::index_rank_mismatch);
}

TEST_CASE("Shapes and layout: [2x3] a b c / d e f with minor_to_major [0,1] is a d b e c f",
          "[layout][seed]") {
  constexpr shape s = make_shape(element_type::f32, {2, 3}, make_layout({0, 1}));
  const char logical[2][3] = {{'a', 'b', 'c'}, {'d', 'e', 'f'}};
  std::string memory(6, '?');
  for_each_index(s, [&](const index_vector& e) { memory[linear_index(s, e)] = logical[e[0]][e[1]]; });
  CHECK(memory == "adbecf");
  STATIC_REQUIRE(linear_index(s, {0, 1}) == 2);
}

TEST_CASE("Shapes and layout: [2x3] with minor_to_major [1,0] is a b c d e f", "[layout][seed]") {
  constexpr shape s = make_shape(element_type::f32, {2, 3}, make_layout({1, 0}));
  const char logical[2][3] = {{'a', 'b', 'c'}, {'d', 'e', 'f'}};
  std::string memory(6, '?');
  for_each_index(s, [&](const index_vector& e) { memory[linear_index(s, e)] = logical[e[0]][e[1]]; });
  CHECK(memory == "abcdef");
}

TEST_CASE("Shapes and layout: padded_dimensions [3,5], column-major: a d 0 b e 0 c f 0 0 0 0 0 0 0",
          "[layout][seed]") {
  using L = Layout<0, 1, pad(3, 5)>;
  constexpr shape s = make_shape(element_type::f32, {2, 3}, L::value);
  const char logical[2][3] = {{'a', 'b', 'c'}, {'d', 'e', 'f'}};
  STATIC_REQUIRE(required_span_size(s) == 15);
  std::string memory(15, '0');
  for_each_index(s, [&](const index_vector& e) { memory[linear_index(s, e)] = logical[e[0]][e[1]]; });
  CHECK(memory == "ad0be0cf0000000");
  // Every other slot is padding, and multi_index says so.
  for (index_t p = 0; p < 15; ++p) {
    if (memory[p] == '0') CHECK(multi_index(s, p).error().id == error_id::padding_element);
  }
}

TEST_CASE("Tiled layout, figure 2: the 4x8 array tiled (2,4)(2,1) is numbered as drawn", "[layout][seed]") {
  // The figure's numbers: rows pair up in 2x1 sub-tiles inside each 2x4 tile.
  const index_t expected[4][8] = {{0, 2, 4, 6, 8, 10, 12, 14},
                                  {1, 3, 5, 7, 9, 11, 13, 15},
                                  {16, 18, 20, 22, 24, 26, 28, 30},
                                  {17, 19, 21, 23, 25, 27, 29, 31}};
  using S = Shape<"f32[4,8]{1,0:T(2,4)(2,1)}">;
  for (index_t i = 0; i < 4; ++i) {
    for (index_t j = 0; j < 8; ++j) CHECK(S::linear_index(i, j) == expected[i][j]);
  }
  STATIC_REQUIRE(S::linear_index(1, 0) == 1);
  STATIC_REQUIRE(S::linear_index(2, 7) == 30);
}

TEST_CASE("XLA tests: tiles act on physical dimensions; nested and oversized tiles", "[layout][xla]") {
  // Values from XLA's xla/layout_util_test.cc.
  STATIC_REQUIRE(Shape<"f32[3,5]{0,1:T(2,2)}">::linear_index(2, 3) == 14);
  STATIC_REQUIRE(Shape<"bf16[2,8,128]{2,1,0:T(8,128)(2,1)}">::linear_index(0, 2, 0) == 256);
  STATIC_REQUIRE(Shape<"f32[8]{0:T(2,2)}">::linear_index(5) == 9);
  STATIC_REQUIRE(Shape<"bf16[2048]{0:T(1024)(128)(2,1)}">::linear_index(128) == 1);
  STATIC_REQUIRE(Shape<"bf16[2048]{0:T(1024)(128)(2,1)}">::linear_index(1) == 2);
  STATIC_REQUIRE(Shape<"f32[8,4]{1,0:T(2,2)}">::linear_index(3, 1) == 11);
  STATIC_REQUIRE(Shape<"f32[8,4]{1,0}">::linear_index(3, 1) == 13);
  STATIC_REQUIRE(Shape<"f32[3]{0:T(8,128)}">::linear_index(2) == 2);
  STATIC_REQUIRE(Shape<"u32[]{:T(128)}">::linear_index() == 0);
}

TEST_CASE("checked_linear_index reports bad indices as errors", "[layout]") {
  constexpr shape s = shape_v<"f32[3,5]{1,0:T(2,2)}">;
  STATIC_REQUIRE(checked_linear_index(s, {3, 0}).error().id == error_id::index_out_of_range);
  STATIC_REQUIRE(checked_linear_index(s, {-1, 0}).error().id == error_id::index_out_of_range);
  STATIC_REQUIRE(checked_linear_index(s, {1}).error().id == error_id::index_rank_mismatch);
  STATIC_REQUIRE(checked_linear_index(shape_v<"f32[?,5]">, {1, 1}).error().id == error_id::dynamic_dimension);
  STATIC_REQUIRE(multi_index(s, 24).error().id == error_id::linear_index_out_of_range);
  STATIC_REQUIRE(multi_index(s, -1).error().id == error_id::linear_index_out_of_range);
  STATIC_REQUIRE(multi_index(s, 9).error().id ==
                 error_id::padding_element);  // column 5 of the 2nd tile column
}

TEST_CASE("the checked functions on layouts that were not validated: error values, no division by zero",
          "[layout][error]") {
  // parse_shape(text, {.validate = false}) keeps what the text says; the functions that return a result
  // report what they cannot compute (a new-user audit found SIGFPE for T(0) and reads past the
  // minor_to_major list for {3}).
  const auto unvalidated = [](std::string_view text) {
    return parse_shape(text, {.validate = false}).value();
  };
  const struct {
    const char* text;
    error_id id;
  } cases[] = {
      {"f32[4]{0:T(0)}", error_id::invalid_tile_size},
      {"f32[4]{3}", error_id::dimension_out_of_range},
      {"f32[4,4]{1,1}", error_id::not_a_permutation},

      {"f32[4,4]{1,0:T(2,*)}", error_id::misplaced_combine},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    const shape s = unvalidated(c.text);
    CHECK(checked_required_span_size(s).error().id == c.id);
    CHECK(checked_physical_byte_size(s).error().id == c.id);
    CHECK(tiled_dimensions(s).error().id == c.id);
    CHECK(physical_shape(s).error().id == c.id);
    CHECK(multi_index(s, 1).error().id == c.id);
    index_vector origin;
    for (std::size_t d = 0; d < s.rank(); ++d) origin.push_back(0);
    CHECK(checked_linear_index(s, origin).error().id == c.id);
    CHECK_FALSE(is_bitcast(s, s));
    // The strides (a third audit: they read past minor_to_major's slots for {3}).
    CHECK(strides(s).error().id == c.id);
    CHECK(byte_strides(s).error().id == c.id);
    CHECK(unpacked_byte_strides(s).error().id == c.id);
    CHECK_FALSE(is_strided(s));
  }
  // find_layout_issue gives the same ids.
  for (const auto& c : cases) CHECK(find_layout_issue(unvalidated(c.text)).id == c.id);
  // A memory space outside XLA's int8 (a field-built layout): the linear index and its inverse both refuse
  // it (audit: multi_index answered, checked_linear_index did not).
  shape far = unvalidated("f32[3,5]{1,0}");
  far.layout.memory_space = 200;
  const index_vector origin{0, 0};
  CHECK(checked_linear_index(far, origin).error().id == error_id::invalid_memory_space);
  CHECK(multi_index(far, 1).error().id == error_id::invalid_memory_space);
}

TEST_CASE("a shape built field by field: a missing dynamic flag or a negative size is an error value",
          "[layout][error]") {
  // The route of a custom call that knows its rank only at run time: sizes pushed one by one, the
  // dynamic flags forgotten (an audit: make_runtime_tensor stopped on an internal assertion).
  shape s;
  s.element_type = element_type::f32;
  s.dimensions.push_back(3);
  s.dimensions.push_back(5);
  s.layout = default_layout(2);
  CHECK(find_layout_issue(s).id == error_id::dynamic_dimensions_size_mismatch);
  CHECK(checked_required_span_size(s).error().id == error_id::dynamic_dimensions_size_mismatch);
  CHECK(checked_element_count(s).error().id == error_id::dynamic_dimensions_size_mismatch);
  CHECK(strides(s).error().id == error_id::dynamic_dimensions_size_mismatch);
  s.dynamic_dimensions.push_back(false);
  s.dynamic_dimensions.push_back(false);
  CHECK_FALSE(find_layout_issue(s));
  CHECK(checked_required_span_size(s).value() == 15);
  // A negative size that is not '?': no negative counts (they were -15 and -60).
  s.dimensions[1] = -5;
  CHECK(find_layout_issue(s).id == error_id::negative_dimension);
  CHECK(checked_element_count(s).error().id == error_id::negative_dimension);
  CHECK(checked_byte_size(s).error().id == error_id::negative_dimension);
  CHECK(checked_required_span_size(s).error().id == error_id::negative_dimension);
  CHECK(checked_physical_byte_size(s).error().id == error_id::negative_dimension);
  // An element type outside the enumeration (a number cast to it) reads as invalid, not past a table.
  s.dimensions[1] = 5;
  s.element_type = static_cast<element_type>(200);
  CHECK(find_layout_issue(s).id == error_id::invalid_element_type);
  CHECK(element_type_name(s.element_type) == "invalid");
}

TEST_CASE(
    "spans at int64's edge: L(n) rounds up exactly, and a zero-element shape spans 0 whatever its tiles",
    "[layout][error]") {
  // 8 slots rounded up to L(2^63 - 1) is 2^63 - 1, which fits (validation tested 8 + 2^63 - 2 instead).
  CHECK(checked_required_span_size(parse_shape("f32[8]{0:L(9223372036854775807)}").value()).value() ==
        index_max);
  CHECK(checked_required_span_size(parse_shape("f32[9223372036854775806]{0:L(9223372036854775806)}").value())
            .value() == index_max - 1);
  CHECK(parse_shape("f32[9223372036854775807]{0:L(2)}").error().id == error_id::span_overflow);
  // 0 x (2^63 - 1) tiled 2x2: the tile would round 2^63 - 1 up to 2^63, but the product is 0.
  for (const char* text :
       {"f32[0,9223372036854775807]{1,0:T(2,2)}", "f32[9223372036854775807,0]{0,1:T(4,4)}"}) {
    INFO(text);
    const auto s = parse_shape(text);
    REQUIRE(s.has_value());
    CHECK(checked_required_span_size(*s).value() == 0);
    CHECK(checked_element_count(*s).value() == 0);
  }
  // With padded dimensions a size 0 still takes its padded width: f32[0,3] padded to [3,5] spans 15.
  CHECK(checked_required_span_size(parse_shape("f32[0,3]{0,1:pad(3,5)}").value()).value() == 15);
}

TEST_CASE("L(n) tail padding rounds the span up", "[layout][xla]") {
  STATIC_REQUIRE(Shape<"f32[4,8]{1,0:L(128)}">::required_span_size() == 128);
  STATIC_REQUIRE(Shape<"f32[4,8]{1,0:L(128)}">::multi_index(100).error().id == error_id::padding_element);
  STATIC_REQUIRE(Shape<"f32[3,5]{1,0:T(2,2)L(10)}">::required_span_size() == 30);
}

// --- property test against a brute-force pad-reshape-transpose model ----------------------------------

namespace {

shape random_shape(std::mt19937_64& rng) {
  auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  shape s;
  s.element_type = element_type::f32;
  const auto rank = static_cast<std::size_t>(pick(1, 5));
  for (std::size_t d = 0; d < rank; ++d) {
    s.dimensions.push_back(pick(1, rank > 3 ? 4 : 6));
    s.dynamic_dimensions.push_back(false);
  }
  s.layout = default_layout(static_cast<index_t>(rank));
  std::shuffle(s.layout.minor_to_major.begin(), s.layout.minor_to_major.end(), rng);
  if (pick(0, 3) == 0) {  // padded dimensions
    for (std::size_t d = 0; d < rank; ++d) s.layout.padded_dimensions.push_back(s.dimensions[d] + pick(0, 2));
  }
  const auto tiles = pick(0, 3);
  std::size_t current_rank = rank;
  for (index_t t = 0; t < tiles; ++t) {
    tile tl;
    const auto k =
        static_cast<std::size_t>(pick(1, static_cast<index_t>(std::min<std::size_t>(current_rank + 1, 4))));
    for (std::size_t q = 0; q < k; ++q) {
      const bool star = q + 1 < k && pick(0, 4) == 0;
      tl.dimensions.push_back(star ? combine_dimension : pick(1, 4));
    }
    s.layout.tiles.push_back(tl);
    std::size_t groups = 0;
    for (index_t v : tl.dimensions) groups += v != combine_dimension ? 1 : 0;
    current_rank = std::max(current_rank, k) - k + 2 * groups;
  }
  if (pick(0, 7) == 0) s.layout.tail_padding_alignment_in_elements = pick(2, 9);
  return s;
}

}  // namespace

TEST_CASE("law: linear_index matches the brute-force pad-reshape-transpose model on 10,000 random layouts",
          "[layout][law]" XLAYOUT_RUN_ONCE) {
  std::mt19937_64 rng(20261122);
  int layouts = 0, elements = 0, padding_slots = 0, exact_programs = 0;
  while (layouts < 10000) {
    const shape s = random_shape(rng);
    REQUIRE(is_valid_layout(s));
    const auto span = checked_required_span_size(s);
    REQUIRE(span.has_value());
    if (*span > 4096) continue;  // keep the materialised arrays small
    ++layouts;
    INFO("shape " << to_string(s).view());
    const std::vector<index_t> buffer = brute_force_buffer(s);
    REQUIRE(static_cast<index_t>(buffer.size()) == *span);
    // Where the model put each element.
    std::vector<index_t> where(static_cast<std::size_t>(*checked_element_count(s)), -1);
    for (std::size_t p = 0; p < buffer.size(); ++p) {
      if (buffer[p] >= 0) where[static_cast<std::size_t>(buffer[p])] = static_cast<index_t>(p);
    }
    const index_program program = compile_index_program(s);
    exact_programs += program.exact ? 1 : 0;
    std::set<index_t> seen;
    bool ok = true;
    for_each_index(s, [&](const index_vector& e) {
      index_t id = 0;
      for (std::size_t d = 0; d < s.rank(); ++d) id = id * s.dimensions[d] + e[d];
      const index_t lin = linear_index(s, e);
      ok = ok && lin == where[static_cast<std::size_t>(id)];  // the model agrees
      ok = ok && lin >= 0 && lin < *span;                     // inside the span
      ok = ok && seen.insert(lin).second;                     // injective
      const auto back = multi_index(s, lin);
      ok = ok && back.has_value() && *back == e;  // multi_index inverts it
      if (program.exact) ok = ok && program(e) == lin;
      ++elements;
    });
    for (std::size_t p = 0; p < buffer.size(); ++p) {
      if (buffer[p] >= 0) continue;
      ++padding_slots;
      ok = ok && multi_index(s, static_cast<index_t>(p)).error().id == error_id::padding_element;
    }
    // The text round trip (padded dimensions print as xlayout's pad(...) extension).
    const auto reparsed = parse_shape(to_string(s).view());
    ok = ok && reparsed.has_value() && *reparsed == s;
    REQUIRE(ok);
  }
  INFO(layouts << " layouts, " << elements << " elements, " << padding_slots << " padding slots, "
               << exact_programs << " exact index programs");
  CHECK(layouts == 10000);
  CHECK(elements > 100000);
  CHECK(padding_slots > 10000);
  WARN("property test: " << layouts << " layouts, " << elements << " elements, " << padding_slots
                         << " padding slots, " << exact_programs << " exact index programs");
}
