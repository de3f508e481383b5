// tests/values/layout.cpp: the layout value: defaults, equality, padded dimensions ("Shapes and layout").
#include <catch2/catch.hpp>
#include <xlayout/values/layout.hpp>

using namespace xlayout;

TEST_CASE("layout defaults are XLA's Layout()", "[shape]") {
  constexpr layout l{};
  STATIC_REQUIRE(l.rank() == 0);
  STATIC_REQUIRE(l.tail_padding_alignment_in_elements == 1);  // L(1) is the default, not printed
  STATIC_REQUIRE(l.element_size_in_bits == 0);                // E(0): the element type's width
  STATIC_REQUIRE(l.memory_space == 0);
  STATIC_REQUIRE(default_layout(4).minor_to_major == dimension_list{3, 2, 1, 0});
  STATIC_REQUIRE(make_layout({0, 1}).minor_to_major == dimension_list{0, 1});
}

TEST_CASE("layout equality is XLA's Layout::operator==: every property but M", "[shape]") {
  layout a = default_layout(2), b = a;
  b.dynamic_shape_metadata_prefix_bytes = 64;
  CHECK(a == b);
  CHECK_FALSE(identical(a, b));
  b = a;
  b.memory_space = 1;
  CHECK_FALSE(a == b);
  b = a;
  b.padded_dimensions = {3, 5};  // padding moves elements, so it takes part
  CHECK_FALSE(a == b);
}

TEST_CASE("pad(...) builds the padded_dimensions of \"Shapes and layout\"", "[shape][seed]") {
  STATIC_REQUIRE(pad(3, 5).widths == static_vector<index_t, XLAYOUT_MAX_RANK>{3, 5});
  STATIC_REQUIRE(pad(3, 5).value == padding_value_kind::zero);
}
