// include/xlayout/layout/linear_index.hpp: where an element lives. linear_index maps a logical index to
// its position in the laid-out buffer (XLA's IndexUtil for untiled layouts, the tiled formula of XLA's
// "Tiled layout" document and LinearIndexForNestedTiling otherwise, that document's combined dimensions,
// and padded_dimensions); tiled_index gives the index in the tiled index space that linear_index linearises;
// multi_index is its inverse.
#pragma once
#include <concepts>
#include <initializer_list>

#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/layout/tiling.hpp>
#include <xlayout/layout/validate.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {

/// The number of slots the laid-out array spans: every element, tile padding, padded dimensions and
/// L(n) tail padding included (at least one past the largest linear index).
/// Errors: dynamic_dimension, span_overflow; for a layout that was not validated (parse_shape with
/// validate = false, or built field by field), the errors of the rules a span depends on
/// (not_a_permutation, invalid_tile_size, padded_dimension_too_small, invalid_tail_padding, ...). A layout
/// that keeps those but breaks another rule (#(u32) on a dense array, a split config) gives the span its
/// tiles describe.
constexpr result<index_t> checked_required_span_size(const shape& s) noexcept {
  return detail::span_of(s).value;
}

/// required_span_size for a shape known to be static and valid (compile error otherwise in a constant
/// expression).
constexpr index_t required_span_size(const shape& s) noexcept {
  auto r = checked_required_span_size(s);
  XLAYOUT_EXPECTS(is_static(s), dynamic_dimension);
  XLAYOUT_EXPECTS(r.has_value(), span_overflow);
  return r.value_or(0);
}

/// Checks an index against a shape: the right number of indices, each inside its dimension.
constexpr error check_index(const shape& s, const index_vector& index) noexcept {
  if (index.size() != s.rank()) return {error_id::index_rank_mismatch, -1};
  for (std::size_t d = 0; d < s.rank(); ++d) {
    if (s.dynamic_dimensions[d]) return {error_id::dynamic_dimension, -1};
    if (index[d] < 0 || index[d] >= s.dimensions[d]) return {error_id::index_out_of_range, -1};
  }
  return {};
}

namespace detail {
/// Every dimension of the tiled shape with the index of element `index` in it, most major first (the
/// sizes are tiled_dimensions(s), the indices tiled_index(s, index)). False when a size overflows int64.
/// @pre the layout is valid for the static shape and every index is inside its dimension
constexpr bool tiled_coordinates(const shape& s, const index_vector& index,
                                 static_vector<sized_index, max_tiled_rank>& out) noexcept {
  out.clear();
  for (std::size_t j = 0; j < s.rank(); ++j) {
    const std::size_t d = physical_to_logical(s, j);
    out.push_back({laid_out_extent(s, d), index[d]});
  }
  index_arithmetic k;
  return apply_tiles(k, out, s.layout);
}

constexpr tiled_vector indices_of(const static_vector<sized_index, max_tiled_rank>& c) noexcept {
  tiled_vector r;
  for (const sized_index& x : c) r.push_back(x.index);
  return r;
}

/// The linear index of an index that is already known to be valid.
constexpr index_t linear_index_unchecked(const shape& s, const index_vector& index) noexcept {
  if (s.layout.tiles.empty()) {
    // IndexUtil: lin = I[m0] + D[m0] * (I[m1] + D[m1] * (...)), m = minor_to_major.
    index_t lin = 0;
    for (std::size_t j = 0; j < s.rank(); ++j) {
      const std::size_t d = physical_to_logical(s, j);
      lin = lin * laid_out_extent(s, d) + index[d];
    }
    return lin;
  }
  // Row-major over the tiled shape: the tiled layout stores its tiled index space in order.
  static_vector<sized_index, max_tiled_rank> c;
  tiled_coordinates(s, index, c);
  index_t lin = 0;
  for (const sized_index& x : c) lin = lin * x.size + x.index;
  return lin;
}
}  // namespace detail

/// The index of element `index` (logical order) in the tiled ("physical") index space: one index per
/// dimension of tiled_dimensions(s), most major first, each inside its dimension. The layout stores that
/// space in row-major order, so linear_index(s, e) is the row-major linearisation of tiled_index(s, e) over
/// tiled_dimensions(s) (L(n) only adds slots after the last). An untiled layout gives the index permuted to
/// physical order. Example: f32[3,5]{1,0:T(2,2)} has tiled dimensions [2, 3, 2, 2], and element (2, 3) is at
/// tiled index {1, 1, 0, 1}: tile (1, 1), position (0, 1) in it; ((1 * 3 + 1) * 2 + 0) * 2 + 1 == 17 ==
/// linear_index. Cost: what linear_index costs, O(rank + the tiles' ranks) integer operations with one
/// division and one remainder per tile entry that is not '*'; no allocation.
/// Errors: invalid layout ids, dynamic_dimension, index_rank_mismatch, index_out_of_range, span_overflow.
constexpr result<tiled_vector> checked_tiled_index(const shape& s, const index_vector& index) noexcept {
  if (auto issue = find_layout_issue(s)) return issue.id;
  if (auto e = check_index(s, index); e.id != error_id::none) return e;
  static_vector<detail::sized_index, max_tiled_rank> c;
  if (!detail::tiled_coordinates(s, index, c)) return error_id::span_overflow;
  return detail::indices_of(c);
}

/// The index of element `index` in the tiled index space (see checked_tiled_index):
/// tiled_index(f32[3,5]{1,0:T(2,2)}, {2, 3}) == tiled_vector{1, 1, 0, 1}.
/// @pre the layout is valid for the static shape, every index is inside its dimension and the tiled sizes
///      fit in int64 (a compile error naming the rule in a constant expression, XLAYOUT_EXPECTS at run time).
constexpr tiled_vector tiled_index(const shape& s, const index_vector& index) noexcept {
  XLAYOUT_EXPECTS(index.size() == s.rank(), index_rank_mismatch);
  XLAYOUT_EXPECTS(is_static(s), dynamic_dimension);
  XLAYOUT_EXPECTS(check_index(s, index).id == error_id::none, index_out_of_range);
  static_vector<detail::sized_index, max_tiled_rank> c;
  [[maybe_unused]] const bool fits = detail::tiled_coordinates(s, index, c);
  XLAYOUT_EXPECTS(fits, span_overflow);
  return detail::indices_of(c);
}

/// The linear index of element `index` (logical order), or the error that prevents it:
/// invalid layout ids, dynamic_dimension, index_rank_mismatch, index_out_of_range.
constexpr result<index_t> checked_linear_index(const shape& s, const index_vector& index) noexcept {
  if (auto issue = find_layout_issue(s)) return issue.id;
  if (auto e = check_index(s, index); e.id != error_id::none) return e;
  return detail::linear_index_unchecked(s, index);
}

/// The linear index of element `index`: linear_index(f32[3,5]{1,0:T(2,2)}, {2, 3}) == 17.
/// @pre the layout is valid for the static shape and every index is inside its dimension
///      (a compile error naming the rule in a constant expression, XLAYOUT_EXPECTS at run time).
constexpr index_t linear_index(const shape& s, const index_vector& index) noexcept {
  XLAYOUT_EXPECTS(index.size() == s.rank(), index_rank_mismatch);
  XLAYOUT_EXPECTS(is_static(s), dynamic_dimension);
  XLAYOUT_EXPECTS(check_index(s, index).id == error_id::none, index_out_of_range);
  return detail::linear_index_unchecked(s, index);
}

namespace detail {
/// An index given as any sized range of integers (std::array<int, 2>, std::span, index_array, ...).
template <class Range>
concept index_range = !std::same_as<Range, index_vector> && requires(const Range& r) {
  { *std::begin(r) } -> std::convertible_to<index_t>;
  std::size(r);
};
/// The range's values as an index_vector; false when there are more than it holds (a rank it cannot have).
template <class Range>
constexpr bool to_index_vector(const Range& index, index_vector& v) noexcept {
  for (auto i : index) {
    if (!v.try_push_back(static_cast<index_t>(i))) return false;
  }
  return true;
}
}  // namespace detail

/// linear_index with the index as any sized range of integers (std::array<int, 2>, std::span, index_array,
/// ...).
template <detail::index_range Range>
constexpr index_t linear_index(const shape& s, const Range& index) noexcept {
  index_vector v;
  [[maybe_unused]] const bool fits = detail::to_index_vector(index, v);
  XLAYOUT_EXPECTS(fits, index_rank_mismatch);
  return linear_index(s, v);
}

/// checked_linear_index with the index as any sized range of integers: what a for_each over a
/// runtime_tensor or a Tensor hands its function (index_array, std::span) goes in as it is.
template <detail::index_range Range>
constexpr result<index_t> checked_linear_index(const shape& s, const Range& index) noexcept {
  index_vector v;
  if (!detail::to_index_vector(index, v)) return error_id::index_rank_mismatch;
  return checked_linear_index(s, v);
}

/// The element at `linear` (logical order), or why there is none: linear_index_out_of_range, or
/// padding_element when the position holds padding; like checked_linear_index, the invalid layout ids and
/// dynamic_dimension first.
/// @post for every element e: multi_index(s, linear_index(s, e)) == e
constexpr result<index_vector> multi_index(const shape& s, index_t linear) noexcept {
  if (auto issue = find_layout_issue(s)) return issue.id;  // a memory space of 200 too (audit: it answered)
  auto span = checked_required_span_size(s);
  if (!span) return span.error();
  if (linear < 0 || linear >= *span) return error_id::linear_index_out_of_range;

  // The sizes before each tile, so that each tile can be undone in reverse order.
  static_vector<tiled_vector, XLAYOUT_MAX_TILES + 1> stages;
  tiled_vector dims;
  for (std::size_t j = 0; j < s.rank(); ++j)
    dims.push_back(laid_out_extent(s, detail::physical_to_logical(s, j)));
  stages.push_back(dims);
  detail::size_arithmetic k;
  for (const tile& t : s.layout.tiles) {
    detail::apply_tile(k, dims, t);
    stages.push_back(dims);
  }
  // Row-major delinearisation of the tiled shape; positions past the last slot are tail padding.
  tiled_vector idx;
  idx.resize(dims.size());
  index_t rest = linear;
  for (std::size_t i = dims.size(); i-- > 0;) {
    idx[i] = rest % dims[i];
    rest /= dims[i];
  }
  if (rest != 0) return error_id::padding_element;
  detail::untile_index_arithmetic uk;
  for (std::size_t t = s.layout.tiles.size(); t-- > 0;) {
    tiled_vector before;
    if (!detail::unapply_tile(uk, stages[t], s.layout.tiles[t], idx, before))
      return error_id::padding_element;
    idx = before;
  }
  index_vector out;
  out.resize(s.rank());
  for (std::size_t j = 0; j < s.rank(); ++j) {
    const std::size_t d = detail::physical_to_logical(s, j);
    if (idx[j] >= s.dimensions[d]) return error_id::padding_element;  // padded_dimensions
    out[d] = idx[j];
  }
  return out;
}

/// Calls f(index) for every logical index of a static shape, in row-major logical order (the last
/// dimension fastest). For tests and tools; kernels want tensor/'s physical-order iteration.
template <class F>
constexpr void for_each_index(const shape& s, F&& f) {
  for (index_t d : s.dimensions) {
    if (d <= 0) return;
  }
  index_vector idx;
  idx.resize(s.rank());
  while (true) {
    f(static_cast<const index_vector&>(idx));
    std::size_t d = s.rank();
    while (d > 0) {
      --d;
      if (++idx[d] < s.dimensions[d]) break;
      idx[d] = 0;
      if (d == 0) return;
    }
    if (s.rank() == 0) return;
  }
}

}  // namespace XLAYOUT_NAMESPACE
