// tests/static/shape.cpp: the type-level spellings agree with each other and with the values.
#include <catch2/catch.hpp>
#include <type_traits>
#include <xlayout/layout.hpp>

using namespace xlayout;

TEST_CASE("all spellings of a shape or a layout are one type", "[text][types]") {
  STATIC_REQUIRE(std::is_same_v<Shape<"F32[3,5]">, Shape<"f32[ 3, 5 ]{1,0}">>);
  STATIC_REQUIRE(std::is_same_v<Shape<"f32[3,5]{1,0:T(2,2)}">, shape_type<shape_v<"f32[3,5]{1,0:T(2,2)}">>>);
  STATIC_REQUIRE(std::is_same_v<Layout<"{1,0:T(2,2)}">, Layout<1, 0, T(2, 2)>>);
  STATIC_REQUIRE(std::is_same_v<Layout<"{1,0}">, layout_type<default_layout(2)>>);
  STATIC_REQUIRE(!std::is_same_v<Layout<1, 0>, Layout<0, 1>>);
  STATIC_REQUIRE(layout_like<Layout<1, 0>>);
  STATIC_REQUIRE(!layout_like<int>);
}

TEST_CASE("a layout type holds every property of its layout, whatever the length of its text",
          "[text][types]") {
  // Keyed on the text: the type names the layout as XLA writes it.
  STATIC_REQUIRE(
      std::is_same_v<Layout<"{1,0:T(2,2)}">, detail::keyed_layout<detail::layout_key<12>{"{1,0:T(2,2)}"}>>);
  // Every property comes back, M (which operator== ignores) and E, S, L included.
  constexpr layout rich = layout_v<"{0,1:T(8,128)(2,1)L(4)E(16)S(1)M(8)}">;
  STATIC_REQUIRE(identical(layout_type<rich>::value, rich));
  STATIC_REQUIRE(!std::is_same_v<layout_type<rich>, Layout<"{0,1:T(8,128)(2,1)L(4)E(16)S(1)}">>);
  // Text longer than the printer's capacity (shape_text_capacity): keyed on the properties as integers.
  constexpr layout wide = [] {
    layout l = default_layout(12);
    for (int k = 0; k < 4; ++k) {
      tile t;
      for (int d = 0; d < 12; ++d) t.dimensions.push_back(index_t{1000000000000} + k + d);
      l.tiles.push_back(t);
    }
    return l;
  }();
  STATIC_REQUIRE(to_string(wide).size() >= shape_text_capacity - 1);
  STATIC_REQUIRE(identical(layout_type<wide>::value, wide));
  STATIC_REQUIRE(layout_type<wide>::rank() == 12);
}

TEST_CASE("Shape<...> static members forward to the constexpr functions", "[text][types][seed]") {
  using S = Shape<"bf16[2,8,128]{2,1,0:T(8,128)(2,1)}">;
  STATIC_REQUIRE(S::rank() == 3);
  STATIC_REQUIRE(S::element == element_type::bf16);
  STATIC_REQUIRE(S::extent(2) == 128);
  STATIC_REQUIRE(S::linear_index(0, 2, 0) == 256);
  STATIC_REQUIRE(S::linear_index(index_vector{0, 2, 0}) == 256);
  STATIC_REQUIRE(S::required_span_size() == 2048);
  STATIC_REQUIRE(S::byte_size() == 4096);
  STATIC_REQUIRE(S::physical_byte_size() == 4096);
  STATIC_REQUIRE(S::to_string() == "bf16[2,8,128]{2,1,0:T(8,128)(2,1)}");
  STATIC_REQUIRE(!S::is_strided());
  STATIC_REQUIRE(S::program.exact);
  // Every element, through the type and through the value.
  for (index_t i = 0; i < 2; ++i) {
    for (index_t j = 0; j < 8; ++j) {
      for (index_t k = 0; k < 128; ++k)
        REQUIRE(S::linear_index(i, j, k) == linear_index(S::value, {i, j, k}));
    }
  }
}

TEST_CASE("Layout<...> values combine with any shape of their rank", "[text][types]") {
  using L = Layout<0, 1, pad(3, 5)>;
  STATIC_REQUIRE(L::rank() == 2);
  STATIC_REQUIRE(L::value.padded_dimensions.size() == 2);
  STATIC_REQUIRE(L::to_string() == "{0,1:pad(3,5)}");
  constexpr shape s = make_shape(element_type::f32, {2, 3}, L::value);
  STATIC_REQUIRE(linear_index(s, {1, 2}) == 7);
  STATIC_REQUIRE(layout_v<"{1,0:T(8,128)(2,1)}">.tiles.size() == 2);
}
