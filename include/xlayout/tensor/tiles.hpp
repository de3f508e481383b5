// include/xlayout/tensor/tiles.hpp: the tiles of a tiled tensor as sub-tensors. A tile of the first tile
// T(t0, ..., tk-1) is a basic_tensor with static extents [t0, ..., tk-1] and a static layout (row-major plus
// the later tiles), so a kernel loops over tiles at run time and over a tile's elements with compile-time
// offsets. The grid of tiles and the dimensions of a tile are in physical order (major to minor), which
// is the logical order for XLA's default layout {n-1, ..., 1, 0}.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/tensor/mapping.hpp>
#include <xlayout/tensor/tensor.hpp>
#include <xlayout/values/extents.hpp>
#include <xlayout/values/layout.hpp>
#include <xlayout/values/tile.hpp>

namespace XLAYOUT_NAMESPACE {

namespace detail {

/// What tile access needs to know about a layout of rank Rank.
template <layout V, std::size_t Rank>
struct tile_layout {
  static constexpr bool has_tiles = !V.tiles.empty();
  static constexpr tile first = has_tiles ? V.tiles[0] : tile{};
  static constexpr std::size_t tile_rank = first.rank();
  /// Tile access needs a first tile without '*' that is no longer than the shape, and later tiles that stay
  /// inside it (each later tile at most as long as the first).
  static constexpr bool supported = [] {
    if (!has_tiles || tile_rank == 0 || tile_rank > Rank) return false;
    for (index_t v : first.dimensions) {
      if (v == combine_dimension) return false;
    }
    for (std::size_t t = 1; t < V.tiles.size(); ++t) {
      if (V.tiles[t].rank() > tile_rank) return false;
    }
    return true;
  }();
  /// The layout of one tile: row-major over the tile's dimensions, then the later tiles; E(n) kept.
  static constexpr layout inner = [] {
    layout l = default_layout(static_cast<index_t>(tile_rank));
    for (std::size_t t = 1; t < V.tiles.size(); ++t) l.tiles.push_back(V.tiles[t]);
    l.element_size_in_bits = V.element_size_in_bits;
    return l;
  }();
  template <std::size_t I>
  static constexpr index_t tile_extent = first.dimensions[I];
  template <std::size_t... I>
  static Extents<first.dimensions[I]...> extents_of(std::index_sequence<I...>);
  /// (Empty where tile access is unsupported: a '*' is no extent, and the mistake is reported once.)
  using extents = decltype(extents_of(std::make_index_sequence<(supported ? tile_rank : 0)>{}));
};

/// A tile's type: a basic_tensor, or, where tile access is unsupported (reported by tile_grid), an
/// invalid_tensor, so that using the tile adds no second error.
template <class Element, class Info, bool Supported = Info::supported>
struct tile_type_of {
  using type = basic_tensor<Element, typename Info::extents, layout_type<Info::inner>>;
};
template <class Element, class Info>
struct tile_type_of<Element, Info, false> {
  using type = invalid_tensor<Element>;
};

}  // namespace detail

/// The tiles of a tensor: a grid (rank() dimensions in physical order: the untiled major dimensions, then
/// the tile counts of the tiled ones) whose cells are sub-tensors of type tile_type.
///   auto grid = tiles(t);                       // t: Tensor<"f32[4096,4096]{1,0:T(8,128)}">
///   auto tile = grid(bi, bj);                   // Tensor<F32, Extents<8, 128>> over the tile's 1024 floats
///   tile(a, b) == t(bi * 8 + a, bj * 128 + b);  // for a in [0, 8), b in [0, 128) inside the tensor
template <class Element, class Ext, class L>
class tile_grid {
  using info = detail::tile_layout<L::value, Ext::rank()>;
  static_assert(raise_if_error < info::supported ? error_id::none : error_id::tile_access_unsupported, 0 >);
  using mapping = tensor_mapping<Ext, L>;

 public:
  using tensor_type = basic_tensor<Element, Ext, L>;
  using tile_type = typename detail::tile_type_of<Element, info>::type;
  /// Dimensions of the grid (the tensor's rank) and of one tile (the tiled minor dimensions).
  XLAYOUT_HD static constexpr std::size_t rank() noexcept { return Ext::rank(); }
  XLAYOUT_HD static constexpr std::size_t tile_rank() noexcept { return info::tile_rank; }
  /// Elements of the buffer one tile takes (its padding included).
  static constexpr index_t tile_span = [] {
    if constexpr (info::supported) {
      return typename tile_type::mapping_type{}.required_span_size();
    } else {
      return index_t{0};
    }
  }();
  // A tile of packed elements must start on a byte.
  static_assert(raise_if_error < !info::supported || (tile_span * tensor_type::element_bits) % 8 == 0
                    ? error_id::none
                    : error_id::tile_access_unsupported,
                0 >);

  XLAYOUT_HD constexpr explicit tile_grid(const tensor_type& t) noexcept : tensor_(t) {}

  /// The number of tiles along grid dimension g (physical order).
  XLAYOUT_HD constexpr index_t extent(std::size_t g) const noexcept {
    if constexpr (!info::supported) {
      return 0;  // reported by the static_assert above; nothing more
    } else {
      return extents_impl(g, std::make_index_sequence<Ext::rank()>{});
    }
  }
  /// The number of tiles.
  XLAYOUT_HD constexpr index_t size() const noexcept {
    index_t n = 1;
    for (std::size_t g = 0; g < Ext::rank(); ++g) n *= extent(g);
    return n;
  }

  /// The tile at grid position g (one index per grid dimension, each inside it).
  XLAYOUT_HD constexpr tile_type operator()(const index_array<Ext::rank()>& g) const noexcept {
    if constexpr (!info::supported) {
      return tile_type{};
    } else {
      return tile_at(g);
    }
  }
  template <index_like... G>
    requires(sizeof...(G) == Ext::rank() || !info::supported)
  XLAYOUT_HD constexpr tile_type operator()(G... g) const noexcept {
    if constexpr (!info::supported) {
      return tile_type{};
    } else {
      return tile_at(index_array<Ext::rank()>{{detail::to_index(g)...}});
    }
  }

  /// The logical index of element (0, ..., 0) of tile g (g in the grid's physical order, the answer in the
  /// tensor's logical order): origin(g) or origin(bi, bj, ...).
  XLAYOUT_HD constexpr index_array<Ext::rank()> origin(const index_array<Ext::rank()>& g) const noexcept {
    index_array<Ext::rank()> o{};
    if constexpr (info::supported) origin_impl(g, o, std::make_index_sequence<Ext::rank()>{});
    return o;
  }
  template <index_like... G>
    requires(sizeof...(G) == Ext::rank() || !info::supported)
  XLAYOUT_HD constexpr index_array<Ext::rank()> origin(G... g) const noexcept {
    if constexpr (!info::supported) {
      return index_array<Ext::rank()>{};
    } else {
      return origin(index_array<Ext::rank()>{{detail::to_index(g)...}});
    }
  }
  /// How many positions along tile dimension k of tile g hold elements (the rest is padding).
  XLAYOUT_HD constexpr index_t valid_extent(const index_array<Ext::rank()>& g, std::size_t k) const noexcept {
    if constexpr (!info::supported) {
      return 0;
    } else {
      return valid_impl(g, k, std::make_index_sequence<info::tile_rank>{});
    }
  }

 private:
  XLAYOUT_HD constexpr tile_type tile_at(const index_array<Ext::rank()>& g) const noexcept {
    index_t linear = 0;
    for (std::size_t k = 0; k < Ext::rank(); ++k) {
      XLAYOUT_EXPECTS(g[k] >= 0 && g[k] < extent(k), index_out_of_range);
      linear = linear * extent(k) + g[k];
    }
    using A = detail::element_access<Element, L::value.element_size_in_bits>;
    return tile_type(A::advance(tensor_.data(), linear * tile_span));
  }
  static constexpr std::size_t untiled = Ext::rank() - info::tile_rank;  // grid dimensions that are not tiled
  template <std::size_t J>
  static constexpr std::size_t logical_of = detail::physical_to_logical(mapping::static_shape, J);
  static constexpr bool padded = !L::value.padded_dimensions.empty();
  template <std::size_t D>
  static constexpr index_t padded_width = padded ? L::value.padded_dimensions[D] : 0;

  template <std::size_t J>
  XLAYOUT_HD constexpr index_t laid_out() const noexcept {
    if constexpr (padded) {
      return padded_width<logical_of<J>>;
    } else {
      return tensor_.extent(logical_of<J>);
    }
  }
  template <std::size_t J>
  XLAYOUT_HD constexpr index_t grid_extent() const noexcept {
    if constexpr (J < untiled) {
      return laid_out<J>();
    } else {
      using U = std::uint64_t;
      constexpr index_t t = info::template tile_extent<J - untiled>;
      return static_cast<index_t>((static_cast<U>(laid_out<J>()) + static_cast<U>(t - 1)) /
                                  static_cast<U>(t));
    }
  }
  template <std::size_t... J>
  XLAYOUT_HD constexpr index_t extents_impl(std::size_t g, std::index_sequence<J...>) const noexcept {
    index_t e = 0;
    ((g == J ? (e = grid_extent<J>(), 0) : 0), ...);
    return e;
  }
  template <std::size_t... J>
  XLAYOUT_HD static constexpr void origin_impl(const index_array<Ext::rank()>& g, index_array<Ext::rank()>& o,
                                               std::index_sequence<J...>) noexcept {
    ((o[logical_of<J>] =
          J < untiled ? g[J] : g[J] * info::template tile_extent<(J < untiled ? 0 : J - untiled)>),
     ...);
  }
  template <std::size_t... I>
  XLAYOUT_HD constexpr index_t valid_impl(const index_array<Ext::rank()>& g, std::size_t k,
                                          std::index_sequence<I...>) const noexcept {
    index_t v = 0;
    ((k == I ? (v = valid_one<I>(g), 0) : 0), ...);
    return v;
  }
  template <std::size_t I>
  XLAYOUT_HD constexpr index_t valid_one(const index_array<Ext::rank()>& g) const noexcept {
    constexpr std::size_t j = untiled + I;
    constexpr index_t t = info::template tile_extent<I>;
    const index_t rest = tensor_.extent(logical_of<j>) - g[j] * t;
    return rest < 0 ? 0 : (rest < t ? rest : t);
  }

  tensor_type tensor_;
};

/// The tiles of t (see tile_grid).
template <class Element, class Ext, class L>
XLAYOUT_HD constexpr tile_grid<Element, Ext, L> tiles(const basic_tensor<Element, Ext, L>& t) noexcept {
  return tile_grid<Element, Ext, L>(t);
}

/// The tiles of an invalid_tensor (a Tensor whose mistake has been reported): the invalid tensor again, so
/// that `tiles(t)` adds no second error.
template <class Element>
XLAYOUT_HD constexpr detail::invalid_tensor<Element> tiles(
    const detail::invalid_tensor<Element>& t) noexcept {
  return t;
}

/// Calls f(tile, grid_index) for every tile of t in memory order (the grid in row-major order); tile is a
/// sub-tensor with static extents and layout, grid_index an index_array (tiles(t).origin(grid_index) is the
/// logical index of the tile's first element).
XLAYOUT_EXEC_CHECK_DISABLE
template <class Element, class Ext, class L, class F>
XLAYOUT_HD constexpr void for_each_tile(const basic_tensor<Element, Ext, L>& t, F&& f) {
  const tile_grid<Element, Ext, L> grid(t);
  constexpr std::size_t rank = Ext::rank();
  index_array<rank> g{};
  for (std::size_t k = 0; k < rank; ++k) {
    if (grid.extent(k) == 0) return;
  }
  while (true) {
    f(grid(g), static_cast<const index_array<rank>&>(g));
    std::size_t k = rank;
    while (k > 0) {
      --k;
      if (++g[k] < grid.extent(k)) break;
      g[k] = 0;
      if (k == 0) return;
    }
    if constexpr (rank == 0) return;
  }
}

}  // namespace XLAYOUT_NAMESPACE
