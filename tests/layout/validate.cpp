// tests/layout/validate.cpp: XLA's ValidateLayoutForShape and xlayout's own rules, each with the part of
// the layout it blames.
#include <catch2/catch.hpp>
#include <xlayout/layout.hpp>

using namespace xlayout;

namespace {
constexpr layout_issue issue(std::string_view text) {
  return find_layout_issue(parse_shape(text, {.validate = false}).value());
}
}  // namespace

TEST_CASE("each layout rule names its id and where it fails", "[layout][validate]") {
  STATIC_REQUIRE(issue("f32[2,3]{1,0}") == layout_issue{});
  STATIC_REQUIRE(issue("f32[2,3]{0,0}") ==
                 layout_issue{error_id::not_a_permutation, layout_field::minor_to_major, 1});
  STATIC_REQUIRE(issue("f32[2,3]{2,0}") ==
                 layout_issue{error_id::dimension_out_of_range, layout_field::minor_to_major, 0});
  STATIC_REQUIRE(issue("f32[8,8]{1,0:T(2)(2,0)}") ==
                 layout_issue{error_id::invalid_tile_size, layout_field::tiles, 1, 1});
  STATIC_REQUIRE(issue("f32[8,8]{1,0:T(2,*)}") ==
                 layout_issue{error_id::misplaced_combine, layout_field::tiles, 0, 1});
  STATIC_REQUIRE(issue("f32[8,8]{1,0:T()}").id == error_id::empty_tile);
  STATIC_REQUIRE(issue("f32[8,8]{1,0:L(0)}").id == error_id::invalid_tail_padding);
  STATIC_REQUIRE(issue("f32[8,8]{1,0:*(u16)}").id == error_id::pointer_type_on_dense);
  STATIC_REQUIRE(issue("f32[8,8]{1,0:SC(0:2)(0:3)}") ==
                 layout_issue{error_id::invalid_split_config, layout_field::split_configs, 1});
  STATIC_REQUIRE(issue("f32[8,8]{1,0:SC(2:2)}").id == error_id::invalid_split_config);
  STATIC_REQUIRE(issue("f32[8,8]{1,0:SC(0:0)}").id == error_id::invalid_split_config);  // must be positive
  STATIC_REQUIRE(issue("f32[2,3]{0,1:pad(2,2)}") ==
                 layout_issue{error_id::padded_dimension_too_small, layout_field::padded_dimensions, 1});
  // A bounded dimension's width covers its bound; an unbounded '?' cannot be padded.
  STATIC_REQUIRE(issue("f32[<=4,3]{1,0:pad(6,5)}") == layout_issue{});
  STATIC_REQUIRE(issue("f32[4,<=3]{1,0:pad(4,3)}") == layout_issue{});
  STATIC_REQUIRE(issue("f32[<=7,3]{1,0:pad(6,5)}") ==
                 layout_issue{error_id::padded_dimension_too_small, layout_field::padded_dimensions, 0});
  STATIC_REQUIRE(issue("f32[3,?]{1,0:pad(6,5)}") ==
                 layout_issue{error_id::padded_dimension_too_small, layout_field::padded_dimensions, 1});
}

TEST_CASE("what XLA does not check stays allowed: long tiles, non-dividing tiles, tiled scalars",
          "[layout][validate][xla]") {
  STATIC_REQUIRE(is_valid_layout(shape_v<"f32[8,8]{1,0:T(2,2)(2,2,2,2,2)}">));
  STATIC_REQUIRE(is_valid_layout(shape_v<"f32[5,7]{1,0:T(2,3)}">));
  STATIC_REQUIRE(is_valid_layout(shape_v<"u32[]{:T(128)}">));
  STATIC_REQUIRE(is_valid_layout(shape_v<"f32[?,<=8]{1,0:T(8,128)}">));  // dynamic sizes: no span check
  STATIC_REQUIRE(validate_layout(shape_v<"f32[3,5]">).id == error_id::none);
}
