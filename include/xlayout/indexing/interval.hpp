// include/xlayout/indexing/interval.hpp: XLA's closed integer interval [lower, upper] with int64-saturating
// arithmetic (the ranges of indexing-map variables and of expressions) and three-valued comparisons.
#pragma once
#include <xlayout/core/index.hpp>

namespace xlayout {

/// The answer to a question that may not be decidable: XLA's std::optional<bool>.
enum class tribool : unsigned char { no, yes, unknown };

/// A closed interval of integers [lower, upper] (XLA's Interval). Empty when lower > upper. Bounds equal to
/// index_min / index_max are treated as saturated (unbounded) by the arithmetic.
struct interval {
  index_t lower = 0;
  index_t upper = 0;

  constexpr bool is_empty() const noexcept { return lower > upper; }
  constexpr bool is_point() const noexcept { return lower == upper; }
  constexpr bool contains(index_t v) const noexcept { return lower <= v && v <= upper; }
  constexpr bool contains(const interval& o) const noexcept {
    return o.is_empty() || (lower <= o.lower && o.upper <= upper);
  }
  /// The number of integers in the interval (saturating; 0 when empty).
  constexpr index_t size() const noexcept {
    if (is_empty()) return 0;
    return saturating_add(saturating_add(upper, -lower), 1);
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
/// Saturating add where a saturated bound stays saturated (XLA: "bounds equal to INT64_MIN/MAX are treated
/// as already saturated").
constexpr index_t interval_bound_add(index_t a, index_t b) noexcept {
  if (a == index_max || b == index_max) {
    if (a == index_min || b == index_min) return a == index_max ? b : a;  // inf + -inf: keep the other side
    return index_max;
  }
  if (a == index_min || b == index_min) return index_min;
  return saturating_add(a, b);
}
/// Saturating product where a saturated bound times a non-zero number stays saturated.
constexpr index_t interval_bound_mul(index_t a, index_t b) noexcept {
  if (a == 0 || b == 0) return 0;
  if (a == index_min || a == index_max || b == index_min || b == index_max)
    return ((a < 0) != (b < 0)) ? index_min : index_max;
  return saturating_mul(a, b);
}
}  // namespace detail

/// [a.lower + b.lower, a.upper + b.upper], saturating.
constexpr interval operator+(const interval& a, const interval& b) noexcept {
  return {detail::interval_bound_add(a.lower, b.lower), detail::interval_bound_add(a.upper, b.upper)};
}

/// The product interval, saturating.
constexpr interval operator*(const interval& a, const interval& b) noexcept {
  using detail::interval_bound_mul;
  const index_t p[4] = {interval_bound_mul(a.lower, b.lower), interval_bound_mul(a.lower, b.upper),
                        interval_bound_mul(a.upper, b.lower), interval_bound_mul(a.upper, b.upper)};
  interval r{p[0], p[0]};
  for (index_t v : p) {
    if (v < r.lower) r.lower = v;
    if (v > r.upper) r.upper = v;
  }
  return r;
}

/// The interval of k * x for x in a.
constexpr interval scale(const interval& a, index_t k) noexcept { return a * interval{k, k}; }

/// The interval of floor(x / d) for x in a (d != 0).
constexpr interval floor_div(const interval& a, index_t d) noexcept {
  if (a.is_empty()) return a;
  index_t x = floor_div(a.lower, d), y = floor_div(a.upper, d);
  return x <= y ? interval{x, y} : interval{y, x};
}

/// The smallest and largest of two intervals, elementwise (min/max of expressions).
constexpr interval min(const interval& a, const interval& b) noexcept {
  return {a.lower < b.lower ? a.lower : b.lower, a.upper < b.upper ? a.upper : b.upper};
}
constexpr interval max(const interval& a, const interval& b) noexcept {
  return {a.lower > b.lower ? a.lower : b.lower, a.upper > b.upper ? a.upper : b.upper};
}

}  // namespace xlayout
