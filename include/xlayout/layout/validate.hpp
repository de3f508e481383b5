// include/xlayout/layout/validate.hpp: is this layout valid for this shape? XLA's
// LayoutUtil::ValidateLayoutForShape, plus the rules only xlayout needs ('*' placement,
// padded_dimensions, capacities, int64 span).
#pragma once
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/layout/tiling.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {

/// The first rule the shape's layout breaks, or an issue with id == error_id::none.
constexpr layout_issue find_layout_issue(const shape& s) noexcept {
  using F = layout_field;
  const layout& l = s.layout;
  const auto rank = static_cast<index_t>(s.rank());

  if (!is_array_type(s.element_type)) {
    if (s.rank() != 0 || l.rank() != 0 || !l.tiles.empty())
      return {error_id::invalid_element_type, F::dimensions};
    return {};
  }
  if (s.dynamic_dimensions.size() != s.rank())
    return {error_id::dynamic_dimensions_size_mismatch, F::dimensions};
  for (std::size_t d = 0; d < s.rank(); ++d) {
    if (s.dimensions[d] < 0 && s.dimensions[d] != dyn)
      return {error_id::negative_dimension, F::dimensions, index_t(d)};
    if (s.dimensions[d] == dyn && !s.dynamic_dimensions[d])
      return {error_id::negative_dimension, F::dimensions, index_t(d)};
  }
  // minor_to_major a permutation; tiles non-empty, sizes positive or '*', a '*' never last (what
  // tiled_dimensions checks too).
  if (const layout_issue issue = detail::order_and_tiles_issue(s)) return issue;
  if (l.tail_padding_alignment_in_elements <= 0) return {error_id::invalid_tail_padding, F::tail_padding};
  if (l.index_primitive_type != element_type::invalid) return {error_id::index_type_on_dense, F::index_type};
  if (l.pointer_primitive_type != element_type::invalid)
    return {error_id::pointer_type_on_dense, F::pointer_type};
  if (l.physical_shape.present) return {error_id::physical_shape_on_dense, F::physical_shape};
  if (l.element_size_in_bits < 0) return {error_id::invalid_element_size, F::element_size};
  if (l.memory_space < -128 || l.memory_space > 127) return {error_id::invalid_memory_space, F::memory_space};
  // XLA prints M(n) only for n > 0, so a negative one would vanish from the text (parse(to_string(x)) != x).
  if (l.dynamic_shape_metadata_prefix_bytes < 0) return {error_id::invalid_metadata_prefix, F::metadata_prefix};
  // Split configs name physical dimensions (0 = most major), each at most once, with strictly increasing
  // positive split indices below the dimension size.
  for (std::size_t c = 0; c < l.split_configs.size(); ++c) {
    const split_config& sc = l.split_configs[c];
    if (sc.dimension < 0 || sc.dimension >= rank)
      return {error_id::invalid_split_config, F::split_configs, index_t(c)};
    for (std::size_t o = 0; o < c; ++o) {
      if (l.split_configs[o].dimension == sc.dimension) {
        return {error_id::invalid_split_config, F::split_configs, index_t(c)};
      }
    }
    const index_t size = s.dimensions[detail::physical_to_logical(s, static_cast<std::size_t>(sc.dimension))];
    index_t previous = 0;
    for (std::size_t i = 0; i < sc.split_indices.size(); ++i) {
      const index_t v = sc.split_indices[i];
      // An unbounded `?` has no size to split below (XLA compares with its size, INT64_MIN: always out).
      if (v <= previous || size == dyn || v >= size) {
        return {error_id::invalid_split_config, F::split_configs, index_t(c), index_t(i)};
      }
      previous = v;
    }
  }
  // padded_dimensions: one per dimension, none smaller than the dimension (a bounded one's bound; an
  // unbounded '?' has no size a width could cover).
  if (!l.padded_dimensions.empty()) {
    if (l.padded_dimensions.size() != s.rank())
      return {error_id::padded_dimensions_size_mismatch, F::padded_dimensions};
    for (std::size_t d = 0; d < s.rank(); ++d) {
      if (s.dimensions[d] == dyn || l.padded_dimensions[d] < s.dimensions[d]) {
        return {error_id::padded_dimension_too_small, F::padded_dimensions, index_t(d)};
      }
    }
  }
  // The laid-out array must be addressable with int64 (tiles and L(n) included).
  if (is_static(s)) {
    const detail::span_reading span = detail::span_of_sound(s);  // the structure is checked above
    if (!span.value) return {error_id::span_overflow, span.tail ? F::tail_padding : F::dimensions};
  }
  return {};
}

/// Asks whether the shape's layout is valid; never fails to compile.
constexpr bool is_valid_layout(const shape& s) noexcept { return !find_layout_issue(s); }

/// The error for an invalid layout (position -1: not about text); error_id::none when valid.
constexpr error validate_layout(const shape& s) noexcept { return {find_layout_issue(s).id, -1}; }

}  // namespace XLAYOUT_NAMESPACE
