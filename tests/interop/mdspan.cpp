// requires: mdspan
// tests/interop/mdspan.cpp: xlayout layouts as std::mdspan layout policies (clang 19 + libc++ 19, C++23):
// the LayoutMapping requirements, every element against the Tensor, and the conversions both ways.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <mdspan>
#include <type_traits>
#include <vector>

namespace {
int assertion_failures = 0;  // counted by the handler below instead of trapping
}
// Assertions on in every build of this file (the clang preset's is NDEBUG): the preconditions are tested.
#undef XLAYOUT_ENABLE_ASSERTS
#define XLAYOUT_ENABLE_ASSERTS 1
#define XLAYOUT_ASSERT_HANDLER(file, line, text) (++assertion_failures)
#include <xlayout/interop/mdspan.hpp>
#include <xlayout/tensor/for_each.hpp>
#include <xlayout/tensor/runtime_tensor.hpp>
#include <xlayout/tensor/tensor.hpp>

using namespace xlayout;

namespace {
template <class L>
using policy = mdspan_layout<L>;

// Every element: the mdspan's mapping gives the same linear index as the Tensor's; required_span_size() is
// the standard's, 1 + the largest offset (0 without elements), and exhaustive means every position of that
// span holds an element (offsets are distinct, so: as many elements as positions), both found here by
// visiting every element. XLA's buffer size stays the Tensor's (xlayout().required_span_size()).
template <class T, class M>
void check_same_offsets(const T& t, const M& m) {
  index_t largest = -1, count = 0;
  for_each_offset(t.mapping(), [&](const auto& idx, index_t offset) {
    if constexpr (T::rank() == 2) {
      REQUIRE(static_cast<index_t>(m(idx[0], idx[1])) == offset);
    } else {
      REQUIRE(static_cast<index_t>(m(idx[0], idx[1], idx[2])) == offset);
    }
    largest = offset > largest ? offset : largest;
    ++count;
  });
  REQUIRE(count == t.size());
  REQUIRE(static_cast<index_t>(m.required_span_size()) == largest + 1);
  REQUIRE(m.is_exhaustive() == (count == largest + 1));
  REQUIRE(m.xlayout().required_span_size() == t.required_span_size());
}
}  // namespace

TEST_CASE(
    "Tiled layout example through std::mdspan: element (2,3) of f32[3,5]{1,0:T(2,2)} is element 17 of the "
    "buffer",
    "[interop][mdspan][seed]") {
  float buf[24]{};
  std::mdspan<float, std::extents<int, 3, 5>, policy<Layout<"{1,0:T(2,2)}">>> m(buf);
  CHECK(&m[2, 3] == buf + 17);
  // The standard's span: 1 + the offset of the last element (2, 4), in tile (1, 2) of the 2x3 tiles of 4
  // slots: 5 * 4 + 0 = 20. XLA's buffer, tile padding included, is 24 slots.
  CHECK(m.mapping().required_span_size() == 21);
  CHECK(m.mapping().xlayout().required_span_size() == 24);
  STATIC_REQUIRE(decltype(m)::mapping_type{}(2, 3) == 17);
  STATIC_REQUIRE(!decltype(m)::is_always_exhaustive());
  STATIC_REQUIRE(!decltype(m)::is_always_strided());
  STATIC_REQUIRE(decltype(m)::is_always_unique());
}

TEST_CASE("the mapping meets the LayoutMapping requirements", "[interop][mdspan]") {
  using M = policy<Layout<"{1,0:T(8,128)}">>::mapping<std::extents<int, std::dynamic_extent, 256>>;
  STATIC_REQUIRE(std::is_nothrow_copy_constructible_v<M>);
  STATIC_REQUIRE(std::is_nothrow_move_assignable_v<M>);
  STATIC_REQUIRE(std::is_trivially_copyable_v<M>);
  STATIC_REQUIRE(std::equality_comparable<M>);
  STATIC_REQUIRE(std::is_same_v<M::index_type, int>);
  STATIC_REQUIRE(std::is_same_v<M::layout_type::mapping<M::extents_type>, M>);
  STATIC_REQUIRE(std::is_same_v<decltype(std::declval<M>()(1, 2)), int>);
  STATIC_REQUIRE(sizeof(M) == sizeof(int));  // only the dynamic extent
  const M m(std::extents<int, std::dynamic_extent, 256>(20));
  CHECK(m.extents().extent(0) == 20);
  // Element (19, 255): tile (2, 1) of 8x128 tiles, two per row, so tile 5: 5 * 1024 + 3 * 128 + 127.
  CHECK(m.required_span_size() == 5632);
  CHECK(m.xlayout().required_span_size() == 24 * 256);
  CHECK(!m.is_exhaustive());
  CHECK(!m.is_strided());
  CHECK(m == M(std::extents<int, std::dynamic_extent, 256>(20)));
  CHECK(!(m == M(std::extents<int, std::dynamic_extent, 256>(21))));
}

TEST_CASE("a tiled mapping without elements is strided, as the standard's definition reads (vacuously)",
          "[interop][mdspan]") {
  using M = policy<Layout<"{1,0:T(8,128)}">>::mapping<std::extents<int, std::dynamic_extent, 256>>;
  const M m(std::extents<int, std::dynamic_extent, 256>(0));
  CHECK(m.required_span_size() == 0);
  CHECK(m.is_strided());
  CHECK(m.stride(0) == 256);
  CHECK(m.stride(1) == 1);
  CHECK(!M(std::extents<int, std::dynamic_extent, 256>(20)).is_strided());
}

TEST_CASE("strided layouts: is_strided and stride() agree with layout_left/layout_right",
          "[interop][mdspan]") {
  using E = std::extents<int, 4, std::dynamic_extent, 6>;
  const E e(5);
  const policy<Layout<2, 1, 0>>::mapping<E> right(e);
  const std::layout_right::mapping<E> std_right(e);
  const policy<Layout<0, 1, 2>>::mapping<E> left(e);
  const std::layout_left::mapping<E> std_left(e);
  STATIC_REQUIRE(policy<Layout<2, 1, 0>>::mapping<E>::is_always_strided());
  STATIC_REQUIRE(policy<Layout<2, 1, 0>>::mapping<E>::is_always_exhaustive());
  CHECK(right.is_strided());
  CHECK(left.is_exhaustive());
  for (int r = 0; r < 3; ++r) {
    CHECK(right.stride(r) == std_right.stride(r));
    CHECK(left.stride(r) == std_left.stride(r));
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 6; ++k) {
        CHECK(right(i, j, k) == std_right(i, j, k));
        CHECK(left(i, j, k) == std_left(i, j, k));
      }
  // Padded dimensions ("Shapes and layout"): strided, not exhaustive.
  using P = policy<Layout<0, 1, pad(3, 5)>>::mapping<std::extents<int, 2, 3>>;
  STATIC_REQUIRE(P::is_always_strided());
  STATIC_REQUIRE(!P::is_always_exhaustive());
  CHECK(P{}.stride(1) == 3);
  // A tiled layout that does not reorder: strided for these extents (XLA's IsUntiledLayout example).
  STATIC_REQUIRE(policy<Layout<"{1,0:T(8,128)}">>::mapping<std::extents<int, 24, 128>>::is_always_strided());
}

TEST_CASE("every element through std::mdspan equals the Tensor's, on tiled and dynamic layouts",
          "[interop][mdspan]") {
  static float storage[1];  // never read: the offsets are (a pointer carries no length to check)
  float* const buf = storage;
  check_same_offsets(Tensor<"f32[37,300]{1,0:T(8,128)(2,1)}">(buf),
                     policy<Layout<"{1,0:T(8,128)(2,1)}">>::mapping<std::extents<int, 37, 300>>{});
  check_same_offsets(Tensor<"f32[10,20,300]{2,1,0:T(*,2,128)}">(buf),
                     policy<Layout<"{2,1,0:T(*,2,128)}">>::mapping<std::extents<long, 10, 20, 300>>{});
  check_same_offsets(Tensor<"f32[?,300]{0,1:T(8,128)}">(buf, 37),
                     policy<Layout<"{0,1:T(8,128)}">>::mapping<std::dextents<std::size_t, 2>>(
                         std::dextents<std::size_t, 2>(37, 300)));
  // The standard's span against XLA's: L(n) pads only the end; a '*' group whose tile is the whole group
  // (column-major, strides 1 and 9) fills its span; padded dimensions leave holes.
  check_same_offsets(Tensor<"f32[3,5]{1,0:L(8)}">(buf),
                     policy<Layout<"{1,0:L(8)}">>::mapping<std::extents<int, 3, 5>>{});
  check_same_offsets(Tensor<"s32[9,3]{0,1:T(*,2)}">(reinterpret_cast<std::int32_t*>(buf)),
                     policy<Layout<"{0,1:T(*,2)}">>::mapping<std::extents<int, 9, 3>>{});
  check_same_offsets(Tensor<"f32[2,3]{0,1:pad(3,5)}">(buf),
                     policy<Layout<0, 1, pad(3, 5)>>::mapping<std::extents<int, 2, 3>>{});
  check_same_offsets(Tensor<"f32[0,3]{0,1:pad(3,5)}">(buf),
                     policy<Layout<0, 1, pad(3, 5)>>::mapping<std::extents<int, 0, 3>>{});
  check_same_offsets(Tensor<"f32[3,5]{1,0:T(2,2)}">(buf),
                     policy<Layout<"{1,0:T(2,2)}">>::mapping<std::extents<int, 3, 5>>{});
  check_same_offsets(Tensor<"f32[7,9,5]{0,2,1:T(2,4)(2,1)}">(buf),
                     policy<Layout<"{0,2,1:T(2,4)(2,1)}">>::mapping<std::extents<int, 7, 9, 5>>{});
  check_same_offsets(Tensor<"f32[6,4,10]{2,1,0:T(*,*,4)}">(buf),
                     policy<Layout<"{2,1,0:T(*,*,4)}">>::mapping<std::extents<int, 6, 4, 10>>{});
  STATIC_REQUIRE(policy<Layout<"{1,0:L(8)}">>::mapping<std::extents<int, 3, 5>>::is_always_exhaustive());
  STATIC_REQUIRE(policy<Layout<"{1,0:L(8)}">>::mapping<std::dextents<int, 2>>::is_always_exhaustive());
  STATIC_REQUIRE(!policy<Layout<"{1,0:T(2,2)}">>::mapping<std::extents<int, 3, 5>>::is_always_exhaustive());
}

TEST_CASE("a span that does not fit the index type, or int64, stops naming its id (no wraparound)",
          "[interop][mdspan][assert]") {
  // Static extents: a compile error (static_tests/interop/index_type_overflow.fail.cpp); here the largest
  // that fits: 1 + offset of (255, 127) under {1,0} is 32768 > 32767 for short, 32767 for [256, 127].
  STATIC_REQUIRE(policy<Layout<1, 0>>::mapping<std::extents<short, 1, 32767>>{}.required_span_size() ==
                 32767);
  using D = policy<Layout<"{1,0:T(8,128)}">>::mapping<std::dextents<int, 2>>;
  assertion_failures = 0;
  (void)D(std::dextents<int, 2>(8, 128));
  CHECK(assertion_failures == 0);
  // 65536 x 65536 elements: 2^32 positions, not an int.
  (void)D(std::dextents<int, 2>(65536, 65536));
  CHECK(assertion_failures == 1);
  // 2^31 - 1 columns rounded up to 128: the last offset passes 2^31 - 1.
  assertion_failures = 0;
  (void)D(std::dextents<int, 2>(1, std::numeric_limits<int>::max()));
  CHECK(assertion_failures == 1);
  // Past int64: 2^32 x 2^32 (the tensor mapping's span_overflow, then this mapping's own check).
  using W = policy<Layout<1, 0>>::mapping<std::dextents<std::int64_t, 2>>;
  assertion_failures = 0;
  (void)W(std::dextents<std::int64_t, 2>(index_t{1} << 32, index_t{1} << 32));
  CHECK(assertion_failures == 2);
  // A Tensor's '?' extents whose XLA span passes int64: 2^62 rows of one 8x128 tile row each (1024 * 2^59).
  assertion_failures = 0;
  (void)Tensor<"f32[?,128]{1,0:T(8,128)}">(nullptr, index_t{1} << 62);
  CHECK(assertion_failures == 1);
  (void)Tensor<"f32[?,128]{1,0:T(8,128)}">(nullptr, index_t{1} << 50);  // 2^57 slots: fits
  CHECK(assertion_failures == 1);
}

TEST_CASE("to_mdspan and to_tensor convert both ways over the same elements", "[interop][mdspan]") {
  std::vector<bf16_bits> buf(24 * 256);
  const Tensor<"bf16[?,256]{1,0:T(8,128)(2,1)}"> t(buf.data(), 20);
  auto m = to_mdspan(t);
  STATIC_REQUIRE(std::is_same_v<decltype(m)::element_type, bf16_bits>);
  CHECK(m.extent(0) == 20);
  CHECK(&m[19, 255] == &t(19, 255));
  const auto back = to_tensor(m);
  STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(back)>, std::remove_const_t<decltype(t)>>);
  CHECK(&back(7, 100) == &t(7, 100));
  const ConstTensor<"f32[3,5]{1,0:T(2,2)}"> c(reinterpret_cast<const float*>(buf.data()));
  CHECK(&to_mdspan(c)[2, 3] == c.data() + 17);
}

// --- views as std::mdspan layouts, and submdspan_mapping ---------------------------------------------------

namespace {
struct strided {  // P2630's strided_slice: offset, extent (of the range, not its end), stride
  int offset, extent, stride;
};

// Every index of the sub-mapping against the source mapping at the index the slice specifiers give (by
// hand: an index keeps its value and drops the dimension; {first, last} adds first; a strided slice adds
// offset + i * stride; full_extent keeps i).
template <class Sub, class Src>
index_t check_submapping(const Sub& sub, const Src& src, const std::vector<std::array<int, 4>>& spec) {
  // spec[d] = {kind, a, b, c}: kind 0 full_extent, 1 index a, 2 pair [a, b), 3 strided (offset a, extent b,
  // stride c)
  using SE = typename Sub::extents_type;
  constexpr std::size_t r = Src::extents_type::rank();
  std::vector<index_t> sub_dims;
  for (std::size_t d = 0, k = 0; d < r; ++d) {
    const auto& s = spec[d];
    const index_t n = src.extents().extent(d);
    if (s[0] == 1) continue;
    const index_t expected = s[0] == 0   ? n
                             : s[0] == 2 ? s[2] - s[1]
                                         : (s[2] == 0 ? 0 : 1 + (s[2] - 1) / s[3]);
    REQUIRE(static_cast<index_t>(sub.extents().extent(k++)) == expected);
    sub_dims.push_back(expected);
  }
  REQUIRE(sub_dims.size() == SE::rank());
  index_t count = 1;
  for (index_t e : sub_dims) count *= e;
  for (index_t p = 0; p < count; ++p) {
    std::array<index_t, SE::rank() == 0 ? 1 : SE::rank()> i{};
    for (std::size_t k = SE::rank(), q = static_cast<std::size_t>(p); k-- > 0;) {
      i[k] = static_cast<index_t>(q % static_cast<std::size_t>(sub_dims[k]));
      q /= static_cast<std::size_t>(sub_dims[k]);
    }
    std::array<index_t, r> e{};
    for (std::size_t d = 0, k = 0; d < r; ++d) {
      const auto& s = spec[d];
      e[d] = s[0] == 0 ? i[k++] : s[0] == 1 ? s[1] : s[0] == 2 ? s[1] + i[k++] : s[1] + i[k++] * s[3];
    }
    const index_t got = [&]<std::size_t... K>(std::index_sequence<K...>) {
      return static_cast<index_t>(sub(i[K]...));
    }
    (std::make_index_sequence<SE::rank()>{});
    const index_t want = [&]<std::size_t... D>(std::index_sequence<D...>) {
      return static_cast<index_t>(src(e[D]...));
    }
    (std::make_index_sequence<r>{});
    REQUIRE(got == want);
  }
  return count;
}
}  // namespace

TEST_CASE("a view's std::mdspan: every element is the view's; the LayoutMapping requirements",
          "[interop][mdspan][view]") {
  static float buf[8 * 16 * 8];
  const Tensor<"f32[?,8,16]{2,1,0:T(4,8)}"> t(buf, 5);
  const auto v =
      transpose<2, 0, 1>(reverse<0>(slice(t, runtime_slice{1, 5, 1}, Slice<0, 8>{}, Slice<0, 16>{})));
  const auto m = to_mdspan(v);
  using M = decltype(m)::mapping_type;
  STATIC_REQUIRE(
      std::is_same_v<decltype(m)::extents_type, std::extents<index_t, 16, std::dynamic_extent, 8>>);
  STATIC_REQUIRE(std::is_nothrow_copy_constructible_v<M>);
  STATIC_REQUIRE(std::is_trivially_copyable_v<M>);
  STATIC_REQUIRE(std::equality_comparable<M>);
  STATIC_REQUIRE(M::is_always_unique());
  STATIC_REQUIRE(!M::is_always_strided());
  STATIC_REQUIRE(!decltype(to_mdspan(broadcast<Extents<3, 16>>(Tensor<"f32[16]">(buf))))::is_always_unique());
  CHECK(m.extent(1) == 4);
  CHECK(m.mapping().required_span_size() == t.required_span_size());
  CHECK(m.mapping() == M(v));
  for (int k = 0; k < 16; ++k)
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 8; ++j) {
        CHECK(&m[k, i, j] == &t(4 - i, j, k));  // reverse of rows 1..4, then (k, i, j) -> (i, j, k)
        CHECK(m.mapping()(k, i, j) == t.mapping()(4 - i, j, k));
      }
}

TEST_CASE(
    "submdspan_mapping of xlayout layouts and views: every element of the sub-mapping is the source's at "
    "the sliced index (full_extent, index, pair, strided slice), tiled and '?' extents",
    "[interop][mdspan][submdspan]") {
  using E = std::extents<int, 37, std::dynamic_extent>;
  const mdspan_layout<Layout<"{1,0:T(8,128)(2,1)}">>::mapping<E> src(E(300));
  {
    const auto r = submdspan_mapping(src, std::pair{3, 30}, 7);
    STATIC_REQUIRE(std::is_same_v<decltype(r.mapping)::index_type, int>);
    CHECK(r.offset == 0);
    CHECK(check_submapping(r.mapping, src, {{2, 3, 30, 0}, {1, 7, 0, 0}}) == 27);
  }
  {
    const auto r = submdspan_mapping(src, full_extent, strided{5, 200, 7});
    STATIC_REQUIRE(decltype(r.mapping)::extents_type::static_extent(0) == 37);
    CHECK(check_submapping(r.mapping, src, {{0, 0, 0, 0}, {3, 5, 200, 7}}) == 37 * 29);
    // a sub-mapping of the sub-mapping (a view of a view)
    const auto rr = submdspan_mapping(r.mapping, 36, std::tuple{1, 28});
    for (int j = 0; j < 27; ++j) CHECK(rr.mapping(j) == src(36, 5 + (1 + j) * 7));
  }
  {
    const auto r = submdspan_mapping(src, strided{0, 0, 0}, 0);  // empty
    CHECK(r.mapping.extents().extent(0) == 0);
    CHECK(r.mapping.required_span_size() == 0);
  }
  {
    using F = std::extents<long, 4, 6, 5>;
    const mdspan_layout<Layout<"{0,2,1:T(2,2)}">>::mapping<F> s3{};
    for (int a = 0; a < 4; ++a) {
      const auto r = submdspan_mapping(s3, std::pair{a, 4}, strided{1, 5, 2}, a);
      CHECK(check_submapping(r.mapping, s3, {{2, a, 4, 0}, {3, 1, 5, 2}, {1, a, 0, 0}}) == (4 - a) * 3);
    }
  }
  {  // a view's mapping
    static float buf[8 * 16 * 8];
    const Tensor<"f32[?,8,16]{2,1,0:T(4,8)}"> t(buf, 5);
    const auto m = to_mdspan(transpose<1, 0, 2>(reverse<0>(t))).mapping();
    const auto r = submdspan_mapping(m, strided{1, 7, 3}, std::pair{1, 5}, full_extent);
    CHECK(check_submapping(r.mapping, m, {{3, 1, 7, 3}, {2, 1, 5, 0}, {0, 0, 0, 0}}) == 3 * 4 * 16);
    const auto i = submdspan_mapping(m, 2, 3, 4);
    STATIC_REQUIRE(decltype(i.mapping)::extents_type::rank() == 0);
    CHECK(i.mapping() == t.mapping()(4 - 3, 2, 4));
  }
#if defined(__cpp_lib_submdspan)
  {
    static float buf[24 * 384];
    std::mdspan<float, E, mdspan_layout<Layout<"{1,0:T(8,128)(2,1)}">>> md(buf, src);
    const auto sub = std::submdspan(md, std::pair{3, 30}, std::full_extent);
    for (int i = 0; i < 27; ++i)
      for (int j = 0; j < 300; ++j) CHECK(&sub[i, j] == &md[3 + i, j]);
  }
#endif
}

TEST_CASE(
    "submdspan_mapping: slice specifiers of integral constants give static extents (P2630), and a strided "
    "slice past int64 stops before it is added",
    "[interop][mdspan][submdspan]") {
  using ic8 = std::integral_constant<int, 8>;
  using ic16 = std::integral_constant<int, 16>;
  struct strided_ic {  // a strided_slice of integral constants
    std::integral_constant<int, 0> offset;
    std::integral_constant<int, 512> extent;
    std::integral_constant<int, 128> stride;
  };
  using E = std::extents<int, 256, 512>;
  const mdspan_layout<Layout<"{1,0:T(8,128)}">>::mapping<E> src{};
  const auto r = submdspan_mapping(src, std::pair{ic8{}, ic16{}}, strided_ic{});
  // P2630's submdspan_extents: 16 - 8 rows; 1 + (512 - 1) / 128 columns.
  STATIC_REQUIRE(std::is_same_v<decltype(r.mapping)::extents_type, std::extents<int, 8, 4>>);
  CHECK(check_submapping(r.mapping, src, {{2, 8, 16, 0}, {3, 0, 512, 128}}) == 32);
  // A pair with one run-time end keeps a run-time extent.
  const auto d = submdspan_mapping(src, std::pair{ic8{}, 16}, full_extent);
  STATIC_REQUIRE(decltype(d.mapping)::extents_type::static_extent(0) == std::dynamic_extent);
  STATIC_REQUIRE(decltype(d.mapping)::extents_type::static_extent(1) == 512);
  CHECK(check_submapping(d.mapping, src, {{2, 8, 16, 0}, {0, 0, 0, 0}}) == 8 * 512);

  struct strided64 {
    std::int64_t offset, extent, stride;
  };
  const mdspan_layout<Layout<1, 0>>::mapping<std::extents<std::int64_t, 4, 4>> small{};
  assertion_failures = 0;
  (void)submdspan_mapping(small, strided64{1, 2, 1}, full_extent);
  CHECK(assertion_failures == 0);
  (void)submdspan_mapping(small, strided64{1, std::numeric_limits<std::int64_t>::max(), 1}, full_extent);
  CHECK(assertion_failures >= 1);  // view_invalid_slice, before offset + extent is computed
}

TEST_CASE("a sub-mapping spans no more than its source; view mappings of run-time layouts compare by layout",
          "[interop][mdspan][submdspan]") {
  // f32[3,5] tiled 2x2: the standard span is 21 (the last element, (2,4), sits at 20; XLA's buffer is 24).
  using E = std::extents<int, 3, 5>;
  const mdspan_layout<Layout<"{1,0:T(2,2)}">>::mapping<E> src{};
  CHECK(src.required_span_size() == 21);
  const auto whole = submdspan_mapping(src, full_extent, full_extent);
  CHECK(whole.mapping.required_span_size() == 21);  // it was the base's buffer, 24: past the source's span
  // A short index type: the source's span, 32767, fits; the sub-mapping's was the buffer, 32768: -32768.
  using S = std::extents<short, 1, 32767>;
  const mdspan_layout<Layout<"{1,0:T(1,128)}">>::mapping<S> narrow{};
  CHECK(narrow.required_span_size() == 32767);
  CHECK(submdspan_mapping(narrow, full_extent, full_extent).mapping.required_span_size() == 32767);
  // Every offset of a sub-mapping is below its span (brute force over a tiled, padded source).
  using P = std::extents<int, 37, 300>;
  const mdspan_layout<Layout<"{1,0:T(8,128)(2,1)}">>::mapping<P> tiled{};
  const auto r = submdspan_mapping(tiled, std::pair{8, 16}, full_extent);
  int largest = -1;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 300; ++j) largest = std::max(largest, r.mapping(i, j));
  CHECK(r.mapping.required_span_size() <= tiled.required_span_size());
  CHECK(largest < r.mapping.required_span_size());

  // Two run-time tensors with the same extents and different layouts: their views' mappings place (1,0)
  // differently, and compare unequal (only the extents were compared).
  static float buf[64];
  const auto a = make_runtime_tensor<2>(buf, "f32[4,8]{1,0}");
  const auto b = make_runtime_tensor<2>(buf, "f32[4,8]{0,1:T(2,2)}");
  REQUIRE(a.has_value());
  REQUIRE(b.has_value());
  const auto ma = to_mdspan(transpose<1, 0>(*a)).mapping();
  const auto mb = to_mdspan(transpose<1, 0>(*b)).mapping();
  STATIC_REQUIRE(std::is_same_v<decltype(ma), decltype(mb)>);
  CHECK(ma(1, 0) == 1);  // (0,1) of row-major f32[4,8]
  CHECK(mb(1, 0) == 2);  // (0,1) of {0,1:T(2,2)}: the next 2x2 tile of the column-major order's rows
  CHECK_FALSE(ma == mb);
  CHECK(ma == to_mdspan(transpose<1, 0>(*a)).mapping());
  // A runtime_tensor's own mdspan (audit: to_mdspan(t) did not compile): every element where t has it.
  const auto of_b = to_mdspan(*b);
  STATIC_REQUIRE(decltype(of_b)::rank() == 2);
  REQUIRE(of_b.extent(0) == 4);
  REQUIRE(of_b.extent(1) == 8);
  for (index_t i = 0; i < 4; ++i)
    for (index_t j = 0; j < 8; ++j) CHECK(&of_b[i, j] == &(*b)(i, j));

  // The mapping of static extents converts to the mapping of dynamic ones (as layout_right's), and so does
  // the mdspan.
  using D = std::dextents<int, 2>;
  const mdspan_layout<Layout<"{1,0:T(2,2)}">>::mapping<D> dyn = src;
  CHECK(dyn.extents().extent(1) == 5);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j) CHECK(dyn(i, j) == src(i, j));
  static float data[24];
  std::mdspan<float, E, mdspan_layout<Layout<"{1,0:T(2,2)}">>> fixed(data);
  std::mdspan<float, D, mdspan_layout<Layout<"{1,0:T(2,2)}">>> loose = fixed;
  CHECK(&loose[2, 3] == &fixed[2, 3]);
  CHECK(&loose[2, 3] == data + 17);  // XLA's "Tiled layout": (2,3) at 17
}
