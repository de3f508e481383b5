// include/xlayout/layout/sizes.hpp: how many bytes an array takes. byte_size is XLA's ByteSizeOf (logical
// elements only); physical_byte_size is what the laid-out buffer needs (padding, tiles, L(n), packing).
#pragma once
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/layout/index_program.hpp>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {

/// Bits one element occupies in memory: E(n) when the layout sets it, else the type's width
/// (sub-byte types packed: S4 takes 4 bits, PRED 8).
constexpr index_t element_bits(const shape& s) noexcept {
  return s.layout.element_size_in_bits > 0 ? s.layout.element_size_in_bits : bit_width(s.element_type);
}

namespace detail {
/// ceil(n * bits / 8) for n >= 0 and bits > 0, without forming n * bits: with n = 8q + r and bits = 8a + b
/// it is q * bits + r * a + ceil(r * b / 8), and r * a + ceil(r * b / 8) <= 7 * a + 7 fits. (r * bits
/// overflowed for E(n) near 2^62: s4[6]{0:E(4611686018427387984)} has ceil(6 * E / 8) = 3458764513820540988
/// bytes; fuzz shape_text.) ok = false where the bytes leave int64.
constexpr checked_index bytes_of_bits(index_t n, index_t bits) noexcept {
  const index_t r = n % 8;
  const checked_index whole = checked_mul(n / 8, bits);
  const checked_index total = checked_add(whole.value, r * (bits / 8) + (r * (bits % 8) + 7) / 8);
  return {total.value, whole.ok && total.ok};
}
}  // namespace detail

/// XLA's ShapeUtil::ByteSizeOf for an array: logical elements times the bytes of one element
/// (ByteSizeOfPrimitiveType, so unpacked S4 takes a byte), or ceil(elements * E / 8) with E(n).
/// Tiles and padding are ignored. Errors: dynamic_dimension, span_overflow.
constexpr result<index_t> checked_byte_size(const shape& s) noexcept {
  auto n = checked_element_count(s);
  if (!n) return n.error();
  if (s.layout.element_size_in_bits > 0) {
    // In bytes, not bits (as checked_physical_byte_size).
    const checked_index bytes = detail::bytes_of_bits(*n, s.layout.element_size_in_bits);
    if (!bytes.ok) return error_id::span_overflow;
    return bytes.value;
  }
  auto bytes = checked_mul(*n, byte_width(s.element_type));
  if (!bytes.ok) return error_id::span_overflow;
  return bytes.value;
}

/// byte_size for a static shape (compile error in a constant expression otherwise).
constexpr index_t byte_size(const shape& s) noexcept {
  auto r = checked_byte_size(s);
  XLAYOUT_EXPECTS(is_static(s), dynamic_dimension);
  XLAYOUT_EXPECTS(r.has_value(), span_overflow);
  return r.value_or(0);
}

/// Bytes of the laid-out buffer: required_span_size slots (tile padding, padded dimensions and L(n)
/// tail padding included) of element_bits each, rounded up to a whole byte. For every layout in XLA's
/// tests this equals ShapeUtil::ArraySize; XLA pads by the first tile only and stores sub-byte types
/// without E(n) one per byte. A token or opaque shape has no data: 0, as XLA's ByteSizeOf and
/// checked_byte_size. Errors: dynamic_dimension, span_overflow; invalid_element_type for an element type
/// that is no array type (a tuple, a value outside the enumeration: a field-built shape).
constexpr result<index_t> checked_physical_byte_size(const shape& s) noexcept {
  if (s.element_type == element_type::token || s.element_type == element_type::opaque) return index_t{0};
  if (!is_array_type(s.element_type)) return error_id::invalid_element_type;  // no bits: no bytes to count
  auto span = checked_required_span_size(s);
  if (!span) return span.error();
  // Counted in bytes, never in bits (span * bits overflows int64 long before the byte count does:
  // f32[1048576,1048576,1024,1024] has 2^62 bytes but 2^65 bits).
  const checked_index bytes = detail::bytes_of_bits(*span, element_bits(s));
  if (!bytes.ok) return error_id::span_overflow;
  return bytes.value;
}

/// physical_byte_size for a static shape (compile error in a constant expression otherwise).
constexpr index_t physical_byte_size(const shape& s) noexcept {
  auto r = checked_physical_byte_size(s);
  XLAYOUT_EXPECTS(is_static(s), dynamic_dimension);
  XLAYOUT_EXPECTS(r.has_value(), span_overflow);
  return r.value_or(0);
}

/// XLA's ShapeUtil::UnpackedByteStrides: the stride of each logical dimension in bytes, counting a whole
/// byte per element (ByteSizeOfPrimitiveType: S4 takes one). Errors: dynamic_dimension, not_strided.
constexpr result<index_vector> unpacked_byte_strides(const shape& s) noexcept {
  auto st = strides(s);
  if (!st) return st.error();
  for (index_t& v : st.value()) {
    const auto b = checked_mul(v, byte_width(s.element_type));
    if (!b.ok) return error_id::span_overflow;
    v = b.value;
  }
  return st;
}

/// XLA's ShapeUtil::ByteStrides: the stride of each logical dimension in bytes for the packed elements;
/// an error (not_strided) when an element is not a whole number of bytes (e.g. E(4)); span_overflow when a
/// stride in bytes exceeds int64.
constexpr result<index_vector> byte_strides(const shape& s) noexcept {
  if (element_bits(s) % 8 != 0) return error_id::not_strided;
  auto st = strides(s);
  if (!st) return st.error();
  for (index_t& v : st.value()) {
    const auto b = checked_mul(v, element_bits(s) / 8);
    if (!b.ok) return error_id::span_overflow;
    v = b.value;
  }
  return st;
}

/// XLA's LayoutUtil::ByteStridesIsMajorToMinor: `strides_in_bytes` are exactly those of a dense
/// row-major array of `dims` with elements of type `t`.
constexpr bool byte_strides_is_major_to_minor(const index_vector& strides_in_bytes, const index_vector& dims,
                                              element_type t) noexcept {
  if (strides_in_bytes.size() != dims.size()) return false;
  index_t expected = byte_width(t);
  for (std::size_t d = dims.size(); d-- > 0;) {
    if (strides_in_bytes[d] != expected) return false;
    expected *= dims[d];
  }
  return true;
}

}  // namespace XLAYOUT_NAMESPACE
