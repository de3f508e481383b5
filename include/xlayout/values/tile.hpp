// include/xlayout/values/tile.hpp: one XLA tile ("T(2,2)", "(8,128)", '*' = combine) as a value.
#pragma once
#include <concepts>

#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>

namespace XLAYOUT_NAMESPACE {

/// The tile dimension written `*`: merge this dimension into the next more-minor one before tiling.
/// XLA stores it as INT64_MIN (Tile::kCombineDimension); XLA's "Tiled layout" document calls it -1.
inline constexpr index_t combine_dimension = index_min;
/// Short spelling of combine_dimension for C++ layouts: `T(combine, 2, 128)` is the text `T(*,2,128)`.
inline constexpr index_t combine = combine_dimension;

/// One tile: sizes listed from most-major to most-minor. A tile covers the most-minor physical dimensions
/// of the shape it tiles (a longer tile first prepends size-1 dimensions).
struct tile {
  static_vector<index_t, XLAYOUT_MAX_RANK> dimensions;

  constexpr std::size_t rank() const noexcept { return dimensions.size(); }
  friend constexpr bool operator==(const tile&, const tile&) = default;
};

/// `T(2, 2)`, `T(8, 128)`, `T(combine, 2)`: a tile in C++ syntax, for `Layout<1, 0, T(2, 2)>`.
/// Sizes are checked when the layout is validated, not here.
template <std::integral... I>
constexpr tile T(I... sizes) noexcept {
  static_assert(sizeof...(I) <= XLAYOUT_MAX_RANK,
                "[xlayout:tile_rank_too_large] Layout: a tile has more dimensions than XLAYOUT_MAX_RANK");
  tile t;
  (t.dimensions.push_back(static_cast<index_t>(sizes)), ...);
  return t;
}

}  // namespace XLAYOUT_NAMESPACE
