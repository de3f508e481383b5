// tests/values/shape.cpp: the shape value, dimension numbering, element counts, tiles and layouts as values.
#include <catch2/catch.hpp>
#include <xlayout/values/shape.hpp>

using namespace xlayout;

TEST_CASE("make_shape gives XLA's default (major-to-minor) layout", "[shape][seed]") {
  // Seeds 000/001/003: a new shape's default layout is major-to-minor ({rank-1, ..., 0}).
  constexpr shape s = make_shape(element_type::f32, {2, 3, 4});
  STATIC_REQUIRE(s.rank() == 3);
  STATIC_REQUIRE(s.layout.minor_to_major == dimension_list{2, 1, 0});
  STATIC_REQUIRE(ascending_layout(3).minor_to_major == dimension_list{0, 1, 2});
  STATIC_REQUIRE(is_static(s));
  STATIC_REQUIRE(*checked_element_count(s) == 24);
  STATIC_REQUIRE(element_count(s) == 24);  // the plain twin: a number, preconditions instead of errors
  STATIC_REQUIRE(element_count(make_shape(element_type::f32, {})) == 1);
  STATIC_REQUIRE(*checked_element_count(make_shape(element_type::f32, {})) == 1);
  STATIC_REQUIRE(*checked_element_count(make_shape(element_type::f32, {3, 0, 5})) == 0);
  STATIC_REQUIRE(checked_element_count(make_shape(element_type::f32, {dyn, 5})).error().id ==
                 error_id::dynamic_dimension);
  STATIC_REQUIRE(checked_element_count(make_shape(element_type::f32, {index_max, 2})).error().id ==
                 error_id::span_overflow);
}

TEST_CASE("dimension numbers: negative numbers count from the end, as in Python", "[shape][seed]") {
  // Seed 000: dimension numbering 0..N-1, and -1 is the last dimension.
  constexpr shape s = make_shape(element_type::f32, {2, 3, 4, 5});
  STATIC_REQUIRE(*dimension_number(s, -1) == 3);
  STATIC_REQUIRE(*dimension_number(s, -4) == 0);
  STATIC_REQUIRE(*dimension_number(s, 2) == 2);
  STATIC_REQUIRE(dimension_number(s, 4).error().id == error_id::dimension_out_of_range);
  STATIC_REQUIRE(dimension_number(s, -5).error().id == error_id::dimension_out_of_range);
}

TEST_CASE("shape equality is XLA's: layouts compared without M", "[shape]") {
  shape a = make_shape(element_type::f32, {2, 3});
  shape b = a;
  b.layout.dynamic_shape_metadata_prefix_bytes = 8;
  CHECK(a == b);
  CHECK_FALSE(identical(a.layout, b.layout));
  b.layout.tiles.push_back(T(2, 2));
  CHECK_FALSE(a == b);
  shape c = a;
  c.dynamic_dimensions[0] = true;  // <=2 is not 2
  CHECK_FALSE(a == c);
}
