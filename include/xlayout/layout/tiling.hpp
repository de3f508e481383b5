// include/xlayout/layout/tiling.hpp: the pad-reshape-transpose view of a layout. Logical dimensions are
// padded (padded_dimensions), permuted to physical major-to-minor order, then every tile in turn
// combines '*' groups and splits the most-minor dimensions into (tile count, tile size) pairs.
#pragma once
#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/shape/shape.hpp>

namespace xlayout {

/// Upper bound on the rank of a tiled shape: each tile adds at most its own rank.
inline constexpr std::size_t max_tiled_rank = XLAYOUT_MAX_RANK * (XLAYOUT_MAX_TILES + 1);

/// Sizes or indices of the tiled ("physical") shape, most-major first.
using tiled_vector = static_vector<index_t, max_tiled_rank>;

/// The extents of one logical dimension as the layout sees them: the padded width if
/// padded_dimensions are set, else the size.
constexpr index_t laid_out_extent(const shape& s, std::size_t d) noexcept {
  return s.layout.padded_dimensions.empty() ? s.dimensions[d] : s.layout.padded_dimensions[d];
}

namespace detail {

/// Dimension j of the physical (major-to-minor) order is logical dimension minor_to_major[rank-1-j].
constexpr std::size_t physical_to_logical(const shape& s, std::size_t j) noexcept {
  return static_cast<std::size_t>(s.layout.minor_to_major[s.rank() - 1 - j]);
}

/// The '*' groups of a tile: each group is a run of '*' entries closed by a size. Returns the number of
/// groups; first[g] is the tile position where group g starts, and the group ends at its size entry.
struct tile_groups {
  static_vector<std::size_t, XLAYOUT_MAX_RANK> first;  // tile position of each group's first entry
  static_vector<std::size_t, XLAYOUT_MAX_RANK> last;   // tile position of each group's size entry
};

constexpr tile_groups groups_of(const tile& t) noexcept {
  tile_groups g;
  std::size_t start = 0;
  for (std::size_t q = 0; q < t.rank(); ++q) {
    if (t.dimensions[q] != combine_dimension) {
      g.first.push_back(start);
      g.last.push_back(q);
      start = q + 1;
    }
  }
  return g;
}

/// Applies one tile to sizes `dims` (and, when `index` is not null, to an index into them).
/// Returns false when a size overflows int64 or the result exceeds max_tiled_rank.
/// @pre the tile is valid (non-empty, sizes > 0 or '*', not ending in '*')
constexpr bool apply_tile(tiled_vector& dims, tiled_vector* index, const tile& t) noexcept {
  const std::size_t k = t.rank();
  // A tile longer than the shape first prepends size-1 dimensions.
  while (dims.size() < k) {
    if (dims.full()) return false;
    dims.insert(0, 1);
    if (index) index->insert(0, 0);
  }
  const std::size_t base = dims.size() - k;
  const tile_groups g = groups_of(t);
  tiled_vector new_dims, new_index;
  for (std::size_t i = 0; i < base; ++i) {
    new_dims.push_back(dims[i]);
    if (index) new_index.push_back((*index)[i]);
  }
  static_vector<index_t, XLAYOUT_MAX_RANK> merged_size, merged_index;
  for (std::size_t gi = 0; gi < g.first.size(); ++gi) {
    index_t m = 1, e = 0;
    for (std::size_t q = g.first[gi]; q <= g.last[gi]; ++q) {
      const index_t d = dims[base + q];
      auto mm = checked_mul(m, d);
      if (!mm.ok) return false;
      m = mm.value;
      if (index) e = e * d + (*index)[base + q];  // < m, cannot overflow
    }
    merged_size.push_back(m);
    merged_index.push_back(e);
  }
  if (base + 2 * g.first.size() > max_tiled_rank) return false;
  for (std::size_t gi = 0; gi < g.first.size(); ++gi) {
    const index_t ts = t.dimensions[g.last[gi]];
    const index_t count = ceil_div(merged_size[gi], ts);
    if (!checked_mul(count, ts).ok) return false;
    new_dims.push_back(count);
    if (index) new_index.push_back(merged_index[gi] / ts);
  }
  for (std::size_t gi = 0; gi < g.first.size(); ++gi) {
    new_dims.push_back(t.dimensions[g.last[gi]]);
    if (index) new_index.push_back(merged_index[gi] % t.dimensions[g.last[gi]]);
  }
  dims = new_dims;
  if (index) *index = new_index;
  return true;
}

/// Undoes one tile: given the sizes `before` it was applied and an index into the tiled sizes, writes
/// the index into `before`. Returns false when the index lies in padding the tile added.
constexpr bool unapply_tile(const tiled_vector& before, const tile& t, const tiled_vector& after_index,
                            tiled_vector& before_index) noexcept {
  const std::size_t k = t.rank();
  const std::size_t prepended = before.size() < k ? k - before.size() : 0;
  const std::size_t n = before.size() + prepended;  // rank after prepending
  const std::size_t base = n - k;
  const tile_groups g = groups_of(t);
  const std::size_t m = g.first.size();
  // Sizes after prepending, as apply_tile saw them.
  tiled_vector padded_before;
  for (std::size_t i = 0; i < prepended; ++i) padded_before.push_back(1);
  for (index_t d : before) padded_before.push_back(d);

  tiled_vector idx;
  for (std::size_t i = 0; i < base; ++i) idx.push_back(after_index[i]);
  idx.resize(n);
  for (std::size_t gi = 0; gi < m; ++gi) {
    const index_t ts = t.dimensions[g.last[gi]];
    index_t e = after_index[base + gi] * ts + after_index[base + m + gi];
    index_t merged = 1;
    for (std::size_t q = g.first[gi]; q <= g.last[gi]; ++q) merged *= padded_before[base + q];
    if (e >= merged) return false;  // in the padding that rounds the group up to whole tiles
    for (std::size_t q = g.last[gi] + 1; q-- > g.first[gi];) {
      const index_t d = padded_before[base + q];
      idx[base + q] = e % d;
      e /= d;
    }
  }
  before_index.clear();
  for (std::size_t i = prepended; i < n; ++i) before_index.push_back(idx[i]);
  return true;
}

}  // namespace detail

/// The sizes of the array after padding, permutation to physical order and every tile (the
/// pad-reshape-transpose shape of XLA's "Tiled layout" document), most-major first: f32[3,5]{1,0:T(2,2)}
/// gives [2, 3, 2, 2].
/// Errors: dynamic_dimension, span_overflow.
/// @pre the layout is valid for the shape
constexpr result<tiled_vector> tiled_dimensions(const shape& s) noexcept {
  if (!is_static(s)) return error_id::dynamic_dimension;
  tiled_vector dims;
  for (std::size_t j = 0; j < s.rank(); ++j)
    dims.push_back(laid_out_extent(s, detail::physical_to_logical(s, j)));
  for (const tile& t : s.layout.tiles) {
    if (!detail::apply_tile(dims, nullptr, t)) return error_id::span_overflow;
  }
  return dims;
}

/// The pad-reshape-transpose shape ("Tiled layout") as a shape value: the tiled sizes with the default
/// layout and the same element type and E(n): f32[3,5]{1,0:T(2,2)} gives f32[2,3,2,2]{3,2,1,0}. The tail
/// padding of L(n) is not a dimension and is not included. Errors: dynamic_dimension, span_overflow, and
/// rank_too_large when the tiled shape has more than XLAYOUT_MAX_RANK dimensions.
constexpr result<shape> physical_shape(const shape& s) noexcept {
  auto dims = tiled_dimensions(s);
  if (!dims) return dims.error();
  if (dims->size() > XLAYOUT_MAX_RANK) return error_id::rank_too_large;
  shape r;
  r.element_type = s.element_type;
  for (index_t d : *dims) {
    r.dimensions.push_back(d);
    r.dynamic_dimensions.push_back(false);
  }
  r.layout = default_layout(static_cast<index_t>(r.rank()));
  r.layout.element_size_in_bits = s.layout.element_size_in_bits;
  r.layout.memory_space = s.layout.memory_space;
  return r;
}

}  // namespace xlayout
