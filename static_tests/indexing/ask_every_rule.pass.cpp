// static_tests/indexing/ask_every_rule.pass.cpp: every mistake that a .fail.cpp file beside this one turns
// into a compile error can also be asked about without failing: parse_indexing_map gives an error value with
// the id and the 0-based position (the .fail.cpp files show it 1-based, as a column), and the fixed text
// parses.
#include <string_view>
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>

using namespace xlayout;

constexpr bool rejects(std::string_view text, error_id id, index_t position) {
  const auto r = parse_indexing_map(text);
  return !r.has_value() && r.error().id == id && r.error().position == position;
}
constexpr bool accepts(std::string_view text) { return parse_indexing_map(text).has_value(); }

// Texts too long to write out: `(d0, ..., d<n-1>) -> (d0)`, n results `d0`, n constraints, n nested '('.
template <std::size_t N = 1024>
constexpr static_string<N> many_dims(int n) {
  static_string<N> s("(");
  for (int i = 0; i < n; ++i) (i > 0 ? s.append(", ") : s).append('d').append_int(i);
  return s.append(") -> (d0)"), s;
}
template <std::size_t N = 1024>
constexpr static_string<N> many_results(int n) {
  static_string<N> s("(d0) -> (");
  for (int i = 0; i < n; ++i) (i > 0 ? s.append(", ") : s).append("d0");
  return s.append(')'), s;
}
template <std::size_t N = 1024>
constexpr static_string<N> many_constraints(int n) {
  static_string<N> s("(d0) -> (d0), domain: d0 in [0, 99]");
  for (int k = 3; k < 3 + n; ++k)
    s.append(", d0 mod ").append_int(k).append(" in [0, ").append_int(k - 2).append(']');
  return s;
}
template <std::size_t N = 1024>
constexpr static_string<N> nested(int n) {
  static_string<N> s("(d0) -> (");
  for (int i = 0; i < n; ++i) s.append('(');
  s.append("d0");
  for (int i = 0; i < n; ++i) s.append(')');
  return s.append(')'), s;
}

// unbalanced_parenthesis: the results not closed before `domain` (at 'd' of domain), one ')' too many (at
// it), the dimension list not closed (at '-', XLA's MapParseError/UnbalancedParen).
static_assert(rejects("(d0, d1) -> (d0 + 1, d1, domain: d0 in [0, 9], d1 in [0, 9]",
                      error_id::unbalanced_parenthesis, 25));
static_assert(accepts("(d0, d1) -> (d0 + 1, d1), domain: d0 in [0, 9], d1 in [0, 9]"));
static_assert(rejects("(d0) -> (d0 + 1)), domain: d0 in [0, 9]", error_id::unbalanced_parenthesis, 16));
static_assert(accepts("(d0) -> (d0 + 1), domain: d0 in [0, 9]"));
static_assert(rejects("(d0 -> (d0)", error_id::unbalanced_parenthesis, 4));

// unknown_variable: s0 without `[s0]`.
static_assert(rejects("(d0) -> (d0 + s0), domain: d0 in [0, 9]", error_id::unknown_variable, 14));
static_assert(accepts("(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 3]"));

// empty_range: lo > hi (at lo), for a variable and for a constraint.
static_assert(rejects("(d0, d1) -> (d1, d0), domain: d0 in [0, 9], d1 in [19, 0]", error_id::empty_range,
                      51));
static_assert(rejects("(d0) -> (d0), domain: d0 in [0, 9], d0 mod 4 in [3, 1]", error_id::empty_range, 49));
static_assert(accepts("(d0, d1) -> (d1, d0), domain: d0 in [0, 9], d1 in [0, 19]"));
// ... unless asked for XLA's parsing rule: the map is KNOWN EMPTY.
static_assert(parse_indexing_map("(d0) -> (d0), domain: d0 in [9, 0]", {.empty_range_is_known_empty = true})
                  ->is_known_empty());

// variable_out_of_order: d1 before d0, a symbol before a dimension, a constraint before the last range.
static_assert(rejects("(d0, d1) -> (d1, d0), domain: d1 in [0, 19], d0 in [0, 9]",
                      error_id::variable_out_of_order, 30));
static_assert(rejects("(d0)[s0] -> (d0), domain: s0 in [0, 3], d0 in [0, 9]", error_id::variable_out_of_order,
                      26));
static_assert(rejects("(d0, d1) -> (d0 + d1), domain: d0 in [0, 9], d0 + d1 in [0, 5], d1 in [0, 9]",
                      error_id::variable_out_of_order, 45));
static_assert(accepts("(d0, d1) -> (d0 + d1), domain: d0 in [0, 9], d1 in [0, 9], d0 + d1 in [0, 5]"));

// Capacities (the position is the first item over the limit).
static_assert(rejects(many_dims(17), error_id::too_many_variables, 71));
static_assert(accepts(many_dims(16)));
static_assert(rejects(many_results(17), error_id::too_many_results, 73));
static_assert(accepts(many_results(16)));
static_assert(rejects(many_constraints(13), error_id::too_many_constraints, 285));
static_assert(accepts(many_constraints(12)));
static_assert(rejects(nested(150), error_id::capacity_exceeded, 109));  // 100 levels: 99 '(' and a name
static_assert(accepts(nested(99)));

// expected_arrow (at the results' '('), duplicate_variable (at the second d1).
static_assert(rejects("(d0, d1) (d1, d0), domain: d0 in [0, 9], d1 in [0, 9]", error_id::expected_arrow, 9));
static_assert(rejects("(d0) (d0)", error_id::expected_arrow, 5));  // XLA's MapParseError/NoArrow
static_assert(rejects("(d0, d1, d1) -> (d0 + d1)", error_id::duplicate_variable, 9));
static_assert(accepts("(d0, d1, d2) -> (d0 + d1)"));

// expected_range: no `in` (at the '['), for a variable and for a constraint; no brackets (at the '(').
static_assert(rejects("(d0) -> (d0), domain: d0 [0, 9]", error_id::expected_range, 25));
static_assert(rejects("(d0) -> (d0), domain: d0 in [0, 9], d0 mod 2 [0, 0]", error_id::expected_range, 45));
static_assert(rejects("(d0) -> (d0), domain: d0 in (0, 9)", error_id::expected_range, 28));
static_assert(accepts("(d0) -> (d0), domain: d0 in [0, 9], d0 mod 2 in [0, 0]"));

// The bounds: closed with ')' (at it), a name (at it), too large (at its first digit).
static_assert(rejects("(d0) -> (d0), domain: d0 in [0, 9)", error_id::expected_closing_bracket, 33));
static_assert(rejects("(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, n]", error_id::expected_integer,
                      55));
static_assert(rejects("(d0) -> (d0 * 99999999999999999999), domain: d0 in [0, 9]",
                      error_id::integer_too_large, 14));

// Expressions and the frame of the text.
static_assert(rejects("(d0, d1) -> (d0 + , d1), domain: d0 in [0, 9], d1 in [0, 9]",
                      error_id::expected_expression, 18));
static_assert(rejects("(d0) -> (d0), domain d0 in [0, 9]", error_id::unexpected_character, 21));
static_assert(rejects("(d0) -> (d0) domain: d0 in [0, 9]", error_id::extra_content, 13));
// missing_range: the text ends before d1 has its range (XLA: every dimension and symbol is in the domain).
static_assert(rejects("(d0, d1) -> (d0), domain: d0 in [0, 9]", error_id::missing_range, 38));
static_assert(rejects("(d0) -> d0", error_id::expected_open_paren, 8));  // XLA's NoParensAroundResults
static_assert(rejects("(d0)[s0 -> (d0)", error_id::expected_closing_bracket, 8));  // XLA's UnbalancedBracket
static_assert(rejects("(d0) -> (d0 % 2), domain: d0 in [0, 9]", error_id::unexpected_character, 12));

// Divisors: the constant 0 is rejected where it is written (also after folding); a negative constant, a
// variable divisor and a product of variables are accepted, as XLA accepts them.
static_assert(rejects("(d0) -> (d0 mod 0), domain: d0 in [0, 9]", error_id::invalid_divisor, 16));
static_assert(rejects("(d0) -> (d0 floordiv 0), domain: d0 in [0, 9]", error_id::invalid_divisor, 21));
static_assert(rejects("(d0) -> (d0 ceildiv (2 - 2)), domain: d0 in [0, 9]", error_id::invalid_divisor, 20));
static_assert(rejects("(d0) -> (d0 / 0), domain: d0 in [0, 9]", error_id::invalid_divisor, 14));
static_assert(accepts("(d0) -> (d0 mod -3), domain: d0 in [0, 9]"));
static_assert(accepts("(d0, d1) -> (d0 mod d1, d0 * d1), domain: d0 in [0, 9], d1 in [0, 9]"));

// Valid texts, and what the compile-time forms make of them.
static_assert(accepts("() -> ()"));
static_assert(accepts("UNDEFINED"));
static_assert(accepts("KNOWN EMPTY"));
static_assert(
    accepts("(d0, d1)[s0]{rt0} -> (d1, d0 + s0 * 4 + rt0), domain: d0 in [0, 9], d1 in [0, 19], "
            "s0 in [0, 3], rt0 in [0, 1], d0 mod 2 in [0, 0]"));
static_assert(
    IndexingMap<
        "(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]">::to_string() ==
    "(d0, d1) -> (d0, d1), domain: d0 in [0, 6], d1 in [0, 14]");
static_assert(indexing_map_v<"(d0) -> (d0), domain: d0 in [0, 9]"> ==
              parse_indexing_map("(d0) -> (d0), domain: d0 in [0, 9]").value());
