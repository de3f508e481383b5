// tests/layout/index_program.cpp: layouts compiled to the arithmetic a person writes by hand.
#include <catch2/catch.hpp>
#include <xlayout/layout.hpp>

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
  STATIC_REQUIRE(!compile_index_program(shape_v<"s32[9,3]{0,1:T(*,2)}">).exact);
  STATIC_REQUIRE(strides(shape_v<"s32[9,3]{0,1:T(*,2)}">).value() == index_vector{1, 9});
  STATIC_REQUIRE(strides(shape_v<"f32[29]{0:T(*,3)}">).value() == index_vector{1});
  STATIC_REQUIRE(strides(shape_v<"s32[2]{0:T(*,2)(3)pad(4)}">).value() == index_vector{1});
  STATIC_REQUIRE(!is_strided(shape_v<"s32[9,3]{0,1:T(*,2)(2,1)}">));
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
  // The "Tiled layout" combined-dimension example splits a merged group of (11, 10) by 3: not a digit split,
  // so inexact.
  CHECK(exact == 5);
  CHECK_FALSE(compile_index_program(shape_v<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">).exact);
}
