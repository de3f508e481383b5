// include/xlayout/core/diagnostics.hpp: the named errors of the library, the `error` value and
// `result<T>` that run-time entry points return, and the compile-time report that names the error.
#pragma once
#include <cstddef>
#include <string_view>

#include <xlayout/core/config.hpp>
#include <xlayout/core/fixed_string.hpp>
#include <xlayout/core/index.hpp>

// Every error the library can report: X(id, "Entity: the rule in one sentence"). The id is stable (tests
// and scripts match it, as `[xlayout:id]`); the sentence may improve. docs/diagnostics.md shows each id
// with a bad and a fixed example. Add new ids at the end of their group.
#define XLAYOUT_ERROR_LIST(X)                                                                                \
  /* capacities and arithmetic */                                                                            \
  X(capacity_exceeded,                                                                                       \
    "a fixed capacity of the library is exceeded (raise the XLAYOUT_MAX_* macro, or the capacity given "     \
    "as a template argument, as in hlo::output_to_input<N>)")                                                \
  X(rank_too_large,                                                                                          \
    "Shape: the rank is larger than XLAYOUT_MAX_RANK, or than the MaxRank a run-time mapping holds")         \
  X(integer_overflow, "an integer does not fit in int64")                                                    \
  X(span_overflow, "Shape: the number of elements of the laid-out array does not fit in int64")              \
  /* shape and layout text */                                                                                \
  X(unexpected_end, "text: the text ends where more is required")                                            \
  X(unexpected_character, "text: this character is not allowed here")                                        \
  X(extra_content, "text: unexpected text after the end")                                                    \
  X(unknown_element_type, "Shape: unknown element type (expected f32, bf16, s32, pred, ...)")                \
  X(expected_integer, "text: an integer is required here")                                                   \
  X(integer_too_large, "text: the integer does not fit in int64")                                            \
  X(expected_dimension, "Shape: a dimension size is required here (an integer, '?' or '<=N')")               \
  X(negative_dimension, "Shape: a dimension size must not be negative")                                      \
  X(expected_closing_bracket,                                                                                \
    "text: expected ']' (closing a shape's dimensions, a map's symbols or a range)")                         \
  X(expected_closing_brace,                                                                                  \
    "text: expected '}' (closing a layout, an attribute's list or runtime variables)")                       \
  X(expected_closing_paren, "text: expected ')'")                                                            \
  X(expected_open_paren, "text: expected '('")                                                               \
  X(expected_layout, "Layout: expected '{' to open a layout")                                                \
  X(unknown_layout_property, "Layout: unknown property after ':' (known: T L # * E S SC P M D)")             \
  X(property_out_of_order, "Layout: properties must appear in XLA's order D T L # * E S SC P M, each once")  \
  X(invalid_dim_level_type, "Layout: expected a dim level type D, C, S or H in D(...)")                      \
  X(expected_unsigned_type, "Layout: #(...) and *(...) need an unsigned integer type such as u32")           \
  X(nesting_too_deep,                                                                                        \
    "tuples nest deeper than XLA's limit of 10, or an HLO attribute's brackets deeper than 64")              \
  X(tuple_not_allowed, "Shape: a tuple is not an array shape (use parse_shape_tree for tuples)")             \
  X(expected_shape, "Shape: expected an element type such as f32, or '(' for a tuple")                       \
  /* layout rules (XLA's LayoutUtil::ValidateLayoutForShape and XLA's documents) */                          \
  X(minor_to_major_size_mismatch, "Layout: minor_to_major must have one entry per dimension of the shape")   \
  X(dimension_out_of_range, "Layout: a minor_to_major entry is not a dimension of the shape")                \
  X(not_a_permutation, "Layout: minor_to_major must list each dimension exactly once")                       \
  X(empty_tile, "Layout: a tile must have at least one dimension")                                           \
  X(invalid_tile_size, "Layout: a tile dimension must be positive, or '*' to combine dimensions")            \
  X(misplaced_combine, "Layout: '*' merges a dimension into the next more-minor one, so it cannot be last")  \
  X(too_many_tiles, "Layout: more tiles than XLAYOUT_MAX_TILES")                                             \
  X(tile_rank_too_large, "Layout: a tile has more dimensions than XLAYOUT_MAX_RANK")                         \
  X(invalid_tail_padding, "Layout: L(n) tail padding alignment must be positive")                            \
  X(index_type_on_dense, "Layout: #(...) index type is only for sparse arrays")                              \
  X(pointer_type_on_dense, "Layout: *(...) pointer type is only for sparse arrays")                          \
  X(physical_shape_on_dense, "Layout: P(...) physical shape is only for sparse arrays")                      \
  X(unsupported_physical_shape,                                                                              \
    "Layout: xlayout keeps only the element type, sizes and minor_to_major of P(...)")                       \
  X(invalid_element_size, "Layout: E(n) element size in bits must not be negative")                          \
  X(invalid_memory_space, "Layout: S(n) memory space must fit in int8")                                      \
  X(invalid_split_config,                                                                                    \
    "Layout: SC(dim:i,...) needs a physical dimension in range, once, with strictly increasing positive "    \
    "split indices below the dimension size")                                                                \
  X(padded_dimensions_size_mismatch, "Layout: padded_dimensions must have one entry per dimension")          \
  X(padded_dimension_too_small,                                                                              \
    "Layout: a padded dimension must be at least the dimension size (a bounded '<=N' one's bound; an "       \
    "unbounded '?' one cannot be padded)")                                                                   \
  X(dynamic_dimension, "Shape: this needs static sizes, but a dimension is dynamic ('?' or '<=N')")          \
  X(invalid_element_type, "Shape: this element type has no array layout (tuple, token, opaque)")             \
  X(invalid_layout_arguments,                                                                                \
    "Layout<...>: write one layout string, or minor_to_major numbers then T(...) tiles then pad(...)")       \
  X(not_strided, "Layout: the layout is not strided (a tile reorders elements), so it has no strides")       \
  /* indices */                                                                                              \
  X(index_rank_mismatch, "index: the number of indices differs from the rank of the shape")                  \
  X(index_out_of_range, "index: an index is outside its dimension")                                          \
  X(linear_index_out_of_range, "index: the linear index is outside [0, required_span_size)")                 \
  X(padding_element, "index: the linear index lands on padding, not on an element")                          \
  /* indexing maps and affine expressions */                                                                 \
  X(expected_expression, "IndexingMap: an expression is required here")                                      \
  X(expected_arrow, "IndexingMap: missing '->' between the variables and the results")                       \
  X(unbalanced_parenthesis, "IndexingMap: parentheses do not balance")                                       \
  X(unknown_variable, "IndexingMap: this name is not a declared dimension or symbol")                        \
  X(variable_out_of_order, "IndexingMap: the domain must list the variables in declaration order")           \
  X(empty_range, "IndexingMap: a range [lo, hi] needs lo <= hi")                                             \
  X(expected_range, "IndexingMap: expected 'in [lo, hi]'")                                                   \
  X(invalid_divisor, "IndexingMap: the divisor of floordiv, ceildiv or mod is the constant 0")               \
  X(pool_exhausted, "IndexingMap: the expression pool is full (raise XLAYOUT_MAX_EXPRS)")                    \
  X(too_many_variables, "IndexingMap: more variables than XLAYOUT_MAX_VARS")                                 \
  X(variable_count_mismatch, "IndexingMap: the number of variables does not match the map")                  \
  X(duplicate_variable, "IndexingMap: a variable name is declared twice")                                    \
  X(too_many_results, "IndexingMap: more results than XLAYOUT_MAX_RESULTS")                                  \
  X(too_many_constraints, "IndexingMap: more constraints than XLAYOUT_MAX_CONSTRAINTS")                      \
  X(missing_range,                                                                                           \
    "IndexingMap: the domain ends before every declared variable has its range (in declaration order)")      \
  /* tensors */                                                                                              \
  X(tensor_arguments,                                                                                        \
    "Tensor<...>: write Tensor<\"f32[3,5]{1,0}\">, or an element type then Extents<...> and optionally "     \
    "Layout<...>")                                                                                           \
  X(bounded_dimension, "Tensor: a bounded dynamic dimension '<=N' is not supported; write N or '?'")         \
  X(dynamic_extent_count, "Tensor: give one size per dynamic extent ('?' or dyn), in order")                 \
  X(unsupported_element_size,                                                                                \
    "Tensor: element width not addressable: with E(n) sub-byte types take E(1), E(2), E(4) or E(8), not "    \
    "below their width, others their own; a runtime_tensor's Element must be as wide")                       \
  X(tile_access_unsupported,                                                                                 \
    "tiles(t) needs a first tile without '*' no longer than the shape, later tiles no longer; "              \
    "make_runtime_mapping an exact index program (compile_index_program; linear_index takes any)")           \
  /* HLO text */                                                                                             \
  X(hlo_expected_name,                                                                                       \
    "HLO text: a name is required here (an instruction, computation, opcode or attribute name)")             \
  X(hlo_duplicate_name,                                                                                      \
    "HLO text: this name is already defined (instructions: in this computation; computations: in the "       \
    "module)")                                                                                               \
  X(hlo_unknown_operand, "HLO text: the operand is no instruction defined earlier in its computation")       \
  X(hlo_unknown_computation,                                                                                 \
    "HLO text: calls=, to_apply=, condition=, body=, ... name no computation of the module")                 \
  X(hlo_empty_module, "HLO module: there is no computation (or, in a module built by hand, no ENTRY ROOT)")  \
  X(hlo_multiple_entries, "HLO text: more than one computation is marked ENTRY")                             \
  X(hlo_invalid_attribute, "HLO text: the value of this attribute does not have the form XLA prints")        \
  X(hlo_capacity_exceeded,                                                                                   \
    "HLO text: the module needs more instructions, computations, shapes, characters, operands or called "    \
    "computations than its capacities (raise XLAYOUT_HLO_MAX_*)")                                            \
  X(hlo_malformed_op,                                                                                        \
    "HLO op: the shapes or attributes do not fit the opcode (an operand missing, sizes that do not match, "  \
    "a list whose size is not the rank, a dimension number out of range)")                                   \
  X(hlo_operand_out_of_range,                                                                                \
    "HLO: no operand or output of the op, or parameter, output or instruction of the module, has this "      \
    "number")                                                                                                \
  X(hlo_shared_fused_computation,                                                                            \
    "HLO text: this fusion calls a computation another fusion calls (XLA's verifier: a fused computation "   \
    "belongs to one fusion instruction)")                                                                    \
  /* views */                                                                                                \
  X(view_not_a_permutation,                                                                                  \
    "transpose<...>: the dimensions must list each dimension of the tensor exactly once")                    \
  X(view_element_count, "reshape<...>: the new extents must hold as many elements as the tensor")            \
  X(view_not_a_bitcast,                                                                                      \
    "bitcast<...>: the new shape must have the tensor's element type and static extents, and read every "    \
    "element where the tensor's layout puts it (is_bitcast); bitcast a Tensor, not a view")                  \
  X(view_invalid_slice,                                                                                      \
    "slice: give one Slice<start, limit, stride> per dimension, with 0 <= start <= limit <= extent and "     \
    "stride >= 1; dynamic_slice<sizes...>: one size per dimension, none above its extent")                   \
  X(view_invalid_dimensions,                                                                                 \
    "reverse<...>, broadcast<...>: a dimension number is out of range or repeated, or a broadcast extent "   \
    "differs from the tensor's")                                                                             \
  X(view_dynamic_extents,                                                                                    \
    "reshape<...>, bitcast<...>: a '?' extent must map through a reshape unchanged, and a bitcast needs "    \
    "static extents (not a runtime_tensor's); a view takes '?' extents below 2^32")                          \
  X(view_map_mismatch,                                                                                       \
    "map_view: the map must be regular, its dimensions must start at 0, and it must have one result per "    \
    "dimension of the tensor")                                                                               \
  X(view_map_out_of_range,                                                                                   \
    "map_view: over the map's domain each result must lie inside the tensor's extent, and the "              \
    "arithmetic must stay in int64 (no overflow, no division by zero)")                                      \
  X(view_input,                                                                                              \
    "transpose, reshape, slice, reverse, broadcast, map_view: view a Tensor, a view, or a runtime_tensor "   \
    "of static rank (make_runtime_tensor<Rank>)")                                                            \
  X(view_size_overflow,                                                                                      \
    "broadcast<...>, map_view, and slice or dynamic_slice of '?' extents: the view's positions (the "        \
    "product of its extents) must fit in int64")                                                             \
  X(view_not_iterable,                                                                                       \
    "for_each: the view's map has symbols (extra arguments of v(...)); loop over them and call v(i, ..., "   \
    "s, ...) yourself")                                                                                      \
  X(index_type_overflow,                                                                                     \
    "mdspan_layout: the mapping's offsets (its required_span_size) must fit the std::extents' index_type")   \
  X(dynamic_dimensions_size_mismatch,                                                                        \
    "Shape: dynamic_dimensions must have one entry per dimension (push a flag with each size, or use "       \
    "make_shape)")                                                                                           \
  X(invalid_metadata_prefix, "Layout: M(n) dynamic-shape metadata prefix bytes must not be negative")        \
  X(hlo_multiple_roots, "HLO text: a computation has more than one instruction marked ROOT")                 \
  X(hlo_invalid_parameter_number,                                                                            \
    "HLO text: a computation's parameter numbers must be 0, 1, ..., n - 1 for its n parameters, each once")  \
  X(tensor_buffer_too_small,                                                                                 \
    "Tensor: the array holds fewer elements than the layout's slots, tile padding included "                 \
    "(required_span_size; bytes for sub-byte types)")                                                        \
  X(tensor_data_type,                                                                                        \
    "Tensor: the data must point to the element's storage (float* for f32, bf16_bits* for bf16, "            \
    "std::uint8_t* for sub-byte types); a const pointer makes a ConstTensor")                                \
  X(invalid_index_type, "an index must be an integer (not bool) or an integral constant, one per dimension") \
  X(hlo_missing_attribute,                                                                                   \
    "HLO text: the op lacks an attribute XLA requires of it (dimensions of broadcast, transpose, reverse, "  \
    "concatenate, reduce; slice; padding; gather's dimension numbers; index; iota_dimension)")               \
  X(hlo_unknown_opcode,                                                                                      \
    "HLO text: not an XLA opcode (nor an async form of one: <opcode>-start, -update, -done)")                \
  X(hlo_duplicate_attribute, "HLO text: an instruction gives the same attribute twice")                      \
  X(hlo_shape_mismatch,                                                                                      \
    "HLO text: shapes that must agree differ (a declared operand shape, a computation's root, a fusion's "   \
    "operands and its computation's parameters)")                                                            \
  X(hlo_call_cycle, "HLO text: a computation calls itself, directly or through others")                      \
  X(for_each_callback, "for_each: f must be callable as f(index, element) or f(element)")

namespace XLAYOUT_NAMESPACE {

/// The stable identifier of each error. `none` means success.
enum class error_id : int {
  none,
#define XLAYOUT_X(id, text) id,
  XLAYOUT_ERROR_LIST(XLAYOUT_X)
#undef XLAYOUT_X
};

/// The id as written in messages and JSON: "not_a_permutation". Host only, as are error_message and error's
/// name() and message(): std::string_view is not usable in CUDA device code (device code reads error::id).
constexpr std::string_view error_name(error_id id) noexcept {
  switch (id) {
    case error_id::none:
      return "none";
#define XLAYOUT_X(id, text) \
  case error_id::id:        \
    return #id;
      XLAYOUT_ERROR_LIST(XLAYOUT_X)
#undef XLAYOUT_X
  }
  return "unknown";
}

/// The rule behind an id, one sentence: "Layout: minor_to_major must list each dimension exactly once".
constexpr std::string_view error_message(error_id id) noexcept {
  switch (id) {
    case error_id::none:
      return "no error";
#define XLAYOUT_X(id, text) \
  case error_id::id:        \
    return text;
      XLAYOUT_ERROR_LIST(XLAYOUT_X)
#undef XLAYOUT_X
  }
  return "unknown error";
}

/// Looks an id up by its name; error_id::none when there is no such id.
constexpr error_id error_from_name(std::string_view name) noexcept {
  for (int i = 1;; ++i) {
    auto id = static_cast<error_id>(i);
    auto n = error_name(id);
    if (n == "unknown") return error_id::none;
    if (n == name) return id;
  }
}

/// What went wrong and where: `position` is the 0-based offset into the text that was parsed (-1 when
/// the error is not about text); messages for people print it as a 1-based column. [[nodiscard]]: a function
/// that returns one (the `_into` forms) says whether it did its work.
struct [[nodiscard]] error {
  error_id id = error_id::none;
  index_t position = -1;

  constexpr std::string_view name() const noexcept { return error_name(id); }
  constexpr std::string_view message() const noexcept { return error_message(id); }
  friend constexpr bool operator==(const error&, const error&) = default;
};

/// "[xlayout:not_a_permutation] Layout: minor_to_major must list each dimension exactly once (column 7)".
constexpr static_string<256> describe(const error& e) noexcept {
  static_string<256> s;
  s.append("[xlayout:").append(e.name()).append("] ").append(e.message());
  if (e.position >= 0) s.append(" (column ").append_int(e.position + 1).append(")");
  return s;
}

/// One function per error id, deliberately not constexpr: a precondition that fails during constant
/// evaluation calls the one named after its rule, and the compiler names it in the error:
///   error: call to non-'constexpr' function 'void xlayout::diagnostics::index_out_of_range()'
/// XLAYOUT_HD: host-device functions name them, and nvcc warns about a host function there.
/// (Written out, not expanded from the list: a compiler's "declared here" note is then one line, not a
/// macro backtrace.)
namespace diagnostics {
// clang-format off
// BEGIN functions generated by tools/gen_diagnostics.py from XLAYOUT_ERROR_LIST; do not edit
XLAYOUT_HD inline void capacity_exceeded() noexcept {}
XLAYOUT_HD inline void rank_too_large() noexcept {}
XLAYOUT_HD inline void integer_overflow() noexcept {}
XLAYOUT_HD inline void span_overflow() noexcept {}
XLAYOUT_HD inline void unexpected_end() noexcept {}
XLAYOUT_HD inline void unexpected_character() noexcept {}
XLAYOUT_HD inline void extra_content() noexcept {}
XLAYOUT_HD inline void unknown_element_type() noexcept {}
XLAYOUT_HD inline void expected_integer() noexcept {}
XLAYOUT_HD inline void integer_too_large() noexcept {}
XLAYOUT_HD inline void expected_dimension() noexcept {}
XLAYOUT_HD inline void negative_dimension() noexcept {}
XLAYOUT_HD inline void expected_closing_bracket() noexcept {}
XLAYOUT_HD inline void expected_closing_brace() noexcept {}
XLAYOUT_HD inline void expected_closing_paren() noexcept {}
XLAYOUT_HD inline void expected_open_paren() noexcept {}
XLAYOUT_HD inline void expected_layout() noexcept {}
XLAYOUT_HD inline void unknown_layout_property() noexcept {}
XLAYOUT_HD inline void property_out_of_order() noexcept {}
XLAYOUT_HD inline void invalid_dim_level_type() noexcept {}
XLAYOUT_HD inline void expected_unsigned_type() noexcept {}
XLAYOUT_HD inline void nesting_too_deep() noexcept {}
XLAYOUT_HD inline void tuple_not_allowed() noexcept {}
XLAYOUT_HD inline void expected_shape() noexcept {}
XLAYOUT_HD inline void minor_to_major_size_mismatch() noexcept {}
XLAYOUT_HD inline void dimension_out_of_range() noexcept {}
XLAYOUT_HD inline void not_a_permutation() noexcept {}
XLAYOUT_HD inline void empty_tile() noexcept {}
XLAYOUT_HD inline void invalid_tile_size() noexcept {}
XLAYOUT_HD inline void misplaced_combine() noexcept {}
XLAYOUT_HD inline void too_many_tiles() noexcept {}
XLAYOUT_HD inline void tile_rank_too_large() noexcept {}
XLAYOUT_HD inline void invalid_tail_padding() noexcept {}
XLAYOUT_HD inline void index_type_on_dense() noexcept {}
XLAYOUT_HD inline void pointer_type_on_dense() noexcept {}
XLAYOUT_HD inline void physical_shape_on_dense() noexcept {}
XLAYOUT_HD inline void unsupported_physical_shape() noexcept {}
XLAYOUT_HD inline void invalid_element_size() noexcept {}
XLAYOUT_HD inline void invalid_memory_space() noexcept {}
XLAYOUT_HD inline void invalid_split_config() noexcept {}
XLAYOUT_HD inline void padded_dimensions_size_mismatch() noexcept {}
XLAYOUT_HD inline void padded_dimension_too_small() noexcept {}
XLAYOUT_HD inline void dynamic_dimension() noexcept {}
XLAYOUT_HD inline void invalid_element_type() noexcept {}
XLAYOUT_HD inline void invalid_layout_arguments() noexcept {}
XLAYOUT_HD inline void not_strided() noexcept {}
XLAYOUT_HD inline void index_rank_mismatch() noexcept {}
XLAYOUT_HD inline void index_out_of_range() noexcept {}
XLAYOUT_HD inline void linear_index_out_of_range() noexcept {}
XLAYOUT_HD inline void padding_element() noexcept {}
XLAYOUT_HD inline void expected_expression() noexcept {}
XLAYOUT_HD inline void expected_arrow() noexcept {}
XLAYOUT_HD inline void unbalanced_parenthesis() noexcept {}
XLAYOUT_HD inline void unknown_variable() noexcept {}
XLAYOUT_HD inline void variable_out_of_order() noexcept {}
XLAYOUT_HD inline void empty_range() noexcept {}
XLAYOUT_HD inline void expected_range() noexcept {}
XLAYOUT_HD inline void invalid_divisor() noexcept {}
XLAYOUT_HD inline void pool_exhausted() noexcept {}
XLAYOUT_HD inline void too_many_variables() noexcept {}
XLAYOUT_HD inline void variable_count_mismatch() noexcept {}
XLAYOUT_HD inline void duplicate_variable() noexcept {}
XLAYOUT_HD inline void too_many_results() noexcept {}
XLAYOUT_HD inline void too_many_constraints() noexcept {}
XLAYOUT_HD inline void missing_range() noexcept {}
XLAYOUT_HD inline void tensor_arguments() noexcept {}
XLAYOUT_HD inline void bounded_dimension() noexcept {}
XLAYOUT_HD inline void dynamic_extent_count() noexcept {}
XLAYOUT_HD inline void unsupported_element_size() noexcept {}
XLAYOUT_HD inline void tile_access_unsupported() noexcept {}
XLAYOUT_HD inline void hlo_expected_name() noexcept {}
XLAYOUT_HD inline void hlo_duplicate_name() noexcept {}
XLAYOUT_HD inline void hlo_unknown_operand() noexcept {}
XLAYOUT_HD inline void hlo_unknown_computation() noexcept {}
XLAYOUT_HD inline void hlo_empty_module() noexcept {}
XLAYOUT_HD inline void hlo_multiple_entries() noexcept {}
XLAYOUT_HD inline void hlo_invalid_attribute() noexcept {}
XLAYOUT_HD inline void hlo_capacity_exceeded() noexcept {}
XLAYOUT_HD inline void hlo_malformed_op() noexcept {}
XLAYOUT_HD inline void hlo_operand_out_of_range() noexcept {}
XLAYOUT_HD inline void hlo_shared_fused_computation() noexcept {}
XLAYOUT_HD inline void view_not_a_permutation() noexcept {}
XLAYOUT_HD inline void view_element_count() noexcept {}
XLAYOUT_HD inline void view_not_a_bitcast() noexcept {}
XLAYOUT_HD inline void view_invalid_slice() noexcept {}
XLAYOUT_HD inline void view_invalid_dimensions() noexcept {}
XLAYOUT_HD inline void view_dynamic_extents() noexcept {}
XLAYOUT_HD inline void view_map_mismatch() noexcept {}
XLAYOUT_HD inline void view_map_out_of_range() noexcept {}
XLAYOUT_HD inline void view_input() noexcept {}
XLAYOUT_HD inline void view_size_overflow() noexcept {}
XLAYOUT_HD inline void view_not_iterable() noexcept {}
XLAYOUT_HD inline void index_type_overflow() noexcept {}
XLAYOUT_HD inline void dynamic_dimensions_size_mismatch() noexcept {}
XLAYOUT_HD inline void invalid_metadata_prefix() noexcept {}
XLAYOUT_HD inline void hlo_multiple_roots() noexcept {}
XLAYOUT_HD inline void hlo_invalid_parameter_number() noexcept {}
XLAYOUT_HD inline void tensor_buffer_too_small() noexcept {}
XLAYOUT_HD inline void tensor_data_type() noexcept {}
XLAYOUT_HD inline void invalid_index_type() noexcept {}
XLAYOUT_HD inline void hlo_missing_attribute() noexcept {}
XLAYOUT_HD inline void hlo_unknown_opcode() noexcept {}
XLAYOUT_HD inline void hlo_duplicate_attribute() noexcept {}
XLAYOUT_HD inline void hlo_shape_mismatch() noexcept {}
XLAYOUT_HD inline void hlo_call_cycle() noexcept {}
XLAYOUT_HD inline void for_each_callback() noexcept {}
// END functions
// clang-format on
}  // namespace diagnostics

namespace detail {
/// During constant evaluation, stops at the function of diagnostics named after the id, which the compiler
/// names in its error: result::value() on an error in a `constexpr` reads "call to non-'constexpr' function
/// 'void xlayout::diagnostics::not_a_permutation()'" rather than an assertion's sentence.
XLAYOUT_HD constexpr void stop_at_error(error_id id) noexcept {
  // A table rather than a switch in the macro: g++ then reports the call here, without a macro backtrace.
  using report = void (*)() noexcept;
  constexpr report reports[] = {nullptr,
#define XLAYOUT_X(id, text) &diagnostics::id,
                                XLAYOUT_ERROR_LIST(XLAYOUT_X)
#undef XLAYOUT_X
  };
  const auto i = static_cast<std::size_t>(id);
  if (i != 0 && i < sizeof(reports) / sizeof(reports[0])) reports[i]();
}
}  // namespace detail

namespace detail {
/// result::value() called on an error, at run time with assertions on: the default handler prints the held
/// error as describe() writes it ("[xlayout:dynamic_dimension] Shape: ... (xlayout::result: value() called on
/// this error) at <file>:<line>") and stops; a handler of the user's (XLAYOUT_ASSERT_HANDLER) gets the text
/// "xlayout::result: value() called on an error", as before, and can read nothing more.
XLAYOUT_COLD XLAYOUT_HD inline void result_value_failed([[maybe_unused]] const char* file,
                                                        [[maybe_unused]] int line,
                                                        [[maybe_unused]] const error& e) noexcept {
#if defined(XLAYOUT_DEFAULT_ASSERT_HANDLER) && XLAYOUT_ASSERT_PRINTS && !defined(__CUDA_ARCH__)
  const auto text = describe(e);  // kept: d views it
  const std::string_view d = text.view();
  std::fprintf(stderr, "%.*s (xlayout::result: value() called on this error) at %s:%d\n",
               static_cast<int>(d.size()), d.data(), file, line);
  std::abort();
#else
  XLAYOUT_ASSERT_HANDLER(file, line, "xlayout::result: value() called on an error");
#endif
}
}  // namespace detail

/// A value or the error that prevented it (the library's std::expected, usable in constant
/// expressions, on the GPU and without exceptions). The members are public so that a result can
/// be a template argument; use the member functions. [[nodiscard]]: a call whose result is dropped (a
/// parse, a checked access) is a warning.
template <class T>
struct [[nodiscard]] result {
  T value_{};
  xlayout::error error_{};

  constexpr result() = default;
  XLAYOUT_HD constexpr result(const T& v) noexcept : value_(v) {}  // NOLINT: implicit on purpose
  XLAYOUT_HD constexpr result(const xlayout::error& e) noexcept : error_(e) {
    if (error_.id == error_id::none) error_.id = error_id::capacity_exceeded;  // an error must be an error
  }
  XLAYOUT_HD constexpr result(error_id id, index_t position = -1) noexcept
      : result(xlayout::error{id, position}) {}

  XLAYOUT_HD constexpr bool has_value() const noexcept { return error_.id == error_id::none; }
  XLAYOUT_HD constexpr explicit operator bool() const noexcept { return has_value(); }

  /// @pre has_value() (checked when assertions are on: a compile error in a constant expression, else the
  /// handler, which by default prints the held error and stops).
  XLAYOUT_HD constexpr const T& value() const noexcept {
    check_value();
    return value_;
  }
  XLAYOUT_HD constexpr T& value() noexcept {
    check_value();
    return value_;
  }
  XLAYOUT_HD constexpr const T& operator*() const noexcept { return value(); }
  XLAYOUT_HD constexpr const T* operator->() const noexcept { return &value(); }
  /// Indexes the value (for results holding an index vector).
  template <class I>
  XLAYOUT_HD constexpr decltype(auto) operator[](I i) const noexcept {
    return value()[i];
  }

  XLAYOUT_HD constexpr T value_or(const T& fallback) const noexcept {
    return has_value() ? value_ : fallback;
  }
  XLAYOUT_HD constexpr const xlayout::error& error() const noexcept { return error_; }

 private:
  XLAYOUT_HD constexpr void check_value() const noexcept {
    // In a constant expression always (it costs nothing at run time): the error names the held error's id,
    // and its position is in the note (the expansion of value_at_position).
    if (__builtin_is_constant_evaluated()) {
      if (!has_value()) value_at_position(error_.id, error_.position);
      return;
    }
#if defined(XLAYOUT_ENABLE_ASSERTS) && XLAYOUT_ENABLE_ASSERTS
    if (!has_value()) detail::result_value_failed(__FILE__, __LINE__, error_);
#endif
  }
  /// The held error's id and position, as arguments a compiler prints when constant evaluation stops here.
  XLAYOUT_HD static constexpr void value_at_position(error_id id,
                                                     [[maybe_unused]] index_t position) noexcept {
    detail::stop_at_error(id);
  }
};

namespace detail {
/// What a broken precondition hands XLAYOUT_ASSERT_HANDLER: "[xlayout:<id>] precondition: <the rule>".
#define XLAYOUT_X(id, text) \
  inline constexpr char precondition_text_##id[] = "[xlayout:" #id "] precondition: " text;
XLAYOUT_ERROR_LIST(XLAYOUT_X)
#undef XLAYOUT_X
}  // namespace detail
/// In CUDA device code the text is a literal of the id alone (device code cannot read a host variable).
#if defined(__CUDA_ARCH__)
#define XLAYOUT_DETAIL_PRECONDITION_TEXT(id) "[xlayout:" #id "] precondition"
#else
#define XLAYOUT_DETAIL_PRECONDITION_TEXT(id) ::xlayout::detail::precondition_text_##id
#endif

/// Checks a precondition that has an error id: a compile error naming the id in a constant expression;
/// at run time, like XLAYOUT_ASSERT (XLAYOUT_ASSERT_HANDLER when assertions are on, nothing when off),
/// with the text "[xlayout:<id>] precondition: <the rule's sentence>".
/// XLAYOUT_EXPECTS_ASSUME is the same, but with assertions off it tells the optimiser the condition holds
/// (the accessor's index range: division and modulo by powers of two become shifts and masks). Its
/// condition must be a comparison of local values: no function calls.
#if defined(XLAYOUT_ENABLE_ASSERTS) && XLAYOUT_ENABLE_ASSERTS
#define XLAYOUT_EXPECTS(cond, id)                                                         \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      if (__builtin_is_constant_evaluated()) {                                            \
        ::xlayout::diagnostics::id();                                                     \
      } else {                                                                            \
        XLAYOUT_ASSERT_HANDLER(__FILE__, __LINE__, XLAYOUT_DETAIL_PRECONDITION_TEXT(id)); \
      }                                                                                   \
    }                                                                                     \
  } while (false)
#define XLAYOUT_EXPECTS_ASSUME(cond, id) XLAYOUT_EXPECTS(cond, id)
#else
#define XLAYOUT_EXPECTS(cond, id)                \
  do {                                           \
    if (__builtin_is_constant_evaluated()) {     \
      if (!(cond)) ::xlayout::diagnostics::id(); \
    }                                            \
  } while (false)
#define XLAYOUT_EXPECTS_ASSUME(cond, id)         \
  do {                                           \
    if (__builtin_is_constant_evaluated()) {     \
      if (!(cond)) ::xlayout::diagnostics::id(); \
    } else {                                     \
      XLAYOUT_ASSUME(cond);                      \
    }                                            \
  } while (false)
#endif

namespace detail {
/// Per id of XLAYOUT_ERROR_LIST (index: the id's value): its diagnostics::<id>() function, and the text the
/// run-time handler gets.
using error_stop = void (*)() noexcept;
inline constexpr error_stop error_stops[] = {nullptr,
#define XLAYOUT_X(id, text) &::xlayout::diagnostics::id,
                                             XLAYOUT_ERROR_LIST(XLAYOUT_X)
#undef XLAYOUT_X
};
inline constexpr const char* error_stop_texts[] = {"",
#define XLAYOUT_X(id, text) precondition_text_##id,
                                                   XLAYOUT_ERROR_LIST(XLAYOUT_X)
#undef XLAYOUT_X
};

/// Stops on an error: in a constant expression a compile error naming its id (a call to the non-constexpr
/// xlayout::diagnostics::<id>(), through the table so that the error shows no macro expansion); at run time
/// XLAYOUT_ASSERT_HANDLER when assertions are on. Every id is reported as itself.
constexpr void expect_success(const error& e) noexcept {
  const auto i = static_cast<std::size_t>(e.id);
  if (e.id == error_id::none || i >= sizeof(error_stops) / sizeof(error_stops[0])) return;
  if (__builtin_is_constant_evaluated()) {
    error_stops[i]();
  } else {
#if defined(XLAYOUT_ENABLE_ASSERTS) && XLAYOUT_ENABLE_ASSERTS
    XLAYOUT_ASSERT_HANDLER(__FILE__, __LINE__, error_stop_texts[i]);
#endif
  }
}
}  // namespace detail

/// The compile-time form of an error: instantiating error_at_column<Id, Column> with a real id fails a
/// static_assert whose message starts with "[xlayout:<id>]". Column is 1-based (0: not about text),
/// and the compiler prints it in the instantiation context, e.g.
///   error: static assertion failed: [xlayout:unexpected_character] text: this character is not allowed here
///   note: in instantiation of 'struct xlayout::error_at_column<xlayout::error_id::unexpected_character, 9>'
template <error_id Id, index_t Column>
struct error_at_column {
  // clang-format off
  // BEGIN generated by tools/gen_diagnostics.py from XLAYOUT_ERROR_LIST; do not edit
  static_assert(Id != error_id::capacity_exceeded, "[xlayout:capacity_exceeded] " "a fixed capacity of the library is exceeded (raise the XLAYOUT_MAX_* macro, or the capacity given " "as a template argument, as in hlo::output_to_input<N>)");
  static_assert(Id != error_id::rank_too_large, "[xlayout:rank_too_large] " "Shape: the rank is larger than XLAYOUT_MAX_RANK, or than the MaxRank a run-time mapping holds");
  static_assert(Id != error_id::integer_overflow, "[xlayout:integer_overflow] " "an integer does not fit in int64");
  static_assert(Id != error_id::span_overflow, "[xlayout:span_overflow] " "Shape: the number of elements of the laid-out array does not fit in int64");
  static_assert(Id != error_id::unexpected_end, "[xlayout:unexpected_end] " "text: the text ends where more is required");
  static_assert(Id != error_id::unexpected_character, "[xlayout:unexpected_character] " "text: this character is not allowed here");
  static_assert(Id != error_id::extra_content, "[xlayout:extra_content] " "text: unexpected text after the end");
  static_assert(Id != error_id::unknown_element_type, "[xlayout:unknown_element_type] " "Shape: unknown element type (expected f32, bf16, s32, pred, ...)");
  static_assert(Id != error_id::expected_integer, "[xlayout:expected_integer] " "text: an integer is required here");
  static_assert(Id != error_id::integer_too_large, "[xlayout:integer_too_large] " "text: the integer does not fit in int64");
  static_assert(Id != error_id::expected_dimension, "[xlayout:expected_dimension] " "Shape: a dimension size is required here (an integer, '?' or '<=N')");
  static_assert(Id != error_id::negative_dimension, "[xlayout:negative_dimension] " "Shape: a dimension size must not be negative");
  static_assert(Id != error_id::expected_closing_bracket, "[xlayout:expected_closing_bracket] " "text: expected ']' (closing a shape's dimensions, a map's symbols or a range)");
  static_assert(Id != error_id::expected_closing_brace, "[xlayout:expected_closing_brace] " "text: expected '}' (closing a layout, an attribute's list or runtime variables)");
  static_assert(Id != error_id::expected_closing_paren, "[xlayout:expected_closing_paren] " "text: expected ')'");
  static_assert(Id != error_id::expected_open_paren, "[xlayout:expected_open_paren] " "text: expected '('");
  static_assert(Id != error_id::expected_layout, "[xlayout:expected_layout] " "Layout: expected '{' to open a layout");
  static_assert(Id != error_id::unknown_layout_property, "[xlayout:unknown_layout_property] " "Layout: unknown property after ':' (known: T L # * E S SC P M D)");
  static_assert(Id != error_id::property_out_of_order, "[xlayout:property_out_of_order] " "Layout: properties must appear in XLA's order D T L # * E S SC P M, each once");
  static_assert(Id != error_id::invalid_dim_level_type, "[xlayout:invalid_dim_level_type] " "Layout: expected a dim level type D, C, S or H in D(...)");
  static_assert(Id != error_id::expected_unsigned_type, "[xlayout:expected_unsigned_type] " "Layout: #(...) and *(...) need an unsigned integer type such as u32");
  static_assert(Id != error_id::nesting_too_deep, "[xlayout:nesting_too_deep] " "tuples nest deeper than XLA's limit of 10, or an HLO attribute's brackets deeper than 64");
  static_assert(Id != error_id::tuple_not_allowed, "[xlayout:tuple_not_allowed] " "Shape: a tuple is not an array shape (use parse_shape_tree for tuples)");
  static_assert(Id != error_id::expected_shape, "[xlayout:expected_shape] " "Shape: expected an element type such as f32, or '(' for a tuple");
  static_assert(Id != error_id::minor_to_major_size_mismatch, "[xlayout:minor_to_major_size_mismatch] " "Layout: minor_to_major must have one entry per dimension of the shape");
  static_assert(Id != error_id::dimension_out_of_range, "[xlayout:dimension_out_of_range] " "Layout: a minor_to_major entry is not a dimension of the shape");
  static_assert(Id != error_id::not_a_permutation, "[xlayout:not_a_permutation] " "Layout: minor_to_major must list each dimension exactly once");
  static_assert(Id != error_id::empty_tile, "[xlayout:empty_tile] " "Layout: a tile must have at least one dimension");
  static_assert(Id != error_id::invalid_tile_size, "[xlayout:invalid_tile_size] " "Layout: a tile dimension must be positive, or '*' to combine dimensions");
  static_assert(Id != error_id::misplaced_combine, "[xlayout:misplaced_combine] " "Layout: '*' merges a dimension into the next more-minor one, so it cannot be last");
  static_assert(Id != error_id::too_many_tiles, "[xlayout:too_many_tiles] " "Layout: more tiles than XLAYOUT_MAX_TILES");
  static_assert(Id != error_id::tile_rank_too_large, "[xlayout:tile_rank_too_large] " "Layout: a tile has more dimensions than XLAYOUT_MAX_RANK");
  static_assert(Id != error_id::invalid_tail_padding, "[xlayout:invalid_tail_padding] " "Layout: L(n) tail padding alignment must be positive");
  static_assert(Id != error_id::index_type_on_dense, "[xlayout:index_type_on_dense] " "Layout: #(...) index type is only for sparse arrays");
  static_assert(Id != error_id::pointer_type_on_dense, "[xlayout:pointer_type_on_dense] " "Layout: *(...) pointer type is only for sparse arrays");
  static_assert(Id != error_id::physical_shape_on_dense, "[xlayout:physical_shape_on_dense] " "Layout: P(...) physical shape is only for sparse arrays");
  static_assert(Id != error_id::unsupported_physical_shape, "[xlayout:unsupported_physical_shape] " "Layout: xlayout keeps only the element type, sizes and minor_to_major of P(...)");
  static_assert(Id != error_id::invalid_element_size, "[xlayout:invalid_element_size] " "Layout: E(n) element size in bits must not be negative");
  static_assert(Id != error_id::invalid_memory_space, "[xlayout:invalid_memory_space] " "Layout: S(n) memory space must fit in int8");
  static_assert(Id != error_id::invalid_split_config, "[xlayout:invalid_split_config] " "Layout: SC(dim:i,...) needs a physical dimension in range, once, with strictly increasing positive " "split indices below the dimension size");
  static_assert(Id != error_id::padded_dimensions_size_mismatch, "[xlayout:padded_dimensions_size_mismatch] " "Layout: padded_dimensions must have one entry per dimension");
  static_assert(Id != error_id::padded_dimension_too_small, "[xlayout:padded_dimension_too_small] " "Layout: a padded dimension must be at least the dimension size (a bounded '<=N' one's bound; an " "unbounded '?' one cannot be padded)");
  static_assert(Id != error_id::dynamic_dimension, "[xlayout:dynamic_dimension] " "Shape: this needs static sizes, but a dimension is dynamic ('?' or '<=N')");
  static_assert(Id != error_id::invalid_element_type, "[xlayout:invalid_element_type] " "Shape: this element type has no array layout (tuple, token, opaque)");
  static_assert(Id != error_id::invalid_layout_arguments, "[xlayout:invalid_layout_arguments] " "Layout<...>: write one layout string, or minor_to_major numbers then T(...) tiles then pad(...)");
  static_assert(Id != error_id::not_strided, "[xlayout:not_strided] " "Layout: the layout is not strided (a tile reorders elements), so it has no strides");
  static_assert(Id != error_id::index_rank_mismatch, "[xlayout:index_rank_mismatch] " "index: the number of indices differs from the rank of the shape");
  static_assert(Id != error_id::index_out_of_range, "[xlayout:index_out_of_range] " "index: an index is outside its dimension");
  static_assert(Id != error_id::linear_index_out_of_range, "[xlayout:linear_index_out_of_range] " "index: the linear index is outside [0, required_span_size)");
  static_assert(Id != error_id::padding_element, "[xlayout:padding_element] " "index: the linear index lands on padding, not on an element");
  static_assert(Id != error_id::expected_expression, "[xlayout:expected_expression] " "IndexingMap: an expression is required here");
  static_assert(Id != error_id::expected_arrow, "[xlayout:expected_arrow] " "IndexingMap: missing '->' between the variables and the results");
  static_assert(Id != error_id::unbalanced_parenthesis, "[xlayout:unbalanced_parenthesis] " "IndexingMap: parentheses do not balance");
  static_assert(Id != error_id::unknown_variable, "[xlayout:unknown_variable] " "IndexingMap: this name is not a declared dimension or symbol");
  static_assert(Id != error_id::variable_out_of_order, "[xlayout:variable_out_of_order] " "IndexingMap: the domain must list the variables in declaration order");
  static_assert(Id != error_id::empty_range, "[xlayout:empty_range] " "IndexingMap: a range [lo, hi] needs lo <= hi");
  static_assert(Id != error_id::expected_range, "[xlayout:expected_range] " "IndexingMap: expected 'in [lo, hi]'");
  static_assert(Id != error_id::invalid_divisor, "[xlayout:invalid_divisor] " "IndexingMap: the divisor of floordiv, ceildiv or mod is the constant 0");
  static_assert(Id != error_id::pool_exhausted, "[xlayout:pool_exhausted] " "IndexingMap: the expression pool is full (raise XLAYOUT_MAX_EXPRS)");
  static_assert(Id != error_id::too_many_variables, "[xlayout:too_many_variables] " "IndexingMap: more variables than XLAYOUT_MAX_VARS");
  static_assert(Id != error_id::variable_count_mismatch, "[xlayout:variable_count_mismatch] " "IndexingMap: the number of variables does not match the map");
  static_assert(Id != error_id::duplicate_variable, "[xlayout:duplicate_variable] " "IndexingMap: a variable name is declared twice");
  static_assert(Id != error_id::too_many_results, "[xlayout:too_many_results] " "IndexingMap: more results than XLAYOUT_MAX_RESULTS");
  static_assert(Id != error_id::too_many_constraints, "[xlayout:too_many_constraints] " "IndexingMap: more constraints than XLAYOUT_MAX_CONSTRAINTS");
  static_assert(Id != error_id::missing_range, "[xlayout:missing_range] " "IndexingMap: the domain ends before every declared variable has its range (in declaration order)");
  static_assert(Id != error_id::tensor_arguments, "[xlayout:tensor_arguments] " "Tensor<...>: write Tensor<\"f32[3,5]{1,0}\">, or an element type then Extents<...> and optionally " "Layout<...>");
  static_assert(Id != error_id::bounded_dimension, "[xlayout:bounded_dimension] " "Tensor: a bounded dynamic dimension '<=N' is not supported; write N or '?'");
  static_assert(Id != error_id::dynamic_extent_count, "[xlayout:dynamic_extent_count] " "Tensor: give one size per dynamic extent ('?' or dyn), in order");
  static_assert(Id != error_id::unsupported_element_size, "[xlayout:unsupported_element_size] " "Tensor: element width not addressable: with E(n) sub-byte types take E(1), E(2), E(4) or E(8), not " "below their width, others their own; a runtime_tensor's Element must be as wide");
  static_assert(Id != error_id::tile_access_unsupported, "[xlayout:tile_access_unsupported] " "tiles(t) needs a first tile without '*' no longer than the shape, later tiles no longer; " "make_runtime_mapping an exact index program (compile_index_program; linear_index takes any)");
  static_assert(Id != error_id::hlo_expected_name, "[xlayout:hlo_expected_name] " "HLO text: a name is required here (an instruction, computation, opcode or attribute name)");
  static_assert(Id != error_id::hlo_duplicate_name, "[xlayout:hlo_duplicate_name] " "HLO text: this name is already defined (instructions: in this computation; computations: in the " "module)");
  static_assert(Id != error_id::hlo_unknown_operand, "[xlayout:hlo_unknown_operand] " "HLO text: the operand is no instruction defined earlier in its computation");
  static_assert(Id != error_id::hlo_unknown_computation, "[xlayout:hlo_unknown_computation] " "HLO text: calls=, to_apply=, condition=, body=, ... name no computation of the module");
  static_assert(Id != error_id::hlo_empty_module, "[xlayout:hlo_empty_module] " "HLO module: there is no computation (or, in a module built by hand, no ENTRY ROOT)");
  static_assert(Id != error_id::hlo_multiple_entries, "[xlayout:hlo_multiple_entries] " "HLO text: more than one computation is marked ENTRY");
  static_assert(Id != error_id::hlo_invalid_attribute, "[xlayout:hlo_invalid_attribute] " "HLO text: the value of this attribute does not have the form XLA prints");
  static_assert(Id != error_id::hlo_capacity_exceeded, "[xlayout:hlo_capacity_exceeded] " "HLO text: the module needs more instructions, computations, shapes, characters, operands or called " "computations than its capacities (raise XLAYOUT_HLO_MAX_*)");
  static_assert(Id != error_id::hlo_malformed_op, "[xlayout:hlo_malformed_op] " "HLO op: the shapes or attributes do not fit the opcode (an operand missing, sizes that do not match, " "a list whose size is not the rank, a dimension number out of range)");
  static_assert(Id != error_id::hlo_operand_out_of_range, "[xlayout:hlo_operand_out_of_range] " "HLO: no operand or output of the op, or parameter, output or instruction of the module, has this " "number");
  static_assert(Id != error_id::hlo_shared_fused_computation, "[xlayout:hlo_shared_fused_computation] " "HLO text: this fusion calls a computation another fusion calls (XLA's verifier: a fused computation " "belongs to one fusion instruction)");
  static_assert(Id != error_id::view_not_a_permutation, "[xlayout:view_not_a_permutation] " "transpose<...>: the dimensions must list each dimension of the tensor exactly once");
  static_assert(Id != error_id::view_element_count, "[xlayout:view_element_count] " "reshape<...>: the new extents must hold as many elements as the tensor");
  static_assert(Id != error_id::view_not_a_bitcast, "[xlayout:view_not_a_bitcast] " "bitcast<...>: the new shape must have the tensor's element type and static extents, and read every " "element where the tensor's layout puts it (is_bitcast); bitcast a Tensor, not a view");
  static_assert(Id != error_id::view_invalid_slice, "[xlayout:view_invalid_slice] " "slice: give one Slice<start, limit, stride> per dimension, with 0 <= start <= limit <= extent and " "stride >= 1; dynamic_slice<sizes...>: one size per dimension, none above its extent");
  static_assert(Id != error_id::view_invalid_dimensions, "[xlayout:view_invalid_dimensions] " "reverse<...>, broadcast<...>: a dimension number is out of range or repeated, or a broadcast extent " "differs from the tensor's");
  static_assert(Id != error_id::view_dynamic_extents, "[xlayout:view_dynamic_extents] " "reshape<...>, bitcast<...>: a '?' extent must map through a reshape unchanged, and a bitcast needs " "static extents (not a runtime_tensor's); a view takes '?' extents below 2^32");
  static_assert(Id != error_id::view_map_mismatch, "[xlayout:view_map_mismatch] " "map_view: the map must be regular, its dimensions must start at 0, and it must have one result per " "dimension of the tensor");
  static_assert(Id != error_id::view_map_out_of_range, "[xlayout:view_map_out_of_range] " "map_view: over the map's domain each result must lie inside the tensor's extent, and the " "arithmetic must stay in int64 (no overflow, no division by zero)");
  static_assert(Id != error_id::view_input, "[xlayout:view_input] " "transpose, reshape, slice, reverse, broadcast, map_view: view a Tensor, a view, or a runtime_tensor " "of static rank (make_runtime_tensor<Rank>)");
  static_assert(Id != error_id::view_size_overflow, "[xlayout:view_size_overflow] " "broadcast<...>, map_view, and slice or dynamic_slice of '?' extents: the view's positions (the " "product of its extents) must fit in int64");
  static_assert(Id != error_id::view_not_iterable, "[xlayout:view_not_iterable] " "for_each: the view's map has symbols (extra arguments of v(...)); loop over them and call v(i, ..., " "s, ...) yourself");
  static_assert(Id != error_id::index_type_overflow, "[xlayout:index_type_overflow] " "mdspan_layout: the mapping's offsets (its required_span_size) must fit the std::extents' index_type");
  static_assert(Id != error_id::dynamic_dimensions_size_mismatch, "[xlayout:dynamic_dimensions_size_mismatch] " "Shape: dynamic_dimensions must have one entry per dimension (push a flag with each size, or use " "make_shape)");
  static_assert(Id != error_id::invalid_metadata_prefix, "[xlayout:invalid_metadata_prefix] " "Layout: M(n) dynamic-shape metadata prefix bytes must not be negative");
  static_assert(Id != error_id::hlo_multiple_roots, "[xlayout:hlo_multiple_roots] " "HLO text: a computation has more than one instruction marked ROOT");
  static_assert(Id != error_id::hlo_invalid_parameter_number, "[xlayout:hlo_invalid_parameter_number] " "HLO text: a computation's parameter numbers must be 0, 1, ..., n - 1 for its n parameters, each once");
  static_assert(Id != error_id::tensor_buffer_too_small, "[xlayout:tensor_buffer_too_small] " "Tensor: the array holds fewer elements than the layout's slots, tile padding included " "(required_span_size; bytes for sub-byte types)");
  static_assert(Id != error_id::tensor_data_type, "[xlayout:tensor_data_type] " "Tensor: the data must point to the element's storage (float* for f32, bf16_bits* for bf16, " "std::uint8_t* for sub-byte types); a const pointer makes a ConstTensor");
  static_assert(Id != error_id::invalid_index_type, "[xlayout:invalid_index_type] " "an index must be an integer (not bool) or an integral constant, one per dimension");
  static_assert(Id != error_id::hlo_missing_attribute, "[xlayout:hlo_missing_attribute] " "HLO text: the op lacks an attribute XLA requires of it (dimensions of broadcast, transpose, reverse, " "concatenate, reduce; slice; padding; gather's dimension numbers; index; iota_dimension)");
  static_assert(Id != error_id::hlo_unknown_opcode, "[xlayout:hlo_unknown_opcode] " "HLO text: not an XLA opcode (nor an async form of one: <opcode>-start, -update, -done)");
  static_assert(Id != error_id::hlo_duplicate_attribute, "[xlayout:hlo_duplicate_attribute] " "HLO text: an instruction gives the same attribute twice");
  static_assert(Id != error_id::hlo_shape_mismatch, "[xlayout:hlo_shape_mismatch] " "HLO text: shapes that must agree differ (a declared operand shape, a computation's root, a fusion's " "operands and its computation's parameters)");
  static_assert(Id != error_id::hlo_call_cycle, "[xlayout:hlo_call_cycle] " "HLO text: a computation calls itself, directly or through others");
  static_assert(Id != error_id::for_each_callback, "[xlayout:for_each_callback] " "for_each: f must be callable as f(index, element) or f(element)");
  // END generated
  // clang-format on
  static constexpr bool ok = true;
};

/// True when Id is error_id::none; otherwise instantiating it is the compile error for Id at Column.
template <error_id Id, index_t Column>
inline constexpr bool raise_if_error = error_at_column<Id, Column>::ok;

namespace detail {
/// The 1-based column of an error for the compile-time diagnostic (0 when not about text).
constexpr index_t diagnostic_column(const error& e) noexcept { return e.position >= 0 ? e.position + 1 : 0; }
}  // namespace detail

}  // namespace XLAYOUT_NAMESPACE
