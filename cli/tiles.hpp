// cli/tiles.hpp: what a picture of a layout needs besides the slot of each element (which the
// library gives): the tile each element belongs to, how many consecutive slots a tile takes, the grid that
// shows the padding around the array, and how to cut the memory into lines.
#pragma once
#include <cstddef>
#include <string>

#include <xlayout/layout.hpp>

namespace xlayout_cli {
using xlayout::index_t;
using xlayout::index_vector;

namespace detail {
/// The dimensions one tile covers once its '*' groups are merged: the last that many dimensions of the
/// tiled shape it makes are the position inside one such tile.
inline std::size_t covered_dimensions(const xlayout::tile& t) {
  std::size_t m = 0;
  for (index_t v : t.dimensions) m += v != xlayout::combine_dimension ? 1 : 0;
  return m;
}
}  // namespace detail

/// The tiles of a static shape with a valid layout: the first-level tiles (which a picture colours) and
/// the second-level ones (which it outlines, like the red boxes of "Tiled layout"'s figure 2). The tile
/// that holds an element comes from the library's tiled_index of the shape with the layout cut after that
/// level's tile.
class tile_structure {
 public:
  explicit tile_structure(const xlayout::shape& s) {
    const std::size_t n = s.layout.tiles.size();
    levels_ = n < 2 ? static_cast<int>(n) : 2;
    auto dims = xlayout::tiled_dimensions(s);
    if (!dims) {  // sizes that do not fit in int64: no tiles drawn
      levels_ = 0;
      return;
    }
    // start[L]: where the slots of one level-L tile begin in the sizes (they are the suffix from there);
    // -1 once a later tile splits that suffix (the tile's slots are then not consecutive).
    long start[3] = {-1, -1, -1};
    std::size_t rank = s.rank();  // of the tiled shape so far
    for (std::size_t j = 0; j < n; ++j) {
      const xlayout::tile& t = s.layout.tiles[j];
      const std::size_t prepended = rank < t.rank() ? t.rank() - rank : 0;
      const std::size_t base = rank + prepended - t.rank();
      for (int level = 1; level <= 2; ++level) {
        if (start[level] < 0) continue;
        start[level] += static_cast<long>(prepended);
        if (start[level] > static_cast<long>(base)) start[level] = -1;
      }
      const std::size_t m = detail::covered_dimensions(t);
      rank = base + 2 * m;
      if (j < 2) start[j + 1] = static_cast<long>(rank - m);
    }
    for (int level = 1; level <= levels_; ++level) {
      level_shape_[level] = s;
      level_shape_[level].layout.tiles.resize(static_cast<std::size_t>(level));
      level_dims_[level] = *xlayout::tiled_dimensions(level_shape_[level]);
      if (start[level] < 0) continue;
      index_t b = 1;
      for (std::size_t i = static_cast<std::size_t>(start[level]); i < dims->size(); ++i) b *= (*dims)[i];
      block_[level] = b;
    }
  }

  /// 0 (untiled), 1, or 2 (the layout has sub-tiles too; deeper levels are not drawn).
  int levels() const { return levels_; }

  /// An id of the level-`level` tile that holds index `e` (e may lie in the padding of a padded grid
  /// shape); -1 when the layout has fewer tiles.
  index_t tile_of(const index_vector& e, int level) const {
    if (level < 1 || level > levels_) return -1;
    const xlayout::shape& upto = level_shape_[level];
    const xlayout::tiled_vector& dims = level_dims_[level];
    const xlayout::tiled_vector idx = xlayout::tiled_index(upto, e);
    const std::size_t m = detail::covered_dimensions(upto.layout.tiles[static_cast<std::size_t>(level - 1)]);
    index_t id = 0;
    for (std::size_t i = 0; i + m < dims.size(); ++i) id = id * dims[i] + idx[i];
    return id;
  }

  /// Slots one level-`level` tile takes when each such tile is a run of consecutive slots; 0 otherwise.
  index_t block(int level) const { return level >= 1 && level <= levels_ ? block_[level] : 0; }

 private:
  int levels_ = 0;
  index_t block_[3] = {0, 0, 0};
  xlayout::shape level_shape_[3];        // the shape with the layout cut after tile L
  xlayout::tiled_vector level_dims_[3];  // its tiled sizes
};

/// The shape a picture draws: each dimension grown by the padding around it (padded_dimensions,
/// and the first tile rounded up to whole tiles, as in figure 1 of XLA's "Tiled layout"), with the
/// same layout, so that padding slots get a place in the grid. The slots of the elements do not change.
/// Where the first tile combines dimensions ('*') or is longer than the shape, only padded_dimensions
/// are shown. The result has no padded_dimensions (its sizes include them).
inline xlayout::shape padded_grid_shape(const xlayout::shape& s) {
  xlayout::shape g = s;
  for (std::size_t d = 0; d < s.rank(); ++d) g.dimensions[d] = xlayout::laid_out_extent(s, d);
  g.layout.padded_dimensions.clear();
  if (!s.layout.tiles.empty()) {
    const xlayout::tile& t = s.layout.tiles[0];
    bool simple = t.rank() <= s.rank();
    for (index_t v : t.dimensions) simple = simple && v != xlayout::combine_dimension;
    if (simple) {
      for (std::size_t q = 0; q < t.rank(); ++q) {
        const std::size_t j = s.rank() - t.rank() + q;  // physical position, most major first
        const auto d = static_cast<std::size_t>(s.layout.minor_to_major[s.rank() - 1 - j]);
        g.dimensions[d] = xlayout::ceil_div(g.dimensions[d], t.dimensions[q]) * t.dimensions[q];
      }
    }
  }
  // The grid must keep every element where it is; otherwise draw the plain shape.
  auto span_s = xlayout::checked_required_span_size(s);
  auto span_g = xlayout::checked_required_span_size(g);
  if (xlayout::find_layout_issue(g) || !span_s || !span_g || *span_s != *span_g) return s;
  return g;
}

/// True when `e`, an index of the padded grid shape, is an element of `s` (not padding).
inline bool is_element(const xlayout::shape& s, const index_vector& e) {
  for (std::size_t d = 0; d < s.rank(); ++d) {
    if (e[d] >= s.dimensions[d]) return false;
  }
  return true;
}

/// How the memory is cut into lines: `per_line` slots on each line, an extra gap every `group` slots
/// (0: none), and the sentence that says so.
struct memory_lines {
  index_t per_line = 1;
  index_t group = 0;
  std::string caption;
};

/// Largest divisor of n that is at most `limit` (1 when none is larger).
inline index_t largest_divisor_up_to(index_t n, index_t limit) {
  for (index_t d = limit; d > 1; --d) {
    if (n % d == 0) return d;
  }
  return 1;
}

/// One line per first-level tile when a tile takes at most `max_per_line` consecutive slots (with a gap
/// between sub-tiles); for untiled layouts, one line per run of the most minor dimension.
inline memory_lines choose_memory_lines(const xlayout::shape& s, const tile_structure& tiles,
                                        index_t max_per_line) {
  memory_lines m;
  const index_t b1 = tiles.block(1), b2 = tiles.block(2);
  if (b1 > 1 && b1 <= max_per_line) {
    m.per_line = b1;
    if (b2 > 1 && b2 < b1 && b1 % b2 == 0) m.group = b2;
    m.caption = "one line per tile " + std::string(xlayout::to_string(s.layout.tiles[0]).view());
    if (m.group > 0) m.caption += ", sub-tiles " + std::string(xlayout::to_string(s.layout.tiles[1]).view());
    return m;
  }
  index_t run = 1;  // consecutive slots of the most minor dimension(s)
  if (b1 > max_per_line) {
    run = b1;
  } else {
    auto dims = xlayout::tiled_dimensions(s);
    if (dims) {
      for (std::size_t i = dims->size(); i-- > 0 && run == 1;) run = (*dims)[i];
    }
  }
  if (run > 1 && run <= max_per_line) {
    m.per_line = run;
  } else {
    const index_t d = largest_divisor_up_to(run, max_per_line);
    m.per_line = d >= 4 ? d : max_per_line;
  }
  m.caption = "one line per " + std::to_string(m.per_line) + " slots";
  if (b1 > max_per_line)
    m.caption += "; a tile " + std::string(xlayout::to_string(s.layout.tiles[0]).view()) + " takes " +
                 std::to_string(b1);
  return m;
}

/// "(2,3)": an index as the text of `draw` and the pictures write it.
inline std::string index_text(const index_vector& e) {
  std::string t = "(";
  for (std::size_t d = 0; d < e.size(); ++d) {
    if (d > 0) t += ',';
    t += std::to_string(static_cast<long long>(e[d]));
  }
  return t + ")";
}

}  // namespace xlayout_cli
