// include/xlayout/indexing/layout_map.hpp: layouts as indexing maps. A tiled layout is pad, reshape and
// transpose: the logical index of f32[3,5]{1,0:T(2,2)} goes to the physical (tiled) index
// (d0 / 2, d1 / 2, d0 mod 2, d1 mod 2) and to the linear index ((d0 / 2) * 3 + d1 / 2) * 4 + ...; the inverse
// maps take a physical or linear index back to the logical one, with constraints that exclude padding.
// XLA's own indexing analysis ignores tiles (docs/semantics.md); these maps follow
// LinearIndexForNestedTiling and XLA's "Tiled layout" document: each tile splits the most-minor dimensions
// of the current shape.
#pragma once
#include <cstddef>
#include <cstdint>

#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/indexing/compose.hpp>
#include <xlayout/indexing/indexing_map.hpp>
#include <xlayout/indexing/simplify.hpp>
#include <xlayout/layout/tiling.hpp>
#include <xlayout/layout/validate.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {

namespace detail {

/// The sizes of the shape before each tile (sizes[t] is what tile t splits) and after the last one.
struct tiling_steps {
  tiled_vector sizes[XLAYOUT_MAX_TILES + 1];
  std::size_t num_tiles = 0;
};

constexpr result<tiling_steps> tiling_steps_of(const shape& s) noexcept {
  if (!is_static(s)) return error_id::dynamic_dimension;
  if (const layout_issue e = find_layout_issue(s)) return e.id;
  tiling_steps st;
  for (std::size_t j = 0; j < s.rank(); ++j)
    st.sizes[0].push_back(laid_out_extent(s, physical_to_logical(s, j)));
  st.num_tiles = s.layout.tiles.size();
  size_arithmetic k;
  for (std::size_t t = 0; t < st.num_tiles; ++t) {
    st.sizes[t + 1] = st.sizes[t];
    if (!apply_tile(k, st.sizes[t + 1], s.layout.tiles[t])) return error_id::span_overflow;
  }
  return st;
}

/// One dimension of the tiled shape with the index in it as an expression of the logical variables.
struct sized_expr {
  index_t size = 1;
  expr_id index = 0;
};

/// The tile step's number kind for maps (layout/tiling.hpp's apply_tile): sizes as int64 values, indices as
/// expressions built in `ws` (merging multiplies and adds, splitting is floordiv and mod by the tile size).
struct expr_index_arithmetic {
  using value_type = sized_expr;
  expr_workspace& ws;

  constexpr sized_expr unit() noexcept { return {1, ws.constant(0)}; }
  constexpr bool merge(sized_expr& major, const sized_expr& minor) noexcept {
    if (!size_arithmetic{}.merge(major.size, minor.size)) return false;
    const expr_id scaled = ws.mul(major.index, ws.constant(minor.size));
    major.index = ws.add(scaled, minor.index);
    return true;
  }
  constexpr bool split(const sized_expr& merged, index_t t, sized_expr& count, sized_expr& within) noexcept {
    count.index = ws.floordiv(merged.index, ws.constant(t));
    within.index = ws.mod(merged.index, ws.constant(t));
    return size_arithmetic{}.split(merged.size, t, count.size, within.size);
  }
};

/// The physical (tiled) index as expressions of the logical variables, built in b's workspace.
constexpr bool physical_index_exprs(map_builder& b, const shape& s,
                                    static_vector<expr_id, max_tiled_rank>& idx) noexcept {
  static_vector<sized_expr, max_tiled_rank> dims;
  for (std::size_t j = 0; j < s.rank(); ++j) {
    const std::size_t d = physical_to_logical(s, j);
    dims.push_back({laid_out_extent(s, d), b.dim(d)});
  }
  expr_index_arithmetic k{b.ws};
  if (!apply_tiles(k, dims, s.layout)) return false;
  idx.clear();
  for (const sized_expr& x : dims) idx.push_back(x.index);
  return !b.ws.failed();
}

/// The reverse tile step's number kind for maps (layout/tiling.hpp's unapply_tile): indices as expressions
/// built in b's workspace (joining multiplies and adds, unmerging is mod and floordiv by the member's size);
/// the bound of a merged group becomes a constraint of the map, which excludes the padding.
struct expr_untile_arithmetic {
  using value_type = expr_id;
  map_builder& b;

  constexpr expr_id join(expr_id count, index_t t, expr_id within) noexcept {
    const expr_id outer = b.ws.mul(count, b.ws.constant(t));
    return b.ws.add(outer, within);
  }
  constexpr bool bound(expr_id e, index_t size) noexcept {
    b.add_constraint(e, interval{0, size - 1});  // not in the padding of the last tile
    return true;
  }
  constexpr void unmerge(expr_id& e, index_t d, expr_id& digit) noexcept {
    digit = b.ws.mod(e, b.ws.constant(d));
    e = b.ws.floordiv(e, b.ws.constant(d));
  }
};

constexpr result<indexing_map> finish_layout_map(map_builder& b, bool simplified) noexcept {
  auto m = b.finish();
  if (!m || !simplified) return m;
  return checked_simplify(*m, simplify_options{point_variables::preserve});
}

}  // namespace detail

/// The map from the logical index of a static shape to its physical (tiled) index, most-major first: the
/// pad-reshape-transpose view of the layout. f32[3,5]{1,0:T(2,2)}:
/// (d0, d1) -> (d0 / 2, d1 / 2, d0 mod 2, d1 mod 2), domain: d0 in [0, 2], d1 in [0, 4].
/// Errors: dynamic_dimension, the layout's own errors, span_overflow, capacities (more than
/// XLAYOUT_MAX_RESULTS physical dimensions: too_many_results).
constexpr result<indexing_map> logical_to_physical_map(const shape& s, bool simplified = true) noexcept {
  auto st = detail::tiling_steps_of(s);
  if (!st) return st.error();
  map_builder b(s.rank(), 0);
  for (std::size_t d = 0; d < s.rank(); ++d) b.set_size(d, s.dimensions[d]);
  static_vector<expr_id, max_tiled_rank> idx;
  if (!detail::physical_index_exprs(b, s, idx)) return error_id::capacity_exceeded;
  for (expr_id e : idx) b.add_result(e);
  return detail::finish_layout_map(b, simplified);
}

/// The map from the logical index to the linear index in the laid-out buffer (what linear_index computes).
constexpr result<indexing_map> logical_to_linear_map(const shape& s, bool simplified = true) noexcept {
  auto st = detail::tiling_steps_of(s);
  if (!st) return st.error();
  map_builder b(s.rank(), 0);
  for (std::size_t d = 0; d < s.rank(); ++d) b.set_size(d, s.dimensions[d]);
  static_vector<expr_id, max_tiled_rank> idx;
  if (!detail::physical_index_exprs(b, s, idx)) return error_id::capacity_exceeded;
  const tiled_vector& dims = st->sizes[st->num_tiles];
  expr_id lin = b.constant(0);
  for (std::size_t i = 0; i < idx.size(); ++i) {
    const expr_id scaled = b.ws.mul(lin, b.constant(dims[i]));
    lin = b.ws.add(scaled, idx[i]);
  }
  b.add_result(lin);
  return detail::finish_layout_map(b, simplified);
}

/// The map from the physical (tiled) index back to the logical index. The domain is the tiled shape; the
/// constraints exclude the padding that rounds dimensions up to whole tiles (and
/// padded_dimensions).
constexpr result<indexing_map> physical_to_logical_map(const shape& s, bool simplified = true) noexcept {
  auto st = detail::tiling_steps_of(s);
  if (!st) return st.error();
  const tiled_vector& final_dims = st->sizes[st->num_tiles];
  if (final_dims.size() > XLAYOUT_MAX_VARS) return error_id::too_many_variables;
  map_builder b(final_dims.size(), 0);
  static_vector<expr_id, max_tiled_rank> idx;
  for (std::size_t i = 0; i < final_dims.size(); ++i) {
    b.set_size(i, final_dims[i]);
    idx.push_back(b.dim(i));
  }
  detail::expr_untile_arithmetic k{b};
  for (std::size_t t = st->num_tiles; t-- > 0;) {
    if (!detail::unapply_tile(k, st->sizes[t], s.layout.tiles[t], idx, idx))
      return error_id::capacity_exceeded;
  }
  // idx is now the padded physical index, major to minor; logical dimension d sits at position j.
  for (std::size_t d = 0; d < s.rank(); ++d) {
    for (std::size_t j = 0; j < s.rank(); ++j) {
      if (detail::physical_to_logical(s, j) == d) {
        b.add_result(idx[j]);
        if (laid_out_extent(s, d) != s.dimensions[d])
          b.add_constraint(idx[j], interval{0, s.dimensions[d] - 1});
      }
    }
  }
  return detail::finish_layout_map(b, simplified);
}

/// The map from the linear index back to the logical index; the domain is [0, product of the tiled sizes),
/// and the constraints exclude padding.
constexpr result<indexing_map> linear_to_logical_map(const shape& s, bool simplified = true) noexcept {
  auto st = detail::tiling_steps_of(s);
  if (!st) return st.error();
  const tiled_vector& dims = st->sizes[st->num_tiles];
  index_t total = 1;
  for (index_t d : dims) {
    const checked_index p = checked_mul(total, d);
    if (!p.ok) return error_id::span_overflow;
    total = p.value;
  }
  // Delinearize: the linear index -> the physical index (row-major over the tiled sizes).
  map_builder b(1, 0);
  b.set_size(0, total);
  index_t stride = 1;
  static_vector<expr_id, max_tiled_rank> parts;
  for (std::size_t i = dims.size(); i-- > 0;) {
    const expr_id q = b.ws.floordiv(b.dim(0), b.constant(stride));
    parts.insert(0, i == 0 ? q : b.ws.mod(q, b.constant(dims[i])));
    // Below `total` unless a size is 0 (an empty domain, whatever the strides): saturated there, as the
    // partial product of sizes after the 0 may exceed int64 (f32[0,3]{1,0:T(9223372036854775807,2)}: audit).
    const checked_index next = checked_mul(stride, dims[i]);
    stride = next.ok ? next.value : index_max;
  }
  for (expr_id e : parts) b.add_result(e);
  auto delinearize = b.finish();
  if (!delinearize) return delinearize.error();
  auto back = physical_to_logical_map(s, false);
  if (!back) return back.error();
  auto c = checked_compose(*delinearize, *back);
  if (!c || !simplified) return c;
  return checked_simplify(*c, simplify_options{point_variables::preserve});
}

}  // namespace XLAYOUT_NAMESPACE
