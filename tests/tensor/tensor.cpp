// tests/tensor/tensor.cpp: Tensor / ConstTensor / basic_tensor: the design card's spellings, sizes, access
// (integers, integral constants, index arrays, checked access, assertions), const views, and element types
// that are not plain C++ types (BF16 storage, packed sub-byte elements, E(n) layouts).
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace {
[[maybe_unused]] int assertion_failures = 0;  // counted by the handler below instead of trapping
}
#define XLAYOUT_ASSERT_HANDLER(file, line, text) (++assertion_failures)
#include <xlayout/tensor/tensor.hpp>

using namespace xlayout;

// --- spellings (docs/design.md, "Spellings a user must be able to write") ----------------------------

using A = Tensor<"f32[3,5]{1,0:T(2,2)}">;
using B = Tensor<F32, Extents<3, 5>, Layout<"{1,0:T(2,2)}">>;
using C = Tensor<F32, Extents<3, 5>, Layout<1, 0, T(2, 2)>>;
using D = Tensor<"bf16[?,256]{1,0:T(8,128)(2,1)}">;

TEST_CASE("design card: every spelling of one tensor is the same type", "[tensor][spelling]") {
  STATIC_REQUIRE(std::is_same_v<A, B>);
  STATIC_REQUIRE(std::is_same_v<A, C>);
  STATIC_REQUIRE(std::is_same_v<A, basic_tensor<float, Extents<3, 5>, Layout<1, 0, T(2, 2)>>>);
  STATIC_REQUIRE(std::is_same_v<A, Tensor<"f32", Extents<3, 5>, Layout<1, 0, T(2, 2)>>>);  // the type by name
  STATIC_REQUIRE(std::is_same_v<Tensor<"f32[3,5]">, Tensor<F32, Extents<3, 5>>>);  // XLA's default layout
  STATIC_REQUIRE(std::is_same_v<Tensor<"f32[3,5]">, Tensor<F32, Extents<3, 5>, Layout<1, 0>>>);
  STATIC_REQUIRE(std::is_same_v<D, Tensor<BF16, Extents<dyn, 256>, Layout<1, 0, T(8, 128), T(2, 1)>>>);
  STATIC_REQUIRE(std::is_same_v<D::element_type, bf16_bits>);
  STATIC_REQUIRE(std::is_same_v<ConstTensor<"f32[3,5]{1,0:T(2,2)}">,
                                basic_tensor<const float, Extents<3, 5>, Layout<"{1,0:T(2,2)}">>>);
  STATIC_REQUIRE(std::is_same_v<ConstTensor<F32, Extents<3, 5>, Layout<1, 0, T(2, 2)>>, A::const_tensor>);
  STATIC_REQUIRE(std::is_same_v<Tensor<"s4[8]">::element_type, element_tag<element_type::s4>>);
  STATIC_REQUIRE(std::is_same_v<Tensor<"f8e4m3fn[8]">::element_type, f8_bits<element_type::f8e4m3fn>>);
  STATIC_REQUIRE(std::is_same_v<Tensor<"c64[2]">::element_type, complex_storage<float>>);
  STATIC_REQUIRE(std::is_same_v<Tensor<"pred[2]">::element_type, bool>);
  STATIC_REQUIRE(A::xla_element_type == element_type::f32);
  STATIC_REQUIRE((D::rank() == 2 && D::rank_dynamic() == 1 && D::static_extent(1) == 256));
  STATIC_REQUIRE(D::static_extent(0) == dyn);
  // to_string() as on Shape<"...">, Layout<...> and IndexingMap<"...">: XLA's text, '?' for a dynamic extent.
  STATIC_REQUIRE(A::to_string() == "f32[3,5]{1,0:T(2,2)}");
  STATIC_REQUIRE(D::to_string() == "bf16[?,256]{1,0:T(8,128)(2,1)}");
}

// Tensor<"text"> takes a shorter way for the plain form of static text (detail::quick_tensor: the dimensions
// read in one pass, the layout parsed once per distinct layout text, the program evaluated from the
// layout's); the type must be the one parse_shape's way gives (detail::full_tensor_type).
template <tensor_spec S, bool Quick>
constexpr bool same_type_both_ways() {
  static_assert(detail::quick_tensor<S>::ok == Quick);
  return std::is_same_v<Tensor<S>, typename detail::full_tensor_type<S, false, void, void>::type> &&
         std::is_same_v<ConstTensor<S>, typename detail::full_tensor_type<S, true, void, void>::type>;
}

TEST_CASE("Tensor<text>: the quick way gives the type parse_shape's way gives", "[tensor][spelling]") {
  STATIC_REQUIRE(same_type_both_ways<"f32[3,5]{1,0:T(2,2)}", true>());
  STATIC_REQUIRE(same_type_both_ways<"f32[3,5]", true>());
  STATIC_REQUIRE(same_type_both_ways<"F32[3,5]", true>());  // XLA's documents write upper case
  STATIC_REQUIRE(same_type_both_ways<"bf16[7]{0:T(256)L(1024)}", true>());
  STATIC_REQUIRE(same_type_both_ways<"f32[]", true>());
  STATIC_REQUIRE(same_type_both_ways<"f32[3,40,7]{0,2,1:T(2,2)}", true>());
  STATIC_REQUIRE(same_type_both_ways<"bf16[32,256]{1,0:T(8,128)(2,1)}", true>());
  STATIC_REQUIRE(same_type_both_ways<"s4[16,256]{1,0:T(8,128)(2,1)E(4)}", true>());
  STATIC_REQUIRE(same_type_both_ways<"s4[16,256]{1,0:T(8,128)(2,1)E(8)S(1)}", true>());
  STATIC_REQUIRE(same_type_both_ways<"pred[4,4]{0,1}", true>());
  STATIC_REQUIRE(same_type_both_ways<"f32[1000,1000]{1,0:T(8,128)}", true>());
  STATIC_REQUIRE(same_type_both_ways<"f32[3,5]{ 1, 0 : T(2,2) }", true>());  // spaces in the layout
  // A '*' tile whose sizes have no formula of the extents, where the shape's own program reads one
  // dimension per term.
  STATIC_REQUIRE(same_type_both_ways<"f32[30,40]{1,0:T(*,4)}", true>());
  STATIC_REQUIRE(same_type_both_ways<"f32[3,5]{1,0:T(*,4)}", true>());
  // The rest goes by parse_shape: spaces among the dimensions, dynamic and bounded sizes, a zero size,
  // padded dimensions, a '*' tile whose program reads sums of dimensions, a layout written after spaces.
  STATIC_REQUIRE(same_type_both_ways<"f32[3, 5]{1,0:T(2,2)}", false>());
  STATIC_REQUIRE(same_type_both_ways<"f32[?,5]{1,0:T(2,2)}", false>());
  STATIC_REQUIRE(same_type_both_ways<"f32[0,5]{1,0:T(2,2)}", false>());
  STATIC_REQUIRE(same_type_both_ways<"f32[4,6,5]{2,1,0:T(2,*,4)}", false>());
  STATIC_REQUIRE(same_type_both_ways<"f32[3,5] {1,0}", false>());
  STATIC_REQUIRE(same_type_both_ways<" f32[3,5]", false>());
}

namespace {
// Generic code that holds the text as a fixed_string passes it to Shape and Tensor alike.
template <fixed_string S>
constexpr index_t spans_of() {
  return Tensor<S>().required_span_size() * 1000 + Shape<S>::required_span_size();
}
template <fixed_string S>
using tensor_of = Tensor<S>;
}  // namespace

TEST_CASE("Tensor<fixed_string>: generic code passes its text on, the same type as Tensor<\"...\">",
          "[tensor][spelling]") {
  STATIC_REQUIRE(spans_of<"f32[3,5]{1,0:T(2,2)}">() == 24024);
  STATIC_REQUIRE(std::is_same_v<tensor_of<"f32[3,5]{1,0:T(2,2)}">, Tensor<"f32[3,5]{1,0:T(2,2)}">>);
  STATIC_REQUIRE(std::is_same_v<tensor_of<"bf16[?,256]">, Tensor<"bf16[?,256]">>);
}

TEST_CASE("zero overhead in space: a static tensor is one pointer, each dynamic extent adds one index_t",
          "[tensor][size]") {
  STATIC_REQUIRE(sizeof(A) == sizeof(float*));
  STATIC_REQUIRE(sizeof(D) == sizeof(bf16_bits*) + sizeof(index_t));
  STATIC_REQUIRE(sizeof(Tensor<"f32[?,?]{0,1}">) == sizeof(float*) + 2 * sizeof(index_t));
  STATIC_REQUIRE(sizeof(Tensor<"s4[64]{0:T(8)}">) == sizeof(std::uint8_t*));
  STATIC_REQUIRE(std::is_trivially_copyable_v<A>);
  STATIC_REQUIRE(std::is_trivially_copyable_v<D>);
}

// --- access ----------------------------------------------------------------------------------------------

TEST_CASE(
    "Tiled layout: element (2,3) of F32[3,5]{1,0:T(2,2)} is element 17 of the buffer, in every spelling",
    "[tensor][seed]") {
  STATIC_REQUIRE([] {
    float buf[24]{};
    A a(buf);
    B b(buf);
    C c(buf);
    a(2, 3) = 1.0f;
    b(2, 3) += 1.0f;
    c(2, 3) += 1.0f;
    return buf[17] == 3.0f && &a(2, 3) == buf + 17 && a.required_span_size() == 24 && a.size() == 15;
  }());
}

TEST_CASE("indices: any integer type, integral constants, index arrays", "[tensor][access]") {
  float buf[24]{};
  const A a(buf);
  const float* p17 = buf + 17;
  CHECK(&a(2, 3) == p17);
  CHECK(&a(short{2}, 3u) == p17);
  CHECK(&a(std::uint8_t{2}, std::int64_t{3}) == p17);
  CHECK(&a(std::integral_constant<int, 2>{}, std::integral_constant<long, 3>{}) == p17);
  CHECK(&a(std::integral_constant<int, 2>{}, 3) == p17);
  CHECK(&a(index_array<2>{{2, 3}}) == p17);
  CHECK(&a(std::array<int, 2>{2, 3}) == p17);
  CHECK(&a[std::array<long, 2>{2, 3}] == p17);
  int idx[2] = {2, 3};
  CHECK(&a(std::span<int, 2>(idx)) == p17);
#if defined(__cpp_multidimensional_subscript) && __cpp_multidimensional_subscript >= 202110L
  CHECK(&a[2, 3] == p17);
#endif
  float one[8]{};
  Tensor<"f32[8]{0:T(4)}"> v(one);
  CHECK(&v[5] == one + 5);
}

TEST_CASE("a fully static index folds to a constant offset", "[tensor][access]") {
  using I2 = std::integral_constant<int, 2>;
  using I3 = std::integral_constant<int, 3>;
  STATIC_REQUIRE(A::mapping_type{}(I2{}, I3{}) == 17);
  constexpr index_t offset = A::mapping_type{}(I2{}, I3{});  // usable as a constant
  STATIC_REQUIRE(offset == 17);
}

TEST_CASE("dynamic extents are given at construction, in order", "[tensor][dynamic]") {
  std::vector<bf16_bits> buf(3 * 8 * 256);
  const D d(buf.data(), 20);
  CHECK(d.extent(0) == 20);
  CHECK(d.extent(1) == 256);
  CHECK(d.size() == 20 * 256);
  CHECK(d.required_span_size() == 24 * 256);  // 20 rows padded to whole 8-row tiles
  CHECK(&d(19, 255) - d.data() == linear_index(d.shape(), {19, 255}));
  const Tensor<"f32[?,?]{0,1}"> m(reinterpret_cast<float*>(buf.data()), 4, 6);
  CHECK(&m(3, 5) - m.data() == 3 + 5 * 4);
  const Tensor<F32, Extents<dyn, 6>> e(reinterpret_cast<float*>(buf.data()), Extents<dyn, 6>(4));
  CHECK(&e(3, 5) - e.data() == 3 * 6 + 5);
}

TEST_CASE("checked access: at() returns the element or index_out_of_range / index_rank_mismatch",
          "[tensor][checked]") {
  STATIC_REQUIRE([] {
    float buf[24]{};
    A a(buf);
    auto r = a.at(2, 3);
    if (!r.has_value()) return false;
    r.value() = 5.0f;  // assigns through the handle
    const float v = *r;
    return buf[17] == 5.0f && v == 5.0f && r->offset() == 17;
  }());
  float buf[24]{};
  A a(buf);
  CHECK(a.at(3, 0).error().id == error_id::index_out_of_range);
  CHECK(a.at(0, 5).error().id == error_id::index_out_of_range);
  CHECK(a.at(-1, 0).error().id == error_id::index_out_of_range);
  const index_t three[] = {0, 0, 0};
  CHECK(a.at(std::span<const index_t>(three)).error().id == error_id::index_rank_mismatch);
  CHECK(a.at(std::span<const index_t>(three, 2)).has_value());
  // A copy of a checked reference refers to the same element; it never copies values.
  auto r1 = a.at(0, 0), r2 = a.at(1, 1);
  r1 = r2;
  CHECK(r1->offset() == r2->offset());
}

TEST_CASE("unchecked access asserts through XLAYOUT_ASSERT_HANDLER when assertions are on",
          "[tensor][assert]") {
#if defined(XLAYOUT_ENABLE_ASSERTS) && XLAYOUT_ENABLE_ASSERTS
  const A::mapping_type m{};
  assertion_failures = 0;
  (void)m(2, 4);
  CHECK(assertion_failures == 0);
  (void)m(3, 0);  // only the offset is computed: no memory is touched
  CHECK(assertion_failures == 1);
  (void)m(0, 5);
  CHECK(assertion_failures == 2);
  // A negative index, on an untiled layout: once the handler returns, the offset is computed anyway, and
  // the tiled digits of a negative index would overflow (undefined behaviour, reported by UBSan).
  const Tensor<"f32[3,5]">::mapping_type plain{};
  (void)plain(0, -1);
  CHECK(assertion_failures == 3);
  float buf[1];
  assertion_failures = 0;
  (void)D(reinterpret_cast<bf16_bits*>(buf), -1);  // a negative extent
  CHECK(assertion_failures == 1);
  // '?' extents whose span leaves int64: 2^62 rows of 8x128 tiles (1024 * 2^59 slots) stop, naming
  // span_overflow; a 0 extent beside huge ones spans 0, whatever the order the factors multiply in; L(n)
  // rounds up exactly (2^62 + 1 elements to a multiple of 2^62 + 1 is no overflow).
  assertion_failures = 0;
  (void)Tensor<"f32[?,128]{1,0:T(8,128)}">(buf, index_t{1} << 62);
  CHECK(assertion_failures == 1);
  (void)Tensor<"f32[?,?,?]">(buf, index_t{1} << 62, 4, 0);
  (void)Tensor<"f32[?,?,?]">(buf, 0, index_t{1} << 62, 4);
  (void)Tensor<"f32[?]{0:L(4611686018427387905)}">(buf, (index_t{1} << 62) + 1);
  CHECK(assertion_failures == 1);
  (void)Tensor<"f32[?]{0:L(4611686018427387905)}">(buf, (index_t{1} << 62) + 2);  // 2^63 + 2 slots
  CHECK(assertion_failures == 2);
#else
  WARN("assertions are off in this build (NDEBUG): nothing to check");
#endif
}

TEST_CASE("const correctness: a Tensor converts to its ConstTensor, never back", "[tensor][const]") {
  STATIC_REQUIRE(std::is_convertible_v<A, A::const_tensor>);
  STATIC_REQUIRE(!std::is_convertible_v<A::const_tensor, A>);
  STATIC_REQUIRE(!std::is_constructible_v<A, A::const_tensor>);
  STATIC_REQUIRE(std::is_same_v<decltype(std::declval<A::const_tensor>()(0, 0)), const float&>);
  STATIC_REQUIRE(std::is_same_v<decltype(std::declval<A>()(0, 0)), float&>);
  STATIC_REQUIRE(std::is_convertible_v<D, D::const_tensor>);
  float buf[24]{};
  A a(buf);
  ConstTensor<"f32[3,5]{1,0:T(2,2)}"> c = a;
  a(2, 3) = 4.0f;
  CHECK(c(2, 3) == 4.0f);
  CHECK(c.data() == a.data());
  const float cbuf[24]{};
  ConstTensor<F32, Extents<3, 5>, Layout<1, 0, T(2, 2)>> from_const(cbuf);
  CHECK(&from_const(2, 3) == cbuf + 17);
}

// --- element types -----------------------------------------------------------------------------------------

TEST_CASE("BF16 and F8 tensors store their storage type", "[tensor][element]") {
  bf16_bits buf[4]{};
  Tensor<"bf16[4]"> t(buf);
  t(1) = from_float<bf16_bits>(1.5f);
  CHECK(buf[1].bits == 0x3FC0);
  CHECK(to_float(t(1)) == 1.5f);
  f8_bits<element_type::f8e4m3fn> f8[4]{};
  Tensor<"f8e4m3fn[4]"> u(f8);
  u(3) = from_float<f8_bits<element_type::f8e4m3fn>>(-2.0f);
  CHECK(f8[3].bits == 0xC0);
}

namespace {
// The byte and shift of element k in slots of b bits, counted independently: slots fill each byte from
// its least significant bits (XLA's PackIntN in xla/packing.cc: out[i] = in[2i] | in[2i+1] << 4 for S4).
struct slot {
  std::size_t byte;
  unsigned shift;
};
slot slot_of(index_t k, int b) {
  const index_t bit = k * b;
  return {static_cast<std::size_t>(bit / 8), static_cast<unsigned>(bit % 8)};
}
}  // namespace

TEST_CASE("S4: two elements per byte, the first in the low nibble; writes leave the neighbour alone",
          "[tensor][packed]") {
  std::uint8_t bytes[4]{};
  Tensor<"s4[8]"> t(bytes);
  STATIC_REQUIRE(std::is_same_v<Tensor<"s4[8]">::value_type, std::int8_t>);
  t(0) = -3;
  t(1) = 5;
  CHECK(bytes[0] == 0x5D);
  CHECK(t(0) == -3);
  CHECK(t(1) == 5);
  t(1) = -8;
  CHECK(bytes[0] == 0x8D);
  CHECK(t(0) == -3);
  t(7) = 7;
  CHECK(bytes[3] == 0x70);
  t(6) = t(0);  // copies the value, not the reference
  CHECK(bytes[3] == 0x7D);
  CHECK(t(6) == -3);
  t(5) = 9;  // wraps as a cast to a 4-bit integer does: 9 -> -7
  CHECK(t(5) == -7);
  STATIC_REQUIRE([] {
    std::uint8_t b[1]{};
    Tensor<"u4[2]"> u(b);
    u(0) = 0xA;
    u(1) = 0x3;
    return b[0] == 0x3A && u(0) == 10 && u(1) == 3;
  }());
}

template <class T>
void check_packed_round_trip(index_t n, int bits, int lo, int hi) {
  std::vector<std::uint8_t> bytes((static_cast<std::size_t>(n * bits) + 7) / 8, 0);
  T t(bytes.data());
  for (index_t k = 0; k < n; ++k) t(k) = static_cast<typename T::value_type>(lo + (k * 7) % (hi - lo + 1));
  for (index_t k = 0; k < n; ++k) {
    const int expected = lo + static_cast<int>((k * 7) % (hi - lo + 1));
    CHECK(static_cast<int>(t(k)) == expected);
    const slot s = slot_of(k, bits);
    const int raw = (bytes[s.byte] >> s.shift) & ((1 << bits) - 1);
    CHECK(raw == (expected & ((1 << bits) - 1)));
  }
}

TEST_CASE("S2, U2, S1, U1, S4, U4: every element round-trips and sits in its own bits", "[tensor][packed]") {
  check_packed_round_trip<Tensor<"s4[37]">>(37, 4, -8, 7);
  check_packed_round_trip<Tensor<"u4[37]">>(37, 4, 0, 15);
  check_packed_round_trip<Tensor<"s2[37]">>(37, 2, -2, 1);
  check_packed_round_trip<Tensor<"u2[37]">>(37, 2, 0, 3);
  check_packed_round_trip<Tensor<"s1[37]">>(37, 1, -1, 0);
  check_packed_round_trip<Tensor<"u1[37]">>(37, 1, 0, 1);
}

TEST_CASE("E(n): S4 with E(8) is one element per byte (low bits); U2 with E(4) is one per nibble",
          "[tensor][packed]") {
  std::uint8_t bytes[4]{};
  Tensor<"s4[4]{0:E(8)}"> t(bytes);
  STATIC_REQUIRE(Tensor<"s4[4]{0:E(8)}">::element_bits == 8);
  t(2) = -2;
  CHECK(bytes[2] == 0x0E);
  CHECK(t(2) == -2);
  bytes[3] = 0xF7;  // bits above the element's 4 are not part of it
  CHECK(t(3) == 7);
  std::uint8_t nibbles[2]{};
  Tensor<"u2[4]{0:E(4)}"> u(nibbles);
  u(0) = 3;
  u(1) = 1;
  u(3) = 2;
  CHECK(nibbles[0] == 0x13);
  CHECK(nibbles[1] == 0x20);
}

TEST_CASE("packed elements in a tiled layout: each element at its linear index", "[tensor][packed]") {
  using S = Tensor<"s4[5,6]{1,0:T(2,4)}">;
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(S::mapping_type{}.required_span_size() + 1) / 2);
  S t(bytes.data());
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 6; ++j) t(i, j) = static_cast<std::int8_t>((i * 6 + j) % 16 - 8);
  for (int i = 0; i < 5; ++i) {
    for (int j = 0; j < 6; ++j) {
      CHECK(t(i, j) == (i * 6 + j) % 16 - 8);
      const slot s = slot_of(linear_index(t.shape(), {i, j}), 4);
      CHECK(((bytes[s.byte] >> s.shift) & 0xF) == static_cast<unsigned>(((i * 6 + j) % 16 - 8) & 0xF));
    }
  }
}

TEST_CASE("F4E2M1FN: packed floats read and write through their proxy", "[tensor][packed]") {
  std::uint8_t bytes[1]{};
  Tensor<"f4e2m1fn[2]"> t(bytes);
  STATIC_REQUIRE(std::is_same_v<Tensor<"f4e2m1fn[2]">::value_type, float>);
  t(0) = 1.5f;   // 0 01 1
  t(1) = -6.0f;  // 1 11 1
  CHECK(bytes[0] == 0xF3);
  CHECK(t(0) == 1.5f);
  CHECK(t(1) == -6.0f);
  t(1) = 100.0f;  // no infinity, no NaN: saturates to 6
  CHECK(t(1) == 6.0f);
}
