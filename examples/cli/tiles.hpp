// examples/cli/tiles.hpp: what a picture of a layout needs besides the slot of each element (which the
// library gives): the tile each element belongs to, how many consecutive slots a tile takes, the grid that
// shows the padding around the array, and how to cut the memory into lines.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include <xlayout/layout.hpp>

namespace xlayout_cli {
using xlayout::index_t;
using xlayout::index_vector;

namespace detail {
/// One tile applied to sizes (and to an index into them) the way the pad-reshape-transpose of XLA's "Tiled
/// layout" document does it: a tile longer than the shape prepends size-1 dimensions, '*' merges a
/// dimension into the next more minor one, then each covered dimension becomes (tile count, tile size) with
/// the sizes moved last.
/// Returns the number of dimensions the tile covers after merging (the sizes are the last that many).
inline std::size_t apply_tile(std::vector<index_t>& dims, std::vector<index_t>* idx, const xlayout::tile& t) {
  const std::size_t k = t.rank();
  while (dims.size() < k) {
    dims.insert(dims.begin(), 1);
    if (idx) idx->insert(idx->begin(), 0);
  }
  const std::size_t base = dims.size() - k;
  std::vector<index_t> sizes, positions, tile_sizes;
  index_t merged_size = 1, merged_position = 0;
  for (std::size_t q = 0; q < k; ++q) {
    merged_size *= dims[base + q];
    if (idx) merged_position = merged_position * dims[base + q] + (*idx)[base + q];
    if (t.dimensions[q] != xlayout::combine_dimension) {
      sizes.push_back(merged_size);
      positions.push_back(merged_position);
      tile_sizes.push_back(t.dimensions[q]);
      merged_size = 1;
      merged_position = 0;
    }
  }
  dims.resize(base);
  if (idx) idx->resize(base);
  for (std::size_t g = 0; g < sizes.size(); ++g) {
    dims.push_back(xlayout::ceil_div(sizes[g], tile_sizes[g]));
    if (idx) idx->push_back(positions[g] / tile_sizes[g]);
  }
  for (std::size_t g = 0; g < sizes.size(); ++g) {
    dims.push_back(tile_sizes[g]);
    if (idx) idx->push_back(positions[g] % tile_sizes[g]);
  }
  return sizes.size();
}

/// The laid-out sizes in physical order, most major first.
inline std::vector<index_t> physical_extents(const xlayout::shape& s) {
  std::vector<index_t> dims;
  for (std::size_t j = 0; j < s.rank(); ++j) {
    const auto d = static_cast<std::size_t>(s.layout.minor_to_major[s.rank() - 1 - j]);
    dims.push_back(xlayout::laid_out_extent(s, d));
  }
  return dims;
}
}  // namespace detail

/// The tiles of a static shape with a valid layout: the first-level tiles (which a picture colours) and
/// the second-level ones (which it outlines, like the red boxes of "Tiled layout"'s figure 2).
class tile_structure {
 public:
  explicit tile_structure(const xlayout::shape& s) : shape_(s) {
    const std::size_t n = s.layout.tiles.size();
    levels_ = n < 2 ? static_cast<int>(n) : 2;
    std::vector<index_t> dims = detail::physical_extents(s);
    // start[L]: where the slots of one level-L tile begin in the sizes (they are the suffix from there);
    // -1 once a later tile splits that suffix (the tile's slots are then not consecutive).
    long start[3] = {-1, -1, -1};
    for (std::size_t j = 0; j < n; ++j) {
      const xlayout::tile& t = s.layout.tiles[j];
      const std::size_t prepended = dims.size() < t.rank() ? t.rank() - dims.size() : 0;
      const auto base = static_cast<long>(dims.size() + prepended - t.rank());
      for (int level = 1; level <= 2; ++level) {
        if (start[level] < 0) continue;
        start[level] += static_cast<long>(prepended);
        if (start[level] > base) start[level] = -1;
      }
      const std::size_t m = detail::apply_tile(dims, nullptr, t);
      if (j < 2) start[j + 1] = static_cast<long>(dims.size() - m);
    }
    // The same sizes as the library's, or no tiles drawn at all.
    auto lib = xlayout::tiled_dimensions(s);
    if (!lib || lib->size() != dims.size()) {
      levels_ = 0;
      return;
    }
    for (std::size_t i = 0; i < dims.size(); ++i) {
      if ((*lib)[i] != dims[i]) {
        levels_ = 0;
        return;
      }
    }
    for (int level = 1; level <= levels_; ++level) {
      if (start[level] < 0) continue;
      index_t b = 1;
      for (std::size_t i = static_cast<std::size_t>(start[level]); i < dims.size(); ++i) b *= dims[i];
      block_[level] = b;
    }
  }

  /// 0 (untiled), 1, or 2 (the layout has sub-tiles too; deeper levels are not drawn).
  int levels() const { return levels_; }

  /// An id of the level-`level` tile that holds index `e` (e may lie in the padding of a padded grid
  /// shape); -1 when the layout has fewer tiles.
  index_t tile_of(const index_vector& e, int level) const {
    if (level < 1 || level > levels_) return -1;
    std::vector<index_t> dims = detail::physical_extents(shape_), idx;
    for (std::size_t j = 0; j < shape_.rank(); ++j)
      idx.push_back(e[static_cast<std::size_t>(shape_.layout.minor_to_major[shape_.rank() - 1 - j])]);
    std::size_t m = 0;
    for (int j = 0; j < level; ++j) m = detail::apply_tile(dims, &idx, shape_.layout.tiles[j]);
    index_t id = 0;
    for (std::size_t i = 0; i + m < dims.size(); ++i) id = id * dims[i] + idx[i];
    return id;
  }

  /// Slots one level-`level` tile takes when each such tile is a run of consecutive slots; 0 otherwise.
  index_t block(int level) const { return level >= 1 && level <= levels_ ? block_[level] : 0; }

 private:
  xlayout::shape shape_;
  int levels_ = 0;
  index_t block_[3] = {0, 0, 0};
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
