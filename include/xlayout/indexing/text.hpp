// include/xlayout/indexing/text.hpp: indexing maps and expressions in XLA's exact text:
//   (d0, d1)[s0]{rt0} -> (d1, d0 + s0), domain: d0 in [0, 9], d1 in [0, 19], s0 in [0, 4], rt0 in [0, 7],
//   d0 mod 2 in [0, 0]
// parse_indexing_map / parse_affine_expr (errors carry an id and a position). Printing, to_string(map), is
// in indexing_map.hpp beside the map (this header includes it).
#pragma once
#include <cstddef>
#include <string_view>

#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/fixed_string.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/indexing/affine_expr.hpp>
#include <xlayout/indexing/indexing_map.hpp>
#include <xlayout/text/scanner.hpp>

namespace XLAYOUT_NAMESPACE {

/// How parse_indexing_map treats a range [lo, hi] with lo > hi: as bad text (error_id::empty_range, the
/// default), or as XLA's ParseIndexingMap does: the map is KNOWN EMPTY.
struct map_parse_options {
  bool empty_range_is_known_empty = false;
};

namespace detail {

/// Recursive-descent parser of XLA's expression grammar (symbolic_map_serialization.cc):
///   expr   := term (('+' | '-') term)*
///   term   := factor (('*' | '/' | 'floordiv' | 'ceildiv' | 'mod') factor)*      (also floorDiv, ceilDiv)
///   factor := '-' factor | 'min(' expr ',' expr ')' | 'max(' ... ')' | '(' expr ')' | name | integer
/// Binary operations are built with XLA's construction rules; `a - b` is `a + (-b)`.
template <std::size_t C, class Resolve>
struct expr_parser {
  text::scanner& s;
  basic_expr_workspace<C>& ws;
  const Resolve& resolve;  // resolve(name) -> variable id, or -1
  int depth = 0;

  // Each level of nesting takes 4 nested calls; 100 levels stay well inside the default constexpr depth
  // of g++ and clang (512), so a text nested deeper gets this error, not the compiler's, in a constant
  // expression too.
  static constexpr int max_depth = 100;

  constexpr bool failed() const noexcept { return s.failed() || ws.failed(); }

  /// An operation whose folded constant left int64 (the workspace records integer_overflow: `2 * 2^62`,
  /// `d0 * 2^62 * 2`, `-(-9223372036854775808)`) is an error of the text at the start of the subexpression.
  constexpr expr_id overflow_at(expr_id e, std::size_t start) noexcept {
    if (ws.error == error_id::integer_overflow) s.fail_at(error_id::integer_overflow, start);
    return e;
  }

  constexpr expr_id parse_expr() noexcept {
    s.skip_space();
    const std::size_t start = s.position();
    expr_id lhs = parse_term();
    while (!failed()) {
      s.skip_space();
      if (s.peek() == '+') {
        s.set_position(s.position() + 1);
        const expr_id rhs = parse_term();
        if (failed()) break;
        lhs = overflow_at(ws.add(lhs, rhs), start);
      } else if (s.peek() == '-' && s.peek(1) != '>') {
        s.set_position(s.position() + 1);
        const expr_id rhs = parse_term();
        if (failed()) break;
        lhs = overflow_at(ws.sub(lhs, rhs), start);
      } else {
        break;
      }
    }
    return lhs;
  }

  /// The operator word at the current position, consumed, or expr_kind::variable when there is none.
  constexpr expr_kind accept_operator() noexcept {
    s.skip_space();
    const char c = s.peek();
    if (c == '*') {
      s.set_position(s.position() + 1);
      return expr_kind::mul;
    }
    if (c == '/') {
      s.set_position(s.position() + 1);
      return expr_kind::floordiv;
    }
    if (text::is_alpha(c)) {
      const std::size_t start = s.position();
      const std::string_view w = s.read_name();
      if (w == "mod") return expr_kind::mod;
      if (w == "floordiv" || w == "floorDiv") return expr_kind::floordiv;
      if (w == "ceildiv" || w == "ceilDiv") return expr_kind::ceildiv;
      s.set_position(start);
    }
    return expr_kind::variable;
  }

  constexpr expr_id parse_term() noexcept {
    s.skip_space();
    const std::size_t start = s.position();
    expr_id lhs = parse_factor();
    while (!failed()) {
      const expr_kind k = accept_operator();
      if (k == expr_kind::variable) break;
      s.skip_space();
      const std::size_t rhs_at = s.position();
      const expr_id rhs = parse_factor();
      if (failed()) break;
      // A divisor written as 0 (after folding: `d0 mod (2 - 2)` too) is a mistake in the text. XLA accepts it
      // and fails when evaluating; a divisor that is a variable may still be 0 at a point, and evaluate
      // then returns an error value.
      if (k != expr_kind::mul && ws.is_constant(rhs) && ws.value(rhs) == 0) {
        s.fail_at(error_id::invalid_divisor, rhs_at);
        break;
      }
      lhs = overflow_at(ws.binary(k, lhs, rhs), start);
    }
    return lhs;
  }

  constexpr expr_id parse_factor() noexcept {
    if (failed()) return 0;
    s.skip_space();
    if (s.at_end()) {
      s.fail(error_id::unexpected_end);
      return 0;
    }
    if (++depth > max_depth) {
      s.fail(error_id::capacity_exceeded);
      return 0;
    }
    expr_id r = parse_factor_inner();
    --depth;
    return r;
  }

  constexpr expr_id parse_factor_inner() noexcept {
    const char c = s.peek();
    const std::size_t start = s.position();
    if (c == '-') {
      // A negative literal is read whole, so that -9223372036854775808 (INT64_MIN, whose magnitude is no
      // int64) parses; for every other value this equals negating the literal.
      if (text::is_digit(s.peek(1))) {
        index_t v = 0;
        if (!s.read_integer(v, true)) return 0;
        return ws.constant(v);
      }
      s.set_position(start + 1);
      const expr_id e = parse_factor();
      return failed() ? 0 : overflow_at(ws.negate(e), start);
    }
    if (c == '(') {
      s.set_position(start + 1);
      const expr_id e = parse_expr();
      if (failed()) return 0;
      if (!s.accept(')')) {
        s.fail(s.at_end() || s.peek() == ',' ? error_id::unbalanced_parenthesis
                                             : error_id::unexpected_character);
        return 0;
      }
      return e;
    }
    if (text::is_digit(c)) {
      index_t v = 0;
      if (!s.read_integer(v, false)) return 0;
      return ws.constant(v);
    }
    if (text::is_alpha(c) || c == '_') {
      const std::string_view name = s.read_name();
      if ((name == "min" || name == "max") && s.peek() == '(') {
        s.set_position(s.position() + 1);
        const expr_id a = parse_expr();
        if (failed()) return 0;
        if (!s.accept(',')) {
          s.fail(s.at_end() ? error_id::unbalanced_parenthesis : error_id::unexpected_character);
          return 0;
        }
        const expr_id b = parse_expr();
        if (failed()) return 0;
        if (!s.accept(')')) {
          s.fail(error_id::unbalanced_parenthesis);
          return 0;
        }
        return ws.binary(name == "min" ? expr_kind::min : expr_kind::max, a, b);
      }
      const index_t v = resolve(name);
      if (v < 0) {
        s.fail_at(error_id::unknown_variable, start);
        return 0;
      }
      return ws.variable(v);
    }
    if (c == ')' || c == ',') {
      s.fail(error_id::expected_expression);
    } else {
      s.fail(error_id::unexpected_character);
    }
    return 0;
  }
};

/// Resolves v<k>, d<k> and (with num_dims >= 0) s<k> names (XLA's ParseSymbolicExpr).
struct numbered_names {
  index_t num_dims = -1;
  constexpr index_t operator()(std::string_view name) const noexcept {
    if (name.size() < 2) return -1;
    const char p = name[0];
    if (p != 'v' && p != 'd' && p != 's') return -1;
    if (p == 's' && num_dims < 0) return -1;
    index_t n = 0;
    for (std::size_t i = 1; i < name.size(); ++i) {
      if (!text::is_digit(name[i]) || n > 100000) return -1;
      n = n * 10 + (name[i] - '0');
    }
    if (p != 's') return n;
    return num_dims > index_max - n ? -1 : num_dims + n;  // s<k> past int64 (num_dims near it: audit)
  }
};

/// Resolves the names declared by a map's variable lists.
struct declared_names {
  std::string_view names[XLAYOUT_MAX_VARS]{};
  std::size_t count = 0;
  constexpr index_t operator()(std::string_view name) const noexcept {
    for (std::size_t i = 0; i < count; ++i) {
      if (names[i] == name) return static_cast<index_t>(i);
    }
    return -1;
  }
};

/// Parses `(a, b, ...)`-style lists of names with the given delimiters into `decl`.
constexpr bool parse_name_list(text::scanner& s, char open, char close, declared_names& decl,
                               std::size_t& count) noexcept {
  count = 0;
  if (!s.accept(open)) return s.fail(s.at_end() ? error_id::unexpected_end : error_id::expected_open_paren);
  if (s.accept(close)) return true;
  while (true) {
    s.skip_space();
    const std::size_t at = s.position();
    const std::string_view name = s.read_name();
    if (name.empty()) return s.fail(s.at_end() ? error_id::unexpected_end : error_id::unexpected_character);
    if (decl(name) >= 0) return s.fail_at(error_id::duplicate_variable, at);
    if (decl.count == XLAYOUT_MAX_VARS) return s.fail_at(error_id::too_many_variables, at);
    decl.names[decl.count++] = name;
    ++count;
    if (s.accept(close)) return true;
    if (!s.accept(',')) {
      if (s.at_end()) return s.fail(error_id::unexpected_end);
      return s.fail(close == ')' ? error_id::unbalanced_parenthesis
                                 : (close == ']' ? error_id::expected_closing_bracket
                                                 : error_id::expected_closing_brace));
    }
  }
}

/// `[lo, hi]` (after `in`).
constexpr bool parse_range(text::scanner& s, interval& out, bool allow_empty) noexcept {
  if (!s.accept('[')) return s.fail(s.at_end() ? error_id::unexpected_end : error_id::expected_range);
  s.skip_space();
  const std::size_t at = s.position();
  if (!s.read_integer(out.lower)) return false;
  if (!s.accept(',')) return s.fail(s.at_end() ? error_id::unexpected_end : error_id::expected_range);
  if (!s.read_integer(out.upper)) return false;
  if (!s.accept(']'))
    return s.fail(s.at_end() ? error_id::unexpected_end : error_id::expected_closing_bracket);
  if (out.lower > out.upper && !allow_empty) return s.fail_at(error_id::empty_range, at);
  return true;
}

/// Is the next word `w` (a whole word)? Consumes it when it is.
constexpr bool accept_word(text::scanner& s, std::string_view w) noexcept {
  s.skip_space();
  const std::size_t start = s.position();
  if (s.read_name() == w) return true;
  s.set_position(start);
  return false;
}

}  // namespace detail

/// Parses XLA's text of an indexing map into a draft in `ws` (the expressions stay in the workspace).
template <std::size_t C>
constexpr result<detail::map_draft> parse_indexing_map_draft(basic_expr_workspace<C>& ws,
                                                             std::string_view text,
                                                             map_parse_options options = {}) noexcept {
  using namespace detail;
  text::scanner s(text);
  map_draft d;
  s.skip_space();
  if (accept_word(s, "UNDEFINED")) {
    if (s.skip_space(), !s.at_end())
      return error{error_id::extra_content, static_cast<index_t>(s.position())};
    return d;
  }
  {
    const std::size_t start = s.position();
    if (accept_word(s, "KNOWN") && accept_word(s, "EMPTY")) {
      if (s.skip_space(), !s.at_end())
        return error{error_id::extra_content, static_cast<index_t>(s.position())};
      d.kind = map_kind::known_empty;
      return d;
    }
    s.set_position(start);
  }
  d.kind = map_kind::regular;
  declared_names decl;
  std::size_t nd = 0, nr = 0, nt = 0;
  if (!parse_name_list(s, '(', ')', decl, nd)) return s.failure();
  if (s.next_is('[') && !parse_name_list(s, '[', ']', decl, nr)) return s.failure();
  if (s.next_is('{') && !parse_name_list(s, '{', '}', decl, nt)) return s.failure();
  d.num_dims = static_cast<std::uint8_t>(nd);
  d.num_range_vars = static_cast<std::uint8_t>(nr);
  d.num_rt_vars = static_cast<std::uint8_t>(nt);
  for (std::size_t v = 0; v < decl.count; ++v) {
    d.bounds[v] = unbounded_interval;
    if (!set_name(d, v, decl.names[v])) return error{error_id::capacity_exceeded, -1};
  }
  if (!s.accept("->")) {
    s.fail(s.at_end() ? error_id::unexpected_end : error_id::expected_arrow);
    return s.failure();
  }
  if (!s.accept('(')) {
    s.fail(s.at_end() ? error_id::unexpected_end : error_id::expected_open_paren);
    return s.failure();
  }
  expr_parser<C, declared_names> p{s, ws, decl};
  if (!s.accept(')')) {
    while (true) {
      s.skip_space();
      const std::size_t at = s.position();
      if (d.num_results > 0 && accept_word(s, "domain")) {  // `(d0 + 1, domain: ...`: a ')' is missing
        s.fail_at(error_id::unbalanced_parenthesis, at);
        break;
      }
      const expr_id e = p.parse_expr();
      if (p.failed()) break;
      if (d.num_results == XLAYOUT_MAX_RESULTS) {
        s.fail_at(error_id::too_many_results, at);
        break;
      }
      d.results[d.num_results++] = e;
      if (s.accept(')')) break;
      if (!s.accept(',')) {
        s.fail(s.at_end() ? error_id::unbalanced_parenthesis : error_id::unexpected_character);
        break;
      }
    }
  }
  if (s.failed()) return s.failure();
  if (ws.failed()) return error{ws.error, static_cast<index_t>(s.position())};
  if (s.accept(',')) {
    if (!accept_word(s, "domain")) {
      s.fail(s.at_end() ? error_id::unexpected_end : error_id::unexpected_character);
      return s.failure();
    }
    if (!s.accept(':')) {
      s.fail(s.at_end() ? error_id::unexpected_end : error_id::unexpected_character);
      return s.failure();
    }
    std::size_t next_var = 0;
    const std::size_t nv = decl.count;
    while (true) {
      s.skip_space();
      const std::size_t at = s.position();
      // A variable's range `name in [lo, hi]`, or a constraint `expr in [lo, hi]`.
      const std::string_view name = s.read_name();
      const index_t v = name.empty() ? -1 : decl(name);
      if (v < 0 && next_var == nv && name == "is_simplified") {
        // Older XLA printed `, is_simplified: true` (or false) last; read and dropped (XLA's printer no
        // longer writes it, nor does xlayout's).
        s.skip_space();
        if (!s.accept(':') || !(accept_word(s, "true") || accept_word(s, "false"))) {
          s.skip_space();
          s.fail(s.at_end() ? error_id::unexpected_end : error_id::unexpected_character);
          return s.failure();
        }
        break;
      }
      const bool is_var_entry = v >= 0 && accept_word(s, "in");
      if (is_var_entry && next_var < nv) {
        if (static_cast<std::size_t>(v) != next_var) {
          s.fail_at(error_id::variable_out_of_order, at);
          return s.failure();
        }
        interval b{};
        if (!parse_range(s, b, options.empty_range_is_known_empty)) return s.failure();
        d.bounds[v] = b;
        if (b.is_empty()) d.kind = map_kind::known_empty;
        ++next_var;
      } else {
        if (next_var < nv) {
          // `d0 [0, 9]`: the next variable's range without `in`; `domain:` and nothing after it.
          if (v >= 0 && static_cast<std::size_t>(v) == next_var && s.next_is('[')) {
            s.fail(error_id::expected_range);
          } else if (s.at_end() && (name.empty() || (v >= 0 && static_cast<std::size_t>(v) == next_var))) {
            // `domain:`, `d0 in [0, 3],` or `d0 in [0, 3], d1` and then the end (review: the last said
            // variable_out_of_order).
            s.fail(error_id::missing_range);
          } else if (!name.empty() && v < 0) {
            // `domain: d1 in [0, 3]` for a map of (d0): a name the map does not declare (audit: it said
            // variable_out_of_order, which asks for an order no text could have).
            s.fail_at(error_id::unknown_variable, at);
          } else {
            s.fail_at(error_id::variable_out_of_order, at);
          }
          return s.failure();
        }
        s.set_position(at);
        const expr_id e = p.parse_expr();
        if (p.failed()) break;
        if (!accept_word(s, "in")) {
          s.fail(s.at_end() ? error_id::unexpected_end : error_id::expected_range);
          return s.failure();
        }
        interval b{};
        if (!parse_range(s, b, options.empty_range_is_known_empty)) return s.failure();
        add_constraint(ws, d, e, b);
        if (ws.failed()) return error{ws.error, static_cast<index_t>(at)};
      }
      if (!s.accept(',')) break;
    }
    if (s.failed()) return s.failure();
    if (ws.failed()) return error{ws.error, static_cast<index_t>(s.position())};
    if (next_var < nv) {
      // `(d0, d1) -> (d0 + d1), domain: d0 in [0, 3]`: d1 has no range (audit: it said unexpected_end).
      s.skip_space();
      s.fail(s.at_end() ? error_id::missing_range : error_id::expected_range);
      return s.failure();
    }
  }
  s.skip_space();
  if (!s.at_end()) {
    // A stray ')' is a parenthesis problem; anything else is extra text.
    s.fail(s.peek() == ')' ? error_id::unbalanced_parenthesis : error_id::extra_content);
    return s.failure();
  }
  return d;
}

/// Parses XLA's text of an indexing map. Errors carry an id and the 0-based position in the text:
/// unbalanced_parenthesis, unknown_variable, variable_out_of_order, empty_range, expected_arrow,
/// expected_range, missing_range, duplicate_variable, too_many_variables, too_many_results, pool_exhausted,
/// integer_overflow (a folded constant that leaves int64, at the start of its subexpression), ...
/// The map is stored as parsed (XLA's construction folding only); simplify() simplifies it. A map without
/// `domain:` has unbounded variables.
constexpr result<indexing_map> parse_indexing_map(std::string_view text,
                                                  map_parse_options options = {}) noexcept {
  expr_workspace ws;
  auto d = parse_indexing_map_draft(ws, text, options);
  if (!d) return d.error();
  auto m = detail::finish_map(ws, d.value());
  if (!m) return error{m.error().id, 0};
  return m;
}

/// Parses one expression. Variables: v<k> (or d<k>) is variable k; s<k> is variable num_dims + k (needs
/// num_dims >= 0).
constexpr result<affine_expr> parse_affine_expr(std::string_view text, index_t num_dims = -1) noexcept {
  expr_workspace ws;
  text::scanner s(text);
  const detail::numbered_names names{num_dims};
  detail::expr_parser<XLAYOUT_MAX_WORK_EXPRS, detail::numbered_names> p{s, ws, names};
  const expr_id e = p.parse_expr();
  if (s.failed()) return s.failure();
  if (ws.failed()) return error{ws.error, static_cast<index_t>(s.position())};
  s.skip_space();
  if (!s.at_end())
    return error{s.peek() == ')' ? error_id::unbalanced_parenthesis : error_id::extra_content,
                 static_cast<index_t>(s.position())};
  auto r = make_affine_expr(ws, e);
  if (!r) return error{r.error().id, 0};
  return r;
}

}  // namespace XLAYOUT_NAMESPACE
