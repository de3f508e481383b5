// include/xlayout/layout/tiling.hpp: the pad-reshape-transpose view of a layout. Logical dimensions are
// padded (padded_dimensions), permuted to physical major-to-minor order, then every tile in turn
// combines '*' groups and splits the most-minor dimensions into (tile count, tile size) pairs: the tile step,
// detail::apply_tile, written once for every kind of number it runs on (sizes, indices, formulas,
// expressions).
#pragma once
#include <concepts>
#include <cstddef>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {

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

/// What the tile step (apply_tile) computes with: a kind of number, K::value_type, that describes one
/// dimension of the shape being tiled (its size, an index into it, both, or a formula or an expression for
/// either), and the three operations of the step on such values. An object of K carries the state the
/// operations need (an expression workspace, say):
///   k.unit()                           a dimension of size 1 (index 0): what a tile longer than the shape
///                                      prepends
///   k.merge(major, minor)              major := major and the next more-minor dimension `minor` combined
///                                      into one ('*'), minor varying fastest: size major * minor, index
///                                      major * size(minor) + minor
///   k.split(merged, t, count, within)  the dimension cut into tiles of size t: (count, within) is
///                                      (ceil(size / t), t) for a size, (index / t, index mod t) for an index
/// merge and split return false when the value cannot be formed (an int64 overflow, a size with no
/// formula); the step then fails.
template <class K>
concept tile_arithmetic = requires(K& k, typename K::value_type& v, const typename K::value_type& c,
                                   index_t t) {
  { k.unit() } -> std::convertible_to<typename K::value_type>;
  { k.merge(v, c) } -> std::same_as<bool>;
  { k.split(c, t, v, v) } -> std::same_as<bool>;
};

/// The tile step, the one definition every tiling in xlayout uses (linear_index, tiled_dimensions,
/// tiled_index, the layout maps of indexing/, the accessor's size formulas in tensor/): applies tile `t` to
/// `dims`, the dimensions of the shape tiled so far, most major first, as XLA's "Tiled layout" document and
/// LinearIndexForNestedTiling do. A tile longer than the shape first prepends size-1 dimensions; each '*'
/// merges a dimension into the next more-minor one; each of the `g` dimensions the tile then covers (the
/// most minor ones) becomes (tile count, position in the tile), the g counts first and the g positions last.
/// Sizes [3, 5] by T(2,2) become [2, 3, 2, 2]; index (2, 3) becomes (1, 1, 0, 1). Cost: O(N) moves and one
/// merge per '*' plus one split per other entry of the tile.
/// Returns false (and leaves `dims` unspecified) when an operation of K fails or the result would have
/// more than N dimensions.
/// @pre t is a valid tile (non-empty, sizes > 0 or '*', not ending in '*')
template <tile_arithmetic K, std::size_t N>
constexpr bool apply_tile(K& k, static_vector<typename K::value_type, N>& dims, const tile& t) noexcept {
  using value = typename K::value_type;
  const std::size_t rank = t.rank();
  while (dims.size() < rank) {
    if (dims.full()) return false;
    dims.insert(0, k.unit());
  }
  const std::size_t base = dims.size() - rank;
  // Each group is a run of '*' entries closed by a size; its dimensions merge into one.
  static_vector<value, XLAYOUT_MAX_RANK> merged;
  static_vector<index_t, XLAYOUT_MAX_RANK> sizes;
  bool open = false;  // a group has started and not been closed by a size yet
  for (std::size_t q = 0; q < rank; ++q) {
    if (!open) {
      merged.push_back(dims[base + q]);
    } else if (!k.merge(merged.back(), dims[base + q])) {
      return false;
    }
    open = t.dimensions[q] == combine_dimension;
    if (!open) sizes.push_back(t.dimensions[q]);
  }
  const std::size_t groups = sizes.size();
  if (base + 2 * groups > N) return false;
  // Drop the tiled dimensions one by one (resize(base) made g++ 12 -O3 see a memset of a negative size:
  // a false -Wstringop-overflow).
  while (dims.size() > base) dims.pop_back();
  for (std::size_t g = 0; g < groups; ++g) {
    const value m = merged[g];
    value count{};
    if (!k.split(m, sizes[g], count, merged[g])) return false;
    dims.push_back(count);
  }
  for (std::size_t g = 0; g < groups; ++g) dims.push_back(merged[g]);
  return true;
}

/// apply_tile for every tile of `l` in turn.
template <tile_arithmetic K, std::size_t N>
constexpr bool apply_tiles(K& k, static_vector<typename K::value_type, N>& dims, const layout& l) noexcept {
  for (const tile& t : l.tiles) {
    if (!apply_tile(k, dims, t)) return false;
  }
  return true;
}

/// Sizes as int64 values, overflow checked (a padded size that does not fit fails).
struct size_arithmetic {
  using value_type = index_t;
  constexpr index_t unit() const noexcept { return 1; }
  constexpr bool merge(index_t& major, index_t minor) const noexcept {
    const checked_index m = checked_mul(major, minor);
    major = m.value;
    return m.ok;
  }
  constexpr bool split(index_t size, index_t t, index_t& count, index_t& within) const noexcept {
    count = ceil_div(size, t);
    within = t;
    return checked_mul(count, t).ok;
  }
};

/// One dimension of the tiled shape and the index of an element in it.
struct sized_index {
  index_t size = 1;
  index_t index = 0;
  friend constexpr bool operator==(const sized_index&, const sized_index&) = default;
};

/// Sizes with an index into them: what linear_index and tiled_index compute.
struct index_arithmetic {
  using value_type = sized_index;
  constexpr sized_index unit() const noexcept { return {}; }
  constexpr bool merge(sized_index& major, const sized_index& minor) const noexcept {
    const index_t index = major.index;
    if (!size_arithmetic{}.merge(major.size, minor.size)) return false;
    major.index = index * minor.size + minor.index;  // < the merged size, which fits
    return true;
  }
  constexpr bool split(const sized_index& merged, index_t t, sized_index& count,
                       sized_index& within) const noexcept {
    count.index = merged.index / t;
    within.index = merged.index % t;
    return size_arithmetic{}.split(merged.size, t, count.size, within.size);
  }
};

/// What the reverse tile step (unapply_tile) computes with: a kind of number, K::value_type, for an index
/// into one dimension (an int64 value, or an expression of the tiled index), and its three operations:
///   k.join(count, t, within)   the index into a dimension cut into tiles of size t, from the tile index
///                              and the index within the tile: count * t + within (undoes split)
///   k.bound(e, size)           e, the index into a merged '*' group of that size, lies in it, not in the
///                              padding that rounds the group up to whole tiles: false when it does not
///                              (or the kind records the condition and returns true)
///   k.unmerge(e, d, digit)     digit := e mod d, e := e / d: the most-minor member of size d of a merged
///                              group split off (undoes merge)
template <class K>
concept untile_arithmetic = requires(K& k, typename K::value_type& v, const typename K::value_type& c,
                                     index_t t) {
  { k.join(c, t, c) } -> std::convertible_to<typename K::value_type>;
  { k.bound(c, t) } -> std::same_as<bool>;
  k.unmerge(v, t, v);
};

/// The reverse tile step, written once for indices and for the expressions of indexing/layout_map.hpp:
/// given the sizes `before` tile `t` was applied to and an index into the tiled sizes, writes the index into
/// `before` (`after_index` and `before_index` may be the same vector). Each group's tile index and index
/// within the tile join into the index of the merged group, which is then split back into its members,
/// most minor first. Returns false when k.bound does (the index lies in padding the tile added).
template <untile_arithmetic K, std::size_t N>
constexpr bool unapply_tile(K& k, const tiled_vector& before, const tile& t,
                            const static_vector<typename K::value_type, N>& after_index,
                            static_vector<typename K::value_type, N>& before_index) noexcept {
  using value = typename K::value_type;
  const std::size_t rank = t.rank();
  const std::size_t prepended = before.size() < rank ? rank - before.size() : 0;
  const std::size_t n = before.size() + prepended;  // rank after prepending
  const std::size_t base = n - rank;
  const tile_groups g = groups_of(t);
  const std::size_t m = g.first.size();
  // The size of dimension q of the tile's span as apply_tile saw it (1 where it prepended a dimension).
  const auto size_at = [&](std::size_t q) { return q + base < prepended ? 1 : before[base + q - prepended]; };

  static_vector<value, N> idx;
  for (std::size_t i = 0; i < base; ++i) idx.push_back(after_index[i]);
  idx.resize(n, value{});
  for (std::size_t gi = 0; gi < m; ++gi) {
    value e = k.join(after_index[base + gi], t.dimensions[g.last[gi]], after_index[base + m + gi]);
    index_t merged = 1;
    for (std::size_t q = g.first[gi]; q <= g.last[gi]; ++q) merged *= size_at(q);
    if (!k.bound(e, merged)) return false;  // in the padding that rounds the group up to whole tiles
    for (std::size_t q = g.last[gi] + 1; q-- > g.first[gi];) {
      if (q == g.first[gi]) {
        idx[base + q] = e;  // e < size_at(q) here: what is left is the most-major member
      } else {
        k.unmerge(e, size_at(q), idx[base + q]);
      }
    }
  }
  before_index.clear();
  for (std::size_t i = prepended; i < n; ++i) before_index.push_back(idx[i]);
  return true;
}

/// The reverse tile step's number kind for indices as int64 values (multi_index).
struct untile_index_arithmetic {
  using value_type = index_t;
  constexpr index_t join(index_t count, index_t t, index_t within) const noexcept {
    return count * t + within;
  }
  constexpr bool bound(index_t e, index_t size) const noexcept { return e < size; }
  constexpr void unmerge(index_t& e, index_t d, index_t& digit) const noexcept {
    digit = e % d;
    e /= d;
  }
};

}  // namespace detail

/// Which part of a layout a validation error is about (so a parser can point at the text).
enum class layout_field : unsigned char {
  none,
  dimensions,         // item = dimension
  minor_to_major,     // item = position in minor_to_major
  tiles,              // item = tile, sub = dimension within the tile
  tail_padding,       // L(n)
  index_type,         // #(...)
  pointer_type,       // *(...)
  element_size,       // E(n)
  memory_space,       // S(n)
  split_configs,      // item = config, sub = split index (-1: the dimension)
  physical_shape,     // P(...)
  padded_dimensions,  // item = dimension
  metadata_prefix,    // M(n)
};

/// A validation failure: the rule (`id`) and where in the layout it fails.
struct layout_issue {
  error_id id = error_id::none;
  layout_field field = layout_field::none;
  index_t item = -1;
  index_t sub = -1;
  constexpr explicit operator bool() const noexcept { return id != error_id::none; }
  friend constexpr bool operator==(const layout_issue&, const layout_issue&) = default;
};

namespace detail {
/// The structure tiled_dimensions relies on, the first rules find_layout_issue checks: minor_to_major one
/// entry per dimension, each dimension once; tiles non-empty with positive sizes or '*' (a zero would
/// divide by zero), and a '*' with a more minor dimension to merge into (never last).
constexpr layout_issue order_and_tiles_issue(const shape& s) noexcept {
  using F = layout_field;
  const layout& l = s.layout;
  if (l.rank() != s.rank()) return {error_id::minor_to_major_size_mismatch, F::minor_to_major};
  for (std::size_t i = 0; i < l.rank(); ++i) {
    const index_t d = l.minor_to_major[i];
    if (d < 0 || d >= static_cast<index_t>(s.rank()))
      return {error_id::dimension_out_of_range, F::minor_to_major, index_t(i)};
    for (std::size_t j = 0; j < i; ++j) {
      if (l.minor_to_major[j] == d) return {error_id::not_a_permutation, F::minor_to_major, index_t(i)};
    }
  }
  for (std::size_t t = 0; t < l.tiles.size(); ++t) {
    const tile& tl = l.tiles[t];
    if (tl.rank() == 0) return {error_id::empty_tile, F::tiles, index_t(t)};
    for (std::size_t q = 0; q < tl.rank(); ++q) {
      const index_t v = tl.dimensions[q];
      if (v <= 0 && v != combine_dimension)
        return {error_id::invalid_tile_size, F::tiles, index_t(t), index_t(q)};
    }
    if (tl.dimensions[tl.rank() - 1] == combine_dimension)
      return {error_id::misplaced_combine, F::tiles, index_t(t), index_t(tl.rank() - 1)};
  }
  return {};
}

/// What the size computations rely on in a shape that may not have been validated (parse_shape with
/// validate = false, or built field by field): one dynamic flag per dimension, no negative size but '?',
/// the order and tiles (order_and_tiles_issue), padded_dimensions' count and widths (a width below its
/// dimension gave a span smaller than the element count), L(n) > 0 and E(n) >= 0; error_id::none when it
/// holds.
constexpr error_id structure_issue(const shape& s) noexcept {
  if (s.dynamic_dimensions.size() != s.rank()) return error_id::dynamic_dimensions_size_mismatch;
  for (std::size_t d = 0; d < s.rank(); ++d) {
    if (s.dimensions[d] < 0 && !(s.dimensions[d] == dyn && s.dynamic_dimensions[d]))
      return error_id::negative_dimension;
  }
  if (const layout_issue issue = order_and_tiles_issue(s)) return issue.id;
  if (!s.layout.padded_dimensions.empty()) {
    if (s.layout.padded_dimensions.size() != s.rank()) return error_id::padded_dimensions_size_mismatch;
    for (std::size_t d = 0; d < s.rank(); ++d) {
      if (s.dimensions[d] == dyn || s.layout.padded_dimensions[d] < s.dimensions[d])
        return error_id::padded_dimension_too_small;
    }
  }
  if (s.layout.tail_padding_alignment_in_elements <= 0) return error_id::invalid_tail_padding;
  if (s.layout.element_size_in_bits < 0) return error_id::invalid_element_size;
  return error_id::none;
}
}  // namespace detail

namespace detail {
/// tiled_dimensions of a static shape whose structure holds (structure_issue).
constexpr result<tiled_vector> tiled_sizes(const shape& s) noexcept {
  tiled_vector dims;
  for (std::size_t j = 0; j < s.rank(); ++j)
    dims.push_back(laid_out_extent(s, detail::physical_to_logical(s, j)));
  detail::size_arithmetic k;
  if (!detail::apply_tiles(k, dims, s.layout)) return error_id::span_overflow;
  return dims;
}
}  // namespace detail

/// The sizes of the array after padding, permutation to physical order and every tile (the
/// pad-reshape-transpose shape of XLA's "Tiled layout" document), most-major first: f32[3,5]{1,0:T(2,2)}
/// gives [2, 3, 2, 2].
/// Errors: dynamic_dimension, span_overflow; for a layout that was not validated (parse_shape with
/// validate = false, or built by hand), find_layout_issue's ids for what the computation relies on
/// (detail::structure_issue): dynamic_dimensions_size_mismatch, negative_dimension, the order and tiles
/// (not_a_permutation, invalid_tile_size, ...) and padded_dimensions_size_mismatch.
constexpr result<tiled_vector> tiled_dimensions(const shape& s) noexcept {
  if (const error_id issue = detail::structure_issue(s); issue != error_id::none) return issue;
  if (!is_static(s)) return error_id::dynamic_dimension;
  return detail::tiled_sizes(s);
}

namespace detail {
/// The slots of a static shape's laid-out array: the product of its tiled sizes, rounded up to L(n). 0 where
/// a laid-out extent is 0, however large the others (a tile's rounding of those need not fit int64).
/// `value` has tiled_dimensions' errors, or span_overflow; `tail` says the rounding up to L(n) overflowed.
struct span_reading {
  result<index_t> value = index_t{0};
  bool tail = false;
};
/// span_of for a static shape whose structure holds (find_layout_issue has checked it by then).
constexpr span_reading span_of_sound(const shape& s) noexcept {
  for (std::size_t d = 0; d < s.rank(); ++d) {
    if (laid_out_extent(s, d) == 0) return {index_t{0}};
  }
  const auto dims = tiled_sizes(s);
  if (!dims) return {dims.error()};
  index_t n = 1;
  for (index_t d : *dims) {
    const checked_index m = checked_mul(n, d);
    if (!m.ok) return {error_id::span_overflow};
    n = m.value;
  }
  const index_t align = s.layout.tail_padding_alignment_in_elements;
  if (align > 1 && n % align != 0) {
    const checked_index r = checked_add(n, align - n % align);
    if (!r.ok) return {error_id::span_overflow, true};
    n = r.value;
  }
  return {n};
}
constexpr span_reading span_of(const shape& s) noexcept {
  if (const error_id issue = structure_issue(s); issue != error_id::none) return {issue};
  if (!is_static(s)) return {error_id::dynamic_dimension};
  return span_of_sound(s);
}
}  // namespace detail

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

}  // namespace XLAYOUT_NAMESPACE
