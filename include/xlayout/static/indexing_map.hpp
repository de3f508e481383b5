// include/xlayout/static/indexing_map.hpp: indexing maps as types and compile-time values:
// IndexingMap<"(d0, d1) -> (d1, d0), domain: d0 in [0, 9], d1 in [0, 19]"> holds the parsed and the
// simplified map; indexing_map_v<"..."> is the simplified map as a value. Bad text is a compile error that
// names the rule ([xlayout:<id>]) and the column; static_assert-friendly predicates sit beside it.
#pragma once
#include <cstddef>
#include <string_view>

#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/fixed_string.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/indexing/compose.hpp>
#include <xlayout/indexing/equivalence.hpp>
#include <xlayout/indexing/indexing_map.hpp>
#include <xlayout/indexing/simplify.hpp>
#include <xlayout/indexing/text.hpp>

namespace XLAYOUT_NAMESPACE {

/// An indexing map as a type, keyed on its value (the map as parsed): IndexingMap<"..."> names it, and two
/// spellings of one map (spaces, `/` for floordiv) are one type, as for Shape<...> and Layout<...>.
/// `parsed` is the map as written (XLA's construction folding only), `value` the simplified map; the
/// static members forward to the constexpr functions. Valid is false after an error has been reported:
/// the members then accept every use silently.
template <indexing_map V, bool Valid = true>
struct indexing_map_type;

namespace detail {
/// Parses S once per distinct string; a parse error is the compile error (with its column).
template <fixed_string S>
struct parsed_indexing_map {
  static constexpr result<indexing_map> parsed = parse_indexing_map(S.view());
  static_assert(raise_if_error<parsed.error().id, diagnostic_column(parsed.error())>);
  using type = indexing_map_type<parsed.value_, parsed.has_value()>;
};
/// Simplifies V once per distinct map; a capacity the simplifier runs out of is the compile error.
template <indexing_map V, bool Valid>
struct simplified_indexing_map {
  static constexpr result<indexing_map> simplified = checked_simplify(V);
  static_assert(!Valid || raise_if_error<simplified.error().id, 0>);
  /// False once an error is reported: the members of indexing_map_type then accept every use silently.
  static constexpr bool ok = Valid && simplified.has_value();
};
}  // namespace detail

/// An indexing map written in XLA's text, as a type (an indexing_map_type):
///
///   using M = IndexingMap<"(d0, d1) -> (d0 + d1 / 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]">;
///   static_assert(M::to_string() == "(d0, d1) -> (d0, d1), domain: d0 in [0, 6], d1 in [0, 14]");
template <fixed_string S>
using IndexingMap = typename detail::parsed_indexing_map<S>::type;

template <indexing_map V, bool Valid>
struct indexing_map_type {
  // The members read `parsed`, a static variable, not the template parameter object V (see shape_type).
  static constexpr indexing_map parsed = V;
  static constexpr indexing_map value = detail::simplified_indexing_map<V, Valid>::simplified.value_;
  /// XLA's text of the simplified map.
  static constexpr expr_text to_string() noexcept { return xlayout::to_string(value); }

  static constexpr std::size_t num_dims = value.num_dims;
  static constexpr std::size_t num_symbols = value.num_symbols();
  static constexpr std::size_t num_results = value.num_results;
  static constexpr bool is_known_empty = value.is_known_empty();
  /// False after an error has been reported (the members then accept every use silently).
  static constexpr bool ok = detail::simplified_indexing_map<V, Valid>::ok;

  /// The results at a point: dims..., then symbols... (XLA's Evaluate; the domain is not checked).
  template <std::integral... I>
  static constexpr index_values evaluate(I... v) noexcept {
    static_assert(
        !ok || sizeof...(I) == num_dims + num_symbols,
        "[xlayout:variable_count_mismatch] xlayout::IndexingMap::evaluate: give one value per dimension "
        "and symbol");
    if (!ok) {  // reported already: zeros, as many as an index into the result can ask for without a second
                // error
      index_values zeros;
      zeros.resize(index_values::capacity());
      return zeros;
    }
    const index_t vars[] = {static_cast<index_t>(v)..., 0};
    auto r = checked_evaluate(value, vars, num_dims, vars + num_dims, num_symbols);
    XLAYOUT_EXPECTS(r.has_value(), integer_overflow);
    return r.value_or(index_values{});
  }
  /// Whether the point (dims..., symbols...) lies in the domain.
  template <std::integral... I>
  static constexpr bool contains(I... v) noexcept {
    static_assert(
        !ok || sizeof...(I) == num_dims + num_symbols,
        "[xlayout:variable_count_mismatch] xlayout::IndexingMap::contains: give one value per dimension "
        "and symbol");
    const index_t vars[] = {static_cast<index_t>(v)..., 0};
    return in_domain(value, vars, sizeof...(I));
  }
};

/// The simplified map written in XLA's text, as a value: indexing_map_v<"(d0) -> (d0 floordiv 1), ...">.
template <fixed_string S>
inline constexpr indexing_map indexing_map_v = IndexingMap<S>::value;

/// The map as written (not simplified).
template <fixed_string S>
inline constexpr indexing_map parsed_indexing_map_v = IndexingMap<S>::parsed;

/// equivalent(IndexingMap<A>, IndexingMap<B>) for static_assert: yes, no or unknown.
template <fixed_string A, fixed_string B>
inline constexpr tribool equivalent_v = equivalent(indexing_map_v<A>, indexing_map_v<B>);

namespace detail {
template <fixed_string A, fixed_string B>
inline constexpr result<indexing_map> static_composition = checked_compose_simplified(indexing_map_v<A>,
                                                                                      indexing_map_v<B>);
}  // namespace detail

/// IndexingMap<A> followed by IndexingMap<B> (B after A), simplified: compose_v<"first", "second">. A
/// composition that fails is one compile error naming checked_compose's id (variable_count_mismatch when
/// A's results are not B's dimensions, too_many_variables, ...).
template <fixed_string A, fixed_string B>
inline constexpr indexing_map compose_v = (raise_if_error<detail::static_composition<A, B>.error().id, 0>,
                                           detail::static_composition<A, B>.value_or(indexing_map{}));

}  // namespace XLAYOUT_NAMESPACE
