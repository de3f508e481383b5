// tests/tensor/mapping.cpp: tensor_mapping, the accessor's index arithmetic. Every element of a dozen layouts
// (tiled, repeated tiles, '*' groups, padded, column-major, 3-d permutations, dynamic extents) against
// linear_index and against the brute-force pad-reshape-transpose model; then the program derivation on
// random layouts with dynamic dimensions, evaluated for many extents.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>
#include <xlayout/tensor/mapping.hpp>
#include <xlayout/tensor/tensor.hpp>

#include "support/brute_force_layout.hpp"

using namespace xlayout;
using xlayout_test::brute_force_buffer;

namespace {

// Checks every element of t's mapping: the offset equals linear_index and the slot the brute-force model
// gives to that element; the span equals required_span_size. Returns the number of elements.
template <class T>
index_t check_every_element(const T& t) {
  const shape s = t.shape();
  INFO(std::string(to_string(s).view()));
  const std::vector<index_t> buffer = brute_force_buffer(s);
  REQUIRE(t.required_span_size() == required_span_size(s));
  REQUIRE(static_cast<index_t>(buffer.size()) == t.required_span_size());
  index_t count = 0, row_major = 0;
  for_each_index(s, [&](const index_vector& e) {
    index_t idx[XLAYOUT_MAX_RANK] = {};
    for (std::size_t d = 0; d < e.size(); ++d) idx[d] = e[d];
    const index_t offset = t.mapping().offset(idx);
    REQUIRE(offset == linear_index(s, e));
    REQUIRE(buffer[static_cast<std::size_t>(offset)] == row_major);
    ++row_major;
    ++count;
  });
  return count;
}

}  // namespace

TEST_CASE("Tiled layout: element (2,3) of F32[3,5]{1,0:T(2,2)} is at linear index 17 through the mapping",
          "[tensor][mapping][seed]") {
  using M = Tensor<"f32[3,5]{1,0:T(2,2)}">::mapping_type;
  STATIC_REQUIRE(M::exact);
  STATIC_REQUIRE(M{}(2, 3) == 17);
  STATIC_REQUIRE(M{}.required_span_size() == 24);
  STATIC_REQUIRE(M{}.size() == 15);
  STATIC_REQUIRE(!M{}.is_exhaustive());
  STATIC_REQUIRE(M{}(std::integral_constant<int, 2>{}, std::integral_constant<int, 3>{}) == 17);
}

TEST_CASE("every element of a dozen layouts: mapping == linear_index == brute-force model",
          "[tensor][mapping]") {
  static float storage[1];  // never read: the offsets are (a pointer carries no length to check)
  float* const buf = storage;
  CHECK(check_every_element(Tensor<"f32[3,5]{1,0:T(2,2)}">(buf)) == 15);
  CHECK(check_every_element(Tensor<"f32[3,5]{0,1:T(2,2)}">(buf)) == 15);             // tiles on physical dims
  CHECK(check_every_element(Tensor<"f32[37,300]{1,0:T(8,128)}">(buf)) == 37 * 300);  // tile padding
  CHECK(check_every_element(Tensor<"bf16[37,300]{1,0:T(8,128)(2,1)}">(reinterpret_cast<bf16_bits*>(buf))) ==
        37 * 300);  // repeated tiling
  CHECK(check_every_element(Tensor<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">(buf)) ==
        12320);  // XLA's '*' tile size: terms of several dimensions (combined_program)
  CHECK(check_every_element(Tensor<"f32[10,20,300]{2,1,0:T(*,2,128)}">(buf)) == 60000);  // '*' groups
  CHECK(check_every_element(Tensor<"bf16[8,2,3,1004]{3,2,1,0:T(2,*,*,128)}">(
            reinterpret_cast<bf16_bits*>(buf))) == 8 * 2 * 3 * 1004);  // XLA's test shape
  CHECK(check_every_element(Tensor<F32, Extents<2, 3>, Layout<0, 1, pad(3, 5)>>(buf)) ==
        6);                                                                 // "Shapes and layout" padding
  CHECK(check_every_element(Tensor<"f32[10,20]{0,1}">(buf)) == 200);        // column-major
  CHECK(check_every_element(Tensor<"f32[10,20,30]{1,2,0}">(buf)) == 6000);  // 3-d perm
  CHECK(check_every_element(Tensor<"f32[7,9,5]{0,2,1}">(buf)) == 315);
  CHECK(check_every_element(Tensor<"f32[4,6,5]{1,2,0:T(2,4)}">(buf)) == 120);
  CHECK(check_every_element(Tensor<"f32[17]{0:T(4)(2)L(8)}">(buf)) == 17);
  CHECK(check_every_element(Tensor<"f32[8,8,8]{0,2,1:T(8,128)}">(buf)) == 512);
  CHECK(check_every_element(Tensor<"f32[]">(buf)) == 1);
}

TEST_CASE(
    "a tile that splits a '*' group: the accessor reads sums of dimensions, compiled; else linear_index",
    "[tensor][mapping]") {
  static float storage[1];  // never read: the offsets are (a pointer carries no length to check)
  float* const buf = storage;
  // XLA's "Tiled layout" example: f32[112,110] tiled by (2,3); the tile of 3 splits the group (11, 10).
  using X = Tensor<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">::mapping_type;
  STATIC_REQUIRE((!X::exact && X::compiled()));
  // Rows r = 56 e0 + 8 e1 + e2, columns c = 10 e3 + e4: slot (r / 2 * 37 + c / 3) * 6 + r % 2 * 3 + c % 3.
  STATIC_REQUIRE(X{}(1, 6, 7, 10, 9) == (111 / 2 * 37 + 109 / 3) * 6 + 111 % 2 * 3 + 109 % 3);
  STATIC_REQUIRE(X{}(0, 0, 1, 0, 4) == (0 / 2 * 37 + 4 / 3) * 6 + 1 % 2 * 3 + 4 % 3);
  // Whole digits of the merged group: one term per dimension, an exact program (row-major, tail padding).
  using R = Tensor<"f32[1000,999]{1,0:T(*,4)}">::mapping_type;
  STATIC_REQUIRE((R::exact && R::term_count == 2 && R{}(3, 5) == 3 * 999 + 5));
  STATIC_REQUIRE(R{}.required_span_size() == 999000);
  // The same with the logical order reversed: the groups (4, 3, 2) and (1, 0) merged in the physical order,
  // R = 88 e4 + 8 e3 + e2 of 880, C = 2 e1 + e0 of 14: slot (R / 2 * 5 + C / 3) * 6 + R % 2 * 3 + C % 3.
  using V = Tensor<"f32[2,7,8,11,10]{0,1,2,3,4:T(*,*,2,*,3)}">::mapping_type;
  STATIC_REQUIRE((!V::exact && V::compiled()));
  STATIC_REQUIRE(V{}(1, 6, 7, 10, 9) == (879 / 2 * 5 + 13 / 3) * 6 + 879 % 2 * 3 + 13 % 3);
  CHECK(check_every_element(Tensor<"f32[2,7,8,11,10]{0,1,2,3,4:T(*,*,2,*,3)}">(buf)) == 12320);
  CHECK(check_every_element(Tensor<"f32[2,3,5]{1,2,0:T(*,2,2)}">(buf)) == 30);
  // The group split across digits in both a merged and a plain dimension, and a tile longer than the rank.
  CHECK(check_every_element(Tensor<"f32[3,5,7]{2,1,0:T(*,2,4)}">(buf)) == 105);
  CHECK(check_every_element(Tensor<"f32[3,5,7]{2,1,0:T(*,3)(2)}">(buf)) == 105);
  CHECK(check_every_element(Tensor<"f32[4,3,5,6]{3,2,1,0:T(2,*,*,4)}">(buf)) == 360);
  CHECK(check_every_element(Tensor<"f32[5,3]{1,0:T(*,*,2)}">(buf)) == 15);
  CHECK(check_every_element(Tensor<"bf16[6,5,9]{2,1,0:T(*,8,2)(2,1)}">(reinterpret_cast<bf16_bits*>(buf))) ==
        270);
  STATIC_REQUIRE(Tensor<"f32[3,5,7]{2,1,0:T(*,2,4)}">::mapping_type::compiled());
  STATIC_REQUIRE(Tensor<"f32[4,3,5,6]{3,2,1,0:T(2,*,*,4)}">::mapping_type::compiled());
  // No exact program (a later tile cuts an earlier tile's 3 by 2): linear_index (correct, not compiled).
  using N = Tensor<"f32[6,5]{1,0:T(4,3)(2,2)}">;
  STATIC_REQUIRE(!N::mapping_type::compiled());
  CHECK(check_every_element(N(buf)) == 30);
}

TEST_CASE("dynamic extents: every element for many sizes, strides as ceil_div formulas",
          "[tensor][mapping]") {
  static float storage[1];  // never read: the offsets are (a pointer carries no length to check)
  float* const buf = storage;
  using D1 = Tensor<"bf16[?,256]{1,0:T(8,128)(2,1)}">;  // the design card's spelling
  using D2 = Tensor<"f32[129,?]{1,0:T(8,128)(2,1)}">;   // a stride depends on the dynamic extent
  using D3 = Tensor<"f32[?,?]{0,1:T(8,128)}">;
  using D4 = Tensor<"f32[?,?,?]{0,2,1}">;
  using D5 = Tensor<F32, Extents<dyn, 6>, Layout<1, 0, T(combine, 4)>>;  // '*' over a dynamic size: fallback
  STATIC_REQUIRE(D1::mapping_type::exact);
  STATIC_REQUIRE(D2::mapping_type::exact);
  STATIC_REQUIRE(D3::mapping_type::exact);
  STATIC_REQUIRE(D4::mapping_type::exact);
  STATIC_REQUIRE(!D5::mapping_type::exact);
  for (index_t n : {0, 1, 2, 7, 8, 9, 15, 16, 17, 127, 128, 129, 300}) {
    CHECK(check_every_element(D1(reinterpret_cast<bf16_bits*>(buf), n)) == n * 256);
    CHECK(check_every_element(D2(buf, n)) == 129 * n);
    CHECK(check_every_element(D3(buf, n, 9)) == n * 9);
    CHECK(check_every_element(D5(buf, n)) == n * 6);
  }
  CHECK(check_every_element(D4(buf, 3, 4, 5)) == 60);
}

TEST_CASE("strides and properties of the mapping match the layout functions", "[tensor][mapping]") {
  using M = Tensor<"f32[10,20,30]{1,2,0}">::mapping_type;
  STATIC_REQUIRE(M{}.is_strided());
  STATIC_REQUIRE(M{}.is_exhaustive());
  STATIC_REQUIRE(M::is_unique());
  STATIC_REQUIRE(M{}.stride(0) == 600);  // {1,2,0}: dim 1 fastest, then dim 2, then dim 0
  STATIC_REQUIRE(M{}.stride(1) == 1);
  STATIC_REQUIRE(M{}.stride(2) == 20);
  using P = Tensor<F32, Extents<2, 3>, Layout<0, 1, pad(3, 5)>>::mapping_type;
  STATIC_REQUIRE(P{}.is_strided());  // padded dimensions keep the layout strided
  STATIC_REQUIRE(!P{}.is_exhaustive());
  STATIC_REQUIRE(P{}.stride(1) == 3);
  using Tl = Tensor<"f32[24,128]{1,0:T(8,128)}">::mapping_type;  // XLA's IsUntiledLayout example
  STATIC_REQUIRE(Tl{}.is_strided());
  using Tn = Tensor<"f32[3,5]{1,0:T(2,2)}">::mapping_type;
  STATIC_REQUIRE(!Tn{}.is_strided());
  const Tensor<"f32[?,128]{1,0:T(8,128)}">::mapping_type d{Extents<dyn, 128>(24)};
  CHECK(d.is_strided());
  CHECK(d.stride(0) == 128);
  const Tensor<"f32[?,200]{1,0:T(8,128)}">::mapping_type d2{Extents<dyn, 200>(24)};
  CHECK(!d2.is_strided());
}

TEST_CASE("checked_offset reports index_rank_mismatch and index_out_of_range", "[tensor][mapping]") {
  using M = Tensor<"f32[3,5]{1,0:T(2,2)}">::mapping_type;
  constexpr index_t good[] = {2, 3}, bad[] = {3, 0}, negative[] = {0, -1};
  STATIC_REQUIRE(M{}.checked_offset(good, 2).value() == 17);
  STATIC_REQUIRE(M{}.checked_offset(good, 1).error().id == error_id::index_rank_mismatch);
  STATIC_REQUIRE(M{}.checked_offset(bad, 2).error().id == error_id::index_out_of_range);
  STATIC_REQUIRE(M{}.checked_offset(negative, 2).error().id == error_id::index_out_of_range);
}

// --- the program derivation on random layouts with dynamic dimensions ------------------------------------

namespace {

shape random_dynamic_shape(std::mt19937_64& rng) {
  auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  shape s;
  s.element_type = element_type::f32;
  const auto rank = static_cast<std::size_t>(pick(1, 4));
  for (std::size_t d = 0; d < rank; ++d) {
    const bool dynamic = pick(0, 2) == 0;
    s.dimensions.push_back(dynamic ? dyn : pick(1, 6));
    s.dynamic_dimensions.push_back(dynamic);
  }
  s.layout = default_layout(static_cast<index_t>(rank));
  std::shuffle(s.layout.minor_to_major.begin(), s.layout.minor_to_major.end(), rng);
  const auto tiles = pick(0, 2);
  for (index_t t = 0; t < tiles; ++t) {
    tile tl;
    const auto k = static_cast<std::size_t>(pick(1, 3));
    for (std::size_t q = 0; q < k; ++q) {
      const bool star = q + 1 < k && pick(0, 4) == 0;
      tl.dimensions.push_back(star ? combine_dimension : index_t{1} << pick(0, 3));
    }
    s.layout.tiles.push_back(tl);
  }
  if (pick(0, 7) == 0) s.layout.tail_padding_alignment_in_elements = pick(2, 9);
  return s;
}

// The offset the program gives, evaluated the way tensor_mapping does, for extents `dims`.
index_t evaluate(const detail::accessor_program& p, const index_vector& e, const index_vector& dims) {
  index_t offset = 0;
  for (const detail::accessor_term& t : p.terms) {
    index_t v = e[static_cast<std::size_t>(t.dimension)] / t.term.divisor;
    if (t.term.modulus != 0) v %= t.term.modulus;
    offset += v * t.stride.evaluate(dims);
  }
  return offset;
}

}  // namespace

TEST_CASE("law: the accessor program of a layout with dynamic dimensions is exact for every extent",
          "[tensor][mapping][law]") {
  std::mt19937_64 rng(20261123);
  int layouts = 0, exact = 0, instances = 0;
  while (layouts < 2000) {
    const shape s = random_dynamic_shape(rng);
    if (!is_valid_layout(s)) continue;
    ++layouts;
    const detail::accessor_program p = detail::make_accessor_program(s);
    if (!p.exact) continue;
    ++exact;
    // Several concrete extents for the dynamic dimensions.
    for (int trial = 0; trial < 4; ++trial) {
      shape c = s;
      for (std::size_t d = 0; d < c.rank(); ++d) {
        if (c.dimensions[d] == dyn) {
          c.dimensions[d] = std::uniform_int_distribution<index_t>(0, 11)(rng);
          c.dynamic_dimensions[d] = false;
        }
      }
      INFO(std::string(to_string(s).view()) << " as " << std::string(to_string(c).view()));
      ++instances;
      const auto span = checked_required_span_size(c);
      REQUIRE(span.has_value());
      index_t product = p.span.evaluate(c.dimensions);
      const index_t align = c.layout.tail_padding_alignment_in_elements;
      product = (product + align - 1) / align * align;
      REQUIRE(product == *span);
      for_each_index(
          c, [&](const index_vector& e) { REQUIRE(evaluate(p, e, c.dimensions) == linear_index(c, e)); });
    }
  }
  INFO("exact programs: " << exact << " of " << layouts << ", " << instances << " instances");
  CHECK(exact > layouts / 2);  // the fallback is for unusual '*' groupings, not the common case
}

TEST_CASE("law: for static shapes the accessor program has the index program's terms",
          "[tensor][mapping][law]") {
  std::mt19937_64 rng(7);
  int checked = 0;
  while (checked < 1000) {
    shape s = random_dynamic_shape(rng);
    for (std::size_t d = 0; d < s.rank(); ++d) {
      if (s.dimensions[d] == dyn) s.dimensions[d] = 5;
      s.dynamic_dimensions[d] = false;
    }
    if (!is_valid_layout(s)) continue;
    ++checked;
    const index_program ip = compile_index_program(s);
    const detail::accessor_program ap = detail::make_accessor_program(s);
    // Terms of several dimensions (a '*' group split by a tile) are left to tensor_mapping's
    // combined_program.
    const bool single = std::all_of(ip.terms.begin(), ip.terms.end(),
                                    [](const index_term& t) { return t.single_dimension() >= 0; });
    REQUIRE(ap.exact == (ip.exact && single));
    if (!ap.exact) continue;
    REQUIRE(ap.terms.size() == ip.terms.size());
    std::multiset<index_t> strides_a, strides_i;
    for (const auto& t : ap.terms) strides_a.insert(t.stride.constant);
    for (const auto& t : ip.terms) strides_i.insert(t.stride);
    REQUIRE(strides_a == strides_i);
    for (std::size_t k = 1; k < ap.terms.size(); ++k) {  // memory order: strides decrease
      REQUIRE(ap.terms[k - 1].position <= ap.terms[k].position);
      REQUIRE(ap.terms[k - 1].stride.constant > ap.terms[k].stride.constant);
    }
  }
}
