// include/xlayout/values/layout.hpp: the layout value: minor_to_major, tiles, XLA's other properties
// (L # * E S SC P M), and padded_dimensions (XLA's "Shapes and layout" document). Data only; layout/ holds
// the algorithms.
#pragma once
#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/values/element_type.hpp>
#include <xlayout/values/tile.hpp>

namespace XLAYOUT_NAMESPACE {

/// The list of logical dimension numbers from most-minor (fastest varying in memory) to most-major.
using dimension_list = static_vector<index_t, XLAYOUT_MAX_RANK>;

/// XLA's SplitConfig, printed `SC(dim:i,j,...)`: split points along one *physical* dimension
/// (0 = most major).
struct split_config {
  index_t dimension = 0;
  static_vector<index_t, XLAYOUT_MAX_SPLIT_INDICES> split_indices;
  friend constexpr bool operator==(const split_config&, const split_config&) = default;
};

/// PaddingValue of XLA's "Shapes and layout" document: what the padding elements of padded_dimensions hold.
enum class padding_value_kind : unsigned char { zero, one, lowest, highest, unknown };

/// The `P(...)` property: the physical shape of a sparse array (element type, sizes, minor_to_major).
/// XLA rejects it for dense arrays; it is kept so that such text parses, prints and is diagnosed.
struct sparse_physical_shape {
  bool present = false;
  xlayout::element_type element_type = xlayout::element_type::invalid;
  static_vector<index_t, XLAYOUT_MAX_RANK> dimensions;
  dimension_list minor_to_major;
  friend constexpr bool operator==(const sparse_physical_shape&, const sparse_physical_shape&) = default;
};

/// How an array is laid out in memory (XLA's Layout, plus the documented padded_dimensions).
/// The default value is XLA's `Layout()`: no dimensions, printed `{}`.
struct layout {
  /// Logical dimensions, most-minor first. Default for a new shape: {rank-1, ..., 1, 0}.
  dimension_list minor_to_major;
  /// Applied in order; each tile re-tiles the shape the previous one produced.
  static_vector<tile, XLAYOUT_MAX_TILES> tiles;
  /// `L(n)`: the element count is rounded up to a multiple of n.
  index_t tail_padding_alignment_in_elements = 1;
  /// `#(u32)`: sparse arrays only.
  xlayout::element_type index_primitive_type = xlayout::element_type::invalid;
  /// `*(u16)`: sparse arrays only.
  xlayout::element_type pointer_primitive_type = xlayout::element_type::invalid;
  /// `E(n)`: bits per element in memory; 0 means the element type's own width.
  index_t element_size_in_bits = 0;
  /// `S(n)`: 0 default, 1 fast memory, 5 host, ...
  index_t memory_space = 0;
  /// `SC(...)`.
  static_vector<split_config, XLAYOUT_MAX_SPLIT_CONFIGS> split_configs;
  /// `P(...)`.
  sparse_physical_shape physical_shape;
  /// `M(n)`.
  index_t dynamic_shape_metadata_prefix_bytes = 0;
  /// padded_dimensions ("Shapes and layout"; no longer in XLA's Layout): the padded width of each logical
  /// dimension (empty: none). XLA's text has no spelling for it; xlayout prints it as the extension
  /// property `pad(...)`.
  static_vector<index_t, XLAYOUT_MAX_RANK> padded_dimensions;
  /// The document's padding_value (what padding elements hold; metadata only).
  padding_value_kind padding_value = padding_value_kind::zero;

  constexpr std::size_t rank() const noexcept { return minor_to_major.size(); }

  /// XLA's Layout::operator==: every property but M (dynamic_shape_metadata_prefix_bytes). The
  /// padded_dimensions take part, since they change where elements live.
  friend constexpr bool operator==(const layout& a, const layout& b) noexcept {
    return a.minor_to_major == b.minor_to_major && a.tiles == b.tiles &&
           a.tail_padding_alignment_in_elements == b.tail_padding_alignment_in_elements &&
           a.index_primitive_type == b.index_primitive_type &&
           a.pointer_primitive_type == b.pointer_primitive_type &&
           a.element_size_in_bits == b.element_size_in_bits && a.memory_space == b.memory_space &&
           a.split_configs == b.split_configs && a.physical_shape == b.physical_shape &&
           a.padded_dimensions == b.padded_dimensions && a.padding_value == b.padding_value;
  }
};

/// Every property equal, M included (for the parse/print round trip).
constexpr bool identical(const layout& a, const layout& b) noexcept {
  return a == b && a.dynamic_shape_metadata_prefix_bytes == b.dynamic_shape_metadata_prefix_bytes;
}

/// XLA's default layout for a rank: major-to-minor, minor_to_major = {rank-1, ..., 0}.
/// @pre 0 <= rank <= XLAYOUT_MAX_RANK
constexpr layout default_layout(index_t rank) noexcept {
  layout l;
  for (index_t d = rank - 1; d >= 0; --d) l.minor_to_major.push_back(d);
  return l;
}

/// A layout with the given minor_to_major and nothing else.
constexpr layout make_layout(const dimension_list& minor_to_major) noexcept {
  layout l;
  l.minor_to_major = minor_to_major;
  return l;
}

/// The opposite of the default: minor_to_major = {0, 1, ..., rank-1} ("dim 0 is minor").
constexpr layout ascending_layout(index_t rank) noexcept {
  layout l;
  for (index_t d = 0; d < rank; ++d) l.minor_to_major.push_back(d);
  return l;
}

/// padded_dimensions in C++ syntax, for `Layout<0, 1, pad(3, 5)>`.
struct padded_dimensions_spec {
  static_vector<index_t, XLAYOUT_MAX_RANK> widths;
  padding_value_kind value = padding_value_kind::zero;
  friend constexpr bool operator==(const padded_dimensions_spec&, const padded_dimensions_spec&) = default;
};

/// `pad(3, 5)`: dimension 0 padded to width 3, dimension 1 to width 5 (the example of XLA's
/// "Shapes and layout" document).
template <std::integral... I>
constexpr padded_dimensions_spec pad(I... widths) noexcept {
  static_assert(sizeof...(I) <= XLAYOUT_MAX_RANK,
                "[xlayout:rank_too_large] Layout: more padded dimensions than XLAYOUT_MAX_RANK");
  padded_dimensions_spec p;
  (p.widths.push_back(static_cast<index_t>(widths)), ...);
  return p;
}

}  // namespace XLAYOUT_NAMESPACE
