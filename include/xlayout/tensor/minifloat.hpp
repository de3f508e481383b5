// include/xlayout/tensor/minifloat.hpp: the numerics of the float types C++ lacks: BF16, F16, the F8 kinds,
// the F6 kinds and F4E2M1FN, their formats (ml_dtypes' definitions) and the conversions to and from float
// (round to nearest even, ml_dtypes' rules).
#pragma once
#include <cstdint>
#include <type_traits>

#include <xlayout/core/config.hpp>
#include <xlayout/values/element_type.hpp>

namespace XLAYOUT_NAMESPACE {

// ---------------------------------------------------------------------------------------------------
// Small floating-point formats

namespace detail {

/// How a small float marks NaN: IEEE (exponent all ones, mantissa not zero), all bits but the sign set
/// (`fn` types), the negative-zero pattern (`fnuz` types), or not at all (F4E2M1FN, the F6 kinds).
enum class nan_encoding : unsigned char { ieee, all_ones, negative_zero, none };

/// A binary floating-point format of at most 16 bits.
struct minifloat_format {
  int exponent_bits = 0;
  int mantissa_bits = 0;
  int bias = 0;
  bool is_signed = true;
  bool has_infinity = false;
  nan_encoding nan = nan_encoding::ieee;
  bool has_zero = true;  // false for F8E8M0FNU: the all-zero pattern is 2^-127
};

/// The format of each small float type (ml_dtypes' definitions, which XLA uses).
XLAYOUT_HD constexpr minifloat_format format_of(element_type t) noexcept {
  using N = nan_encoding;
  switch (t) {
    case element_type::f16:
      return {5, 10, 15, true, true, N::ieee, true};
    case element_type::bf16:
      return {8, 7, 127, true, true, N::ieee, true};
    case element_type::f8e5m2:
      return {5, 2, 15, true, true, N::ieee, true};
    case element_type::f8e4m3:
      return {4, 3, 7, true, true, N::ieee, true};
    case element_type::f8e3m4:
      return {3, 4, 3, true, true, N::ieee, true};
    case element_type::f8e4m3fn:
      return {4, 3, 7, true, false, N::all_ones, true};
    case element_type::f8e4m3fnuz:
      return {4, 3, 8, true, false, N::negative_zero, true};
    case element_type::f8e5m2fnuz:
      return {5, 2, 16, true, false, N::negative_zero, true};
    case element_type::f8e4m3b11fnuz:
      return {4, 3, 11, true, false, N::negative_zero, true};
    case element_type::f8e8m0fnu:
      return {8, 0, 127, false, false, N::all_ones, false};
    case element_type::f4e2m1fn:
      return {2, 1, 1, true, false, N::none, true};
    case element_type::f6e3m2fn:
      return {3, 2, 3, true, false, N::none, true};
    case element_type::f6e2m3fn:
      return {2, 3, 1, true, false, N::none, true};
    default:
      return {};
  }
}

XLAYOUT_HD constexpr float float_from_bits(std::uint32_t u) noexcept { return __builtin_bit_cast(float, u); }
XLAYOUT_HD constexpr std::uint32_t bits_of(float f) noexcept { return __builtin_bit_cast(std::uint32_t, f); }

/// The float k * 2^e, exactly (the callers only ask for representable values, subnormals included).
XLAYOUT_HD constexpr float exact_float(std::uint32_t k, int e) noexcept {
  if (k == 0) return 0.0f;
  int n = 0;  // bit length of k
  while ((k >> n) != 0) ++n;
  const int exponent = e + n - 1;
  if (exponent >= -126) {
    const std::uint32_t mantissa = (n <= 24 ? k << (24 - n) : k >> (n - 24)) & 0x7FFFFFu;
    return float_from_bits((static_cast<std::uint32_t>(exponent + 127) << 23) | mantissa);
  }
  return float_from_bits(k << (e + 149));  // a float subnormal: k * 2^e with e >= -149
}

/// The value of the small float with bit pattern `bits`.
XLAYOUT_HD constexpr float decode_minifloat(const minifloat_format& f, std::uint32_t bits) noexcept {
  const int payload = f.exponent_bits + f.mantissa_bits;
  const std::uint32_t magnitude_mask = (1u << payload) - 1;
  const bool negative = f.is_signed && ((bits >> payload) & 1u) != 0;
  const std::uint32_t magnitude = bits & magnitude_mask;
  const std::uint32_t exponent = magnitude >> f.mantissa_bits;
  const std::uint32_t mantissa = magnitude & ((1u << f.mantissa_bits) - 1);
  const std::uint32_t exponent_max = (1u << f.exponent_bits) - 1;
  const std::uint32_t sign = negative ? 0x80000000u : 0u;
  bool nan = false;
  switch (f.nan) {
    case nan_encoding::ieee:
      nan = exponent == exponent_max && mantissa != 0;
      break;
    case nan_encoding::all_ones:
      nan = magnitude == magnitude_mask;
      break;
    case nan_encoding::negative_zero:
      nan = negative && magnitude == 0;
      break;
    case nan_encoding::none:
      break;
  }
  if (nan) return float_from_bits(sign | 0x7FC00000u);
  if (f.has_infinity && exponent == exponent_max && mantissa == 0) return float_from_bits(sign | 0x7F800000u);
  float v = 0.0f;
  if (exponent == 0 && f.has_zero) {
    v = exact_float(mantissa, 1 - f.bias - f.mantissa_bits);
  } else {
    v = exact_float((1u << f.mantissa_bits) | mantissa,
                    static_cast<int>(exponent) - f.bias - f.mantissa_bits);
  }
  return negative ? -v : v;
}

/// The bit pattern of NaN in format f (for signed IEEE and `fn` types, with the given sign).
XLAYOUT_HD constexpr std::uint32_t minifloat_nan(const minifloat_format& f, bool negative) noexcept {
  const int payload = f.exponent_bits + f.mantissa_bits;
  const std::uint32_t sign = (negative && f.is_signed) ? (1u << payload) : 0u;
  switch (f.nan) {
    case nan_encoding::ieee:
      return sign | (((1u << f.exponent_bits) - 1) << f.mantissa_bits) | (1u << (f.mantissa_bits - 1));
    case nan_encoding::all_ones:
      return sign | ((1u << payload) - 1);
    case nan_encoding::negative_zero:
    case nan_encoding::none:  // F4E2M1FN, F6: no NaN; ml_dtypes gives negative zero
      return 1u << payload;
  }
  return 0;
}

/// Rounds k / 2^shift to the nearest integer, ties to even.
XLAYOUT_HD constexpr std::uint64_t round_shift_right(std::uint64_t k, int shift) noexcept {
  if (shift <= 0) return k << -shift;
  if (shift > 63) return 0;
  const std::uint64_t q = k >> shift;
  const std::uint64_t rest = k & ((std::uint64_t{1} << shift) - 1);
  const std::uint64_t half = std::uint64_t{1} << (shift - 1);
  return (rest > half || (rest == half && (q & 1u) != 0)) ? q + 1 : q;
}

/// The bit pattern of the value of format f nearest to x (ties to even). Values too large for the format
/// become infinity where it has one, else NaN (ml_dtypes' non-saturating conversion), else the largest value
/// (F4E2M1FN, the F6 kinds). Unsigned formats map negative numbers to NaN; F8E8M0FNU maps zero to NaN and
/// values below its smallest to the smallest.
XLAYOUT_HD constexpr std::uint32_t encode_minifloat(const minifloat_format& f, float x) noexcept {
  const int payload = f.exponent_bits + f.mantissa_bits;
  const std::uint32_t u = bits_of(x);
  const bool negative = (u >> 31) != 0;
  const std::uint32_t a = u & 0x7FFFFFFFu;
  const std::uint32_t sign = (negative && f.is_signed) ? (1u << payload) : 0u;
  const std::uint32_t exponent_max = (1u << f.exponent_bits) - 1;
  const std::uint32_t mantissa_all = (1u << f.mantissa_bits) - 1;
  // The largest finite pattern's magnitude.
  std::uint32_t largest = (exponent_max << f.mantissa_bits) | mantissa_all;
  if (f.nan == nan_encoding::ieee) largest = ((exponent_max - 1) << f.mantissa_bits) | mantissa_all;
  if (f.nan == nan_encoding::all_ones) largest -= 1;
  const auto overflow = [&]() -> std::uint32_t {
    if (f.has_infinity) return sign | (exponent_max << f.mantissa_bits);
    if (f.nan != nan_encoding::none) return minifloat_nan(f, negative);
    return sign | largest;
  };

  if (a > 0x7F800000u) return minifloat_nan(f, negative);
  if (a == 0x7F800000u) return overflow();
  if (!f.is_signed && negative) return minifloat_nan(f, negative);
  if (a == 0) {
    if (!f.has_zero) return minifloat_nan(f, negative);
    return f.nan == nan_encoding::negative_zero ? 0u : sign;
  }
  // x = significand * 2^e exactly.
  const std::uint32_t float_exponent = a >> 23;
  const std::uint64_t significand = float_exponent == 0 ? (a & 0x7FFFFFu) : ((a & 0x7FFFFFu) | 0x800000u);
  const int e = float_exponent == 0 ? -149 : static_cast<int>(float_exponent) - 150;
  int n = 0;
  while ((significand >> n) != 0) ++n;
  const int unbiased = e + n - 1;  // x is in [2^unbiased, 2^(unbiased+1))
  const int smallest_exponent = f.has_zero ? 1 - f.bias : -f.bias;
  int quantum = (unbiased > smallest_exponent ? unbiased : smallest_exponent) - f.mantissa_bits;
  std::uint64_t k = round_shift_right(significand, quantum - e);  // x ~ k * 2^quantum
  if (k == (std::uint64_t{1} << (f.mantissa_bits + 1))) {         // rounding carried into the next binade
    k >>= 1;
    ++quantum;
  }
  if (k == 0) return f.has_zero ? (f.nan == nan_encoding::negative_zero ? 0u : sign) : 0u;
  std::uint64_t field = 0, mantissa = 0;
  if (k < (std::uint64_t{1} << f.mantissa_bits)) {  // subnormal
    mantissa = k;
  } else {
    field = static_cast<std::uint64_t>(quantum + f.mantissa_bits + f.bias);
    mantissa = k - (std::uint64_t{1} << f.mantissa_bits);
  }
  const std::uint64_t magnitude = (field << f.mantissa_bits) | mantissa;
  if (field > exponent_max || magnitude > largest) return overflow();
  return sign | static_cast<std::uint32_t>(magnitude);
}

}  // namespace detail

/// The value of a BF16 element.
XLAYOUT_HD constexpr float to_float(bf16_bits x) noexcept {
  return detail::float_from_bits(static_cast<std::uint32_t>(x.bits) << 16);
}
/// The value of an F16 element.
XLAYOUT_HD constexpr float to_float(f16_bits x) noexcept {
  return detail::decode_minifloat(detail::format_of(element_type::f16), x.bits);
}
/// The value of an 8-bit float element (F8E4M3FN, F8E5M2, ...).
template <element_type E>
XLAYOUT_HD constexpr float to_float(f8_bits<E> x) noexcept {
  return detail::decode_minifloat(detail::format_of(E), x.bits);
}

namespace detail {
template <class Storage>
struct float_storage_traits {
  static constexpr bool convertible = false;
};
template <>
struct float_storage_traits<bf16_bits> {
  static constexpr bool convertible = true;
};
template <>
struct float_storage_traits<f16_bits> {
  static constexpr bool convertible = true;
};
template <element_type E>
struct float_storage_traits<f8_bits<E>> {
  static constexpr bool convertible = true;
};
}  // namespace detail

/// The storage of x rounded to the nearest value of the type (ties to even): from_float<bf16_bits>(1.5f).
/// Out-of-range values follow ml_dtypes: infinity where the type has one, else NaN.
template <class Storage>
  requires detail::float_storage_traits<Storage>::convertible
XLAYOUT_HD constexpr Storage from_float(float x) noexcept {
  if constexpr (std::is_same_v<Storage, bf16_bits>) {
    const std::uint32_t u = detail::bits_of(x);
    if ((u & 0x7FFFFFFFu) > 0x7F800000u) return {static_cast<std::uint16_t>((u >> 16) | 0x40u)};  // quiet NaN
    return {static_cast<std::uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16)};
  } else if constexpr (std::is_same_v<Storage, f16_bits>) {
    return {static_cast<std::uint16_t>(detail::encode_minifloat(detail::format_of(element_type::f16), x))};
  } else {
    return {
        static_cast<std::uint8_t>(detail::encode_minifloat(detail::format_of(element_type_of<Storage>), x))};
  }
}

}  // namespace XLAYOUT_NAMESPACE
