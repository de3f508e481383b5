// include/xlayout/layout/sizes.hpp: how many bytes an array takes. byte_size is XLA's ByteSizeOf (logical
// elements only); physical_byte_size is what the laid-out buffer needs (padding, tiles, L(n), packing).
#pragma once
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/layout/index_program.hpp>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/shape/shape.hpp>

namespace xlayout {

/// Bits one element occupies in memory: E(n) when the layout sets it, else the type's width
/// (sub-byte types packed: S4 takes 4 bits, PRED 8).
constexpr index_t element_bits(const shape& s) noexcept {
  return s.layout.element_size_in_bits > 0 ? s.layout.element_size_in_bits : bit_width(s.element_type);
}

/// XLA's ShapeUtil::ByteSizeOf for an array: logical elements times the bytes of one element
/// (ByteSizeOfPrimitiveType, so unpacked S4 takes a byte), or ceil(elements * E / 8) with E(n).
/// Tiles and padding are ignored. Errors: dynamic_dimension, span_overflow.
constexpr result<index_t> checked_byte_size(const shape& s) noexcept {
  auto n = element_count(s);
  if (!n) return n.error();
  if (s.layout.element_size_in_bits > 0) {
    auto bits = checked_mul(*n, s.layout.element_size_in_bits);
    if (!bits.ok) return error_id::span_overflow;
    return ceil_div(bits.value, 8);
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
/// without E(n) one per byte. Errors: dynamic_dimension, span_overflow.
constexpr result<index_t> checked_physical_byte_size(const shape& s) noexcept {
  auto span = checked_required_span_size(s);
  if (!span) return span.error();
  auto bits = checked_mul(*span, element_bits(s));
  if (!bits.ok) return error_id::span_overflow;
  return ceil_div(bits.value, 8);
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
  for (index_t& v : st.value()) v *= byte_width(s.element_type);
  return st;
}

/// XLA's ShapeUtil::ByteStrides: the stride of each logical dimension in bytes for the packed elements;
/// an error (not_strided) when an element is not a whole number of bytes (e.g. E(4)).
constexpr result<index_vector> byte_strides(const shape& s) noexcept {
  if (element_bits(s) % 8 != 0) return error_id::not_strided;
  auto st = strides(s);
  if (!st) return st.error();
  for (index_t& v : st.value()) v *= element_bits(s) / 8;
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

}  // namespace xlayout
