// include/xlayout/values/element_type.hpp: XLA's primitive types (PRED, S4, BF16, F32, the F8 kinds, ...),
// their names and bit widths, the tag values `F32`, `BF16`, ... and the Boost.Mp11 list of tags.
#pragma once
#include <boost/mp11/list.hpp>
#include <cstdint>
#include <string_view>

#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>

namespace XLAYOUT_NAMESPACE {

// X(enumerator, xla_name, TAG, bits, kind, storage): every XLA PrimitiveType, the one list everything per
// type is generated from (the enum, the name table, bit_width, storage_of, the tags and element_tags).
// TAG is the tag value's name (XLA's PrimitiveType enumerator). bits is the storage width of one element
// (XLA's primitive_util::BitWidth; PRED takes 8). kind: 'b' bool, 's' signed, 'u' unsigned, 'f' float,
// 'c' complex, 'x' not an array element. storage is the C++ type one element is stored as (packed_byte for
// the sub-byte types, which share bytes; the names it uses are declared below, before it is expanded).
#define XLAYOUT_ARRAY_ELEMENT_TYPES(X)                                                           \
  X(pred, "pred", PRED, 8, 'b', bool)                                                            \
  X(s1, "s1", S1, 1, 's', packed_byte)                                                           \
  X(s2, "s2", S2, 2, 's', packed_byte)                                                           \
  X(s4, "s4", S4, 4, 's', packed_byte)                                                           \
  X(s8, "s8", S8, 8, 's', std::int8_t)                                                           \
  X(s16, "s16", S16, 16, 's', std::int16_t)                                                      \
  X(s32, "s32", S32, 32, 's', std::int32_t)                                                      \
  X(s64, "s64", S64, 64, 's', std::int64_t)                                                      \
  X(u1, "u1", U1, 1, 'u', packed_byte)                                                           \
  X(u2, "u2", U2, 2, 'u', packed_byte)                                                           \
  X(u4, "u4", U4, 4, 'u', packed_byte)                                                           \
  X(u8, "u8", U8, 8, 'u', std::uint8_t)                                                          \
  X(u16, "u16", U16, 16, 'u', std::uint16_t)                                                     \
  X(u32, "u32", U32, 32, 'u', std::uint32_t)                                                     \
  X(u64, "u64", U64, 64, 'u', std::uint64_t)                                                     \
  X(f16, "f16", F16, 16, 'f', f16_bits)                                                          \
  X(bf16, "bf16", BF16, 16, 'f', bf16_bits)                                                      \
  X(f32, "f32", F32, 32, 'f', float)                                                             \
  X(f64, "f64", F64, 64, 'f', double)                                                            \
  X(c64, "c64", C64, 64, 'c', complex_storage<float>)                                            \
  X(c128, "c128", C128, 128, 'c', complex_storage<double>)                                       \
  X(f4e2m1fn, "f4e2m1fn", F4E2M1FN, 4, 'f', packed_byte)                                         \
  X(f8e3m4, "f8e3m4", F8E3M4, 8, 'f', f8_bits<element_type::f8e3m4>)                             \
  X(f8e4m3, "f8e4m3", F8E4M3, 8, 'f', f8_bits<element_type::f8e4m3>)                             \
  X(f8e4m3fn, "f8e4m3fn", F8E4M3FN, 8, 'f', f8_bits<element_type::f8e4m3fn>)                     \
  X(f8e4m3b11fnuz, "f8e4m3b11fnuz", F8E4M3B11FNUZ, 8, 'f', f8_bits<element_type::f8e4m3b11fnuz>) \
  X(f8e4m3fnuz, "f8e4m3fnuz", F8E4M3FNUZ, 8, 'f', f8_bits<element_type::f8e4m3fnuz>)             \
  X(f8e5m2, "f8e5m2", F8E5M2, 8, 'f', f8_bits<element_type::f8e5m2>)                             \
  X(f8e5m2fnuz, "f8e5m2fnuz", F8E5M2FNUZ, 8, 'f', f8_bits<element_type::f8e5m2fnuz>)             \
  X(f8e8m0fnu, "f8e8m0fnu", F8E8M0FNU, 8, 'f', f8_bits<element_type::f8e8m0fnu>)                 \
  X(f6e3m2fn, "f6e3m2fn", F6E3M2FN, 8, 'f', f8_bits<element_type::f6e3m2fn>)                     \
  X(f6e2m3fn, "f6e2m3fn", F6E2M3FN, 8, 'f', f8_bits<element_type::f6e2m3fn>)

// The types that are no array element (tuple, opaque, token, buffer): same columns, kind 'x', no storage.
// OPAQUE_TYPE is XLA's enumerator (a plain OPAQUE would collide with a <windows.h> macro).
#define XLAYOUT_NON_ARRAY_ELEMENT_TYPES(X)       \
  X(tuple, "tuple", TUPLE, 0, 'x', void)         \
  X(opaque, "opaque", OPAQUE_TYPE, 0, 'x', void) \
  X(token, "token", TOKEN, 0, 'x', void)         \
  X(buffer, "buffer", BUFFER, 0, 'x', void)

#define XLAYOUT_ELEMENT_TYPES(X) XLAYOUT_ARRAY_ELEMENT_TYPES(X) XLAYOUT_NON_ARRAY_ELEMENT_TYPES(X)

/// An XLA PrimitiveType. `invalid` is the default (XLA's PRIMITIVE_TYPE_INVALID).
enum class element_type : unsigned char {
  invalid,
#define XLAYOUT_X(e, name, tag, bits, kind, storage) e,
  XLAYOUT_ELEMENT_TYPES(XLAYOUT_X)
#undef XLAYOUT_X
};

namespace detail {
struct element_type_info {
  element_type type;
  std::string_view name;
  int bits;
  char kind;
};
inline constexpr element_type_info element_type_table[] = {{element_type::invalid, "invalid", 0, 'x'},
#define XLAYOUT_X(e, name, tag, bits, kind, storage) {element_type::e, name, bits, kind},
                                                           XLAYOUT_ELEMENT_TYPES(XLAYOUT_X)
#undef XLAYOUT_X
};
// Host only: CUDA device code cannot read this table (bit_width, which device code calls, uses a switch).
constexpr const element_type_info& info(element_type t) noexcept {
  // A value outside the enumeration (a cast from a number) reads as `invalid`, not past the table.
  const auto i = static_cast<unsigned>(t);
  return element_type_table[i < sizeof(element_type_table) / sizeof(element_type_table[0]) ? i : 0];
}
constexpr char ascii_lower(char c) noexcept {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}
}  // namespace detail

/// Every element type, in declaration order (for tests and tools that enumerate them).
inline constexpr int element_type_count =
    static_cast<int>(sizeof(detail::element_type_table) / sizeof(detail::element_type_table[0]));

/// XLA's lower-case name: "f32", "bf16", "pred", "f8e4m3fn", "opaque".
constexpr std::string_view element_type_name(element_type t) noexcept { return detail::info(t).name; }

/// Parses a name in either case ("f32", "F32"; XLA's documents write upper case). `invalid` if unknown.
/// (Written as one comparison of locals with constants per type, not a loop over the table: every distinct
/// Shape<"...">, Tensor<"..."> text calls it in a constant expression, where g++ 12 spent about 1.9 million
/// instructions on the loop.)
constexpr element_type element_type_from_name(std::string_view s) noexcept {
  const std::size_t n = s.size();
  if (n < 2 || n > 16) return element_type::invalid;
  const char c0 = detail::ascii_lower(s[0]);
  const auto same = [&](std::string_view name) {
    for (std::size_t i = 1; i < n; ++i) {
      if (detail::ascii_lower(s[i]) != name[i]) return false;
    }
    return true;
  };
#define XLAYOUT_X(e, name, tag, bits, kind, storage) \
  if (n == sizeof(name) - 1 && c0 == (name)[0] && same(name)) return element_type::e;
  XLAYOUT_ELEMENT_TYPES(XLAYOUT_X)
#undef XLAYOUT_X
  return element_type::invalid;
}
#define XLAYOUT_X(e, name, tag, bits, kind, storage) \
  static_assert(sizeof(name) - 1 <= 16, "element_type_from_name: a name longer than 16 characters");
XLAYOUT_ELEMENT_TYPES(XLAYOUT_X)
#undef XLAYOUT_X

/// Storage bits of one element (PRED: 8; S4: 4; C64: 64; tuple, token, opaque: 0).
XLAYOUT_HD constexpr int bit_width(element_type t) noexcept {
  switch (t) {
#define XLAYOUT_X(e, name, tag, bits, kind, storage) \
  case element_type::e:                              \
    return bits;
    XLAYOUT_ELEMENT_TYPES(XLAYOUT_X)
#undef XLAYOUT_X
    default:
      return 0;
  }
}

/// XLA's number of the type: its PrimitiveType in xla_data.proto, which the FFI's XLA_FFI_DataType (what a
/// custom call receives) repeats: F32 is 11, BF16 16, S4 21. element_type's own values are not these. 0
/// (XLA's PRIMITIVE_TYPE_INVALID) for invalid.
XLAYOUT_HD constexpr int primitive_type_number(element_type t) noexcept {
  switch (t) {
    // clang-format off
    case element_type::pred: return 1;            case element_type::s8: return 2;
    case element_type::s16: return 3;             case element_type::s32: return 4;
    case element_type::s64: return 5;             case element_type::u8: return 6;
    case element_type::u16: return 7;             case element_type::u32: return 8;
    case element_type::u64: return 9;             case element_type::f16: return 10;
    case element_type::f32: return 11;            case element_type::f64: return 12;
    case element_type::tuple: return 13;          case element_type::opaque: return 14;
    case element_type::c64: return 15;            case element_type::bf16: return 16;
    case element_type::token: return 17;          case element_type::c128: return 18;
    case element_type::f8e5m2: return 19;         case element_type::f8e4m3fn: return 20;
    case element_type::s4: return 21;             case element_type::u4: return 22;
    case element_type::f8e4m3b11fnuz: return 23;  case element_type::f8e5m2fnuz: return 24;
    case element_type::f8e4m3fnuz: return 25;     case element_type::s2: return 26;
    case element_type::u2: return 27;             case element_type::f8e4m3: return 28;
    case element_type::f8e3m4: return 29;         case element_type::s1: return 30;
    case element_type::u1: return 31;             case element_type::f4e2m1fn: return 32;
    case element_type::f8e8m0fnu: return 33;     case element_type::buffer: return 34;
    case element_type::f6e3m2fn: return 35;      case element_type::f6e2m3fn: return 36;
    // clang-format on
    default:
      return 0;
  }
}

/// The element type of XLA's PrimitiveType number n (primitive_type_number's inverse: a custom call's
/// XLA_FFI_DataType, a PrimitiveType from a proto); element_type::invalid for a number that names none.
XLAYOUT_HD constexpr element_type element_type_from_primitive_type(int n) noexcept {
  for (int i = 1; i < element_type_count; ++i) {
    const auto t = static_cast<element_type>(i);
    if (primitive_type_number(t) == n) return t;
  }
  return element_type::invalid;
}

/// Bytes one unpacked element occupies (XLA's ByteSizeOfPrimitiveType: sub-byte types take a byte).
XLAYOUT_HD constexpr int byte_width(element_type t) noexcept {
  int b = bit_width(t);
  return b == 0 ? 0 : (b + 7) / 8;
}

/// True for the types that can be array elements (everything but tuple, opaque, token, buffer, invalid).
constexpr bool is_array_type(element_type t) noexcept { return detail::info(t).kind != 'x'; }
constexpr bool is_signed_integral(element_type t) noexcept { return detail::info(t).kind == 's'; }
constexpr bool is_unsigned_integral(element_type t) noexcept { return detail::info(t).kind == 'u'; }
constexpr bool is_integral(element_type t) noexcept {
  return is_signed_integral(t) || is_unsigned_integral(t);
}
constexpr bool is_floating_point(element_type t) noexcept { return detail::info(t).kind == 'f'; }
constexpr bool is_complex(element_type t) noexcept { return detail::info(t).kind == 'c'; }
/// True when several elements share a byte (S1, S2, S4, U1, U2, U4, F4E2M1FN).
constexpr bool is_sub_byte(element_type t) noexcept { return bit_width(t) > 0 && bit_width(t) < 8; }

// ---------------------------------------------------------------------------------------------------
// Storage types for the elements C++ has no type for. Each holds the raw bits; tensor/ adds conversions.

/// Raw storage of a 16-bit brain float (BF16).
struct bf16_bits {
  std::uint16_t bits = 0;
  friend constexpr bool operator==(const bf16_bits&, const bf16_bits&) = default;
};
/// Raw storage of an IEEE half (F16).
struct f16_bits {
  std::uint16_t bits = 0;
  friend constexpr bool operator==(const f16_bits&, const f16_bits&) = default;
};
/// Raw storage of one 8-bit float of kind E (F8E4M3FN, F8E5M2, ...), or of a 6-bit one (F6E3M2FN, F6E2M3FN),
/// which XLA stores one per byte (primitive_util::BitWidth: 8), in the low six bits.
template <element_type E>
struct f8_bits {
  std::uint8_t bits = 0;
  friend constexpr bool operator==(const f8_bits&, const f8_bits&) = default;
};
/// One complex element (C64 holds two floats, C128 two doubles), real part first.
template <class T>
struct complex_storage {
  T real{};
  T imag{};
  friend constexpr bool operator==(const complex_storage&, const complex_storage&) = default;
};
/// Sub-byte elements have no addressable storage of their own; the unit of memory is this byte.
struct packed_byte {
  std::uint8_t bits = 0;
};

namespace detail {
template <element_type E>
struct storage_of {
  using type = void;
};
#define XLAYOUT_X(e, name, tag, bits, kind, storage) \
  template <>                                        \
  struct storage_of<element_type::e> {               \
    using type = storage;                            \
  };
XLAYOUT_ARRAY_ELEMENT_TYPES(XLAYOUT_X)
#undef XLAYOUT_X
}  // namespace detail

/// The tag of one element type: `F32` is a value of type element_tag<element_type::f32>. Tags are what
/// `Tensor<F32, Extents<3, 5>>` takes; `storage` is the C++ type one element is stored as.
template <element_type E>
struct element_tag {
  static constexpr element_type value = E;
  using storage = typename detail::storage_of<E>::type;
  static constexpr int bits = bit_width(E);
  constexpr operator element_type() const noexcept { return E; }  // NOLINT: a tag is its type
  friend constexpr bool operator==(element_tag, element_tag) noexcept { return true; }
};

/// The C++ storage type of a tag type: storage_t<element_tag<element_type::f32>> is float.
template <class Tag>
using storage_t = typename Tag::storage;

// The tags, spelled as XLA spells the types in upper case: F32, BF16, S4, F8E4M3FN, TUPLE, ...
#define XLAYOUT_X(e, name, tag, bits, kind, storage) inline constexpr element_tag<element_type::e> tag{};
XLAYOUT_ELEMENT_TYPES(XLAYOUT_X)
#undef XLAYOUT_X

/// Every array element tag type, as a Boost.Mp11 list (mp_transform with storage_t gives the storage types).
#define XLAYOUT_X(e, name, tag, bits, kind, storage) , element_tag<element_type::e>
using element_tags =
    boost::mp11::mp_pop_front<boost::mp11::mp_list<void XLAYOUT_ARRAY_ELEMENT_TYPES(XLAYOUT_X)>>;
#undef XLAYOUT_X

/// The element type whose natural C++ storage is T (float -> F32, std::int8_t -> S8, bool -> PRED);
/// `invalid` for types without one.
template <class T>
inline constexpr element_type element_type_of = element_type::invalid;
template <>
inline constexpr element_type element_type_of<bool> = element_type::pred;
template <>
inline constexpr element_type element_type_of<std::int8_t> = element_type::s8;
template <>
inline constexpr element_type element_type_of<std::int16_t> = element_type::s16;
template <>
inline constexpr element_type element_type_of<std::int32_t> = element_type::s32;
template <>
inline constexpr element_type element_type_of<std::int64_t> = element_type::s64;
template <>
inline constexpr element_type element_type_of<std::uint8_t> = element_type::u8;
template <>
inline constexpr element_type element_type_of<std::uint16_t> = element_type::u16;
template <>
inline constexpr element_type element_type_of<std::uint32_t> = element_type::u32;
template <>
inline constexpr element_type element_type_of<std::uint64_t> = element_type::u64;
template <>
inline constexpr element_type element_type_of<float> = element_type::f32;
template <>
inline constexpr element_type element_type_of<double> = element_type::f64;
template <>
inline constexpr element_type element_type_of<bf16_bits> = element_type::bf16;
template <>
inline constexpr element_type element_type_of<f16_bits> = element_type::f16;
template <element_type E>
inline constexpr element_type element_type_of<f8_bits<E>> = E;
template <>
inline constexpr element_type element_type_of<complex_storage<float>> = element_type::c64;
template <>
inline constexpr element_type element_type_of<complex_storage<double>> = element_type::c128;

}  // namespace XLAYOUT_NAMESPACE
