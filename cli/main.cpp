// cli/main.cpp: the xlayout command: the library's shape, layout and indexing-map functions for a
// person at a terminal and for scripts (--json). docs/cli.md specifies the commands and their JSON and
// shows each with its output (docs/design.md, "The xlayout command", lists them).
#include <algorithm>
#include <cstddef>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <xlayout/indexing.hpp>
#include <xlayout/layout.hpp>
#include <xlayout/text/scanner.hpp>
#include <xlayout/version.hpp>

#include "analyze.hpp"
#include "draw_svg.hpp"
#include "draw_text.hpp"
#include "help.hpp"
#include "json.hpp"
#include "offset_code.hpp"
#include "tiles.hpp"

namespace xlayout_cli {
namespace {

using xlayout::error_id;

/// Exit codes: done; delinearize found padding; bad input.
constexpr int exit_ok = 0, exit_padding = 1, exit_bad_input = 2;

/// The equivalence check may enumerate this many points at run time (the library's default fits a
/// compiler's constant-evaluation budget; a command can afford more).
constexpr index_t equivalence_budget = index_t{1} << 22;

/// The largest memory `draw --json` lists, slot by slot.
constexpr index_t max_json_slots = index_t{1} << 20;

/// One operand of a command, with the name the help text gives it (SHAPE, I0, N, MAP1, ...).
struct operand {
  std::string name;
  std::string text;
};

/// Why a command cannot answer: an error id (the library's, or `usage`, `too_large`, `cannot_write`
/// for what only the command can get wrong), its sentence, the operand and 0-based position it is about
/// (position == the operand's length: just past its end; operand == the number of operands: a missing
/// one), and a line of detail for people.
struct failure {
  std::string id;
  std::string message;
  int operand = -1;
  index_t position = -1;
  std::string hint;
  std::string missing_name;  // the name of a missing operand
};

failure library_failure(error_id id, int op, index_t position, std::string hint = {}) {
  return {std::string(xlayout::error_name(id)),
          std::string(xlayout::error_message(id)),
          op,
          position,
          std::move(hint),
          {}};
}

failure usage_failure(std::string message) { return {"usage", std::move(message), -1, -1, {}, {}}; }

/// The command line as the program was asked to run it.
struct invocation {
  std::string command;
  std::vector<operand> operands;
  bool json = false;
  bool help = false;
  std::optional<std::string> svg;
  std::optional<std::vector<index_t>> dims;  // info, draw, code --dims: the sizes of the '?' dimensions
  std::optional<long long> input;            // analyze --input K
  bool group = false;                        // analyze --group
};

/// The shape a shell split into several arguments, put back together, or empty when the arguments do not
/// look split. Two cases: brace expansion (`f32[3,5]{1,0}` unquoted in bash is `f32[3,5]1 f32[3,5]0`) and
/// spaces (`f32[3, 5]{1,0}` unquoted is `f32[3,` `5]{1,0}`).
std::string unsplit_shape(const std::vector<operand>& ops) {
  if (ops.empty()) return {};
  const std::string& first = ops[0].text;
  const std::size_t close = first.rfind(']');
  if (close != std::string::npos && close + 1 < first.size() && first[close + 1] != '{') {
    const std::string prefix = first.substr(0, close + 1);
    std::string items;
    std::size_t n = 0;
    for (; n < ops.size() && ops[n].text.rfind(prefix, 0) == 0 && ops[n].text.size() > prefix.size(); ++n)
      items += (n > 0 ? "," : "") + ops[n].text.substr(prefix.size());
    if (n >= 2) return prefix + "{" + items + "}";
  }
  int depth = 0;
  std::string joined;
  for (std::size_t n = 0; n < ops.size(); ++n) {
    joined += (n > 0 ? " " : "") + ops[n].text;
    for (char c : ops[n].text)
      depth += (c == '[' || c == '{' || c == '(') ? 1 : (c == ']' || c == '}' || c == ')') ? -1 : 0;
    if (depth < 0) return {};
    if (depth == 0) return n >= 1 ? joined : std::string();
  }
  return {};
}

bool takes_shape(std::string_view command) {
  return command == "index" || command == "delinearize" || command == "info" || command == "draw" ||
         command == "code";
}

/// Prints a failure: the JSON object on stdout with --json; always the message on stderr, with the
/// operands and a caret under the column. Returns the exit code for bad input.
int report(const invocation& inv, const failure& f) {
  if (inv.json) {
    json e = {{"id", f.id}, {"position", f.position}, {"message", f.message}};
    if (f.operand >= 0) {
      const bool missing = static_cast<std::size_t>(f.operand) >= inv.operands.size();
      e["argument"] = missing ? f.missing_name : inv.operands[static_cast<std::size_t>(f.operand)].name;
    }
    std::cout << json_line({{"error", e}}) << '\n';
  }
  std::cerr << "xlayout" << (inv.command.empty() ? "" : " " + inv.command) << ": [xlayout:" << f.id << "] "
            << f.message;
  if (f.operand >= 0) {
    const bool missing = static_cast<std::size_t>(f.operand) >= inv.operands.size();
    const std::string& name =
        missing ? f.missing_name : inv.operands[static_cast<std::size_t>(f.operand)].name;
    std::cerr << " ("
              << (missing ? "missing " + name : "column " + std::to_string(f.position + 1) + " of " + name)
              << ")";
  }
  std::cerr << '\n';
  if (f.operand >= 0 && !inv.operands.empty()) {
    // The operands on one line, caret below; only the one at fault where the line would be long or an
    // operand has spaces (indexing maps), which would make it hard to read.
    std::string line;
    std::size_t caret = 0;
    for (std::size_t i = 0; i < inv.operands.size(); ++i) {
      if (i > 0) line += ' ';
      if (static_cast<int>(i) == f.operand)
        caret = line.size() + static_cast<std::size_t>(std::max<index_t>(f.position, 0));
      line += inv.operands[i].text;
    }
    if (static_cast<std::size_t>(f.operand) >= inv.operands.size()) caret = line.size() + 1;
    const bool spaces = std::any_of(inv.operands.begin(), inv.operands.end(),
                                    [](const operand& o) { return o.text.find(' ') != std::string::npos; });
    if ((line.size() > 100 || spaces) && static_cast<std::size_t>(f.operand) < inv.operands.size()) {
      line = inv.operands[static_cast<std::size_t>(f.operand)].text;
      caret = static_cast<std::size_t>(std::max<index_t>(f.position, 0));
    }
    std::cerr << "  " << line << '\n' << "  " << std::string(caret, ' ') << "^\n";
  }
  if (!f.hint.empty()) std::cerr << "  " << f.hint << '\n';
  if (takes_shape(inv.command) && (f.operand == 0 || f.id == "usage" || f.id == "expected_integer")) {
    if (const std::string whole = unsplit_shape(inv.operands); !whole.empty())
      std::cerr << "  quote the shape: '" << whole << "' (the shell split it into several arguments)\n";
  }
  if (f.id == "usage") std::cerr << "  (see xlayout --help)\n";
  return exit_bad_input;
}

/// A whole decimal integer (an optional sign, then digits), read by the library's scanner.
std::optional<failure> parse_integer(const std::vector<operand>& ops, int op, index_t& out) {
  const std::string& t = ops[static_cast<std::size_t>(op)].text;
  if (t.empty() || xlayout::text::is_space(t[0])) return library_failure(error_id::expected_integer, op, 0);
  xlayout::text::scanner sc(t);
  index_t v = 0;
  if (!sc.read_integer(v)) {
    const xlayout::error e = sc.failure();
    return library_failure(e.id == error_id::unexpected_end ? error_id::expected_integer : e.id, op,
                           e.id == error_id::integer_too_large ? 0 : static_cast<index_t>(sc.position()));
  }
  if (!sc.at_end())
    return library_failure(error_id::expected_integer, op, static_cast<index_t>(sc.position()));
  out = v;
  return std::nullopt;
}

/// Where the first dynamic dimension ('?' or '<=') is written in a shape's text (0 when not found).
index_t dynamic_position(std::string_view text) {
  const std::size_t open = text.find('[');
  if (open == std::string_view::npos) return 0;
  const std::size_t at = text.find_first_of("?<", open);
  return at == std::string_view::npos ? 0 : static_cast<index_t>(at);
}

/// A shape as index, delinearize, info, draw and code read it: the text's shape and the static shape they
/// compute with. A bounded dimension `<=N` is sized by its bound N (XLA allocates a bounded dynamic dimension
/// at its bound); a `?` dimension takes the next value of --dims. `sized` is false when a `?` has no value:
/// only what needs no size can be computed.
struct sized_shape {
  xlayout::shape text;   // as written
  xlayout::shape shape;  // static: bounds and --dims in place
  bool sized = true;
  std::vector<std::size_t> unknown;  // the '?' dimensions without a size
};

std::optional<failure> parse_sized_shape(const invocation& inv, int op, sized_shape& out) {
  const std::string& text = inv.operands[static_cast<std::size_t>(op)].text;
  auto s = xlayout::parse_shape(text);
  if (!s) return library_failure(s.error().id, op, std::max<index_t>(s.error().position, 0));
  out.text = *s;
  out.shape = *s;
  std::size_t next = 0, unbounded = 0;
  for (std::size_t d = 0; d < s->rank(); ++d) unbounded += xlayout::is_unbounded_dimension(*s, d) ? 1 : 0;
  if (inv.dims && inv.dims->size() != unbounded) {
    return usage_failure("--dims gives " + std::to_string(inv.dims->size()) + " size" +
                         (inv.dims->size() == 1 ? "" : "s") + ", but " + text + " has " +
                         std::to_string(unbounded) + " '?' dimension" + (unbounded == 1 ? "" : "s"));
  }
  for (std::size_t d = 0; d < s->rank(); ++d) {
    if (!xlayout::is_dynamic_dimension(*s, d)) continue;
    out.shape.dynamic_dimensions[d] = false;
    if (!xlayout::is_unbounded_dimension(*s, d)) continue;  // `<=N`: dimensions[d] is N already
    if (inv.dims) {
      out.shape.dimensions[d] = (*inv.dims)[next++];
    } else {
      out.shape.dimensions[d] = 1;  // a placeholder: nothing that depends on it is printed
      out.sized = false;
      out.unknown.push_back(d);
    }
  }
  if (auto ok = xlayout::checked_required_span_size(out.shape); !ok) {
    if (out.sized || ok.error().id != error_id::span_overflow) return library_failure(ok.error().id, op, 0);
  }
  return std::nullopt;
}

/// Parses operand `op` as a shape whose every dimension has a size (draw, code).
std::optional<failure> parse_fully_sized_shape(const invocation& inv, int op, sized_shape& out) {
  if (auto f = parse_sized_shape(inv, op, out)) return f;
  if (out.sized) return std::nullopt;
  const std::string& text = inv.operands[static_cast<std::size_t>(op)].text;
  return library_failure(error_id::dynamic_dimension, op, dynamic_position(text),
                         "give the size of each '?' dimension with --dims, e.g. --dims " +
                             std::string(out.unknown.size() == 1 ? "8" : "8,4"));
}

/// "1 result", "2 results".
std::string plural(std::size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string shape_text(const xlayout::shape& s) { return std::string(xlayout::to_string(s).view()); }

/// "2 3": an index as `delinearize` prints it (what `index` reads back).
std::string spaced(const index_vector& e) {
  std::string t;
  for (std::size_t d = 0; d < e.size(); ++d)
    t += (d > 0 ? " " : "") + std::to_string(static_cast<long long>(e[d]));
  return t;
}

std::string bracketed(const std::vector<index_t>& v) {
  std::string t = "[";
  for (std::size_t i = 0; i < v.size(); ++i)
    t += (i > 0 ? ", " : "") + std::to_string(static_cast<long long>(v[i]));
  return t + "]";
}

template <class Range>
std::vector<index_t> to_vector(const Range& r) {
  return std::vector<index_t>(r.begin(), r.end());
}

int need_operands(const invocation& inv, std::size_t n, std::string_view synopsis) {
  if (inv.operands.size() == n) return exit_ok;
  return report(inv, usage_failure(std::string(inv.operands.size() < n ? "too few" : "too many") +
                                   " arguments: usage: xlayout " + std::string(synopsis)));
}

// --- the commands
// -------------------------------------------------------------------------------------------

int run_index(const invocation& inv) {
  if (inv.operands.empty())
    return report(
        inv, usage_failure("too few arguments: usage: xlayout index SHAPE I0 I1 ... [--dims D0,D1,...]"));
  sized_shape sz;
  if (auto f = parse_fully_sized_shape(inv, 0, sz)) return report(inv, *f);
  const xlayout::shape& s = sz.shape;
  index_vector index;
  const std::size_t given = inv.operands.size() - 1;
  for (std::size_t i = 0; i < given; ++i) {
    index_t v = 0;
    if (auto f = parse_integer(inv.operands, static_cast<int>(i + 1), v)) return report(inv, *f);
    if (i < XLAYOUT_MAX_RANK) index.push_back(v);
  }
  if (given != s.rank()) {
    std::string hint = shape_text(s) + " has rank " + std::to_string(s.rank()) + ": give " +
                       std::to_string(s.rank()) + (s.rank() == 1 ? " index" : " indices") + ", not " +
                       std::to_string(given);
    failure f = library_failure(error_id::index_rank_mismatch,
                                static_cast<int>(std::min(given, s.rank()) + 1), 0, hint);
    f.missing_name = "I" + std::to_string(given);
    return report(inv, f);
  }
  for (std::size_t d = 0; d < s.rank(); ++d) {
    if (index[d] < 0 || index[d] >= s.dimensions[d]) {
      const std::string range =
          s.dimensions[d] > 0 ? "0 to " + std::to_string(s.dimensions[d] - 1) : std::string("no index");
      return report(inv, library_failure(error_id::index_out_of_range, static_cast<int>(d + 1), 0,
                                         "I" + std::to_string(d) + " is " + std::to_string(index[d]) +
                                             ", but dimension " + std::to_string(d) + " has size " +
                                             std::to_string(s.dimensions[d]) + " (" + range + ")"));
    }
  }
  auto lin = xlayout::checked_linear_index(s, index);
  if (!lin) return report(inv, library_failure(lin.error().id, 0, 0));
  if (inv.json) {
    std::cout << json_line({{"linear_index", *lin}}) << '\n';
  } else {
    std::cout << *lin << '\n';
  }
  return exit_ok;
}

int run_delinearize(const invocation& inv) {
  if (int rc = need_operands(inv, 2, "delinearize SHAPE N [--dims D0,D1,...]")) return rc;
  sized_shape sz;
  if (auto f = parse_fully_sized_shape(inv, 0, sz)) return report(inv, *f);
  const xlayout::shape& s = sz.shape;
  index_t n = 0;
  if (auto f = parse_integer(inv.operands, 1, n)) return report(inv, *f);
  auto e = xlayout::multi_index(s, n);
  if (!e) {
    if (e.error().id == error_id::padding_element) {
      std::cout << (inv.json ? json_line({{"index", nullptr}, {"padding", true}}) : "padding") << '\n';
      return exit_padding;
    }
    if (e.error().id == error_id::linear_index_out_of_range) {
      const index_t span = xlayout::checked_required_span_size(s).value_or(0);
      return report(
          inv, library_failure(error_id::linear_index_out_of_range, 1, 0,
                               "N is " + std::to_string(n) + ", but " + shape_text(s) + " has " +
                                   std::to_string(span) + " slots (0 to " + std::to_string(span - 1) + ")"));
    }
    return report(inv, library_failure(e.error().id, 0, 0));
  }
  if (inv.json) {
    std::cout << json_line({{"index", json_int_array(*e)}}) << '\n';
  } else {
    std::cout << spaced(*e) << '\n';
  }
  return exit_ok;
}

/// The dimensions as the text gives them: [<=3, ?, 5].
std::string dimensions_text(const xlayout::shape& s) {
  std::string t = "[";
  for (std::size_t d = 0; d < s.rank(); ++d) {
    t += d > 0 ? ", " : "";
    if (xlayout::is_unbounded_dimension(s, d)) {
      t += "?";
    } else {
      t += (xlayout::is_dynamic_dimension(s, d) ? "<=" : "") + std::to_string(s.dimensions[d]);
    }
  }
  return t + "]";
}

/// The offset formula of a static shape: the simplified logical_to_linear_map, in XLA's text and as C.
struct offset_formula {
  xlayout::indexing_map map;
  std::string text;
  std::string code;
};

std::optional<offset_formula> offset_of(const xlayout::shape& s) {
  auto m = xlayout::logical_to_linear_map(s);
  if (!m) return std::nullopt;
  const auto text = xlayout::to_string(*m);
  if (text.overflowed()) return std::nullopt;
  return offset_formula{*m, std::string(text.view()), c_expression(*m)};
}

int run_info(const invocation& inv) {
  if (int rc = need_operands(inv, 1, "info SHAPE [--dims D0,D1,...]")) return rc;
  sized_shape sz;
  if (auto f = parse_sized_shape(inv, 0, sz)) return report(inv, *f);
  const xlayout::shape& s = sz.shape;
  const bool dynamic = !xlayout::is_static(sz.text);
  std::optional<index_t> span, bytes, physical_bytes, count;
  std::optional<xlayout::tiled_vector> physical;
  std::optional<offset_formula> offset;
  if (sz.sized) {
    const auto r_span = xlayout::checked_required_span_size(s);
    const auto r_bytes = xlayout::checked_byte_size(s);
    const auto r_physical_bytes = xlayout::checked_physical_byte_size(s);
    const auto r_physical = xlayout::tiled_dimensions(s);
    const auto r_count = xlayout::checked_element_count(s);
    for (xlayout::error e : {r_span.error(), r_physical.error(), r_count.error()}) {
      if (e.id != error_id::none) return report(inv, library_failure(e.id, 0, 0));
    }
    // The elements and their span fit in int64 here (the other commands work), but their bytes may not
    // (f32[2^61]): those sizes print as too large rather than refusing the shape.
    for (xlayout::error e : {r_bytes.error(), r_physical_bytes.error()}) {
      if (e.id != error_id::none && e.id != error_id::span_overflow)
        return report(inv, library_failure(e.id, 0, 0));
    }
    span = *r_span, physical = *r_physical, count = *r_count;
    if (r_bytes) bytes = *r_bytes;
    if (r_physical_bytes) physical_bytes = *r_physical_bytes;
    offset = offset_of(s);
  }
  const bool strided = xlayout::is_strided(s);
  const auto strides = xlayout::strides(s);
  std::vector<std::string> tiles;
  for (const xlayout::tile& t : s.layout.tiles) tiles.emplace_back(xlayout::to_string(t).view());
  const std::string type(xlayout::to_string(s.element_type).view());
  const std::string text = shape_text(sz.text);

  if (inv.json) {
    json o = {{"shape", text}, {"element_type", type}, {"element_bits", xlayout::element_bits(s)}};
    if (dynamic) {
      json dims = json::array(), flags = json::array();
      for (std::size_t d = 0; d < s.rank(); ++d) {
        const bool unknown = std::find(sz.unknown.begin(), sz.unknown.end(), d) != sz.unknown.end();
        dims.push_back(unknown ? json(nullptr) : json(s.dimensions[d]));
        flags.push_back(xlayout::is_dynamic_dimension(sz.text, d));
      }
      o["dimensions"] = dims;
      o["dynamic_dimensions"] = flags;
    } else {
      o["dimensions"] = json_int_array(s.dimensions);
    }
    o["minor_to_major"] = json_int_array(s.layout.minor_to_major);
    o["tiles"] = tiles;
    if (!s.layout.padded_dimensions.empty())
      o["padded_dimensions"] = json_int_array(s.layout.padded_dimensions);
    const auto number = [](const std::optional<index_t>& v) { return v ? json(*v) : json(nullptr); };
    o["element_count"] = number(count);
    o["required_span_size"] = number(span);
    o["byte_size"] = number(bytes);
    o["physical_byte_size"] = number(physical_bytes);
    o["physical_shape"] = physical ? json_int_array(*physical) : json(nullptr);
    o["strided"] = strided;
    if (strided && strides && sz.sized) o["strides"] = json_int_array(*strides);
    o["offset_map"] = offset ? json(offset->text) : json(nullptr);
    o["offset_code"] = offset ? json(offset->code) : json(nullptr);
    std::cout << json_line(o) << '\n';
    return exit_ok;
  }
  const auto row = [](std::string_view key, const std::string& value) {
    std::cout << key << std::string(key.size() < 20 ? 20 - key.size() : 1, ' ') << value << '\n';
  };
  std::string unknown_dims;
  for (std::size_t d : sz.unknown) unknown_dims += (unknown_dims.empty() ? "" : ", ") + std::to_string(d);
  const std::string unknown = "unknown (dimension" + std::string(sz.unknown.size() == 1 ? " " : "s ") +
                              unknown_dims + (sz.unknown.size() == 1 ? " is" : " are") + " '?': give --dims)";
  std::string tile_text;
  for (const std::string& t : tiles) tile_text += t;
  row("shape", text);
  row("element_type", type + " (" + std::to_string(xlayout::element_bits(s)) + " bits)");
  if (dynamic && !sz.sized) {
    row("dimensions", dimensions_text(sz.text));
  } else if (dynamic) {
    row("dimensions", dimensions_text(sz.text) + " (sized " + bracketed(to_vector(s.dimensions)) +
                          ": '<=N' by its bound, as XLA sizes the buffer; '?' by --dims)");
  } else {
    row("dimensions", bracketed(to_vector(s.dimensions)));
  }
  row("minor_to_major", bracketed(to_vector(s.layout.minor_to_major)));
  row("tiles", tiles.empty() ? "none" : tile_text);
  if (!s.layout.padded_dimensions.empty())
    row("padded_dimensions", bracketed(to_vector(s.layout.padded_dimensions)));
  if (!sz.sized) {
    for (std::string_view key :
         {"element_count", "required_span_size", "byte_size", "physical_byte_size", "physical_shape"})
      row(key, unknown);
    row("strides", strided ? unknown : "none (the tiles reorder the elements)");
    row("offset_map", unknown);
    row("offset_code", unknown);
    return exit_ok;
  }
  row("element_count", std::to_string(*count));
  row("required_span_size",
      std::to_string(*span) + (*span > *count ? " (" + std::to_string(*span - *count) + " of padding)" : ""));
  const std::string too_large = "too large for int64 ([xlayout:span_overflow])";
  row("byte_size", bytes ? std::to_string(*bytes) + " (XLA's ByteSizeOf: the elements only)" : too_large);
  row("physical_byte_size",
      physical_bytes ? std::to_string(*physical_bytes) + " (the laid-out buffer)" : too_large);
  row("physical_shape", bracketed(to_vector(*physical)));
  // is_strided may answer no for a strided layout (a `*` in a later tile, a `*` over padded dimensions):
  // where the offset formula holds no division, say that it cannot tell rather than that tiles reorder.
  const bool formula_linear = offset && !has_division(offset->map);
  row("strides", strided && strides ? bracketed(to_vector(*strides))
                 : formula_linear
                     ? "unknown (is_strided cannot tell for this layout; offset_map has no division)"
                     : "none (the tiles reorder the elements)");
  if (offset) {
    row("offset_map", offset->text);
    row("offset_code", offset->code);
  } else {
    row("offset_map", "unknown (the map does not fit the library's capacities)");
  }
  return exit_ok;
}

int run_code(const invocation& inv) {
  if (int rc = need_operands(inv, 1, "code SHAPE [--dims D0,D1,...]")) return rc;
  sized_shape sz;
  if (auto f = parse_fully_sized_shape(inv, 0, sz)) return report(inv, *f);
  auto m = xlayout::logical_to_linear_map(sz.shape);
  if (!m) return report(inv, library_failure(m.error().id, 0, 0));
  const auto map_text = xlayout::to_string(*m);
  if (map_text.overflowed())
    return report(inv, library_failure(error_id::capacity_exceeded, -1, -1,
                                       "the map's text is longer than XLAYOUT_MAX_TEXT characters"));
  const bool dynamic = !xlayout::is_static(sz.text);
  const std::string code =
      c_function(*m, shape_text(sz.text) + (dynamic ? " (sized as " + shape_text(sz.shape) + ")" : ""),
                 std::string(map_text.view()));
  if (inv.json) {
    std::cout << json_line({{"shape", shape_text(sz.text)},
                            {"map", std::string(map_text.view())},
                            {"expression", c_expression(*m)},
                            {"code", code}})
              << '\n';
  } else {
    std::cout << code;
  }
  return exit_ok;
}

/// The linear index of every element, nested like the array: [[0, 1, 4], [2, 3, 6]].
json nested_linear_indices(const xlayout::shape& s, index_vector& e, std::size_t d) {
  if (d == s.rank()) return xlayout::linear_index(s, e);
  json items = json::array();
  for (index_t i = 0; i < s.dimensions[d]; ++i) {
    e[d] = i;
    items.push_back(nested_linear_indices(s, e, d + 1));
  }
  return items;
}

int run_draw(const invocation& inv) {
  if (int rc = need_operands(inv, 1, "draw SHAPE [--svg FILE] [--dims D0,D1,...]")) return rc;
  sized_shape sz;
  if (auto f = parse_fully_sized_shape(inv, 0, sz)) return report(inv, *f);
  const xlayout::shape& s = sz.shape;
  const bool dynamic = !xlayout::is_static(sz.text);
  const index_t span = xlayout::checked_required_span_size(s).value_or(0);
  if (inv.json && span > max_json_slots) {
    return report(inv, failure{"too_large",
                               "draw --json: the memory has more slots than the command lists (" +
                                   std::to_string(max_json_slots) + ")",
                               0,
                               0,
                               "this shape has " + std::to_string(span) + " slots",
                               {}});
  }
  if (inv.svg) {
    std::ofstream file(*inv.svg, std::ios::binary);
    file << draw_svg(s);
    file.close();
    if (!file) {
      return report(
          inv,
          failure{"cannot_write", "draw --svg: cannot write the file '" + *inv.svg + "'", -1, -1, {}, {}});
    }
  }
  if (inv.json) {
    json o = {{"shape", shape_text(sz.text)}};
    if (dynamic) o["sized_as"] = shape_text(s);
    o["required_span_size"] = span;
    index_vector e;
    e.resize(s.rank());
    const bool empty = xlayout::checked_element_count(s).value_or(0) == 0;
    o["linear_index"] = empty && s.rank() > 0 ? json::array() : nested_linear_indices(s, e, 0);
    json memory = json::array();
    for (index_t slot = 0; slot < span; ++slot) {
      auto m = xlayout::multi_index(s, slot);
      memory.push_back(m ? json_int_array(*m) : json(nullptr));
    }
    o["memory"] = std::move(memory);
    if (inv.svg) o["svg"] = *inv.svg;
    std::cout << json_line(o) << '\n';
    return exit_ok;
  }
  if (dynamic) {
    std::cout << shape_text(sz.text) << " is drawn as " << shape_text(s)
              << " ('<=N' by its bound, as XLA sizes the buffer; '?' by --dims)\n\n";
  }
  draw_text(std::cout, s);
  if (inv.svg) std::cout << "\nwrote " << *inv.svg << '\n';
  return exit_ok;
}

/// Parses operand `op` as an indexing map.
std::optional<failure> parse_map(const std::vector<operand>& ops, int op, xlayout::indexing_map& out) {
  auto m = xlayout::parse_indexing_map(ops[static_cast<std::size_t>(op)].text);
  if (!m) return library_failure(m.error().id, op, std::max<index_t>(m.error().position, 0));
  out = *m;
  return std::nullopt;
}

/// A map must have a domain: the library reads a map without `domain:` as unbounded, but simplify,
/// compose and equivalent reason from the ranges, and an unbounded one is almost always a forgotten domain.
std::optional<failure> missing_domain(const std::vector<operand>& ops, int op,
                                      const xlayout::indexing_map& m) {
  std::string unbounded;
  std::size_t count = 0;
  for (std::size_t v = 0; v < m.num_vars(); ++v) {
    if (m.bounds[v].lower != xlayout::index_min || m.bounds[v].upper != xlayout::index_max) continue;
    unbounded += (unbounded.empty() ? "" : ", ") + c_variable_name(m, v);
    ++count;
  }
  if (count > 0) {
    const std::string& text = ops[static_cast<std::size_t>(op)].text;
    return failure{
        "missing_domain",
        "IndexingMap: the map has no domain: each variable needs its range (`, domain: d0 in [lo, hi], ...`)",
        op,
        static_cast<index_t>(text.size()),
        (count == 1 ? "no range for " : "no ranges for ") + unbounded + ": add `, domain: " +
            c_variable_name(m, 0) + " in [0, N]" + (m.num_vars() > 1 ? ", ..." : "") + "`",
        {}};
  }
  return std::nullopt;
}

int print_map(const invocation& inv, const xlayout::indexing_map& m) {
  const auto text = xlayout::to_string(m);
  if (text.overflowed())
    return report(inv, library_failure(error_id::capacity_exceeded, -1, -1,
                                       "the map's text is longer than XLAYOUT_MAX_TEXT characters"));
  if (inv.json) {
    std::cout << json_line({{"map", std::string(text.view())}}) << '\n';
  } else {
    std::cout << text.view() << '\n';
  }
  return exit_ok;
}

int run_simplify(const invocation& inv) {
  if (int rc = need_operands(inv, 1, "simplify MAP")) return rc;
  xlayout::indexing_map m;
  if (auto f = parse_map(inv.operands, 0, m)) return report(inv, *f);
  if (auto f = missing_domain(inv.operands, 0, m)) return report(inv, *f);
  auto r = xlayout::checked_simplify(m);
  if (!r) return report(inv, library_failure(r.error().id, 0, 0));
  return print_map(inv, *r);
}

int run_compose(const invocation& inv) {
  if (int rc = need_operands(inv, 2, "compose MAP1 MAP2")) return rc;
  xlayout::indexing_map first, second;
  if (auto f = parse_map(inv.operands, 0, first)) return report(inv, *f);
  if (auto f = parse_map(inv.operands, 1, second)) return report(inv, *f);
  if (auto f = missing_domain(inv.operands, 0, first)) return report(inv, *f);
  if (auto f = missing_domain(inv.operands, 1, second)) return report(inv, *f);
  auto r = xlayout::checked_compose_simplified(first, second);
  if (!r) {
    std::string hint;
    if (r.error().id == error_id::variable_count_mismatch)
      hint = "MAP1 has " + plural(first.num_results, "result") + ", MAP2 " +
             plural(second.num_dims, "dimension") + ": the results of MAP1 are the dimensions of MAP2";
    return report(inv, library_failure(r.error().id, 1, 0, hint));
  }
  return print_map(inv, *r);
}

int run_equivalent(const invocation& inv) {
  if (int rc = need_operands(inv, 2, "equivalent MAP1 MAP2")) return rc;
  xlayout::indexing_map a, b;
  if (auto f = parse_map(inv.operands, 0, a)) return report(inv, *f);
  if (auto f = parse_map(inv.operands, 1, b)) return report(inv, *f);
  if (auto f = missing_domain(inv.operands, 0, a)) return report(inv, *f);
  if (auto f = missing_domain(inv.operands, 1, b)) return report(inv, *f);
  const std::string answer(xlayout::to_string(xlayout::equivalent(a, b, equivalence_budget)));
  std::cout << (inv.json ? json_line({{"equivalent", answer}}) : answer) << '\n';
  return exit_ok;
}

int run_analyze(const invocation& inv) {
  if (int rc = need_operands(inv, 1, "analyze FILE|- [--input K] [--group]")) return rc;
  analyze_options opt;
  opt.file = inv.operands[0].text;
  opt.json = inv.json;
  opt.input = inv.input;
  opt.group = inv.group;
  if (opt.input && opt.group) return report(inv, usage_failure("--input and --group do not go together"));
  return run_analyze_command(opt);
}

// --- the command line -------------------------------------------------------------------------------------
//
// Parsed by hand (run() below), not with CLI11: tried with Debian 12's CLI11 2.1.2 (libcli11-dev), which
// does handle subcommands, `--json` after the command, `--svg=FILE` and negative numbers as positionals,
// but it cannot reproduce, without working around it on every point:
// - `--` inside a subcommand ends the subcommand: `xlayout delinearize SHAPE -- -5` hands `-5` to the
//   top-level app as an unexpected argument instead of making it the operand N;
// - its usage errors are its own texts ("The following argument was not expected: --verbose",
//   "--svg: 1 required TEXT missing", "A subcommand is required"); keeping ours (`unknown option '--verbose'
//   for index`, `--svg needs a file name`, `no command 'x' (commands: ...)`) needs allow_extras() on every
//   subcommand and a rewrite of each exception, and the first bad argument, left to right, is no longer
//   the one reported (it reports by kind: missing values, then extras);
// - its help would be switched off for help.hpp's texts, and `--dims`/`--input` checked by hand anyway.
// That is more code than this loop, so the command keeps it (docs/cli.md, "The command line").

struct command_entry {
  std::string_view name;
  int (*run)(const invocation&);
  std::string_view help;
  const char* const* operand_names;  // names of the operands, the last one repeated (I0, I1, ...)
};

constexpr const char* index_names[] = {"SHAPE", "I", nullptr};
constexpr const char* delinearize_names[] = {"SHAPE", "N", nullptr};
constexpr const char* shape_names[] = {"SHAPE", nullptr};
constexpr const char* map_names[] = {"MAP", nullptr};
constexpr const char* map_pair_names[] = {"MAP1", "MAP2", nullptr};
constexpr const char* file_names[] = {"FILE", nullptr};

constexpr command_entry commands[] = {
    {"index", run_index, index_help, index_names},
    {"delinearize", run_delinearize, delinearize_help, delinearize_names},
    {"info", run_info, info_help, shape_names},
    {"draw", run_draw, draw_help, shape_names},
    {"code", run_code, code_help, shape_names},
    {"simplify", run_simplify, simplify_help, map_names},
    {"compose", run_compose, compose_help, map_pair_names},
    {"equivalent", run_equivalent, equivalent_help, map_pair_names},
    {"analyze", run_analyze, analyze_help, file_names},
};

const command_entry* find_command(std::string_view name) {
  for (const command_entry& c : commands) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

/// The name of operand i: SHAPE, then I0, I1, ... for index; MAP1, MAP2; extra operands are ARGi.
std::string operand_name(const command_entry& c, std::size_t i) {
  std::size_t n = 0;
  while (c.operand_names[n]) ++n;
  if (c.name == "index" && i >= 1) return "I" + std::to_string(i - 1);
  if (i < n) return c.operand_names[i];
  return "ARG" + std::to_string(i + 1);
}

std::string command_list() {
  std::string t;
  for (const command_entry& c : commands) t += (t.empty() ? "" : ", ") + std::string(c.name);
  return t;
}

int run(const std::vector<std::string>& args) {
  invocation inv;
  // `--json` before a `--` (after it, every argument is an operand, `--json` too).
  const auto options_end = std::find(args.begin(), args.end(), "--");
  const bool json_anywhere = std::find(args.begin(), options_end, "--json") != options_end;
  if (args.empty()) {
    std::cerr << general_help;
    return exit_bad_input;
  }
  const std::string& first = args[0];
  if (first == "--help" || first == "-h" || first == "help") {
    if (args.size() > 1 && args[1] != "--json") {
      if (const command_entry* c = find_command(args[1])) {
        std::cout << c->help;
        return exit_ok;
      }
      inv.json = json_anywhere;
      return report(inv, usage_failure("no command '" + args[1] + "' (commands: " + command_list() + ")"));
    }
    std::cout << general_help;
    return exit_ok;
  }
  if (first == "--version") {
    std::cout << "xlayout " << xlayout::version_major << '.' << xlayout::version_minor << '.'
              << xlayout::version_patch << '\n';
    return exit_ok;
  }
  const command_entry* c = find_command(first);
  inv.json = json_anywhere;
  if (!c) {
    if (!first.empty() && first[0] == '-')
      return report(inv, usage_failure("an option must follow a command: '" + first + "'"));
    return report(inv, usage_failure("no command '" + first + "' (commands: " + command_list() + ")"));
  }
  inv.command = first;
  bool options_done = false;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool looks_like_option = a.size() > 1 && a[0] == '-' && !(a[1] >= '0' && a[1] <= '9');
    if (options_done || !looks_like_option) {
      inv.operands.push_back({operand_name(*c, inv.operands.size()), a});
    } else if (a == "--") {
      options_done = true;
    } else if (a == "--json") {
      inv.json = true;
    } else if (a == "--help" || a == "-h") {
      inv.help = true;
    } else if (c->name == "draw" && (a == "--svg" || a.rfind("--svg=", 0) == 0)) {
      if (a == "--svg") {
        if (i + 1 == args.size()) return report(inv, usage_failure("--svg needs a file name"));
        inv.svg = args[++i];
      } else {
        inv.svg = a.substr(6);
      }
    } else if ((c->name == "info" || c->name == "draw" || c->name == "code" || c->name == "index" ||
                c->name == "delinearize") &&
               (a == "--dims" || a.rfind("--dims=", 0) == 0)) {
      std::string list;
      if (a == "--dims") {
        if (i + 1 == args.size()) return report(inv, usage_failure("--dims needs sizes, e.g. --dims 8,4"));
        list = args[++i];
      } else {
        list = a.substr(7);
      }
      std::vector<index_t> sizes;
      std::size_t at = 0;
      while (true) {
        const std::size_t comma = std::min(list.find(',', at), list.size());
        const std::string item = list.substr(at, comma - at);
        xlayout::text::scanner sc(item);
        index_t v = 0;
        if (item.empty() || !sc.read_integer(v, false) || !sc.at_end())
          return report(inv, usage_failure("--dims needs sizes such as 8,4, not '" + list + "'"));
        sizes.push_back(v);
        if (comma == list.size()) break;
        at = comma + 1;
      }
      inv.dims = sizes;
    } else if (c->name == "analyze" && a == "--group") {
      inv.group = true;
    } else if (c->name == "analyze" && (a == "--input" || a.rfind("--input=", 0) == 0)) {
      std::string k;
      if (a == "--input") {
        if (i + 1 == args.size()) return report(inv, usage_failure("--input needs a parameter number"));
        k = args[++i];
      } else {
        k = a.substr(8);
      }
      if (k.empty() || k.size() > 6 || k.find_first_not_of("0123456789") != std::string::npos)
        return report(inv, usage_failure("--input needs a parameter number, not '" + k + "'"));
      inv.input = std::stoll(k);
    } else {
      return report(inv, usage_failure("unknown option '" + a + "' for " + std::string(c->name)));
    }
  }
  if (inv.help) {
    std::cout << c->help;
    return exit_ok;
  }
  return c->run(inv);
}

}  // namespace
}  // namespace xlayout_cli

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  const int rc = xlayout_cli::run(args);
  // A full disk or a closed pipe: the answer did not reach its reader, so the command did not succeed.
  if (!std::cout.flush()) {
    std::cerr << "xlayout: [xlayout:cannot_write] cannot write to the standard output\n";
    return xlayout_cli::exit_bad_input;
  }
  return rc;
}
