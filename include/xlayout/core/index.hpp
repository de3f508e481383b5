// include/xlayout/core/index.hpp: index_t, the dynamic-extent marker, and exact integer arithmetic
// (floor division, floor modulo, ceiling division, and overflow-checked add and multiply).
#pragma once
#include <cstdint>
#include <limits>

#include <xlayout/core/config.hpp>

namespace XLAYOUT_NAMESPACE {

/// The integer type of every size, index and linear index (XLA's int64).
using index_t = std::int64_t;

inline constexpr index_t index_max = std::numeric_limits<index_t>::max();
inline constexpr index_t index_min = std::numeric_limits<index_t>::min();

/// An extent known only at run time: `Extents<dyn, 128>`, and `?` in shape text. XLA's
/// Shape::kUnboundedSize has the same value (INT64_MIN).
inline constexpr index_t dyn = index_min;

/// Floor division: rounds toward minus infinity (XLA's `/` and MLIR's `floordiv`).
/// @pre b != 0, and not (a == index_min and b == -1)
XLAYOUT_HD constexpr index_t floor_div(index_t a, index_t b) noexcept {
  XLAYOUT_ASSERT(b != 0, "xlayout::floor_div: division by zero");
  index_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

/// Floor modulo: the remainder that goes with floor_div; for b > 0 it lies in [0, b-1].
/// @pre b != 0
XLAYOUT_HD constexpr index_t floor_mod(index_t a, index_t b) noexcept {
  XLAYOUT_ASSERT(b != 0, "xlayout::floor_mod: division by zero");
  if (b == -1) return 0;  // a % -1 would overflow for index_min
  index_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

/// Ceiling division: rounds toward plus infinity (`ceildiv`).
/// @pre b != 0
XLAYOUT_HD constexpr index_t ceil_div(index_t a, index_t b) noexcept {
  XLAYOUT_ASSERT(b != 0, "xlayout::ceil_div: division by zero");
  index_t q = a / b;
  if ((a % b != 0) && ((a < 0) == (b < 0))) ++q;
  return q;
}

/// Greatest common divisor of |a| and |b| (gcd(0, 0) == 0).
XLAYOUT_HD constexpr index_t gcd(index_t a, index_t b) noexcept {
  // Work on magnitudes as unsigned so that index_min does not overflow.
  auto ua = a < 0 ? 0 - static_cast<std::uint64_t>(a) : static_cast<std::uint64_t>(a);
  auto ub = b < 0 ? 0 - static_cast<std::uint64_t>(b) : static_cast<std::uint64_t>(b);
  while (ub != 0) {
    auto t = ua % ub;
    ua = ub;
    ub = t;
  }
  return ua > static_cast<std::uint64_t>(index_max) ? index_max : static_cast<index_t>(ua);
}

/// True when the exact sum a + b does not fit in index_t.
XLAYOUT_HD constexpr bool add_overflows(index_t a, index_t b) noexcept {
  return (b > 0 && a > index_max - b) || (b < 0 && a < index_min - b);
}

/// True when the exact product a * b does not fit in index_t.
XLAYOUT_HD constexpr bool mul_overflows(index_t a, index_t b) noexcept {
  if (a == 0 || b == 0) return false;
  if (a == -1) return b == index_min;
  if (b == -1) return a == index_min;
  if (a > 0) {
    if (b > 0) return a > index_max / b;
    return b < index_min / a;
  }
  if (b > 0) return a < index_min / b;
  return a < index_max / b;  // both negative: product positive
}

/// The value of an overflow-checked operation: `ok` is false when the exact result does not fit.
struct checked_index {
  index_t value = 0;
  bool ok = true;
  friend constexpr bool operator==(const checked_index&, const checked_index&) = default;
};

XLAYOUT_HD constexpr checked_index checked_add(index_t a, index_t b) noexcept {
  if (add_overflows(a, b)) return {0, false};
  return {a + b, true};
}

XLAYOUT_HD constexpr checked_index checked_mul(index_t a, index_t b) noexcept {
  if (mul_overflows(a, b)) return {0, false};
  return {a * b, true};
}

/// Saturating arithmetic (interval bounds): results clamp to [index_min, index_max].
XLAYOUT_HD constexpr index_t saturating_add(index_t a, index_t b) noexcept {
  if (add_overflows(a, b)) return b > 0 ? index_max : index_min;
  return a + b;
}

XLAYOUT_HD constexpr index_t saturating_mul(index_t a, index_t b) noexcept {
  if (mul_overflows(a, b)) return ((a < 0) != (b < 0)) ? index_min : index_max;
  return a * b;
}

/// True when x is a positive power of two.
XLAYOUT_HD constexpr bool is_power_of_two(index_t x) noexcept { return x > 0 && (x & (x - 1)) == 0; }

}  // namespace XLAYOUT_NAMESPACE
