// static_tests/layout/ask_every_rule.pass.cpp: every rule that a .fail.cpp file turns into a compile error
// can also be asked about without failing: the same bad text gives an error value with the id and the
// position, and the fixed text (the one docs/diagnostics.md shows) is accepted.
#include <string_view>
#include <xlayout/layout.hpp>

using namespace xlayout;

// The id, and the 0-based position of the offending character.
constexpr bool rejects(std::string_view text, error_id id, index_t position) {
  const auto r = parse_shape(text);
  return !r.has_value() && r.error().id == id && r.error().position == position && !is_valid_shape(text);
}
constexpr bool rejects(std::string_view text, error_id id) {
  const auto r = parse_shape(text);
  return !r.has_value() && r.error().id == id;
}

static_assert(rejects("f32[3,5]{1,1}", error_id::not_a_permutation, 11));
static_assert(is_valid_shape("f32[3,5]{1,0}"));
static_assert(rejects("f32[3,5]{1}", error_id::minor_to_major_size_mismatch, 8));
static_assert(rejects("f32[3,5]{2,0}", error_id::dimension_out_of_range, 9));
static_assert(rejects("f32[3,5]{1,0:T(0,2)}", error_id::invalid_tile_size, 15));
static_assert(rejects("f32[3,5]{1,0:T(2,-2)}", error_id::invalid_tile_size, 17));
static_assert(rejects("f32[3,5]{1,0:T(2,*)}", error_id::misplaced_combine, 17));
static_assert(is_valid_shape("f32[3,5]{1,0:T(*,2)}"));
static_assert(rejects("f32[3,5]{1,0:T()}", error_id::empty_tile, 14));
static_assert(rejects("g32[3]", error_id::unknown_element_type, 0));
static_assert(rejects("f32[3;5]", error_id::expected_closing_bracket, 5));
static_assert(rejects("f32[3,5", error_id::unexpected_end, 7));
static_assert(rejects("f32(3,5)", error_id::unexpected_character, 3));
static_assert(rejects("f32[3,x]", error_id::expected_dimension, 6));
static_assert(rejects("f32[-3,5]", error_id::negative_dimension, 4));
static_assert(rejects("f32[3,5]{1,0:E(32)T(2,2)}", error_id::property_out_of_order, 18));
static_assert(rejects("f32[3,5]{1,0:X(2)}", error_id::unknown_layout_property, 13));
static_assert(rejects("f32[3,5]{1,0:T}", error_id::expected_open_paren, 14));
static_assert(rejects("f32[3,5]{1,0:T(2,2}", error_id::expected_closing_paren, 18));
static_assert(rejects("f32[3,5]{1,0", error_id::unexpected_end, 12));
static_assert(rejects("f32[3,5]{1,0:T(2,x)}", error_id::expected_integer, 17));
static_assert(rejects("f32[10,10]{1,0:D(X,C)}", error_id::invalid_dim_level_type, 17));
static_assert(rejects("f32[3,5]{1,0:#(f32)}", error_id::expected_unsigned_type, 15));
static_assert(rejects("f32[3,5]{1,0:#(u32)}", error_id::index_type_on_dense, 13));
static_assert(rejects("f32[3,5]{1,0:*(u16)}", error_id::pointer_type_on_dense, 13));
static_assert(rejects("f32[10,10]{1,0:P(f32[10,10])}", error_id::physical_shape_on_dense, 15));
static_assert(rejects("f32[4,8]{1,0:L(0)}", error_id::invalid_tail_padding, 13));
static_assert(rejects("s4[8]{0:E(-4)}", error_id::invalid_element_size, 8));
static_assert(rejects("f32[8]{0:S(300)}", error_id::invalid_memory_space, 9));
// XLA prints M(n) only for n > 0: a negative M(n) would vanish from the text.
static_assert(rejects("f32[4,4]{1,0:M(-8)}", error_id::invalid_metadata_prefix, 13));
static_assert(is_valid_shape("f32[4,4]{1,0:M(8)}") && is_valid_shape("f32[8]{0:S(-1)}"));
static_assert(rejects("f32[10,20]{1,0:SC(0:5,5)}", error_id::invalid_split_config, 22));
static_assert(rejects("f32[10,20]{1,0:SC(1:20)}", error_id::invalid_split_config, 20));
static_assert(is_valid_shape("f32[10,20]{1,0:SC(0:5)(1:4,12)}"));
static_assert(rejects("f32[2,3]{0,1:pad(1,5)}", error_id::padded_dimension_too_small));
static_assert(is_valid_shape("f32[2,3]{0,1:pad(3,5)}"));
static_assert(rejects("f32[4294967296,4294967296]", error_id::span_overflow));
static_assert(rejects("f32[1,1,1,1,1,1,1,1,1,1,1,1,1]", error_id::rank_too_large, 28));
static_assert(rejects("f32[99999999999999999999]", error_id::integer_too_large, 4));
static_assert(rejects("f32[3,5]{1,0} junk", error_id::extra_content, 14));
static_assert(rejects("f32[3,5]{foo}", error_id::extra_content, 8));
static_assert(rejects("(f32[3], f32[2])", error_id::tuple_not_allowed, 0));
static_assert(rejects("token[2]", error_id::invalid_element_type));
static_assert(rejects("b()", error_id::expected_shape, 2));
static_assert(rejects("f32[64]{0:T(32)(16)(8)(4)(2)}", error_id::too_many_tiles, 25));
static_assert(rejects("f32[8]{0:T(1,1,1,1,1,1,1,1,1,1,1,1,2)}", error_id::tile_rank_too_large, 35));
static_assert(!parse_shape_tree("(((((((((((f32[])))))))))))").has_value());
static_assert(parse_shape_tree("(((((((((((f32[])))))))))))").error().id == error_id::nesting_too_deep);
static_assert(parse_shape_tree("((f32[]))").has_value());
static_assert(parse_layout("1,0").error().id == error_id::expected_layout);
static_assert(parse_layout("{0,1:P(s32[10,20]{1,0:T(2,2)})}").error().id ==
              error_id::unsupported_physical_shape);

// The C++ spelling of layouts asks the same questions.
static_assert(layout_from_args(1, 1).error().id == error_id::not_a_permutation);
static_assert(layout_from_args(1, 0, T(-2, 2)).error().id == error_id::invalid_tile_size);
static_assert(layout_from_args(T(2, 2), 1, 0).error().id == error_id::invalid_layout_arguments);
static_assert(layout_from_args(0, 1, pad(3)).error().id == error_id::padded_dimensions_size_mismatch);
static_assert(layout_from_args(1, 0, T(2, 2)).has_value());

// Index preconditions, as values.
static_assert(checked_linear_index(shape_v<"f32[3,5]">, {3, 0}).error().id == error_id::index_out_of_range);
static_assert(checked_linear_index(shape_v<"f32[3,5]">, {1}).error().id == error_id::index_rank_mismatch);
static_assert(checked_linear_index(shape_v<"f32[?,5]">, {1, 2}).error().id == error_id::dynamic_dimension);
static_assert(strides(shape_v<"f32[3,5]{1,0:T(2,2)}">).error().id == error_id::not_strided);
