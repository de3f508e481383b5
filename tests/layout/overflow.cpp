// tests/layout/overflow.cpp: sizes, strides and index programs at the int64 limits, found by the fuzz
// targets (fuzz/) and issue "Hardening". Expected values are exact arithmetic done by hand in the comments.
#include <catch2/catch.hpp>

#include <xlayout/indexing/layout_map.hpp>
#include <xlayout/layout/bitcast.hpp>
#include <xlayout/layout/index_program.hpp>
#include <xlayout/layout/sizes.hpp>
#include <xlayout/text/parse_shape.hpp>

namespace xl = xlayout;
using xl::index_t;

namespace {
xl::shape shape(std::string_view text) {
  auto s = xl::parse_shape(text);
  INFO(text);
  REQUIRE(s.has_value());
  return *s;
}
}  // namespace

TEST_CASE("regression (issue): f32[1048576,1048576,1024,1024] (2^60 elements, XLA accepts it) has 2^62 bytes",
          "[layout][regression]") {
  const auto s = shape("f32[1048576,1048576,1024,1024]");
  // 2^20 * 2^20 * 2^10 * 2^10 = 2^60 elements of 4 bytes: 2^62 bytes (2^65 bits would not fit).
  CHECK(xl::checked_byte_size(s).value_or(-1) == index_t{1} << 62);
  CHECK(xl::checked_physical_byte_size(s).value_or(-1) == index_t{1} << 62);
  // Twice that is 2^63 bytes: no int64.
  CHECK(xl::checked_physical_byte_size(shape("f32[2097152,1048576,1024,1024]")).error().id ==
        xl::error_id::span_overflow);
}

TEST_CASE("regression (fuzz shape_text): E(4) byte sizes are counted in bytes", "[layout][regression]") {
  // 2^62 elements of 4 bits: 2^61 bytes.
  const auto s = shape("s4[4611686018427387904]{0:E(4)}");
  CHECK(xl::checked_byte_size(s).value_or(-1) == index_t{1} << 61);
  CHECK(xl::checked_physical_byte_size(s).value_or(-1) == index_t{1} << 61);
  // 3 elements of 4 bits: ceil(12 / 8) = 2 bytes.
  CHECK(xl::checked_physical_byte_size(shape("s4[3]{0:E(4)}")).value_or(-1) == 2);
}

TEST_CASE("regression (issue): byte strides that exceed int64 are span_overflow", "[layout][regression]") {
  // Dimension 0 of f64[2, 2^61] row-major has a stride of 2^61 elements = 2^64 bytes.
  const auto s = shape("f64[2,2305843009213693952]{1,0}");
  CHECK(xl::byte_strides(s).error().id == xl::error_id::span_overflow);
  CHECK(xl::unpacked_byte_strides(s).error().id == xl::error_id::span_overflow);
  // The element strides themselves fit: 2^61 and 1.
  const auto st = xl::strides(s);
  REQUIRE(st.has_value());
  CHECK((*st)[0] == index_t{1} << 61);
  CHECK((*st)[1] == 1);
}

TEST_CASE(
    "regression (issue): the index program of a zero-element shape with huge dimensions does not "
    "overflow",
    "[layout][regression]") {
  // Span 0 (one dimension is 0), but 2^62 * 4 would be the stride of the next dimension: not exact.
  const auto s = shape("f32[0,4611686018427387904,4]{2,1,0}");
  CHECK(xl::checked_required_span_size(s).value_or(-1) == 0);
  CHECK_FALSE(xl::compile_index_program(s).exact);
  // A zero-sized dimension under a tile (division by a zero radix).
  CHECK_FALSE(xl::compile_index_program(shape("f32[0]{0:T(*,4)}")).exact);
}

TEST_CASE(
    "regression (fuzz shape_text): a zero-sized dimension makes 0 elements however large the others are",
    "[layout][regression]") {
  // 2 * 48 * 16616018427387904 * 11 passes int64 before the 0 comes: the count is still 0, and so is the byte
  // size (span_overflow before). The tiles keep the text valid: the default layout's strides would overflow.
  const auto s = shape("f32[2,48,16616018427387904,11,0]{4,3,2,1,0:T(*,*,1,*,3)}");
  CHECK(xl::checked_element_count(s).value_or(-1) == 0);
  CHECK(xl::checked_byte_size(s).value_or(-1) == 0);
}

TEST_CASE("regression (fuzz shape_text): splitting a digit of size INT64_MAX under a tile does not overflow",
          "[layout][regression]") {
  // The 8-element tile of dimension 1 (size 2^63 - 1) split its digit with ceil((2^63 - 1) / 8) computed as
  // (2^63 - 1 + 7) / 8. Evaluated in a constant expression, so an overflow would not compile.
  constexpr bool compiled = [] {
    const auto s = xl::parse_shape("f16[0,9223372036854775807,8]{2,1,0:T(7,4)(2,6,1,6,4)(46,6)(5,6)}");
    if (!s) return false;
    (void)xl::compile_index_program(*s);
    return xl::checked_required_span_size(*s).value_or(-1) == 0;
  }();
  static_assert(compiled);
  CHECK(compiled);
}

TEST_CASE("regression (fuzz shape_text): the radix products of a tile split are checked",
          "[layout][regression]") {
  // T(*,*,*,2,3) merges dimensions 0..3 (sizes 0, 8, 2^62, 2) and splits the group by 2. The split multiplied
  // the group's digit radices 2 * 2^62 * 8 * 0 in order: 2 * 2^62 = 2^63 overflowed before the 0. The shape
  // has 0 elements and span 0; its program is not exact (linear_index needs none). Evaluated in a constant
  // expression, so an overflow would not compile.
  constexpr bool compiled = [] {
    const auto s = xl::parse_shape("f32[0,8,04611686018427387904,2,10]{4,3,2,1,0:T(*,*,*,2,3)}");
    if (!s) return false;
    return !xl::compile_index_program(*s).exact && xl::checked_required_span_size(*s).value_or(-1) == 0 &&
           xl::checked_element_count(*s).value_or(-1) == 0;
  }();
  static_assert(compiled);
  CHECK(compiled);
}

TEST_CASE("regression (fuzz shape_text, CI): the weights of a merged '*' group are checked",
          "[layout][regression]") {
  // T(*,*,*,1,3) merges dimensions 0..3 (sizes 0, 8, 2^62, 2) into one of size 0 without overflow, and the
  // tile's 1 does not split it, so its program is exact; the weight of dimension 1 inside the group, 2 *
  // 2^62, is not an int64 (merge_dimensions_of multiplied it unchecked: UBSan in CI's fuzz run). No program
  // now; the shape has no element. Evaluated in a constant expression, so an overflow would not compile. Seed
  // fuzz/corpus/shape_text/found04_zero_element_group_weight.txt.
  constexpr bool compiled = [] {
    const auto s = xl::parse_shape("f32[0,8,04611686018427387904,2,10]{4,3,2,1,0:T(*,*,*,1,3)}");
    if (!s) return false;
    return !xl::detail::merge_dimensions_of(*s).exact && xl::checked_element_count(*s).value_or(-1) == 0 &&
           !xl::compile_index_program(*s).exact;
  }();
  static_assert(compiled);
  CHECK(compiled);
  // With a nonzero size instead of the 0 the group's weights fit and the program is exact.
  constexpr bool nonzero = [] {
    const auto s = xl::parse_shape("f32[2,8,3,2,10]{4,3,2,1,0:T(*,*,*,1,3)}");
    return s && xl::detail::merge_dimensions_of(*s).exact;
  }();
  STATIC_REQUIRE(nonzero);
}

TEST_CASE("regression (fuzz shape_text): the strides of a zero-element shape read no offset form",
          "[layout][regression]") {
  // Dimensions 0, 84016, 1686018454775808, 21, 0 (0 elements). The tiles divide and take remainders in the
  // index program, so strides() read the canonical offset form, whose digits merged 1686018454775808 * 84016
  // (> 2^63): the form assumes every radix product is at most the element count. A shape without elements has
  // no form now, and no program is read: it is strided (no element can break the sum), with XLA's strides,
  // the products of the more minor extents: dimension 4 (most minor) 1, then 0 for every other (dimension 4
  // has size 0). Evaluated in a constant expression, so an overflow would not compile.
  constexpr bool compiled = [] {
    const auto s = xl::parse_shape("f32[0,84016,1686018454775808,21,0]{4,3,2,1,0:T(2,1)(*,*,*,1,3)}");
    if (!s) return false;
    const auto st = xl::strides(*s);
    return st && *st == xl::index_vector{0, 0, 0, 0, 1} && xl::is_strided(*s);
  }();
  static_assert(compiled);
  CHECK(compiled);
}

TEST_CASE("regression (fuzz shape_text): byte sizes with a huge E(n) are exact, not span_overflow",
          "[layout][regression]") {
  // ceil(6 * E / 8) for E = 2^62 + 80: the tail 6 * E bits passed int64, but the bytes do not:
  // 6 * (2^62 + 80) / 8 = 3 * 2^61 + 60 = 3458764513820540988. With E = 2^62 + 3 (not a whole number of
  // bytes): 3 * 2^61 + ceil(18 / 8) = 3458764513820540931. Evaluated in a constant expression.
  constexpr auto bytes = [](std::string_view text) {
    const auto s = xl::parse_shape(text);
    if (!s) return index_t{-1};
    const auto logical = xl::checked_byte_size(*s), physical = xl::checked_physical_byte_size(*s);
    if (!logical || !physical || *logical != *physical) return index_t{-2};
    return *logical;
  };
  static_assert(bytes("s4[6]{0:E(4611686018427387984)}") == 3458764513820540988);
  static_assert(bytes("s4[6]{0:E(4611686018427387907)}") == 3458764513820540931);
  CHECK(bytes("s4[6]{0:E(4611686018427387984)}") == 3458764513820540988);
  // 16 elements take 2 * E = 2^63 + 160 bytes: no int64.
  CHECK(xl::checked_byte_size(shape("s4[16]{0:E(4611686018427387984)}")).error().id ==
        xl::error_id::span_overflow);
}

TEST_CASE("regression (audit): zero-element shapes with int64-sized tiles or dimensions overflow nothing",
          "[layout][regression]") {
  // f32[0,3]{1,0:T(2^63 - 1,2)}: the tiled sizes are [0, 2, 2^63 - 1, 2] (an empty buffer), but the partial
  // products of the sizes after the 0, 2 * (2^63 - 1), left int64 in linear_to_logical_map (UBSan). Its
  // domain is empty: whatever map comes back, it has no point.
  for (const char* text :
       {"f32[0,3]{1,0:T(9223372036854775807,2)}", "f32[0,5]{1,0:T(2,9223372036854775807)}"}) {
    INFO(text);
    const auto s = shape(text);
    CHECK(xl::checked_required_span_size(s).value_or(-1) == 0);
    const auto m = xl::linear_to_logical_map(s);
    REQUIRE(m.has_value());
    CHECK(m->is_known_empty());
  }
  // align_layouts of f32[2^63-1,2^63-1,0] and f32[3,2^63-1,0] (0 elements each): (2^63 - 1) * (2^63 - 1)
  // and 3 * (2^63 - 1) overflowed while it grouped the sizes. No layout of the second groups its sizes as
  // the first's: not_a_permutation.
  const auto a = xl::align_layouts(shape("f32[9223372036854775807,9223372036854775807,0]"),
                                   shape("f32[3,9223372036854775807,0]"));
  REQUIRE_FALSE(a.has_value());
  CHECK(a.error().id == xl::error_id::not_a_permutation);
}

TEST_CASE("regression (fuzz shape_text, audit): token[] and opaque[] have 0 physical bytes, as 0 bytes",
          "[layout][regression]") {
  // XLA's ByteSizeOf is 0 for both (no data); checked_physical_byte_size said invalid_element_type.
  for (const char* text : {"token[]", "opaque[]"}) {
    INFO(text);
    const auto s = shape(text);
    CHECK(xl::checked_byte_size(s).value_or(-1) == 0);
    CHECK(xl::checked_physical_byte_size(s).value_or(-1) == 0);
  }
  // A field-built shape of a type with no storage that is no XLA array or token (a tuple): an error.
  xl::shape t = shape("f32[3]");
  t.element_type = xl::element_type::tuple;
  CHECK(xl::checked_physical_byte_size(t).error().id == xl::error_id::invalid_element_type);
}
