// cli/draw_svg.hpp: `xlayout draw SHAPE --svg FILE`: a picture in the manner of the figures of XLA's
// "Tiled layout" document. Left, the logical array (grown by the padding around it) with each element
// labelled by its linear index and coloured by its first-level tile, sub-tiles boxed in red; right, the
// memory slot by slot with the element each slot holds, padding hatched.
#pragma once
#include <algorithm>
#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

#include <xlayout/layout.hpp>

#include "draw_text.hpp"
#include "tiles.hpp"

namespace xlayout_cli {

/// How much a picture shows before it summarises.
struct svg_limits {
  index_t rows = 64;
  index_t columns = 64;
  index_t slices = 16;
  index_t slots = 1024;
  index_t per_line = 16;
};

namespace detail {
/// Light colours for the tiles (ColorBrewer Set3 without its grey, which would read as padding, and with a
/// tan for its salmon, which the red sub-tile boxes would drown).
inline constexpr const char* tile_colours[] = {"#8dd3c7", "#ffffb3", "#bebada", "#80b1d3",
                                               "#fdb462", "#b3de69", "#fccde5", "#bc80bd",
                                               "#ccebc5", "#ffed6f", "#e5c494"};
inline constexpr const char* untiled_colour = "#cfe2f3";
inline constexpr const char* subtile_colour = "#d62728";

inline std::string tile_fill(index_t tile) {
  if (tile < 0) return untiled_colour;
  return tile_colours[static_cast<std::size_t>(tile % static_cast<index_t>(std::size(tile_colours)))];
}

inline std::string xml_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

inline std::string num(long long v) { return std::to_string(v); }

/// "2,3": an index without parentheses, for the labels of the memory strip.
inline std::string bare_index(const index_vector& e) {
  std::string t = index_text(e);
  return t.substr(1, t.size() - 2);
}

/// Accumulates SVG elements and the extent they cover.
struct canvas {
  std::ostringstream body;
  long long width = 0, height = 0;

  void grow(long long x, long long y) {
    width = std::max(width, x);
    height = std::max(height, y);
  }
  void text(long long x, long long y, std::string_view s, std::string_view cls,
            std::string_view anchor = "middle") {
    // Roughly the width of monospace text at the class's size, so that the picture is wide enough.
    const long long per_char = cls == "title"                                         ? 10
                               : (cls == "key" || cls == "caption" || cls == "slice") ? 8
                                                                                      : 7;
    const auto w = per_char * static_cast<long long>(s.size());
    grow(anchor == "start" ? x + w : (anchor == "end" ? x : x + w / 2), y + 4);
    body << "<text x=\"" << x << "\" y=\"" << y << "\" class=\"" << cls << "\" text-anchor=\"" << anchor
         << "\">" << xml_escape(s) << "</text>\n";
  }
  void line(long long x1, long long y1, long long x2, long long y2, std::string_view cls) {
    body << "<line x1=\"" << x1 << "\" y1=\"" << y1 << "\" x2=\"" << x2 << "\" y2=\"" << y2 << "\" class=\""
         << cls << "\"/>\n";
  }
  void rect(long long x, long long y, long long w, long long h, std::string_view cls) {
    body << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << h << "\" class=\""
         << cls << "\"/>\n";
    grow(x + w, y + h);
  }
};
}  // namespace detail

/// Writes the picture of a static shape with a valid layout.
inline std::string draw_svg(const xlayout::shape& s, const svg_limits& lim = {}) {
  using detail::num;
  const xlayout::shape g = padded_grid_shape(s);  // the grid: the array and the padding around it
  const tile_structure tiles(g);                  // same tiles as s; ids also for the padding cells
  const index_t span = xlayout::checked_required_span_size(s).value_or(0);
  const index_t count = xlayout::checked_element_count(s).value_or(0);
  const bool sub = tiles.levels() >= 2;
  detail::canvas cv;
  const long long margin = 20;

  // Title and key.
  const std::string title(xlayout::to_string(s).view());
  cv.text(margin, 30, title, "title", "start");
  std::string key = num(count) + (count == 1 ? " element" : " elements") + " in " + num(span) +
                    (span == 1 ? " slot" : " slots");
  if (tiles.levels() >= 1)
    key += "; colour: tile " + std::string(xlayout::to_string(s.layout.tiles[0]).view());
  if (sub) key += "; red box: sub-tile " + std::string(xlayout::to_string(s.layout.tiles[1]).view());
  if (span > count) key += "; hatched: padding";
  cv.text(margin, 52, key, "key", "start");
  const long long top = 96;

  // --- the logical array ---
  const index_t rows = g.rank() >= 2 ? g.dimensions[g.rank() - 2] : 1;
  const index_t cols = g.rank() >= 1 ? g.dimensions[g.rank() - 1] : 1;
  const index_t shown_rows = std::min(rows, lim.rows), shown_cols = std::min(cols, lim.columns);
  const std::size_t digits = std::to_string(static_cast<long long>(std::max<index_t>(span - 1, 0))).size();
  const long long cw = std::max<long long>(30, 8 * static_cast<long long>(digits) + 14), ch = 28;
  const long long gx = margin + 28;  // left edge of the grids (row labels to its left)
  long long y = top;
  cv.text(margin, y - 18, "logical array: each element labelled with its linear index", "caption", "start");
  index_t total_slices = 0;
  std::vector<index_vector> prefixes;
  if (g.rank() == 0) {
    prefixes.push_back({});
    total_slices = 1;
  } else {
    prefixes = slice_prefixes(g, lim.slices, total_slices);
  }
  for (const index_vector& prefix : prefixes) {
    if (g.rank() > 2) {
      cv.text(margin, y + 4, slice_label(prefix), "slice", "start");
      y += 18;
    }
    // Column and row numbers.
    for (index_t c = 0; c < shown_cols && g.rank() >= 1; ++c)
      cv.text(gx + c * cw + cw / 2, y + 10, num(c), "axis");
    const long long y0 = y + 16;
    for (index_t r = 0; r < shown_rows && g.rank() >= 2; ++r)
      cv.text(gx - 8, y0 + r * ch + ch / 2 + 4, num(r), "axis", "end");
    std::vector<std::vector<index_t>> tile(static_cast<std::size_t>(shown_rows)), subtile(tile.size());
    for (index_t r = 0; r < shown_rows; ++r) {
      for (index_t c = 0; c < shown_cols; ++c) {
        const index_vector e = g.rank() == 0 ? index_vector{} : cell_index(g, prefix, r, c);
        const bool element = is_element(s, e);
        const index_t slot = xlayout::linear_index(g, e);
        const index_t t1 = tiles.tile_of(e, 1);
        tile[r].push_back(t1);
        subtile[r].push_back(tiles.tile_of(e, 2));
        const long long x = gx + c * cw, yy = y0 + r * ch;
        cv.body << "<g class=\"cell " << (element ? "element" : "padding") << "\" data-index=\""
                << detail::bare_index(e) << "\" data-slot=\"" << slot << "\" data-tile=\"" << t1 << "\">";
        cv.body << "<title>" << (element ? "element " : "padding ") << index_text(e) << ": slot " << slot
                << "</title>";
        if (element) {
          cv.body << "<rect x=\"" << x << "\" y=\"" << yy << "\" width=\"" << cw << "\" height=\"" << ch
                  << "\" fill=\"" << detail::tile_fill(t1) << "\" class=\"cellbox\"/>";
          cv.body << "<text x=\"" << x + cw / 2 << "\" y=\"" << yy + ch / 2 + 5 << "\" class=\"label\">"
                  << slot << "</text>";
        } else {
          cv.body << "<rect x=\"" << x << "\" y=\"" << yy << "\" width=\"" << cw << "\" height=\"" << ch
                  << "\" fill=\"url(#hatch)\" class=\"cellbox\"/>";
          cv.body << "<text x=\"" << x + cw / 2 << "\" y=\"" << yy + ch / 2 + 4 << "\" class=\"padlabel\">"
                  << slot << "</text>";
        }
        cv.body << "</g>\n";
        cv.grow(x + cw, yy + ch);
      }
    }
    // Where first-level tiles meet: a dark line; the whole grid: a dark frame.
    if (tiles.levels() >= 1) {
      for (index_t r = 0; r < shown_rows; ++r) {
        for (index_t c = 0; c + 1 < shown_cols; ++c) {
          if (tile[r][c] != tile[r][c + 1])
            cv.line(gx + (c + 1) * cw, y0 + r * ch, gx + (c + 1) * cw, y0 + (r + 1) * ch, "tileedge");
        }
      }
      for (index_t r = 0; r + 1 < shown_rows; ++r) {
        for (index_t c = 0; c < shown_cols; ++c) {
          if (tile[r][c] != tile[r + 1][c])
            cv.line(gx + c * cw, y0 + (r + 1) * ch, gx + (c + 1) * cw, y0 + (r + 1) * ch, "tileedge");
        }
      }
    }
    cv.body << "<rect x=\"" << gx << "\" y=\"" << y0 << "\" width=\"" << shown_cols * cw << "\" height=\""
            << shown_rows * ch << "\" class=\"frame\"/>\n";
    // Sub-tiles: a red box inside the cells of each one (red edges where a sub-tile is not a rectangle).
    if (sub) {
      std::vector<index_t> seen;
      for (index_t r = 0; r < shown_rows; ++r) {
        for (index_t c = 0; c < shown_cols; ++c) {
          const index_t id = subtile[r][c];
          if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
          seen.push_back(id);
          index_t r0 = r, r1 = r, c0 = c, c1 = c, n = 0;
          for (index_t rr = 0; rr < shown_rows; ++rr) {
            for (index_t cc = 0; cc < shown_cols; ++cc) {
              if (subtile[rr][cc] != id) continue;
              ++n;
              r0 = std::min(r0, rr), r1 = std::max(r1, rr), c0 = std::min(c0, cc), c1 = std::max(c1, cc);
            }
          }
          if (n == (r1 - r0 + 1) * (c1 - c0 + 1)) {
            cv.rect(gx + c0 * cw + 3, y0 + r0 * ch + 3, (c1 - c0 + 1) * cw - 6, (r1 - r0 + 1) * ch - 6,
                    "subtile");
          } else {
            for (index_t rr = 0; rr < shown_rows; ++rr) {
              for (index_t cc = 0; cc < shown_cols; ++cc) {
                if (subtile[rr][cc] != id) continue;
                const long long x = gx + cc * cw, yy = y0 + rr * ch;
                if (cc + 1 == shown_cols || subtile[rr][cc + 1] != id)
                  cv.line(x + cw - 2, yy, x + cw - 2, yy + ch, "subedge");
                if (cc == 0 || subtile[rr][cc - 1] != id) cv.line(x + 2, yy, x + 2, yy + ch, "subedge");
                if (rr + 1 == shown_rows || subtile[rr + 1][cc] != id)
                  cv.line(x, yy + ch - 2, x + cw, yy + ch - 2, "subedge");
                if (rr == 0 || subtile[rr - 1][cc] != id) cv.line(x, yy + 2, x + cw, yy + 2, "subedge");
              }
            }
          }
        }
      }
    }
    y = y0 + shown_rows * ch;
    if (shown_rows < rows || shown_cols < cols) {
      cv.text(gx, y + 16,
              "(" + num(shown_rows) + " of " + num(rows) + " rows and " + num(shown_cols) + " of " +
                  num(cols) + " columns drawn)",
              "note", "start");
      y += 16;
    }
    y += 24;
  }
  if (static_cast<index_t>(prefixes.size()) < total_slices) {
    cv.text(
        margin, y,
        "(" + num(static_cast<long long>(prefixes.size())) + " of " + num(total_slices) + " slices drawn)",
        "note", "start");
    y += 20;
  }
  cv.grow(0, y);

  // --- the memory ---
  const memory_lines m = choose_memory_lines(s, tile_structure(s), lim.per_line);
  index_t shown = std::min(span, lim.slots);
  if (shown % m.per_line != 0 && shown < span) shown = std::min(span, (shown / m.per_line + 1) * m.per_line);
  std::vector<std::string> labels;
  std::vector<index_t> slot_tile;
  std::size_t widest = 1;
  for (index_t slot = 0; slot < shown; ++slot) {
    auto e = xlayout::multi_index(s, slot);
    labels.push_back(e ? detail::bare_index(*e) : "");
    slot_tile.push_back(e ? tiles.tile_of(*e, 1) : -1);
    widest = std::max(widest, labels.back().size());
  }
  const long long sw = std::max<long long>(34, 7 * static_cast<long long>(widest) + 12), sh = 24;
  const long long gap = 5;  // between sub-tiles on a line
  const long long mx = cv.width + 90;
  long long my = top;
  cv.text(mx - 50, my - 18, "memory, slot by slot: the element in each (" + m.caption + ")", "caption",
          "start");
  const index_t b1 = tiles.block(1);
  for (index_t first = 0; first < shown; first += m.per_line) {
    cv.text(mx - 8, my + sh / 2 + 4, num(first), "axis", "end");
    long long x = mx;
    for (index_t slot = first; slot < first + m.per_line && slot < shown; ++slot) {
      if (slot > first && m.group > 0 && (slot - first) % m.group == 0) x += gap;
      const std::string& label = labels[static_cast<std::size_t>(slot)];
      const bool element = xlayout::multi_index(s, slot).has_value();
      cv.body << "<g class=\"slot " << (element ? "element" : "padding") << "\" data-slot=\"" << slot
              << "\" data-index=\"" << label << "\"><title>slot " << slot << ": "
              << (element ? "element (" + label + ")" : std::string("padding")) << "</title>";
      cv.body << "<rect x=\"" << x << "\" y=\"" << my << "\" width=\"" << sw << "\" height=\"" << sh
              << "\" fill=\""
              << (element ? detail::tile_fill(slot_tile[static_cast<std::size_t>(slot)])
                          : std::string("url(#hatch)"))
              << "\" class=\"cellbox\"/>";
      if (element)
        cv.body << "<text x=\"" << x + sw / 2 << "\" y=\"" << my + sh / 2 + 4 << "\" class=\"slotlabel\">"
                << detail::xml_escape(label) << "</text>";
      cv.body << "</g>\n";
      cv.grow(x + sw, my + sh);
      x += sw;
    }
    // Sub-tiles on this line: red boxes.
    if (m.group > 0) {
      long long bx = mx;
      for (index_t slot = first; slot < first + m.per_line && slot < shown; slot += m.group) {
        const index_t n = std::min(m.group, shown - slot);
        cv.rect(bx + 2, my + 2, n * sw - 4, sh - 4, "subtile");
        bx += n * sw + gap;
      }
    }
    my += sh + 4;
    if (b1 > m.per_line && (first + m.per_line) % b1 == 0) my += 6;  // a tile takes several lines
  }
  if (shown < span) {
    cv.text(mx, my + 12, "(" + num(shown) + " of " + num(span) + " slots drawn)", "note", "start");
    my += 20;
  }
  cv.grow(mx, my);

  const long long width = cv.width + margin, height = cv.height + margin;
  std::ostringstream out;
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << " " << height << "\">\n"
      << "<!-- drawn by the xlayout command (draw, option svg) of xlayout " << xlayout::version_major << "."
      << xlayout::version_minor << "." << xlayout::version_patch << " -->\n"
      << "<title>" << detail::xml_escape(title) << "</title>\n"
      << "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
         "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#ffffff\"/>"
         "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#c8c8c8\" "
         "stroke-width=\"2\"/></pattern></defs>\n"
      << "<style>\n"
      << "text { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; fill: #222222; }\n"
      << ".title { font-size: 16px; font-weight: bold; }\n"
      << ".key, .caption { font-size: 12px; }\n"
      << ".slice { font-size: 12px; font-weight: bold; }\n"
      << ".axis { font-size: 10px; fill: #777777; }\n"
      << ".note { font-size: 11px; fill: #777777; }\n"
      << ".label { font-size: 12px; text-anchor: middle; }\n"
      << ".padlabel { font-size: 10px; fill: #9a9a9a; text-anchor: middle; }\n"
      << ".slotlabel { font-size: 11px; text-anchor: middle; }\n"
      << ".cellbox { stroke: #9a9a9a; stroke-width: 0.75; }\n"
      << ".frame { fill: none; stroke: #333333; stroke-width: 2; }\n"
      << ".tileedge { stroke: #333333; stroke-width: 2; }\n"
      << ".subtile { fill: none; stroke: " << detail::subtile_colour << "; stroke-width: 2; }\n"
      << ".subedge { stroke: " << detail::subtile_colour << "; stroke-width: 2; }\n"
      << "</style>\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
      << cv.body.str() << "</svg>\n";
  return out.str();
}

}  // namespace xlayout_cli
