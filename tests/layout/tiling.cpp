// tests/layout/tiling.cpp: the pad-reshape-transpose shape of a layout (XLA's "Tiled layout").
#include <catch2/catch.hpp>
#include <xlayout/layout.hpp>

using namespace xlayout;

TEST_CASE("Tiled layout: tiling is pad, reshape into (tiles, tile), transpose the tile dimensions minor",
          "[layout][seed]") {
  // F32[3,5] with 2x2 tiles: padded to [4,6], reshaped to [2,2,3,2], transposed to [2,3,2,2].
  STATIC_REQUIRE(tiled_dimensions(shape_v<"f32[3,5]{1,0:T(2,2)}">).value() == tiled_vector{2, 3, 2, 2});
  STATIC_REQUIRE(to_string(physical_shape(shape_v<"f32[3,5]{1,0:T(2,2)}">).value()) ==
                 "f32[2,3,2,2]{3,2,1,0}");
  // A tile with fewer dimensions than the shape tiles the most-minor ones.
  STATIC_REQUIRE(tiled_dimensions(shape_v<"f32[2,3,5]{2,1,0:T(2,2)}">).value() ==
                 tiled_vector{2, 2, 3, 2, 2});
  // A longer tile prepends size-1 dimensions (XLA).
  STATIC_REQUIRE(tiled_dimensions(shape_v<"f32[3]{0:T(8,128)}">).value() == tiled_vector{1, 1, 8, 128});
  // Repeated tiles re-tile the expanded shape: (8,128) then (2,1) acts on the inner (8,128).
  STATIC_REQUIRE(tiled_dimensions(shape_v<"bf16[16,256]{1,0:T(8,128)(2,1)}">).value() ==
                 tiled_vector{2, 2, 4, 128, 2, 1});
  // Tiles act on physical dimensions: {0,1} swaps what the tile sees.
  STATIC_REQUIRE(tiled_dimensions(shape_v<"f32[3,5]{0,1:T(2,2)}">).value() == tiled_vector{3, 2, 2, 2});
  // '*' merges a dimension into the next more-minor one before tiling.
  STATIC_REQUIRE(tiled_dimensions(shape_v<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">).value() ==
                 tiled_vector{56, 37, 2, 3});
  STATIC_REQUIRE(tiled_dimensions(shape_v<"f32[?,5]">).error().id == error_id::dynamic_dimension);
}

TEST_CASE("padded dimensions come before the tiles", "[layout][seed]") {
  constexpr shape s = make_shape(element_type::f32, {3, 5}, Layout<1, 0, T(2, 2), pad(4, 7)>::value);
  STATIC_REQUIRE(tiled_dimensions(s).value() == tiled_vector{2, 4, 2, 2});
  STATIC_REQUIRE(laid_out_extent(s, 1) == 7);
}
