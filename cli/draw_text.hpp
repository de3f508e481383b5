// cli/draw_text.hpp: `xlayout draw` as text: the linear index of each element (a grid per 2-d
// slice, with the tiles marked) and the memory, slot by slot, with '.' for padding.
#pragma once
#include <algorithm>
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include <xlayout/layout.hpp>

#include "tiles.hpp"

namespace xlayout_cli {

/// How much `draw` shows before it summarises.
struct draw_limits {
  index_t rows = 32;         // rows of one grid
  index_t columns = 32;      // columns of one grid
  index_t slices = 8;        // grids of a rank-3-or-more shape
  index_t slots = 256;       // memory slots listed
  index_t per_line = 16;     // memory slots on one line
  index_t line_width = 100;  // characters a grid line may take (roughly)
};

/// The leading indices of the 2-d slices of a shape, in row-major order ({} for rank 0, 1 and 2).
inline std::vector<index_vector> slice_prefixes(const xlayout::shape& s, index_t limit, index_t& total) {
  std::vector<index_vector> out;
  total = 1;
  const std::size_t lead = s.rank() > 2 ? s.rank() - 2 : 0;
  for (std::size_t d = 0; d < lead; ++d) total *= s.dimensions[d];
  index_vector p;
  p.resize(lead);
  for (index_t n = 0; n < total && n < limit; ++n) {
    out.push_back(p);
    for (std::size_t d = lead; d-- > 0;) {
      if (++p[d] < s.dimensions[d]) break;
      p[d] = 0;
    }
  }
  return out;
}

/// "[0, 1, :, :]": the label of a slice.
inline std::string slice_label(const index_vector& prefix) {
  std::string t = "[";
  for (index_t v : prefix) t += std::to_string(static_cast<long long>(v)) + ", ";
  return t + ":, :]";
}

/// The index of cell (r, c) of the slice `prefix` (rank 1: the row is ignored).
inline index_vector cell_index(const xlayout::shape& s, const index_vector& prefix, index_t r, index_t c) {
  index_vector e = prefix;
  if (s.rank() >= 2) e.push_back(r);
  if (s.rank() >= 1) e.push_back(c);
  return e;
}

inline std::string pad_left(const std::string& s, std::size_t w) {
  return s.size() >= w ? s : std::string(w - s.size(), ' ') + s;
}
inline std::string center(const std::string& s, std::size_t w) {
  if (s.size() >= w) return s;
  const std::size_t left = (w - s.size() + 1) / 2;
  return std::string(left, ' ') + s + std::string(w - s.size() - left, ' ');
}

/// One grid: the linear index of each element of a 2-d slice (rank 1: one row), with '|' and '-' where
/// first-level tiles meet.
inline void draw_grid(std::ostream& out, const xlayout::shape& s, const tile_structure& tiles,
                      const index_vector& prefix, const draw_limits& lim) {
  const index_t rows = s.rank() >= 2 ? s.dimensions[s.rank() - 2] : 1;
  const index_t cols = s.dimensions[s.rank() - 1];
  // As many columns as fit in about lim.line_width characters, at the width of the largest linear index.
  const auto span = xlayout::checked_required_span_size(s).value_or(1);
  const auto cell = static_cast<index_t>(std::to_string(static_cast<long long>(span - 1)).size()) + 1;
  const index_t fit = std::max<index_t>(8, (lim.line_width - 8) / (cell + 1));
  const index_t shown_rows = std::min(rows, lim.rows), shown_cols = std::min({cols, lim.columns, fit});
  std::vector<std::vector<index_t>> lin(static_cast<std::size_t>(shown_rows)), tile(lin.size());
  std::size_t width = std::to_string(static_cast<long long>(shown_cols - 1)).size();
  for (index_t r = 0; r < shown_rows; ++r) {
    for (index_t c = 0; c < shown_cols; ++c) {
      const index_vector e = cell_index(s, prefix, r, c);
      lin[r].push_back(xlayout::linear_index(s, e));
      tile[r].push_back(tiles.tile_of(e, 1));
      width = std::max(width, std::to_string(static_cast<long long>(lin[r].back())).size());
    }
  }
  // A separator after column c (row r) when some row (column) crosses from one tile into another there.
  std::vector<bool> col_sep(static_cast<std::size_t>(shown_cols), false), row_sep(lin.size(), false);
  for (index_t r = 0; r < shown_rows; ++r) {
    for (index_t c = 0; c + 1 < shown_cols; ++c) col_sep[c] = col_sep[c] || tile[r][c] != tile[r][c + 1];
  }
  for (index_t r = 0; r + 1 < shown_rows; ++r) {
    for (index_t c = 0; c < shown_cols; ++c) row_sep[r] = row_sep[r] || tile[r][c] != tile[r + 1][c];
  }
  const std::size_t label_width =
      s.rank() >= 2 ? std::to_string(static_cast<long long>(shown_rows - 1)).size() : 0;
  const std::string indent = "  " + std::string(label_width, ' ') + "  ";
  const bool more_cols = shown_cols < cols;
  // Header: the column indices.
  std::string line = indent;
  for (index_t c = 0; c < shown_cols; ++c) {
    line += " " + pad_left(std::to_string(static_cast<long long>(c)), width);
    if (col_sep[c]) line += "  ";
  }
  if (more_cols) line += "  ...";
  out << line << '\n';
  for (index_t r = 0; r < shown_rows; ++r) {
    line = s.rank() >= 2 ? "  " + pad_left(std::to_string(static_cast<long long>(r)), label_width) + ": "
                         : indent;
    for (index_t c = 0; c < shown_cols; ++c) {
      line += " " + pad_left(std::to_string(static_cast<long long>(lin[r][c])), width);
      if (col_sep[c]) line += " |";
    }
    if (more_cols) line += "  ...";
    out << line << '\n';
    if (row_sep[r]) {
      line = indent;
      for (index_t c = 0; c < shown_cols; ++c) {
        line += std::string(width + 1, '-');
        if (col_sep[c]) line += "-+";
      }
      out << line << '\n';
    }
  }
  if (shown_rows < rows) out << indent << " ...\n";
  if (shown_rows < rows || more_cols)
    out << indent << " (" << shown_rows << " of " << rows << " rows and " << shown_cols << " of " << cols
        << " columns shown)\n";
}

/// The memory, slot by slot: the element in each slot, '.' for padding.
inline void draw_memory(std::ostream& out, const xlayout::shape& s, const tile_structure& tiles, index_t span,
                        const draw_limits& lim) {
  const memory_lines m = choose_memory_lines(s, tiles, lim.per_line);
  index_t shown = std::min(span, lim.slots);
  if (shown % m.per_line != 0 && shown < span) shown = std::min(span, (shown / m.per_line + 1) * m.per_line);
  std::vector<std::string> cells;
  std::size_t width = 1;
  for (index_t slot = 0; slot < shown; ++slot) {
    auto e = xlayout::multi_index(s, slot);
    cells.push_back(e ? index_text(*e) : ".");
    width = std::max(width, cells.back().size());
  }
  const std::size_t label_width =
      std::to_string(static_cast<long long>(((shown - 1) / m.per_line) * m.per_line)).size();
  out << "memory order (" << m.caption << "; '.' is padding):\n";
  for (index_t first = 0; first < shown; first += m.per_line) {
    std::string line = "  " + pad_left(std::to_string(static_cast<long long>(first)), label_width) + ": ";
    for (index_t slot = first; slot < first + m.per_line && slot < shown; ++slot) {
      if (slot > first && m.group > 0 && (slot - first) % m.group == 0) line += " ";
      line += " " + center(cells[static_cast<std::size_t>(slot)], width);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
  if (shown < span)
    out << "  " << std::string(label_width, ' ') << "  ... (" << span - shown << " more slots, " << span
        << " in all)\n";
}

/// `xlayout draw SHAPE` without --svg: the header line, the grids, the memory.
/// @pre a static shape with a valid layout
inline void draw_text(std::ostream& out, const xlayout::shape& s, const draw_limits& lim = {}) {
  const index_t span = xlayout::checked_required_span_size(s).value_or(0);
  const index_t count = xlayout::checked_element_count(s).value_or(0);
  const tile_structure tiles(s);
  out << xlayout::to_string(s).view() << ": " << count << (count == 1 ? " element" : " elements") << " in "
      << span << (span == 1 ? " slot" : " slots");
  if (span > count) out << " (" << span - count << " of padding)";
  out << "\n\n";
  if (count == 0) {
    out << "no elements\n";
  } else if (s.rank() == 0) {
    out << "linear index of the element: " << xlayout::linear_index(s, index_vector{}) << "\n";
  } else {
    out << "linear index of each element";
    if (s.rank() >= 2)
      out << " (rows: dimension " << s.rank() - 2 << ", columns: dimension " << s.rank() - 1 << ")";
    else
      out << " (columns: dimension 0)";
    if (tiles.levels() > 0) out << "; '|' and '-' separate tiles";
    out << ":\n";
    index_t total = 0;
    const auto prefixes = slice_prefixes(s, lim.slices, total);
    for (std::size_t i = 0; i < prefixes.size(); ++i) {
      if (s.rank() > 2) out << (i > 0 ? "\n" : "") << slice_label(prefixes[i]) << "\n";
      draw_grid(out, s, tiles, prefixes[i], lim);
    }
    if (static_cast<index_t>(prefixes.size()) < total)
      out << "\n... (" << total - static_cast<index_t>(prefixes.size()) << " more slices, " << total
          << " in all)\n";
  }
  if (span > 0) {
    out << '\n';
    draw_memory(out, s, tiles, span, lim);
  }
}

}  // namespace xlayout_cli
