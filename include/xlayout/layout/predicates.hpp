// include/xlayout/layout/predicates.hpp: the questions a verification author asks about a layout, each
// exact (tiles, '*' groups, padding and E(n) considered) and decided on the layout's structure, not by
// visiting its elements: does every slot hold an element (has_padding, is_exhaustive), are the elements in
// row-major order (is_contiguous), is one layout another's transpose in the same bytes (is_transpose_of),
// do two layouts put every element in the same slot (physical_equivalent). is_strided and strides are in
// layout/index_program.hpp.
#pragma once
#include <xlayout/core/index.hpp>
#include <xlayout/layout/bitcast.hpp>
#include <xlayout/layout/index_program.hpp>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/layout/operations.hpp>
#include <xlayout/layout/sizes.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {

/// True when some slot of the laid-out buffer holds no element: required_span_size(s) > element_count(s)
/// (tiles that do not divide their dimensions, padded dimensions, L(n) tail padding). Cost: O(R) for
/// R = rank + the tiles' entries.
/// @pre a static shape with a valid layout
constexpr bool has_padding(const shape& s) noexcept { return required_span_size(s) != element_count(s); }

/// True when every slot of the laid-out buffer holds an element (no padding anywhere): !has_padding(s).
/// The elements may be in any order (a tiled layout without padding is exhaustive). Cost: O(R).
/// @pre a static shape with a valid layout
constexpr bool is_exhaustive(const shape& s) noexcept { return !has_padding(s); }

/// True when each element is stored at its logical row-major position: linear_index(s, e) is
/// e[0] * (d1 * d2 ...) + ... + e[rank-1], so the elements fill slots 0 .. element_count - 1 in the order of
/// a C array. Slots after the last element (L(n), a last partial tile) may exist: is_contiguous(s) &&
/// is_exhaustive(s) says the buffer is exactly the row-major array. Cost: O(R^2); a layout without a
/// canonical form (is_bitcast's exception: a '*' group split across its members' digits that cannot be
/// merged) is checked element by element.
/// @pre a static shape with a valid layout
constexpr bool is_contiguous(const shape& s) noexcept {
  const index_t n = element_count(s);
  if (n <= 1) return true;
  const detail::offset_form f = detail::offset_form_of(s);
  if (f.exact) return f.digits.size() == 1 && f.digits[0] == detail::offset_digit{n, 1, 0, false};
  for (index_t p = 0; p < n; ++p) {
    if (linear_index(s, detail::row_major_index(s, p)) != p) return false;
  }
  return true;
}

namespace detail {
/// The index of `b` that a transpose by `perm` takes element `e` of `a` to: f[i] = e[perm[i]].
constexpr index_vector transposed_index(const index_vector& e, const dimension_list& perm) noexcept {
  index_vector f;
  for (index_t d : perm) f.push_back(e[static_cast<std::size_t>(d)]);
  return f;
}
/// Every element of `a` and its image under the transpose `perm` in `b` at the same slot (one
/// linear_index each): the slow path for layouts whose digit-by-digit program (detail::compile_tiled_program)
/// is not exact.
constexpr bool same_slots_transposed(const shape& a, const shape& b, const dimension_list& perm) noexcept {
  const index_t n = element_count(a);
  for (index_t p = 0; p < n; ++p) {
    const index_vector e = row_major_index(a, p);
    if (linear_index(a, e) != linear_index(b, transposed_index(e, perm))) return false;
  }
  return true;
}
/// The transpose (b.dimensions[i] == a.dimensions[perm[i]]) under which `a` and `b` put every element in
/// the same slot, or an error (not_a_permutation) when there is none. Dimensions of size > 1 are matched by
/// the canonical form of their own slots (unique: a layout puts different dimensions' unit steps in
/// different slots); dimensions of size 1 take the remaining ones in order.
constexpr result<dimension_list> slot_preserving_transpose(const shape& a, const shape& b) noexcept {
  if (a.rank() != b.rank() || element_bits(a) != element_bits(b)) return error_id::not_a_permutation;
  if (element_count(a) != element_count(b) || required_span_size(a) != required_span_size(b))
    return error_id::not_a_permutation;
  const bool empty = element_count(a) == 0;  // no element: any permutation of equal sizes
  if (a.dimensions == b.dimensions && a.layout == b.layout) {
    // The same layout: the identity, the one permutation for the dimensions of size > 1 (the others may go
    // anywhere), without the element-by-element check an inexact layout would take below.
    dimension_list identity;
    for (std::size_t i = 0; i < a.rank(); ++i) identity.push_back(static_cast<index_t>(i));
    return identity;
  }
  const index_program pa = detail::compile_tiled_program(a), pb = detail::compile_tiled_program(b);
  const bool symbolic = pa.exact && pb.exact;
  dimension_list perm;
  bool used[XLAYOUT_MAX_RANK]{};
  for (std::size_t i = 0; i < b.rank(); ++i) {
    perm.push_back(-1);
    if (b.dimensions[i] <= 1 || empty) continue;
    const offset_form fb = symbolic ? dimension_offset_form(b, pb, i) : offset_form{};
    if (symbolic && !fb.exact) return error_id::not_a_permutation;
    index_vector unit_b;
    if (!symbolic) {
      unit_b.resize(b.rank());
      unit_b[i] = 1;
    }
    for (std::size_t j = 0; j < a.rank() && perm[i] < 0; ++j) {
      if (used[j] || a.dimensions[j] != b.dimensions[i]) continue;
      bool same = false;
      if (symbolic) {
        same = dimension_offset_form(a, pa, j) == fb;
      } else {
        index_vector unit_a;
        unit_a.resize(a.rank());
        unit_a[j] = 1;
        same = linear_index(a, unit_a) == linear_index(b, unit_b);
      }
      if (same) {
        perm[i] = static_cast<index_t>(j);
        used[j] = true;
      }
    }
    if (perm[i] < 0) return error_id::not_a_permutation;
  }
  for (std::size_t i = 0; i < b.rank(); ++i) {  // size-1 dimensions (all when empty): any order
    if (perm[i] >= 0) continue;
    std::size_t j = 0;
    while (j < a.rank() && (used[j] || a.dimensions[j] != b.dimensions[i])) ++j;
    if (j == a.rank()) return error_id::not_a_permutation;
    perm[i] = static_cast<index_t>(j);
    used[j] = true;
  }
  if (!symbolic && element_count(a) > 0 && !same_slots_transposed(a, b, perm))
    return error_id::not_a_permutation;
  return perm;
}
}  // namespace detail

/// True when `b`'s elements are `a`'s with the dimensions permuted, in the same bytes: the same element
/// width, the same buffer size (required_span_size), and a permutation perm with
/// b.dimensions[i] == a.dimensions[perm[i]] such that element e of `a` and element f of `b` with
/// f[i] == e[perm[i]] are in the same slot, for every e. Exact where XLA's
/// transpose_is_bitcast_ignoring_tiles is not: f32[4,6]{1,0:T(2,2)} and f32[6,4]{0,1:T(2,2)} are;
/// f32[4,6]{1,0:T(2,2)} and f32[6,4]{0,1} are not. Cost: O(rank * R^2) for R = rank + the tiles' entries
/// (each dimension's slots in canonical form, then matched); layouts whose digit-by-digit program is not
/// exact (a '*' group a tile splits across its members' digits, for which compile_index_program may still be
/// exact through the merged group; a later tile that cuts an earlier tile's size it does not divide,
/// s32[34]{0:T(3)(2)}) are checked element by element, unless both shapes have the same dimensions and
/// layout.
/// @pre static shapes with valid layouts
constexpr bool is_transpose_of(const shape& a, const shape& b) noexcept {
  return detail::slot_preserving_transpose(a, b).has_value();
}

/// is_transpose_of for a given permutation (XLA's convention, as in transpose_is_bitcast_ignoring_tiles:
/// b.dimensions[i] == a.dimensions[dimension_mapping[i]]). Cost: O(rank * R^2).
/// @pre static shapes with valid layouts
constexpr bool is_transpose_of(const shape& a, const shape& b,
                               const dimension_list& dimension_mapping) noexcept {
  if (dimension_mapping.size() != a.rank() || !is_permutation(dimension_mapping)) return false;
  const auto perm = detail::slot_preserving_transpose(a, b);
  if (!perm) return false;
  for (std::size_t i = 0; i < b.rank(); ++i) {
    const auto d = static_cast<std::size_t>(dimension_mapping[i]);
    if (a.dimensions[d] != b.dimensions[i]) return false;
    // Dimensions of size 1 (all, with no element) may go anywhere; the others must be the ones the slots
    // decided.
    if (b.dimensions[i] > 1 && element_count(b) > 0 && dimension_mapping[i] != (*perm)[i]) return false;
  }
  return true;
}

/// True when `a` and `b` have the same dimensions and the same bytes for the same logical element: the
/// same element width, the same buffer size, and linear_index(a, e) == linear_index(b, e) for every e
/// (different layouts may agree: f32[8,128]{1,0:T(8,128)} and f32[8,128]{1,0}). Cost: is_bitcast's, O(R^2)
/// but for the inexact layouts it compares element by element.
/// @pre static shapes with valid layouts
constexpr bool physical_equivalent(const shape& a, const shape& b) noexcept {
  return a.dimensions == b.dimensions && is_bitcast(a, b);
}

}  // namespace XLAYOUT_NAMESPACE
