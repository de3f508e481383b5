// include/xlayout/tensor/element.hpp: how a Tensor stores its elements. The C++ element type of each XLA
// type, float conversions for BF16, F16, the F8 kinds and F4E2M1FN (round to nearest even, ml_dtypes' rules),
// and the proxy reference that reads and writes one packed sub-byte element (S4, U4, S2, U2, S1, U1,
// F4E2M1FN, and E(n) layouts).
#pragma once
#include <cstdint>
#include <type_traits>

#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/shape/element_type.hpp>

namespace xlayout {

// ---------------------------------------------------------------------------------------------------
// Small floating-point formats

namespace detail {

/// How a small float marks NaN: IEEE (exponent all ones, mantissa not zero), all bits but the sign set
/// (`fn` types), the negative-zero pattern (`fnuz` types), or not at all (F4E2M1FN).
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
    case nan_encoding::none:  // F4E2M1FN has no NaN; ml_dtypes gives the negative-zero pattern
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
/// (F4E2M1FN). Unsigned formats map negative numbers to NaN; F8E8M0FNU maps zero to NaN and values below its
/// smallest to the smallest.
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

// ---------------------------------------------------------------------------------------------------
// The C++ element type of a Tensor

namespace detail {
template <class T>
struct tag_of_element {
  static constexpr element_type value = element_type_of<T>;
};
template <element_type E>
struct tag_of_element<element_tag<E>> {
  static constexpr element_type value = E;
};
}  // namespace detail

/// What basic_tensor takes as its element: the storage type where it names the element type alone (float,
/// std::int8_t, bf16_bits, f8_bits<E>, complex_storage<float>, bool), else the tag type
/// (element_tag<element_type::s4>: sub-byte types share one storage). Add const for a read-only tensor.
template <element_type E>
using tensor_element_t = std::conditional_t<element_type_of<typename element_tag<E>::storage> == E,
                                            typename element_tag<E>::storage, element_tag<E>>;

/// The XLA element type of a basic_tensor element (const or not); element_type::invalid if it is none.
template <class Element>
inline constexpr element_type element_type_of_tensor =
    detail::tag_of_element<std::remove_cv_t<Element>>::value;

/// The value a packed sub-byte element reads as: std::int8_t for S1/S2/S4, std::uint8_t for U1/U2/U4,
/// float for F4E2M1FN.
template <element_type E>
using packed_value_t =
    std::conditional_t<E == element_type::f4e2m1fn, float,
                       std::conditional_t<is_signed_integral(E), std::int8_t, std::uint8_t>>;

namespace detail {
/// Where the element at `offset` of a packed array lives: the byte, and the shift of its slot. Slots fill a
/// byte from its most significant bits down, as XLA's PackIntN writes them (xla/util.h).
template <int SlotBits>
XLAYOUT_HD constexpr std::uint64_t packed_byte_index(index_t offset) noexcept {
  return static_cast<std::uint64_t>(offset) / static_cast<std::uint64_t>(8 / SlotBits);
}
template <int SlotBits>
XLAYOUT_HD constexpr unsigned packed_shift(index_t offset) noexcept {
  constexpr unsigned per_byte = 8 / SlotBits;
  return static_cast<unsigned>(SlotBits) *
         (per_byte - 1 - static_cast<unsigned>(static_cast<std::uint64_t>(offset) % per_byte));
}
}  // namespace detail

/// A reference to one element packed with others into bytes (S4, U4, S2, U2, S1, U1, F4E2M1FN, and the E(n)
/// layouts of those types). Reading extracts and sign-extends its bits; assigning changes only its slot
/// (a read-modify-write of the byte: not atomic with respect to the neighbouring elements).
template <element_type E, int SlotBits, bool Const>
class packed_reference {
 public:
  using value_type = packed_value_t<E>;
  using byte_pointer = std::conditional_t<Const, const std::uint8_t*, std::uint8_t*>;
  static constexpr int value_bits = bit_width(E);
  static constexpr int slot_bits = SlotBits;

  constexpr packed_reference() = default;
  XLAYOUT_HD constexpr packed_reference(byte_pointer byte, unsigned shift) noexcept
      : byte_(byte), shift_(shift) {}

  /// The raw bits of the element (the low value_bits bits).
  XLAYOUT_HD constexpr std::uint8_t raw() const noexcept {
    return static_cast<std::uint8_t>((*byte_ >> shift_) & value_mask);
  }
  XLAYOUT_HD constexpr operator value_type() const noexcept {  // NOLINT: a reference converts to its value
    const std::uint32_t r = raw();
    if constexpr (E == element_type::f4e2m1fn) {
      return detail::decode_minifloat(detail::format_of(E), r);
    } else if constexpr (is_signed) {
      const int v = static_cast<int>(r);
      return static_cast<value_type>((r & sign_bit) != 0 ? v - (1 << value_bits) : v);
    } else {
      return static_cast<value_type>(r);
    }
  }
  /// Writes v's low bits (integers wrap, as a cast to an n-bit integer does; floats round to nearest even).
  XLAYOUT_HD constexpr const packed_reference& operator=(value_type v) const noexcept
    requires(!Const)
  {
    std::uint32_t r = 0;
    if constexpr (E == element_type::f4e2m1fn) {
      r = detail::encode_minifloat(detail::format_of(E), v);
    } else {
      r = static_cast<std::uint32_t>(static_cast<std::uint8_t>(v));
    }
    const std::uint32_t cleared = static_cast<std::uint32_t>(*byte_) & ~(slot_mask << shift_);
    *byte_ = static_cast<std::uint8_t>(cleared | ((r & value_mask) << shift_));
    return *this;
  }
  /// Copies the value of another element (not the reference).
  XLAYOUT_HD constexpr const packed_reference& operator=(const packed_reference& other) const noexcept
    requires(!Const)
  {
    return *this = static_cast<value_type>(other);
  }
  packed_reference(const packed_reference&) = default;

 private:
  static constexpr std::uint32_t value_mask = (1u << value_bits) - 1;
  static constexpr std::uint32_t slot_mask = SlotBits >= 8 ? 0xFFu : (1u << SlotBits) - 1;
  static constexpr std::uint32_t sign_bit = 1u << (value_bits - 1);
  static constexpr bool is_signed = is_signed_integral(E);
  byte_pointer byte_ = nullptr;
  unsigned shift_ = 0;
};

namespace detail {
/// Everything a tensor needs to know about its element type: its storage, how an element is found from
/// the data handle and a linear index, and what a reference to it is. SlotBits is the layout's E(n) (0:
/// the type's own width).
template <class Element, index_t ElementSizeInBits>
struct element_access {
  static constexpr element_type type = element_type_of_tensor<Element>;
  static constexpr bool is_const = std::is_const_v<Element>;
  static constexpr int own_bits = bit_width(type);
  static constexpr index_t slot_bits = ElementSizeInBits > 0 ? ElementSizeInBits : own_bits;
  static constexpr bool packed = is_sub_byte(type);
  using storage_type = typename element_tag<type>::storage;
  /// True when the element type and E(n) can be addressed: sub-byte types in 1, 2, 4 or 8-bit slots at
  /// least as wide as the type; every other type in its own width.
  static constexpr bool supported =
      packed ? (slot_bits == 1 || slot_bits == 2 || slot_bits == 4 || slot_bits == 8) && slot_bits >= own_bits
             : (is_array_type(type) && !std::is_void_v<storage_type> &&
                slot_bits ==
                    static_cast<index_t>(
                        8 * sizeof(std::conditional_t<std::is_void_v<storage_type>, char, storage_type>)));
  static constexpr int packed_slot_bits = packed && supported ? static_cast<int>(slot_bits) : 8;

  using value_type = std::conditional_t<packed, packed_value_t<type>, storage_type>;
  using data_handle_type =
      std::conditional_t<packed, std::conditional_t<is_const, const std::uint8_t*, std::uint8_t*>,
                         std::conditional_t<is_const, const storage_type*, storage_type*>>;
  using reference = std::conditional_t<packed, packed_reference<type, packed_slot_bits, is_const>,
                                       std::conditional_t<is_const, const storage_type&, storage_type&>>;

  /// The element at linear index `offset`.
  XLAYOUT_HD static constexpr reference access(data_handle_type p, index_t offset) noexcept {
    if constexpr (packed) {
      return reference(p + detail::packed_byte_index<packed_slot_bits>(offset),
                       detail::packed_shift<packed_slot_bits>(offset));
    } else {
      return p[offset];
    }
  }
  /// The data handle of the element at linear index `offset` (for packed types: offset * bits must be a
  /// whole number of bytes).
  XLAYOUT_HD static constexpr data_handle_type advance(data_handle_type p, index_t offset) noexcept {
    if constexpr (packed) {
      return p + detail::packed_byte_index<packed_slot_bits>(offset);
    } else {
      return p + offset;
    }
  }
};
}  // namespace detail

/// What Tensor::at returns inside its result: the element's handle, which converts to the element and
/// assigns to it. Copying it copies the handle (unlike a packed_reference, which copies values).
template <class Access>
class checked_reference {
 public:
  using value_type = typename Access::value_type;
  using reference = typename Access::reference;
  using data_handle_type = typename Access::data_handle_type;

  constexpr checked_reference() = default;
  XLAYOUT_HD constexpr checked_reference(data_handle_type p, index_t offset) noexcept
      : data_(p), offset_(offset) {}

  /// The element (a C++ reference, or a packed_reference).
  XLAYOUT_HD constexpr reference get() const noexcept { return Access::access(data_, offset_); }
  XLAYOUT_HD constexpr operator reference() const noexcept { return get(); }  // NOLINT
  /// The linear index of the element in the tensor's buffer.
  XLAYOUT_HD constexpr index_t offset() const noexcept { return offset_; }
  XLAYOUT_HD constexpr const checked_reference& operator=(const value_type& v) const noexcept
    requires(!Access::is_const)
  {
    get() = v;
    return *this;
  }

 private:
  data_handle_type data_ = nullptr;
  index_t offset_ = 0;
};

}  // namespace xlayout
