// fuzz/shape_text.cpp: libFuzzer target. Input: the text of a shape (XLA's syntax). Bad text must give an
// error value with a position inside the text; a shape must print to text that parses back to an equal shape
// and prints the same; its sizes (elements, span, logical and physical bytes, strides) must equal exact
// 128-bit arithmetic or be span_overflow when that exceeds int64; on a valid layout the predicates
// (has_padding, is_strided, is_bitcast, physical_equivalent, is_transpose_of, is_contiguous) must be defined
// and agree with each other.
#include "shape_checks.hpp"

#include <vector>

namespace {
using fuzz::i128;
using xlayout::index_t;

bool small_dims(const xlayout::shape& s) {  // every product fits 128 bits
  for (index_t d : s.dimensions) {
    if (d > (index_t{1} << 62)) return false;
  }
  return s.rank() <= 1 || true;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 2048) return -1;
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  const auto s = xlayout::parse_shape(in);
  if (!s) {
    FUZZ_CHECK(s.error().id != xlayout::error_id::none, in);
    FUZZ_CHECK(s.error().position >= -1 && s.error().position <= static_cast<index_t>(size), in);
    return 0;
  }
  const auto text = xlayout::to_string(*s);
  if (!text.overflowed()) {
    const auto back = xlayout::parse_shape(text.view());
    if (!back) std::fprintf(stderr, "printed: %s\n", text.c_str());
    FUZZ_CHECK(back.has_value(), in);
    FUZZ_CHECK(*back == *s, in);
    FUZZ_CHECK(xlayout::to_string(*back).view() == text.view(), in);
  }
  if (!xlayout::is_static(*s)) return 0;
  (void)small_dims;
  // Element count: exact product (at most XLAYOUT_MAX_RANK factors below 2^63: stop once past 2^64).
  i128 elements = 1;
  bool huge = false;
  for (index_t d : s->dimensions) elements = d == 0 ? 0 : elements;  // 0 however large the others
  for (index_t d : s->dimensions) {
    if (huge || elements == 0) break;
    elements *= d;
    if (elements > (static_cast<i128>(1) << 64)) huge = true;
  }
  const auto count = xlayout::checked_element_count(*s);
  if (huge || !fuzz::fits64(elements)) {
    FUZZ_CHECK(!count && count.error().id == xlayout::error_id::span_overflow, in);
  } else {
    FUZZ_CHECK(count && *count == static_cast<index_t>(elements), in);
  }
  // Logical bytes: elements * bytes per element, or ceil(elements * E / 8).
  const auto bytes = xlayout::checked_byte_size(*s);
  if (!huge && elements == 0) FUZZ_CHECK(bytes && *bytes == 0, in);
  if (!huge) {
    const i128 e = elements;
    const i128 want = s->layout.element_size_in_bits > 0 ? (e * s->layout.element_size_in_bits + 7) / 8
                                                         : e * xlayout::byte_width(s->element_type);
    if (fuzz::fits64(want) && fuzz::fits64(e)) {
      FUZZ_CHECK(bytes && *bytes == static_cast<index_t>(want), in);
    } else {
      FUZZ_CHECK(!bytes && bytes.error().id == xlayout::error_id::span_overflow, in);
    }
  }
  // Span and physical bytes.
  const i128 span = fuzz::exact_span(*s);
  const auto lib_span = xlayout::checked_required_span_size(*s);
  if (span >= 0 && fuzz::fits64(span)) {
    FUZZ_CHECK(lib_span && *lib_span == static_cast<index_t>(span), in);
    const i128 pbytes = (span * xlayout::element_bits(*s) + 7) / 8;
    const auto lib_pbytes = xlayout::checked_physical_byte_size(*s);
    if (fuzz::fits64(pbytes)) {
      if (!lib_pbytes) std::fprintf(stderr, "physical bytes %lld: error\n", static_cast<long long>(pbytes));
      FUZZ_CHECK(lib_pbytes && *lib_pbytes == static_cast<index_t>(pbytes), in);
    } else {
      FUZZ_CHECK(!lib_pbytes && lib_pbytes.error().id == xlayout::error_id::span_overflow, in);
    }
  } else {
    FUZZ_CHECK(!lib_span && lib_span.error().id == xlayout::error_id::span_overflow, in);
  }
  // Strides in elements and bytes: exact or an error.
  const auto st = xlayout::strides(*s);
  if (st) {
    const auto bst = xlayout::byte_strides(*s);
    const auto ust = xlayout::unpacked_byte_strides(*s);
    for (std::size_t d = 0; d < s->rank(); ++d) {
      if (bst) {
        FUZZ_CHECK(
            static_cast<i128>((*bst)[d]) == static_cast<i128>((*st)[d]) * (xlayout::element_bits(*s) / 8),
            in);
      }
      if (ust) {
        FUZZ_CHECK(static_cast<i128>((*ust)[d]) ==
                       static_cast<i128>((*st)[d]) * xlayout::byte_width(s->element_type),
                   in);
      }
    }
  }
  // The predicates on a valid layout (whose span, and so element count, fits int64): defined at any size
  // (every product checked: UBSan) and consistent with each other and with the exact span. Those that compare
  // element by element where a layout has no canonical form (is_bitcast, is_contiguous, is_transpose_of)
  // only on at most 256 elements or where the forms exist.
  if (count && xlayout::is_valid_layout(*s)) {
    const bool pad = xlayout::has_padding(*s);
    FUZZ_CHECK(pad == !xlayout::is_exhaustive(*s), in);
    FUZZ_CHECK(pad == (span != elements), in);
    const bool strided = xlayout::is_strided(*s);
    FUZZ_CHECK(strided == xlayout::strides(*s).has_value(), in);
    // What the predicates decide on: the digit-by-digit program (compile_index_program is also exact through
    // a merged '*' group, where is_transpose_of still enumerates: f32[1,8,461104,2,10]{4,3,2,1,0:T(*,3)},
    // 73 million elements, timed out in the fuzz preset at 2d41e20).
    const bool symbolic =
        xlayout::detail::compile_tiled_program(*s).exact && xlayout::detail::offset_form_of(*s).exact;
    if (*count <= 256 || symbolic) {
      FUZZ_CHECK(xlayout::is_bitcast(*s, *s), in);
      FUZZ_CHECK(xlayout::physical_equivalent(*s, *s), in);
      FUZZ_CHECK(xlayout::is_transpose_of(*s, *s), in);
      // Contiguous (element p at slot p) with two elements or more, where the canonical form exists (without
      // it is_strided may say no: a '*' in a later tile): strided, each dimension of size > 1 with the
      // row-major stride (the product of the later sizes).
      if (xlayout::is_contiguous(*s) && *count > 1 && symbolic) {
        FUZZ_CHECK(strided, in);
        const auto st = xlayout::strides(*s);
        i128 later = 1;
        for (std::size_t d = s->rank(); st && d-- > 0;) {
          if (s->dimensions[d] > 1) FUZZ_CHECK(static_cast<i128>((*st)[d]) == later, in);
          later *= s->dimensions[d];
        }
      }
    }
  }
  return 0;
}
