// tests/text/parse_shape.cpp: XLA's shape text in, values and positioned errors out.
#include <catch2/catch.hpp>
#include <string>
#include <xlayout/layout.hpp>

using namespace xlayout;

TEST_CASE("parse_shape fills XLA's default layout and accepts free whitespace and upper case", "[text]") {
  constexpr shape s = parse_shape("F32[ 3 ,5 ]").value();
  STATIC_REQUIRE(s.element_type == element_type::f32);
  STATIC_REQUIRE(s.dimensions == static_vector<index_t, XLAYOUT_MAX_RANK>{3, 5});
  STATIC_REQUIRE(s.layout.minor_to_major == dimension_list{1, 0});
  STATIC_REQUIRE(parse_shape(" f32[ 1, 2,3, 4, 5]{0, 1, 2,3, 4 } ").value() ==
                 make_shape(element_type::f32, {1, 2, 3, 4, 5}, ascending_layout(5)));
  STATIC_REQUIRE(parse_shape("f32[123,456,789]{0,1,2:T(2, * , 128)}").value().layout.tiles[0] ==
                 T(2, combine, 128));
}

TEST_CASE("dynamic dimensions: '?' unbounded and '<=N' bounded", "[text][xla]") {
  constexpr shape s = parse_shape("f32[?,<=784,3]").value();
  STATIC_REQUIRE(s.dimensions[0] == dyn);
  STATIC_REQUIRE(s.dynamic_dimensions[0]);
  STATIC_REQUIRE(s.dimensions[1] == 784);
  STATIC_REQUIRE(s.dynamic_dimensions[1]);
  STATIC_REQUIRE(!s.dynamic_dimensions[2]);
  STATIC_REQUIRE(!is_static(s));
}

TEST_CASE("every layout property, in XLA's order", "[text][xla]") {
  constexpr layout l =
      parse_layout(
          "{3,2,1,0:T(42,123)(4,5)L(100)#(u32)*(u16)E(42)S(3)SC(0:3)(1:0,4)P(s32[10,20]{1,0})M(123)}")
          .value();
  STATIC_REQUIRE(l.tiles.size() == 2);
  STATIC_REQUIRE(l.tail_padding_alignment_in_elements == 100);
  STATIC_REQUIRE(l.index_primitive_type == element_type::u32);
  STATIC_REQUIRE(l.pointer_primitive_type == element_type::u16);
  STATIC_REQUIRE(l.element_size_in_bits == 42);
  STATIC_REQUIRE(l.memory_space == 3);
  STATIC_REQUIRE(l.split_configs.size() == 2);
  STATIC_REQUIRE(l.split_configs[1].split_indices == static_vector<index_t, XLAYOUT_MAX_SPLIT_INDICES>{0, 4});
  STATIC_REQUIRE(l.physical_shape.present);
  STATIC_REQUIRE(l.dynamic_shape_metadata_prefix_bytes == 123);
  // D(...) is parsed and dropped, as XLA does.
  STATIC_REQUIRE(parse_layout("{1,0:D(D,C+,S~)}").value() == layout_v<"{1,0}">);
}

TEST_CASE("errors name the rule and the position of the offending text", "[text]") {
  const struct {
    const char* text;
    error_id id;
    index_t position;
  } cases[] = {
      {"", error_id::unexpected_end, 0},
      {"f32", error_id::unexpected_end, 3},
      {"f32[3,5", error_id::unexpected_end, 7},
      {"f32[3,,5]", error_id::expected_dimension, 6},
      {"f32[3,5]{1,0", error_id::unexpected_end, 12},
      {"f32[3,5]{1,0:T(2,2)", error_id::unexpected_end, 19},
      {"f32[3,5]{1,0:T(2,2)L(4)T(2)}", error_id::property_out_of_order, 23},
      {"f32[3,5]{1,0:SC(0 5)}", error_id::unexpected_character, 18},
      {"f32[3,5]{1,0:T(2,2)}}", error_id::extra_content, 20},
      {"f32[2,3]{1,0:pad(3,5:none)}", error_id::unexpected_character, 21},
      {"u64[<=x]", error_id::expected_integer, 6},
      // INT64_MIN is the value '*' is stored as: written out, it is not a tile size (it printed as '*').
      {"f32[3,5]{1,0:T(-9223372036854775808,2)}", error_id::invalid_tile_size, 15},
      // XLA's lexer reads -1 as an integer, so the '{' starts a layout, which its rules refuse.
      {"f32[3,5]{-1,0}", error_id::dimension_out_of_range, 9},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    const auto r = parse_shape(c.text);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().id == c.id);
    CHECK(r.error().position == c.position);
  }
}

TEST_CASE("parse_options: XLA's ParseShape alone accepts what the layout rules reject", "[text][xla]") {
  // hlo_parser accepts #(u32) on a dense array; ValidateLayoutForShape rejects it.
  STATIC_REQUIRE(parse_shape("f32[4,8]{1,0:#(u32)*(u16)}", {.validate = false}).has_value());
  STATIC_REQUIRE(parse_shape("f32[4,8]{1,0:#(u32)*(u16)}").error().id == error_id::index_type_on_dense);
  // ... but the parser itself checks the minor_to_major length and P(...).
  STATIC_REQUIRE(!parse_shape("f32[4,8]{1}", {.validate = false}).has_value());
}

TEST_CASE("tuples: nesting, buffers, tokens", "[text][xla]") {
  const auto t = parse_shape_tree("(f32[1],(f32[2], token[]), opaque[], b(s32[3]))");
  REQUIRE(t.has_value());
  CHECK(t->tuple_size() == 4);
  CHECK(t->leaves.size() == 5);
  CHECK(t->leaves[4].is_buffer);
  CHECK(t->leaves[2].element_type == element_type::token);
  CHECK(parse_shape_tree("()").has_value());
  CHECK(parse_shape_tree("(f32[1]").error().id == error_id::unexpected_end);
  // A buffer holds an array (XLA's MakeValidatedBufferShape): b(token[]) and b(opaque[]) are refused at the
  // element type, position 2.
  CHECK(parse_shape("b(token[])").error() == error{error_id::invalid_element_type, 2});
  CHECK(parse_shape("b(opaque[])").error() == error{error_id::invalid_element_type, 2});
  CHECK(parse_shape("b(f32[2])")->is_buffer);
}

TEST_CASE("XLA's lexer and parser, rule by rule (a new user's audit against hlo_lexer.cc and hlo_parser.cc)",
          "[text][xla]") {
  // An integer never starts with '+' (kPlus is a token of its own): refused at the '+', column by hand.
  const struct {
    const char* text;
    error_id id;
    index_t position;
  } refused[] = {
      {"f32[4,4]{1,0:T(+2,2)}", error_id::expected_integer, 15},
      {"f32[4,4]{1,+0}", error_id::expected_integer, 11},
      {"f32[4,4]{1,0:L(+2)}", error_id::expected_integer, 15},
      {"f32[4,4]{1,0:SC(+0:1)}", error_id::expected_integer, 16},
      // D(...): at most one '+', then at most one '~' (ParseDimLevelTypes); the second suffix is refused.
      {"f32[4,4]{1,0:D(D~+,C)}", error_id::expected_closing_paren, 17},
      {"f32[4,4]{1,0:D(D++,C)}", error_id::expected_closing_paren, 17},
      {"f32[4,4]{1,0:D(C~~,D)}", error_id::expected_closing_paren, 17},
      // SC's index list may be empty, but not end with a comma.
      {"f32[10,20]{1,0:SC(0:1,)}", error_id::expected_integer, 22},
      // A layout on a token or an opaque value: XLA's parser stops on a CHECK; refused at the '{'.
      {"token[]{:S(1)}", error_id::invalid_element_type, 7},
      {"token[]{:}", error_id::invalid_element_type, 7},
      {"opaque[]{:T(2)}", error_id::invalid_element_type, 8},
      // A split on an unbounded `?` (ValidateLayoutForShape compares the index with its size, INT64_MIN): at
      // the 5.
      {"f32[?,4]{1,0:SC(0:5)}", error_id::invalid_split_config, 18},
  };
  for (const auto& c : refused) {
    INFO(c.text);
    const auto r = parse_shape(c.text);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().id == c.id);
    CHECK(r.error().position == c.position);
  }
  // What XLA accepts, printed as XLA prints it.
  const struct {
    const char* text;
    const char* printed;
  } accepted[] = {
      {"f32[10,20]{1,0:SC(0:)}", "f32[10,20]{1,0:SC(0:)}"},
      {"f32[4,4]{1,0:D(D + ~,C)}", "f32[4,4]{1,0}"},
      {"f32[4,4]{1,0:D(D+~,C~)}", "f32[4,4]{1,0}"},
      {"b (f32[2])", "b(f32[2]{0})"},
      {"f6e3m2fn[2,3]", "f6e3m2fn[2,3]{1,0}"},
      {"F6E2M3FN[4]{0:T(4)}", "f6e2m3fn[4]{0:T(4)}"},
      {"f32[<=8,4]{1,0:SC(0:5)}", "f32[<=8,4]{1,0:SC(0:5)}"},
  };
  for (const auto& c : accepted) {
    INFO(c.text);
    const auto r = parse_shape(c.text);
    REQUIRE(r.has_value());
    CHECK(to_string(*r).view() == c.printed);
  }
  // The F6 kinds take a byte each, as XLA stores them: f6e3m2fn[2,3] is 6 bytes.
  STATIC_REQUIRE(bit_width(parse_shape("f6e3m2fn[2,3]")->element_type) == 8);
  // P(...) of a scalar prints without the empty layout, so the text reads back (`P(s32[]{})` did not).
  const auto l = parse_layout("{0,1:P(s32[])}");
  REQUIRE(l.has_value());
  CHECK(to_string(*l).view() == "{0,1:P(s32[])}");
  CHECK(parse_layout(to_string(*l).view()).has_value());
}

TEST_CASE("is_valid_layout(text) asks about a layout's text, not a shape's", "[text]") {
  STATIC_REQUIRE(is_valid_layout("{1,0:T(2,2)}"));
  STATIC_REQUIRE(is_valid_layout("{}"));
  STATIC_REQUIRE(is_valid_layout("{0,1:pad(3,5)}"));
  STATIC_REQUIRE(is_valid_layout("{1,0:SC(0:5)}"));
  STATIC_REQUIRE(is_valid_layout("{2,1,0:T(*,2,*,2)}"));
  STATIC_REQUIRE(!is_valid_layout("f32[3,5]{1,0}"));  // a shape's text is not a layout's (it used to pass)
  STATIC_REQUIRE(!is_valid_layout("{1,1}"));          // not_a_permutation
  STATIC_REQUIRE(!is_valid_layout("{1,0:T(2,*)}"));   // misplaced_combine
  STATIC_REQUIRE(!is_valid_layout("{0:pad(3,5)}"));   // padded_dimensions_size_mismatch
  STATIC_REQUIRE(!is_valid_layout("{1,0:SC(2:5)}"));  // invalid_split_config: no physical dimension 2
  STATIC_REQUIRE(!is_valid_layout("{1,0:L(0)}"));     // invalid_tail_padding
  STATIC_REQUIRE(!is_valid_layout("{1,0"));           // does not parse
}
