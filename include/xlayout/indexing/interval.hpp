// include/xlayout/indexing/interval.hpp: XLA's closed integer interval [lower, upper] with int64-saturating
// arithmetic (the ranges of indexing-map variables and of expressions) and three-valued comparisons.
#pragma once
#include <cstdint>
#include <string_view>

#include <xlayout/core/index.hpp>

namespace XLAYOUT_NAMESPACE {

/// The answer to a question that may not be decidable (XLA's std::optional<bool>): interval comparisons,
/// equivalent(), is_injective_on_domain(), is_bijective_on_domain().
enum class tribool : unsigned char { no, yes, unknown };

/// "no", "yes" or "unknown".
constexpr std::string_view to_string(tribool t) noexcept {
  return t == tribool::yes ? "yes" : (t == tribool::no ? "no" : "unknown");
}

/// A closed interval of integers [lower, upper] (XLA's Interval). Empty when lower > upper. A lower bound of
/// index_min means "unbounded below" and an upper bound of index_max "unbounded above" to the arithmetic (the
/// exact value may have left int64); any other bound is exact, including a lower bound of index_max and an
/// upper bound of index_min (so the constant INT64_MAX is not taken for +infinity where that would leave out
/// values). Results that leave int64 widen to the unbounded side: the arithmetic is sound, never wrapping.
struct interval {
  index_t lower = 0;
  index_t upper = 0;

  constexpr bool is_empty() const noexcept { return lower > upper; }
  constexpr bool is_point() const noexcept { return lower == upper; }
  constexpr bool contains(index_t v) const noexcept { return lower <= v && v <= upper; }
  constexpr bool contains(const interval& o) const noexcept {
    return o.is_empty() || (lower <= o.lower && o.upper <= upper);
  }
  /// The number of integers in the interval (saturating; 0 when empty). The width is taken in unsigned
  /// arithmetic: -lower overflows for lower == index_min.
  constexpr index_t size() const noexcept {
    if (is_empty()) return 0;
    const std::uint64_t width = static_cast<std::uint64_t>(upper) - static_cast<std::uint64_t>(lower);
    return width >= static_cast<std::uint64_t>(index_max) ? index_max : static_cast<index_t>(width) + 1;
  }
  /// Intersection and the smallest interval containing both.
  constexpr interval intersect(const interval& o) const noexcept {
    return {lower > o.lower ? lower : o.lower, upper < o.upper ? upper : o.upper};
  }
  constexpr interval union_with(const interval& o) const noexcept {
    if (is_empty()) return o;
    if (o.is_empty()) return *this;
    return {lower < o.lower ? lower : o.lower, upper > o.upper ? upper : o.upper};
  }

  /// XLA's Interval::Gt/Lt/Ge/Le/Eq/Ne: yes when it holds for every pair, no when for none.
  constexpr tribool gt(const interval& b) const noexcept {
    if (lower > b.upper) return tribool::yes;
    if (upper <= b.lower) return tribool::no;
    return tribool::unknown;
  }
  constexpr tribool lt(const interval& b) const noexcept { return b.gt(*this); }
  constexpr tribool ge(const interval& b) const noexcept { return not_(b.gt(*this)); }
  constexpr tribool le(const interval& b) const noexcept { return not_(gt(b)); }
  constexpr tribool eq(const interval& b) const noexcept {
    if (is_point() && b.is_point()) return lower == b.lower ? tribool::yes : tribool::no;
    if (upper < b.lower || b.upper < lower) return tribool::no;
    return tribool::unknown;
  }
  constexpr tribool ne(const interval& b) const noexcept { return not_(eq(b)); }

  friend constexpr bool operator==(const interval&, const interval&) = default;

 private:
  static constexpr tribool not_(tribool t) noexcept {
    return t == tribool::unknown ? t : (t == tribool::yes ? tribool::no : tribool::yes);
  }
};

/// The interval of every int64.
inline constexpr interval unbounded_interval{index_min, index_max};

namespace detail {
/// A lower bound plus a lower bound: index_min (unbounded below) stays; an overflow saturates (upward to
/// index_max, still a valid lower bound; downward to index_min, unbounded).
constexpr index_t lower_bound_add(index_t a, index_t b) noexcept {
  if (a == index_min || b == index_min) return index_min;
  return saturating_add(a, b);
}
/// An upper bound plus an upper bound: index_max (unbounded above) stays.
constexpr index_t upper_bound_add(index_t a, index_t b) noexcept {
  if (a == index_max || b == index_max) return index_max;
  return saturating_add(a, b);
}
/// One corner of a product: x and y are bounds, x_inf / y_inf say whether they stand for an infinity (of
/// their sign). An infinity times a non-zero number is an infinity; a finite product saturates.
constexpr index_t corner_mul(index_t x, bool x_inf, index_t y, bool y_inf) noexcept {
  if ((x == 0 && !x_inf) || (y == 0 && !y_inf)) return 0;
  if (x_inf || y_inf) return ((x < 0) != (y < 0)) ? index_min : index_max;
  return saturating_mul(x, y);
}
}  // namespace detail

/// [a.lower + b.lower, a.upper + b.upper], widened soundly where a bound leaves int64.
constexpr interval operator+(const interval& a, const interval& b) noexcept {
  return {detail::lower_bound_add(a.lower, b.lower), detail::upper_bound_add(a.upper, b.upper)};
}

/// The product interval: the smallest and largest corner, widened soundly where a bound leaves int64.
constexpr interval operator*(const interval& a, const interval& b) noexcept {
  using detail::corner_mul;
  const bool al = a.lower == index_min, au = a.upper == index_max;
  const bool bl = b.lower == index_min, bu = b.upper == index_max;
  const index_t p[4] = {corner_mul(a.lower, al, b.lower, bl), corner_mul(a.lower, al, b.upper, bu),
                        corner_mul(a.upper, au, b.lower, bl), corner_mul(a.upper, au, b.upper, bu)};
  interval r{p[0], p[0]};
  for (index_t v : p) {
    if (v < r.lower) r.lower = v;
    if (v > r.upper) r.upper = v;
  }
  return r;
}

/// The interval of k * x for x in a.
constexpr interval scale(const interval& a, index_t k) noexcept { return a * interval{k, k}; }

namespace detail {
/// floor(x / d) or ceil(x / d) of one bound; an unbounded bound stays unbounded (on the side the sign of d
/// sends it to), and index_min / -1 saturates to index_max.
constexpr index_t bound_div(index_t x, bool unbounded, index_t d, bool ceiling) noexcept {
  if (unbounded) return (x < 0) != (d < 0) ? index_min : index_max;
  if (x == index_min && d == -1) return index_max;
  return ceiling ? ceil_div(x, d) : floor_div(x, d);
}
constexpr interval interval_div(const interval& a, index_t d, bool ceiling) noexcept {
  if (a.is_empty()) return a;
  const index_t x = bound_div(a.lower, a.lower == index_min, d, ceiling);
  const index_t y = bound_div(a.upper, a.upper == index_max, d, ceiling);
  return x <= y ? interval{x, y} : interval{y, x};
}
}  // namespace detail

/// The interval of floor(x / d) for x in a (d != 0).
constexpr interval floor_div(const interval& a, index_t d) noexcept {
  return detail::interval_div(a, d, false);
}

/// The interval of ceil(x / d) for x in a (d != 0).
constexpr interval ceil_div(const interval& a, index_t d) noexcept {
  return detail::interval_div(a, d, true);
}

/// The smallest and largest of two intervals, elementwise (min/max of expressions).
constexpr interval min(const interval& a, const interval& b) noexcept {
  return {a.lower < b.lower ? a.lower : b.lower, a.upper < b.upper ? a.upper : b.upper};
}
constexpr interval max(const interval& a, const interval& b) noexcept {
  return {a.lower > b.lower ? a.lower : b.lower, a.upper > b.upper ? a.upper : b.upper};
}

}  // namespace XLAYOUT_NAMESPACE
