// include/xlayout/values/shape.hpp: the shape value (element type, dimension sizes with XLA's dynamic
// dimensions, layout) and what can be asked of it without looking at the layout.
#pragma once
#include <initializer_list>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/values/element_type.hpp>
#include <xlayout/values/layout.hpp>

namespace XLAYOUT_NAMESPACE {

/// One index per dimension (logical order, dimension 0 first).
using index_vector = static_vector<index_t, XLAYOUT_MAX_RANK>;

/// An array shape as XLA describes it: `f32[3,5]{1,0:T(2,2)}`. Also token[] and opaque[] (rank 0).
///
/// A dimension is static (`5`), bounded dynamic (`<=5`: dimensions[i] = 5, dynamic_dimensions[i] = true)
/// or unbounded dynamic (`?`: dimensions[i] = dyn, dynamic_dimensions[i] = true).
struct shape {
  xlayout::element_type element_type = xlayout::element_type::invalid;
  static_vector<index_t, XLAYOUT_MAX_RANK> dimensions;
  static_vector<bool, XLAYOUT_MAX_RANK> dynamic_dimensions;
  xlayout::layout layout;
  /// True for XLA's buffer shape `b(s32[3,4]{1,0})`.
  bool is_buffer = false;

  constexpr std::size_t rank() const noexcept { return dimensions.size(); }

  /// XLA's Shape::Equal: element type, sizes, dynamic flags, buffer-ness and layout (Layout::operator==).
  friend constexpr bool operator==(const shape& a, const shape& b) noexcept {
    return a.element_type == b.element_type && a.dimensions == b.dimensions &&
           a.dynamic_dimensions == b.dynamic_dimensions && a.layout == b.layout && a.is_buffer == b.is_buffer;
  }
};

/// True if dimension `d` is `?` or `<=N`.
constexpr bool is_dynamic_dimension(const shape& s, std::size_t d) noexcept {
  return s.dynamic_dimensions[d];
}
/// True if dimension `d` is `?`.
constexpr bool is_unbounded_dimension(const shape& s, std::size_t d) noexcept {
  return s.dimensions[d] == dyn;
}

/// True when every dimension is static (no `?`, no `<=N`).
constexpr bool is_static(const shape& s) noexcept {
  for (bool b : s.dynamic_dimensions) {
    if (b) return false;
  }
  return true;
}

/// XLA's dimension numbering: 0..rank-1, and negative numbers count from the end (-1 is the last).
/// Returns the non-negative number, or error_id::dimension_out_of_range.
constexpr result<index_t> dimension_number(const shape& s, index_t d) noexcept {
  auto r = static_cast<index_t>(s.rank());
  if (d < -r || d >= r) return error_id::dimension_out_of_range;
  return d < 0 ? d + r : d;
}

/// The number of logical elements (XLA's ElementsIn), or an error when a dimension is dynamic
/// (dynamic_dimension) or the product overflows (span_overflow). Rank 0 has one element; a dimension of size
/// 0 makes 0 however large the others are.
constexpr result<index_t> checked_element_count(const shape& s) noexcept {
  if (s.dynamic_dimensions.size() != s.rank()) return error_id::dynamic_dimensions_size_mismatch;
  if (!is_static(s)) return error_id::dynamic_dimension;
  for (index_t d : s.dimensions) {
    if (d < 0) return error_id::negative_dimension;  // a size of a shape that was not validated
  }
  for (index_t d : s.dimensions) {
    if (d == 0) return index_t{0};
  }
  index_t n = 1;
  for (index_t d : s.dimensions) {
    auto m = checked_mul(n, d);
    if (!m.ok) return error_id::span_overflow;
    n = m.value;
  }
  return n;
}

/// element_count for a static shape whose count fits int64 (compile error in a constant expression
/// otherwise).
constexpr index_t element_count(const shape& s) noexcept {
  auto r = checked_element_count(s);
  XLAYOUT_EXPECTS(is_static(s), dynamic_dimension);
  XLAYOUT_EXPECTS(r.has_value(), span_overflow);
  return r.value_or(0);
}

/// A static array shape with XLA's default (major-to-minor) layout: make_shape(element_type::f32, {3, 5}).
/// @pre dims.size() <= XLAYOUT_MAX_RANK
constexpr shape make_shape(element_type t, std::initializer_list<index_t> dims) noexcept {
  shape s;
  s.element_type = t;
  for (index_t d : dims) {
    s.dimensions.push_back(d);
    s.dynamic_dimensions.push_back(d == dyn);
  }
  s.layout = default_layout(static_cast<index_t>(s.rank()));
  return s;
}

/// A static array shape with the given layout.
constexpr shape make_shape(element_type t, std::initializer_list<index_t> dims, const layout& l) noexcept {
  shape s = make_shape(t, dims);
  s.layout = l;
  return s;
}

}  // namespace XLAYOUT_NAMESPACE
