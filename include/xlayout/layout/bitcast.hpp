// include/xlayout/layout/bitcast.hpp: when may a buffer be read as another shape? XLA's rules (which look
// only at minor_to_major, so their yes/no forms say so in their names: reshape_is_bitcast_ignoring_tiles,
// transpose_is_bitcast_ignoring_tiles, is_reshape_or_transpose_bitcast_ignoring_tiles; and
// DeduceTransposeDimensionsForBitcast, DecomposeBitcast, AlignLayouts) and xlayout's exact is_bitcast, which
// also understands tiles and padding, decided on a canonical form of the slot map (no enumeration).
#pragma once
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/layout/index_program.hpp>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/layout/operations.hpp>
#include <xlayout/layout/sizes.hpp>
#include <xlayout/layout/validate.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {

namespace detail {
/// IndexUtil's linear index: minor_to_major only, tiles ignored (what XLA's bitcast rules use).
constexpr index_t untiled_linear_index(const shape& s, const index_vector& idx) noexcept {
  index_t lin = 0;
  for (std::size_t j = s.rank(); j-- > 0;) {
    const auto d = static_cast<std::size_t>(s.layout.minor_to_major[j]);
    lin = lin * s.dimensions[d] + idx[d];
  }
  return lin;
}
/// The logical row-major position of an index.
constexpr index_t row_major_position(const shape& s, const index_vector& idx) noexcept {
  index_t p = 0;
  for (std::size_t d = 0; d < s.rank(); ++d) p = p * s.dimensions[d] + idx[d];
  return p;
}
/// The index at a logical row-major position.
constexpr index_vector row_major_index(const shape& s, index_t p) noexcept {
  index_vector idx;
  idx.resize(s.rank());
  for (std::size_t d = s.rank(); d-- > 0;) {
    idx[d] = p % s.dimensions[d];
    p /= s.dimensions[d];
  }
  return idx;
}
/// XLA's unit-index check in one direction: for each index with a single 1 (on a dimension of size > 1),
/// the element at the same row-major position of `b` has the same untiled linear index.
constexpr bool unit_indices_agree(const shape& a, const shape& b) noexcept {
  for (std::size_t d = 0; d < a.rank(); ++d) {
    if (a.dimensions[d] <= 1) continue;
    index_vector u;
    u.resize(a.rank());
    u[d] = 1;
    const index_vector v = row_major_index(b, row_major_position(a, u));
    if (untiled_linear_index(a, u) != untiled_linear_index(b, v)) return false;
  }
  return true;
}
constexpr bool same_element_type(const shape& a, const shape& b) noexcept {
  return a.element_type == b.element_type;
}
}  // namespace detail

/// XLA's ShapeUtil::ReshapeIsBitcast: reshaping `in` to `out` moves no data, judged on minor_to_major only.
/// f32[3,4]{1,0} -> f32[6,2]{1,0} is; f32[3,4]{0,1} -> f32[6,2]{0,1} is not. Tiles are ignored as in XLA,
/// so f32[3,5]{1,0:T(2,2)} -> f32[15] answers yes although the bytes differ: is_bitcast is exact.
/// @pre static shapes
constexpr bool reshape_is_bitcast_ignoring_tiles(const shape& in, const shape& out,
                                                 bool ignore_element_type = false) noexcept {
  if (!ignore_element_type && !detail::same_element_type(in, out)) return false;
  const auto n_in = checked_element_count(in), n_out = checked_element_count(out);
  if (!n_in || !n_out || *n_in != *n_out) return false;
  if (*n_in == 0) return true;
  return detail::unit_indices_agree(in, out) && detail::unit_indices_agree(out, in);
}

/// XLA's ShapeUtil::TransposeIsBitcast: transposing `in` with `dimension_mapping` gives `out` without
/// moving data: ComposePermutations(dimension_mapping, out.minor_to_major) == in.minor_to_major. Tiles are
/// ignored as in XLA (an answer yes may be wrong for the bytes of tiled layouts: is_transpose_of is exact).
constexpr bool transpose_is_bitcast_ignoring_tiles(const shape& in, const shape& out,
                                                   const dimension_list& dimension_mapping,
                                                   bool ignore_element_type = false) noexcept {
  if (!ignore_element_type && !detail::same_element_type(in, out)) return false;
  if (dimension_mapping.size() != in.rank() || out.rank() != in.rank() || !is_permutation(dimension_mapping))
    return false;
  return compose_permutations(dimension_mapping, out.layout.minor_to_major) == in.layout.minor_to_major;
}

/// XLA's ShapeUtil::DeduceTransposeDimensionsForBitcast: the transpose that reads `in` as `out` without
/// moving data, or an error (not_a_permutation) when there is none. f32[5,3]{1,0} -> f32[3,5]{0,1}: {1,0}.
constexpr result<dimension_list> deduce_transpose_dimensions_for_bitcast(const shape& in,
                                                                         const shape& out) noexcept {
  if (in.rank() != out.rank()) return error_id::not_a_permutation;
  const dimension_list perm =
      compose_permutations(in.layout.minor_to_major, inverse_permutation(out.layout.minor_to_major));
  if (!(permute(in.dimensions, perm) == out.dimensions)) return error_id::not_a_permutation;
  return perm;
}

/// XLA's ShapeUtil::IsReshapeOrTransposeBitcast; tiles are ignored as in XLA (is_bitcast is exact).
constexpr bool is_reshape_or_transpose_bitcast_ignoring_tiles(const shape& a, const shape& b,
                                                              bool ignore_element_type = false) noexcept {
  if (!ignore_element_type && !detail::same_element_type(a, b)) return false;
  if (a.dimensions == b.dimensions && a.layout == b.layout) return true;
  if (reshape_is_bitcast_ignoring_tiles(a, b, true)) return true;
  return deduce_transpose_dimensions_for_bitcast(a, b).has_value();
}

/// The ways XLA's DecomposeBitcast splits a bitcast.
enum class bitcast_kind : unsigned char { none, reshape, transpose, transpose_reshape_transpose };

/// XLA's ShapeUtil::DecomposeBitcast result: a reshape, a transpose, or transpose-reshape-transpose.
struct bitcast_decomposition {
  bitcast_kind kind = bitcast_kind::none;
  dimension_list transpose_dims;   // for kind == transpose
  dimension_list transpose1_dims;  // for transpose_reshape_transpose
  shape transpose1_shape;
  shape reshape_shape;
  dimension_list transpose2_dims;
};

/// XLA's ShapeUtil::DecomposeBitcast: kind none when the element counts differ (not decomposable).
constexpr bitcast_decomposition decompose_bitcast(const shape& in, const shape& out) noexcept {
  bitcast_decomposition r;
  const auto n_in = checked_element_count(in), n_out = checked_element_count(out);
  if (!n_in || !n_out || *n_in != *n_out) return r;
  if (reshape_is_bitcast_ignoring_tiles(in, out, true)) {
    r.kind = bitcast_kind::reshape;
    return r;
  }
  if (auto t = deduce_transpose_dimensions_for_bitcast(in, out)) {
    r.kind = bitcast_kind::transpose;
    r.transpose_dims = *t;
    return r;
  }
  r.kind = bitcast_kind::transpose_reshape_transpose;
  const dimension_list reverse = default_layout(static_cast<index_t>(in.rank())).minor_to_major;
  const dimension_list reverse_out = default_layout(static_cast<index_t>(out.rank())).minor_to_major;
  r.transpose1_dims = compose_permutations(in.layout.minor_to_major, reverse);
  r.transpose1_shape = descending_layout_with_same_physical_layout(in);
  r.reshape_shape = descending_layout_with_same_physical_layout(out);
  r.transpose2_dims = compose_permutations(reverse_out, inverse_permutation(out.layout.minor_to_major));
  return r;
}

/// XLA's ShapeUtil::AlignLayouts: a layout for `out` (whose own layout is ignored) that makes reshaping
/// `in` to `out` a bitcast, or an error (not_a_permutation) when none exists. Dimensions of size 1 go
/// anywhere; every other group of dimensions whose sizes multiply to the same product must be
/// contiguous, in row-major order, in `in`'s layout.
constexpr result<shape> align_layouts(const shape& in, const shape& out) noexcept {
  const auto n_in = checked_element_count(in), n_out = checked_element_count(out);
  if (!n_in || !n_out || *n_in != *n_out) return error_id::not_a_permutation;
  dimension_list in_dims, out_dims;  // the dimensions of size != 1, in logical order
  for (std::size_t d = 0; d < in.rank(); ++d) {
    if (in.dimensions[d] != 1) in_dims.push_back(static_cast<index_t>(d));
  }
  for (std::size_t d = 0; d < out.rank(); ++d) {
    if (out.dimensions[d] != 1) out_dims.push_back(static_cast<index_t>(d));
  }
  // Alignment parts: part_of_in[d] / part_of_out[d] number the groups with equal products.
  index_t part_of_in[XLAYOUT_MAX_RANK]{}, part_of_out[XLAYOUT_MAX_RANK]{};
  std::size_t i = 0, o = 0;
  index_t parts = 0;
  while (i < in_dims.size() || o < out_dims.size()) {
    index_t pi = 1, po = 1;
    do {
      // The products stay below the element count unless a size is 0: saturated there (f32[2^63-1,
      // 2^63-1,0] against f32[3,2^63-1,0] overflowed: audit).
      if (pi <= po && i < in_dims.size()) {
        const checked_index p = checked_mul(pi, in.dimensions[static_cast<std::size_t>(in_dims[i])]);
        pi = p.ok ? p.value : index_max;
        part_of_in[in_dims[i++]] = parts;
      } else if (o < out_dims.size()) {
        const checked_index p = checked_mul(po, out.dimensions[static_cast<std::size_t>(out_dims[o])]);
        po = p.ok ? p.value : index_max;
        part_of_out[out_dims[o++]] = parts;
      } else {
        return error_id::not_a_permutation;
      }
    } while (pi != po);
    ++parts;
  }
  // Walk `in`'s layout from minor to major: each part must appear contiguously, most-minor dimension
  // first, i.e. its dimensions in decreasing logical order.
  shape r = out;
  r.layout = layout{};
  index_t current = -1;
  index_t expected_next = -1;
  bool seen[XLAYOUT_MAX_RANK]{};
  for (index_t d : in.layout.minor_to_major) {
    if (in.dimensions[static_cast<std::size_t>(d)] == 1) continue;
    const index_t part = part_of_in[d];
    if (part != current) {
      if (seen[part]) return error_id::not_a_permutation;  // the part is split
      seen[part] = true;
      current = part;
      // d must be the most-minor (last) dimension of its part.
      for (index_t x : in_dims) {
        if (part_of_in[x] == part && x > d) return error_id::not_a_permutation;
      }
      for (std::size_t k = out_dims.size(); k-- > 0;) {
        if (part_of_out[out_dims[k]] == part) r.layout.minor_to_major.push_back(out_dims[k]);
      }
    } else if (d != expected_next) {
      return error_id::not_a_permutation;
    }
    expected_next = -1;  // the next more-major dimension of the part: the previous one in logical order
    for (index_t x : in_dims) {
      if (x < d) expected_next = x;
    }
  }
  for (index_t d = static_cast<index_t>(out.rank()) - 1; d >= 0; --d) {
    if (out.dimensions[static_cast<std::size_t>(d)] == 1) r.layout.minor_to_major.push_back(d);
  }
  return r;
}

namespace detail {

/// Slow path for layouts whose index program is not exact even after merge_combined_dimensions (see
/// is_bitcast): every element's slot compared, one linear_index each.
constexpr bool same_slots_by_enumeration(const shape& a, const shape& b, index_t n) noexcept {
  for (index_t p = 0; p < n; ++p) {
    if (linear_index(a, row_major_index(a, p)) != linear_index(b, row_major_index(b, p))) return false;
  }
  return true;
}

}  // namespace detail

/// xlayout's exact bitcast test: reading a buffer laid out as `a` as if it were laid out as `b` finds
/// every element at the same logical row-major position, with the same element width and buffer size.
/// Unlike XLA's rules it looks at tiles, padding and E(n). Decided symbolically: both layouts' slot maps
/// in a canonical mixed-radix form, compared. Cost: O(R^2) for R = rank + the tiles' entries, independent of
/// the element count. The exception, compared element by element (so linear in the element count: a
/// static_assert on such a layout of 2^24 elements exceeds the compilers' constexpr limits, and at run time
/// 2^62 of them never finish): a layout whose index program is not exact even after
/// merge_combined_dimensions (a '*' group of dimensions not consecutive in both orders split across their
/// digits, or a later tile that cuts an earlier tile's size it does not divide, s32[34]{0:T(3)(2)}), unless
/// both shapes have the same dimensions and layout (then true at once).
/// @pre static shapes with valid layouts
constexpr bool is_bitcast(const shape& a, const shape& b) noexcept {
  if (element_bits(a) != element_bits(b)) return false;
  const auto n_a = checked_element_count(a), n_b = checked_element_count(b);
  if (!n_a || !n_b || *n_a != *n_b) return false;
  const auto span_a = checked_required_span_size(a), span_b = checked_required_span_size(b);
  if (!span_a || !span_b || *span_a != *span_b) return false;
  if (*n_a == 0) return true;
  // The same dimensions and layout put every element in the same slot, whatever the layout (an audit's
  // s32[2^62]{0:T(3)(2)} against itself took the element-by-element path below, which never ended).
  if (a.dimensions == b.dimensions && a.layout == b.layout) return true;
  const detail::offset_form fa = detail::offset_form_of(a), fb = detail::offset_form_of(b);
  if (fa.exact && fb.exact) return fa == fb;
  return detail::same_slots_by_enumeration(a, b, *n_a);
}

}  // namespace XLAYOUT_NAMESPACE
