// include/xlayout/text/parse_shape.hpp: XLA's shape and layout text parsed into values, with errors that
// name the rule and the position: parse_shape("f32[3,5]{1,0:T(2,2)}"), parse_layout("{1,0:T(2,2)}"),
// parse_shape_tree("(f32[2], token[])").
#pragma once
#include <string_view>

#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/layout/validate.hpp>
#include <xlayout/text/scanner.hpp>
#include <xlayout/values/element_type.hpp>
#include <xlayout/values/layout.hpp>
#include <xlayout/values/shape.hpp>
#include <xlayout/values/shape_tree.hpp>

namespace XLAYOUT_NAMESPACE {

/// How to parse: `validate = false` gives XLA's ParseShape alone (syntax and the minor_to_major length);
/// the default also applies LayoutUtil::ValidateLayoutForShape and xlayout's own layout rules.
struct parse_options {
  bool validate = true;
};

namespace detail {

/// Where each part of a layout was written, so that a validation error can point at the text.
struct layout_positions {
  index_t open = -1;  // the '{'
  static_vector<index_t, XLAYOUT_MAX_RANK> minor_to_major;
  static_vector<index_t, XLAYOUT_MAX_TILES> tile_open;
  static_vector<static_vector<index_t, XLAYOUT_MAX_RANK>, XLAYOUT_MAX_TILES> tile_dims;
  index_t tail_padding = -1, index_type = -1, pointer_type = -1, element_size = -1, memory_space = -1;
  index_t physical_shape = -1, padded = -1, metadata_prefix = -1;
  static_vector<index_t, XLAYOUT_MAX_SPLIT_CONFIGS> split_open;
  static_vector<static_vector<index_t, XLAYOUT_MAX_SPLIT_INDICES>, XLAYOUT_MAX_SPLIT_CONFIGS> split_indices;
};

struct shape_positions {
  index_t start = -1;
  static_vector<index_t, XLAYOUT_MAX_RANK> dimensions;
  layout_positions layout;
};

/// The text position a validation issue refers to.
constexpr index_t issue_position(const layout_issue& issue, const shape_positions& p) noexcept {
  const layout_positions& l = p.layout;
  const auto at = [](const auto& v, index_t i, index_t fallback) {
    return (i >= 0 && static_cast<std::size_t>(i) < v.size()) ? v[static_cast<std::size_t>(i)] : fallback;
  };
  const index_t open = l.open >= 0 ? l.open : p.start;
  switch (issue.field) {
    case layout_field::dimensions:
      return at(p.dimensions, issue.item, open);
    case layout_field::minor_to_major:
      return at(l.minor_to_major, issue.item, open);
    case layout_field::tiles: {
      if (issue.item < 0 || static_cast<std::size_t>(issue.item) >= l.tile_open.size()) return open;
      const auto& dims = l.tile_dims[static_cast<std::size_t>(issue.item)];
      return at(dims, issue.sub, l.tile_open[static_cast<std::size_t>(issue.item)]);
    }
    case layout_field::tail_padding:
      return l.tail_padding >= 0 ? l.tail_padding : open;
    case layout_field::index_type:
      return l.index_type;
    case layout_field::pointer_type:
      return l.pointer_type;
    case layout_field::element_size:
      return l.element_size;
    case layout_field::memory_space:
      return l.memory_space;
    case layout_field::physical_shape:
      return l.physical_shape;
    case layout_field::metadata_prefix:
      return l.metadata_prefix;
    case layout_field::padded_dimensions:
      return l.padded >= 0 ? l.padded : open;
    case layout_field::split_configs: {
      if (issue.item < 0 || static_cast<std::size_t>(issue.item) >= l.split_open.size()) return open;
      const auto& idx = l.split_indices[static_cast<std::size_t>(issue.item)];
      return at(idx, issue.sub, l.split_open[static_cast<std::size_t>(issue.item)]);
    }
    case layout_field::none:
      break;
  }
  return open;
}

/// The parser. Each method returns false after recording the first error in the scanner.
class shape_parser {
 public:
  constexpr explicit shape_parser(std::string_view text) noexcept : in_(text) {}

  constexpr text::scanner& in() noexcept { return in_; }

  /// An element type name (case-insensitive), at the current position.
  constexpr bool element_type_name(element_type& out) noexcept {
    in_.skip_space();
    const std::size_t start = in_.position();
    const std::string_view name = in_.read_name();
    out = element_type_from_name(name);
    if (out == element_type::invalid || out == element_type::tuple || out == element_type::buffer) {
      if (name.empty())
        return in_.fail_at(in_.at_end() ? error_id::unexpected_end : error_id::expected_shape, start);
      return in_.fail_at(error_id::unknown_element_type, start);
    }
    return true;
  }

  /// `type[dims]{layout}` or `b(type[dims]{layout})`; the layout is filled with the default when absent.
  constexpr bool array_shape(shape& s, shape_positions& pos) noexcept {
    in_.skip_space();
    pos.start = static_cast<index_t>(in_.position());
    if (in_.peek() == 'b' && is_buffer_open()) {  // `b(`, or `b (`: XLA's lexer skips the space
      in_.accept('b');
      in_.accept('(');
      in_.skip_space();
      const std::size_t inner = in_.position();
      if (!plain_array(s, pos)) return false;
      // XLA's MakeValidatedBufferShape: a buffer holds an array (not a token or an opaque value).
      if (!is_array_type(s.element_type)) return in_.fail_at(error_id::invalid_element_type, inner);
      if (!in_.accept(')')) return in_.fail(error_id::expected_closing_paren);
      s.is_buffer = true;
      return true;
    }
    return plain_array(s, pos);
  }

  /// After a 'b': is the next character, spaces skipped, a '('?
  constexpr bool is_buffer_open() const noexcept {
    text::scanner look = in_;
    look.set_position(look.position() + 1);
    return look.next_is('(');
  }

  /// A layout: `{` minor_to_major [`:` properties] `}`.
  constexpr bool layout_text(layout& l, layout_positions& pos) noexcept {
    in_.skip_space();
    pos.open = static_cast<index_t>(in_.position());
    if (!in_.expect('{', error_id::expected_layout)) return false;
    if (!in_.next_is(':') && !in_.next_is('}')) {
      do {
        index_t d = 0;
        in_.skip_space();
        const auto p = static_cast<index_t>(in_.position());
        if (!in_.read_integer(d)) return false;
        if (!l.minor_to_major.try_push_back(d))
          return in_.fail_at(error_id::rank_too_large, static_cast<std::size_t>(p));
        pos.minor_to_major.push_back(p);
      } while (in_.accept(','));
    }
    if (in_.accept(':')) {
      if (!properties(l, pos)) return false;
    }
    return in_.expect('}', error_id::expected_closing_brace);
  }

  /// A shape that may be a tuple, appended to `tree` (pre-order).
  constexpr bool tree_shape(shape_tree& tree, int depth, parse_options opt) noexcept {
    if (!skip_space_and_comments()) return false;
    if (depth > max_tuple_depth) return in_.fail(error_id::nesting_too_deep);
    if (in_.peek() == '(') {
      in_.accept('(');
      const std::size_t self = tree.nodes.size();
      if (!tree.nodes.try_push_back({true, 0, 0})) return in_.fail(error_id::capacity_exceeded);
      if (!in_.next_is(')')) {
        do {
          if (!tree_shape(tree, depth + 1, opt)) return false;
          ++tree.nodes[self].children;
        } while (in_.accept(','));
      }
      return in_.expect(')', error_id::expected_closing_paren);
    }
    shape s;
    shape_positions pos;
    if (!array_shape(s, pos)) return false;
    if (opt.validate && !validated(s, pos)) return false;
    if (tree.leaves.full() || tree.nodes.full()) return in_.fail(error_id::capacity_exceeded);
    tree.nodes.push_back({false, 0, static_cast<unsigned char>(tree.leaves.size())});
    tree.leaves.push_back(s);
    return true;
  }

  /// Skips whitespace and `/* ... */` comments: XLA writes `/*index=5*/` before every fifth element of a
  /// tuple (to_string(shape_tree) too), and its lexer skips comments. An unclosed comment is unexpected_end
  /// at its `/`.
  constexpr bool skip_space_and_comments() noexcept {
    while (true) {
      in_.skip_space();
      if (in_.peek() != '/' || in_.peek(1) != '*') return true;
      const std::size_t open = in_.position();
      const std::size_t close = in_.text().find("*/", open + 2);
      if (close == std::string_view::npos) return in_.fail_at(error_id::unexpected_end, open);
      in_.set_position(close + 2);
    }
  }

  /// Applies the layout rules, pointing an error at the offending text.
  constexpr bool validated(const shape& s, const shape_positions& pos) noexcept {
    const layout_issue issue = find_layout_issue(s);
    if (!issue) return true;
    return in_.fail_at(issue.id, static_cast<std::size_t>(issue_position(issue, pos)));
  }

 private:
  constexpr bool plain_array(shape& s, shape_positions& pos) noexcept {
    if (!element_type_name(s.element_type)) return false;
    if (!in_.expect('[', error_id::unexpected_character)) return false;
    if (!in_.next_is(']')) {
      do {
        in_.skip_space();
        const std::size_t at = in_.position();
        const auto p = static_cast<index_t>(at);
        index_t size = 0;
        bool dynamic = false;
        // One look at the next character (each scanner call costs a constant evaluation its own steps).
        const char c = in_.peek();
        if (c == '?') {
          in_.set_position(at + 1);
          size = dyn;
          dynamic = true;
        } else if (c == '<' && in_.peek(1) == '=') {
          in_.set_position(at + 2);
          dynamic = true;
          if (!in_.read_integer(size, false)) return false;
        } else if (c == '-') {
          return in_.fail(error_id::negative_dimension);
        } else if (!text::is_digit(c)) {
          return in_.fail(in_.at_end() ? error_id::unexpected_end : error_id::expected_dimension);
        } else if (!in_.read_integer(size, false)) {
          return false;
        }
        if (s.dimensions.full()) return in_.fail_at(error_id::rank_too_large, static_cast<std::size_t>(p));
        s.dimensions.push_back(size);
        s.dynamic_dimensions.push_back(dynamic);
        pos.dimensions.push_back(p);
      } while (in_.accept(','));
    }
    if (!in_.expect(']', error_id::expected_closing_bracket)) return false;
    if (!is_array_type(s.element_type) && s.rank() != 0)
      return in_.fail_at(error_id::invalid_element_type, static_cast<std::size_t>(pos.start));
    // As in XLA, a '{' starts a layout only when an integer (a negative one too: XLA's lexer reads `-1` as
    // one, and the layout is then refused as dimension_out_of_range) or ':' follows it.
    bool has_layout = false;
    if (in_.next_is('{')) {
      text::scanner look = in_;
      look.accept('{');
      look.skip_space();
      has_layout = text::is_digit(look.peek()) || look.peek() == ':' ||
                   (look.peek() == '-' && text::is_digit(look.peek(1)));
    }
    if (has_layout && !is_array_type(s.element_type)) {
      // `token[]{:S(1)}`: XLA's parser gives the layout to a shape that has none, and stops on a CHECK.
      in_.skip_space();
      return in_.fail(error_id::invalid_element_type);
    }
    if (has_layout) {
      if (!layout_text(s.layout, pos.layout)) return false;
      if (s.layout.rank() != s.rank()) {
        return in_.fail_at(error_id::minor_to_major_size_mismatch, static_cast<std::size_t>(pos.layout.open));
      }
      if (s.layout.physical_shape.present) {
        return in_.fail_at(error_id::physical_shape_on_dense,
                           static_cast<std::size_t>(pos.layout.physical_shape));
      }
    } else if (is_array_type(s.element_type)) {
      s.layout = default_layout(static_cast<index_t>(s.rank()));
    }
    return true;
  }

  /// `(n)` for the L, E, S, M properties.
  constexpr bool parenthesized_integer(index_t& v) noexcept {
    if (!in_.expect('(', error_id::expected_open_paren)) return false;
    if (!in_.read_integer(v)) return false;
    return in_.expect(')', error_id::expected_closing_paren);
  }

  /// `(u32)` for the # and * properties.
  constexpr bool parenthesized_unsigned_type(element_type& t) noexcept {
    if (!in_.expect('(', error_id::expected_open_paren)) return false;
    in_.skip_space();
    const std::size_t p = in_.position();
    if (!element_type_name(t)) return false;
    if (!is_unsigned_integral(t)) return in_.fail_at(error_id::expected_unsigned_type, p);
    return in_.expect(')', error_id::expected_closing_paren);
  }

  constexpr bool properties(layout& l, layout_positions& pos) noexcept {
    // XLA's order: D T L # * E S SC P M; then xlayout's pad(...) extension. Each at most once.
    int last = -1;
    while (!in_.next_is('}') && !in_.at_end()) {
      const auto p = static_cast<index_t>(in_.position());  // next_is skipped the whitespace
      int which = -1;
      const char c = in_.peek();
      if (c == 'p' && in_.accept("pad")) {
        which = 10;
      } else if (c == 'S' && in_.peek(1) == 'C') {
        in_.set_position(in_.position() + 2);
        which = 7;
      } else {
        switch (c) {
          case 'D':
            which = 0;
            break;
          case 'T':
            which = 1;
            break;
          case 'L':
            which = 2;
            break;
          case '#':
            which = 3;
            break;
          case '*':
            which = 4;
            break;
          case 'E':
            which = 5;
            break;
          case 'S':
            which = 6;
            break;
          case 'P':
            which = 8;
            break;
          case 'M':
            which = 9;
            break;
          default:
            return in_.fail(error_id::unknown_layout_property);
        }
        in_.set_position(in_.position() + 1);
      }
      if (which <= last) return in_.fail_at(error_id::property_out_of_order, static_cast<std::size_t>(p));
      last = which;
      bool ok = true;
      switch (which) {
        case 0:
          ok = dim_level_types();
          break;
        case 1:
          ok = tiles(l, pos);
          break;
        case 2:
          pos.tail_padding = p;
          ok = parenthesized_integer(l.tail_padding_alignment_in_elements);
          break;
        case 3:
          pos.index_type = p;
          ok = parenthesized_unsigned_type(l.index_primitive_type);
          break;
        case 4:
          pos.pointer_type = p;
          ok = parenthesized_unsigned_type(l.pointer_primitive_type);
          break;
        case 5:
          pos.element_size = p;
          ok = parenthesized_integer(l.element_size_in_bits);
          break;
        case 6:
          pos.memory_space = p;
          ok = parenthesized_integer(l.memory_space);
          break;
        case 7:
          ok = split_configs(l, pos);
          break;
        case 8:
          pos.physical_shape = p;
          ok = physical_shape(l);
          break;
        case 9:
          pos.metadata_prefix = p;
          ok = parenthesized_integer(l.dynamic_shape_metadata_prefix_bytes);
          break;
        case 10:
          pos.padded = p;
          ok = padded_dimensions(l);
          break;
        default:
          break;
      }
      if (!ok) return false;
    }
    return true;
  }

  /// `D(D,C,S,H...)`: dim level types, each optionally followed by '+' then '~' (at most one of each, in
  /// that order, spaces between as between any tokens: XLA's ParseDimLevelTypes); accepted and dropped as
  /// XLA does.
  constexpr bool dim_level_types() noexcept {
    if (!in_.expect('(', error_id::expected_open_paren)) return false;
    if (!in_.next_is(')')) {
      do {
        in_.skip_space();
        const char c = in_.peek();
        if (c != 'D' && c != 'C' && c != 'S' && c != 'H') return in_.fail(error_id::invalid_dim_level_type);
        in_.set_position(in_.position() + 1);
        in_.accept('+');
        in_.accept('~');
      } while (in_.accept(','));
    }
    return in_.expect(')', error_id::expected_closing_paren);
  }

  constexpr bool tiles(layout& l, layout_positions& pos) noexcept {
    if (!in_.next_is('(')) return in_.fail(error_id::expected_open_paren);
    while (in_.next_is('(')) {
      const auto open = static_cast<index_t>(in_.position());
      in_.accept('(');
      tile t;
      static_vector<index_t, XLAYOUT_MAX_RANK> dim_pos;
      if (!in_.next_is(')')) {
        do {
          in_.skip_space();
          const auto p = static_cast<index_t>(in_.position());
          index_t v = 0;
          if (in_.accept('*')) {
            v = combine_dimension;
          } else if (!in_.read_integer(v)) {
            return false;
          } else if (v == combine_dimension) {
            // INT64_MIN written out: not a size, and not '*' either (which the value stands for).
            return in_.fail_at(error_id::invalid_tile_size, static_cast<std::size_t>(p));
          }
          if (!t.dimensions.try_push_back(v))
            return in_.fail_at(error_id::tile_rank_too_large, static_cast<std::size_t>(p));
          dim_pos.push_back(p);
        } while (in_.accept(','));
      }
      if (!in_.expect(')', error_id::expected_closing_paren)) return false;
      if (!l.tiles.try_push_back(t))
        return in_.fail_at(error_id::too_many_tiles, static_cast<std::size_t>(open));
      pos.tile_open.push_back(open);
      pos.tile_dims.push_back(dim_pos);
    }
    return true;
  }

  /// `SC(dim:i,j)(dim:k)...`
  constexpr bool split_configs(layout& l, layout_positions& pos) noexcept {
    if (!in_.next_is('(')) return in_.fail(error_id::expected_open_paren);
    while (in_.next_is('(')) {
      const auto open = static_cast<index_t>(in_.position());
      in_.accept('(');
      split_config sc;
      static_vector<index_t, XLAYOUT_MAX_SPLIT_INDICES> idx_pos;
      if (!in_.read_integer(sc.dimension)) return false;
      if (!in_.expect(':', error_id::unexpected_character)) return false;
      // `SC(0:)`, no split index, is XLA's too (ParseSplitConfigs reads a list that may be empty).
      if (!in_.next_is(')')) {
        do {
          in_.skip_space();
          const auto p = static_cast<index_t>(in_.position());
          index_t v = 0;
          if (!in_.read_integer(v)) return false;
          if (!sc.split_indices.try_push_back(v))
            return in_.fail_at(error_id::capacity_exceeded, static_cast<std::size_t>(p));
          idx_pos.push_back(p);
        } while (in_.accept(','));
      }
      if (!in_.expect(')', error_id::expected_closing_paren)) return false;
      if (!l.split_configs.try_push_back(sc))
        return in_.fail_at(error_id::capacity_exceeded, static_cast<std::size_t>(open));
      pos.split_open.push_back(open);
      pos.split_indices.push_back(idx_pos);
    }
    return true;
  }

  /// `P(s32[10,20]{1,0})`: only the element type, sizes and minor_to_major are kept.
  constexpr bool physical_shape(layout& l) noexcept {
    if (!in_.expect('(', error_id::expected_open_paren)) return false;
    in_.skip_space();
    const std::size_t start = in_.position();
    shape inner;
    shape_positions inner_pos;
    if (!plain_array(inner, inner_pos)) return false;
    layout only_order = make_layout(inner.layout.minor_to_major);
    if (!identical(only_order, inner.layout) || inner.is_buffer || !is_static(inner)) {
      return in_.fail_at(error_id::unsupported_physical_shape, start);
    }
    l.physical_shape.present = true;
    l.physical_shape.element_type = inner.element_type;
    l.physical_shape.dimensions = inner.dimensions;
    l.physical_shape.minor_to_major = inner.layout.minor_to_major;
    return in_.expect(')', error_id::expected_closing_paren);
  }

  /// xlayout's extension `pad(3,5)` or `pad(3,5:one)`: padded_dimensions and padding_value
  /// ("Shapes and layout").
  constexpr bool padded_dimensions(layout& l) noexcept {
    if (!in_.expect('(', error_id::expected_open_paren)) return false;
    do {
      in_.skip_space();
      const auto p = in_.position();
      index_t v = 0;
      if (!in_.read_integer(v)) return false;
      if (!l.padded_dimensions.try_push_back(v)) return in_.fail_at(error_id::rank_too_large, p);
    } while (in_.accept(','));
    if (in_.accept(':')) {
      in_.skip_space();
      const auto p = in_.position();
      const std::string_view name = in_.read_name();
      constexpr std::string_view names[] = {"zero", "one", "lowest", "highest", "unknown"};
      bool found = false;
      for (int i = 0; i < 5; ++i) {
        if (names[i] == name) {
          l.padding_value = static_cast<padding_value_kind>(i);
          found = true;
        }
      }
      if (!found) return in_.fail_at(error_id::unexpected_character, p);
    }
    return in_.expect(')', error_id::expected_closing_paren);
  }

  text::scanner in_;
};

}  // namespace detail

/// Parses one array shape (or token[], opaque[], b(...)) in XLA's syntax. Whitespace is free and type
/// names may be upper case (XLA's documents write `F32[3,5]`). A missing layout is XLA's default. Errors
/// carry the id and the 0-based position of the offending text; with the default options the layout is
/// also validated against the shape (not_a_permutation, invalid_tile_size, ...).
constexpr result<shape> parse_shape(std::string_view text, parse_options opt = {}) noexcept {
  detail::shape_parser p(text);
  p.in().skip_space();
  if (p.in().peek() == '(')
    return error{error_id::tuple_not_allowed, static_cast<index_t>(p.in().position())};
  shape s;
  detail::shape_positions pos;
  if (!p.array_shape(s, pos)) return p.in().failure();
  p.in().skip_space();
  if (!p.in().at_end()) return error{error_id::extra_content, static_cast<index_t>(p.in().position())};
  if (opt.validate && !p.validated(s, pos)) return p.in().failure();
  return s;
}

/// Parses a shape that may be a tuple: "(f32[1],(f32[2], token[]), opaque[])". Tuples nest at most 10 deep.
constexpr result<shape_tree> parse_shape_tree(std::string_view text, parse_options opt = {}) noexcept {
  detail::shape_parser p(text);
  shape_tree tree;
  if (!p.tree_shape(tree, 0, opt)) return p.in().failure();
  p.in().skip_space();
  if (!p.in().at_end()) return error{error_id::extra_content, static_cast<index_t>(p.in().position())};
  return tree;
}

/// Parses a layout on its own: "{1,0:T(2,2)}". Not validated (a layout is valid only for a shape).
constexpr result<layout> parse_layout(std::string_view text) noexcept {
  detail::shape_parser p(text);
  layout l;
  detail::layout_positions pos;
  if (!p.layout_text(l, pos)) return p.in().failure();
  p.in().skip_space();
  if (!p.in().at_end()) return error{error_id::extra_content, static_cast<index_t>(p.in().position())};
  return l;
}

/// Asks whether the text is a valid shape (syntax and layout rules); never fails to compile.
constexpr bool is_valid_shape(std::string_view text) noexcept { return parse_shape(text).has_value(); }

/// Asks whether the text is a layout, "{1,0:T(2,2)}", that is valid on its own: it parses and breaks no rule
/// that holds for every shape of its rank (minor_to_major a permutation, tiles, L(n), E(n), S(n), the
/// sparse-only fields, split configs, the number of padded dimensions). The sizes are unknown: they are
/// taken from padded_dimensions where given, and rules about them are skipped otherwise. is_valid_shape asks
/// whether a layout is valid for a shape, and is_valid_layout(shape) about a shape's layout.
constexpr bool is_valid_layout(std::string_view text) noexcept {
  const result<layout> l = parse_layout(text);
  if (!l) return false;
  shape s;
  s.element_type = element_type::f32;
  s.layout = *l;
  const bool padded = l->padded_dimensions.size() == l->rank();
  for (std::size_t d = 0; d < l->rank(); ++d) {
    // No size known: a bound nothing exceeds (a split index needs a size, which an unbounded '?' lacks).
    s.dimensions.push_back(padded ? l->padded_dimensions[d] : index_max);
    s.dynamic_dimensions.push_back(!padded);
  }
  return is_valid_layout(s);
}

}  // namespace XLAYOUT_NAMESPACE
