// tests/layout/index_program.cpp: layouts compiled to the arithmetic a person writes by hand.
#include <catch2/catch.hpp>
#include <random>
#include <xlayout/layout.hpp>

#include "support/brute_force_layout.hpp"
#include "support/random_layout.hpp"

using namespace xlayout;

TEST_CASE("F32[3,5]{1,0:T(2,2)} compiles to ((i/2)*3 + j/2)*4 + (i%2)*2 + j%2", "[layout][program][seed]") {
  constexpr index_program p = compile_index_program(shape_v<"f32[3,5]{1,0:T(2,2)}">);
  STATIC_REQUIRE(p.exact);
  STATIC_REQUIRE(p.terms.size() == 4);
  // The hand-written formula of the "Tiled layout" example, for every element.
  for (index_t i = 0; i < 3; ++i) {
    for (index_t j = 0; j < 5; ++j)
      CHECK(p(index_vector{i, j}) == ((i / 2) * 3 + j / 2) * 4 + (i % 2) * 2 + j % 2);
  }
}

TEST_CASE("order-preserving tiles compile to strides", "[layout][program][xla]") {
  // XLA's IsUntiledLayout cases: the tiles do not change the order.
  STATIC_REQUIRE(is_strided(shape_v<"f32[24,128]{1,0:T(8,128)}">));
  STATIC_REQUIRE(strides(shape_v<"f32[24,128]{1,0:T(8,128)}">).value() == index_vector{128, 1});
  STATIC_REQUIRE(is_strided(shape_v<"f32[4,256]{1,0:T(1,128)}">));
  STATIC_REQUIRE(compile_index_program(shape_v<"f32[4,256]{1,0:T(1,128)}">).terms.size() ==
                 2);  // digits merged
  STATIC_REQUIRE(!is_strided(shape_v<"f32[3,5]{1,0:T(2,2)}">));
  STATIC_REQUIRE(strides(shape_v<"f32[10,20,30]{1,2,0}">).value() == index_vector{600, 1, 20});
  // A tile that covers a whole dimension leaves it strided, with the padded stride.
  STATIC_REQUIRE(strides(shape_v<"f32[3,100]{1,0:T(1,128)}">).value() == index_vector{128, 1});
  // Size-1 dimensions get XLA's stride.
  STATIC_REQUIRE(strides(shape_v<"f32[1,5]{1,0}">).value() == index_vector{5, 1});
  // Strided although the index program alone does not show it. A '*' that merges the physical dimensions
  // (3 and 9 of s32[9,3]{0,1}) into one of 27 cut in pairs keeps them in order: slot = e0 + 9 * e1. A tile
  // longer than the shape's rank merges the size-1 dimension it prepends: f32[29] in triples, slot = e0.
  // A padded dimension whose digit wraps only in the padding: s32[2] padded to 4, in pairs, then triples.
  STATIC_REQUIRE(!detail::compile_tiled_program(shape_v<"s32[9,3]{0,1:T(*,2)}">).exact);
  STATIC_REQUIRE(strides(shape_v<"s32[9,3]{0,1:T(*,2)}">).value() == index_vector{1, 9});
  STATIC_REQUIRE(strides(shape_v<"f32[29]{0:T(*,3)}">).value() == index_vector{1});
  STATIC_REQUIRE(strides(shape_v<"s32[2]{0:T(*,2)(3)pad(4)}">).value() == index_vector{1});
  STATIC_REQUIRE(!is_strided(shape_v<"s32[9,3]{0,1:T(*,2)(2,1)}">));
  // A shape without elements is strided whatever its tiles (no element can break the sum); its strides are
  // XLA's for the minor-to-major order: the product of the more minor extents.
  STATIC_REQUIRE(is_strided(shape_v<"f32[0,5]{1,0:T(2,2)}">));
  STATIC_REQUIRE(strides(shape_v<"f32[0,5]{1,0:T(2,2)}">).value() == index_vector{5, 1});
  STATIC_REQUIRE(strides(shape_v<"f32[3,0]{0,1:T(8,128)}">).value() == index_vector{1, 3});
  STATIC_REQUIRE(strides(shape_v<"f32[4,0,6]{0,2,1:T(2,2)}">).value() == index_vector{1, 24, 4});
}

TEST_CASE("the program agrees with linear_index on every element of the shapes of XLA's documents and tests",
          "[layout][program]") {
  const shape shapes[] = {shape_v<"f32[3,5]{0,1:T(2,2)}">,
                          shape_v<"bf16[2,8,128]{2,1,0:T(8,128)(2,1)}">,
                          shape_v<"f32[4,8]{1,0:T(2,4)(2,1)}">,
                          shape_v<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">,
                          shape_v<"bf16[2048]{0:T(1024)(128)(2,1)}">,
                          shape_v<"f32[2,3]{0,1:pad(3,5)}">};
  int exact = 0;
  for (const shape& s : shapes) {
    const index_program p = compile_index_program(s);
    INFO(to_string(s).view());
    if (!p.exact) continue;
    ++exact;
    int bad = 0;
    for_each_index(s, [&](const index_vector& e) { bad += p(e) != linear_index(s, e) ? 1 : 0; });
    CHECK(bad == 0);
  }
  CHECK(exact == 6);
}

TEST_CASE("a tile that splits a '*' group across its members' digits compiles through the merged group",
          "[layout][program][xla]") {
  // The "Tiled layout" combined-dimension example: T(*,*,2,*,3) makes f32[2,7,8,11,10] the f32[112,110]
  // tiled by (2,3), tiled shape [56,37,2,3]. The tile of 3 splits the group (11, 10): no digit of e3 or e4
  // alone, so the digit-by-digit program is not exact; the merged group's program, read back, is.
  constexpr shape xla = shape_v<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">;
  STATIC_REQUIRE(!detail::compile_tiled_program(xla).exact);
  constexpr index_program p = compile_index_program(xla);
  STATIC_REQUIRE(p.exact);
  // By hand: rows r = 56 * e0 + 8 * e1 + e2 of 112, columns c = 10 * e3 + e4 of 110, each tile 2x3 = 6
  // slots, 37 tiles per row of tiles.
  const auto by_hand = [](index_t e0, index_t e1, index_t e2, index_t e3, index_t e4) {
    const index_t r = 56 * e0 + 8 * e1 + e2, c = 10 * e3 + e4;
    return (r / 2 * 37 + c / 3) * 6 + r % 2 * 3 + c % 3;
  };
  int bad = 0;
  for_each_index(xla, [&](const index_vector& e) { bad += p(e) != by_hand(e[0], e[1], e[2], e[3], e[4]); });
  CHECK(bad == 0);
  // Where the merged group's digit is whole, one term per dimension: f32[1000,999]{1,0:T(*,4)} is row-major
  // (999,000 elements in 249,750 tiles of 4), so strided and compiled to i * 999 + j.
  constexpr shape rows = shape_v<"f32[1000,999]{1,0:T(*,4)}">;
  STATIC_REQUIRE(!detail::compile_tiled_program(rows).exact);
  STATIC_REQUIRE(compile_index_program(rows).exact);
  STATIC_REQUIRE(compile_index_program(rows).terms.size() == 2);
  STATIC_REQUIRE(strides(rows).value() == index_vector{999, 1});
  // Members that are not neighbours in ascending logical order are merged in the physical order.
  // s32[9,3]{0,1:T(*,2)} merges the physical dimensions (3, 9) and cuts them in pairs: slot e0 + 9 * e1.
  STATIC_REQUIRE(!detail::compile_tiled_program(shape_v<"s32[9,3]{0,1:T(*,2)}">).exact);
  constexpr index_program cols = compile_index_program(shape_v<"s32[9,3]{0,1:T(*,2)}">);
  STATIC_REQUIRE((cols.exact && cols(index_vector{4, 2}) == 4 + 9 * 2 && cols(index_vector{8, 1}) == 17));
  // f32[2,3,5]{1,2,0:T(*,2,2)}: physical order (0, 2, 1), sizes [2,5,3]; the '*' merges dimensions 0 and 2
  // into R = 5 e0 + e2 of 10, tiled with C = e1 by (2,2): tiled shape [5,2,2,2], slot
  // (R / 2 * 2 + C / 2) * 4 + R % 2 * 2 + C % 2.
  constexpr shape apart = shape_v<"f32[2,3,5]{1,2,0:T(*,2,2)}">;
  constexpr index_program q = compile_index_program(apart);
  STATIC_REQUIRE(q.exact);
  int wrong = 0;
  for_each_index(apart, [&](const index_vector& e) {
    const index_t r = 5 * e[0] + e[2], c = e[1];
    wrong += q(e) != (r / 2 * 2 + c / 2) * 4 + r % 2 * 2 + c % 2 ? 1 : 0;
  });
  CHECK(wrong == 0);
  // XLA's example with the logical order reversed, {0,1,2,3,4}: physical order (4, 3, 2, 1, 0); the groups
  // (4, 3, 2) and (1, 0) make R = 88 e4 + 8 e3 + e2 of 880 and C = 2 e1 + e0 of 14, tiled by (2,3): tiled
  // shape [440,5,2,3].
  constexpr shape reversed = shape_v<"f32[2,7,8,11,10]{0,1,2,3,4:T(*,*,2,*,3)}">;
  constexpr index_program rev = compile_index_program(reversed);
  STATIC_REQUIRE(rev.exact);
  for_each_index(reversed, [&](const index_vector& e) {
    const index_t r = 88 * e[4] + 8 * e[3] + e[2], c = 2 * e[1] + e[0];
    wrong += rev(e) != (r / 2 * 5 + c / 3) * 6 + r % 2 * 3 + c % 3 ? 1 : 0;
  });
  CHECK(wrong == 0);
  // Still not exact: a later tile that cuts an earlier tile's size it does not divide (the 3 of T(4,3) by 2).
  STATIC_REQUIRE(!compile_index_program(shape_v<"f32[6,5]{1,0:T(4,3)(2,2)}">).exact);
}

TEST_CASE("law: an exact index program puts every element where the brute-force model does",
          "[layout][program][law]") {
  std::mt19937_64 rng(20261128);
  int shapes = 0, exact = 0, second_attempt = 0;  // exact where the digit-by-digit program is not
  while (shapes < 3000) {
    const shape s =
        xlayout_test::random_layout_shape(std::uniform_int_distribution<index_t>(1, 48)(rng), rng);
    ++shapes;
    const index_program p = compile_index_program(s);
    if (!p.exact) continue;
    ++exact;
    second_attempt += detail::compile_tiled_program(s).exact ? 0 : 1;
    INFO(to_string(s).view());
    const std::vector<index_t> buffer = xlayout_test::brute_force_buffer(s);
    std::vector<index_t> dims(s.dimensions.begin(), s.dimensions.end());
    int bad = 0;
    for (std::size_t slot = 0; slot < buffer.size(); ++slot) {
      if (buffer[slot] < 0) continue;  // padding
      const std::vector<index_t> e = xlayout_test::unravel(dims, buffer[slot]);
      index_vector idx;
      for (index_t v : e) idx.push_back(v);
      bad += p(idx) != static_cast<index_t>(slot) ? 1 : 0;
    }
    REQUIRE(bad == 0);
  }
  // 2,859 exact of 3,000, 109 of them through a merged group or the strides of the canonical form (g++ 12).
  INFO(exact << " exact of " << shapes << ", " << second_attempt
             << " where the digit-by-digit program is not");
  CHECK(exact > shapes / 2);
  CHECK(second_attempt > 20);
}
