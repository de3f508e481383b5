// include/xlayout/tensor/element.hpp: how a Tensor stores its elements. The C++ element type of each XLA
// type and the proxy reference that reads and writes one packed sub-byte element (S4, U4, S2, U2, S1, U1,
// F4E2M1FN, and E(n) layouts). The float conversions (to_float, from_float) are in tensor/minifloat.hpp,
// included here.
#pragma once
#include <cstdint>
#include <type_traits>

#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/tensor/minifloat.hpp>
#include <xlayout/values/element_type.hpp>

namespace XLAYOUT_NAMESPACE {

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
/// byte from its least significant bits up: element 0 of a byte in its low bits, as XLA packs S4, U2, S1 and
/// the others since 2025 (PackIntN in xla/packing.cc: `in[2i] | in[2i+1] << 4`; before, the first element
/// took the high bits).
template <int SlotBits>
XLAYOUT_HD constexpr std::uint64_t packed_byte_index(index_t offset) noexcept {
  return static_cast<std::uint64_t>(offset) / static_cast<std::uint64_t>(8 / SlotBits);
}
template <int SlotBits>
XLAYOUT_HD constexpr unsigned packed_shift(index_t offset) noexcept {
  constexpr unsigned per_byte = 8 / SlotBits;
  return static_cast<unsigned>(SlotBits) *
         static_cast<unsigned>(static_cast<std::uint64_t>(offset) % per_byte);
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

/// The storage units (elements, or bytes for the sub-byte types) that `slots` slots of the layout take.
template <class Access>
XLAYOUT_HD constexpr std::size_t storage_units(index_t slots) noexcept {
  if constexpr (Access::packed) {
    constexpr index_t per_byte = 8 / Access::packed_slot_bits;
    return static_cast<std::size_t>(slots / per_byte + (slots % per_byte != 0 ? 1 : 0));
  } else {
    return static_cast<std::size_t>(slots);
  }
}
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

}  // namespace XLAYOUT_NAMESPACE
