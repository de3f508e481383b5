// tests/tensor/views.cpp: the laws of views. For every view kind (transpose, reshape, slice, reverse,
// broadcast, bitcast) and chains of them, over tensors of many small shapes and layouts (row- and
// column-major, permuted, tiled, tiles that pad, two-level tiles), with the view's parameters drawn by a
// compile-time pseudo-random generator: every element of the view is the base element the test computes by
// brute force. The expected base index comes from index arithmetic written here (XLA's semantics of each
// op, on std::vector), and the expected slot from tests/support/brute_force_layout.hpp (the layout carried
// out on an array of element ids); neither uses the library's index arithmetic.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>
#include <xlayout/tensor/tensor.hpp>
#include <xlayout/tensor/view.hpp>

#include "support/brute_force_layout.hpp"

using namespace xlayout;
using xlayout_test::brute_force_buffer;
using xlayout_test::ravel;
using xlayout_test::unravel;

namespace {

using ivec = std::vector<index_t>;
using ref_map = std::function<ivec(const ivec&)>;  // view index -> base index, the test's arithmetic

float buffer[4096];  // every base tensor views this buffer

/// Uniform draws in [lo, hi] from a 64-bit LCG seeded by the test (its sequence is the test's, run to run).
struct lcg {
  std::uint64_t state;
  index_t operator()(index_t lo, index_t hi) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + static_cast<index_t>((state >> 33) % static_cast<std::uint64_t>(hi - lo + 1));
  }
};

ivec dims_of(const shape& s) { return ivec(s.dimensions.begin(), s.dimensions.end()); }
index_t array_count(const ivec& d) {
  index_t n = 1;
  for (index_t x : d) n *= x;
  return n;
}
std::string text(const ivec& v) {
  std::string s = "(";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + ")";
}

// The law: for every index of the view, the view's element is the base element at ref(index): the slot the
// view reaches holds, in the brute-force layout of the base, the element whose row-major number is that of
// ref(index). Returns the number of elements checked.
template <class V>
index_t check_view(const V& v, const ref_map& ref) {
  using B = typename V::base_type;
  const shape s = v.base().shape();
  const ivec base_dims = dims_of(s);
  INFO("base " << std::string(to_string(s).view()) << ", view " << std::string(V::to_string().view())
               << ", map " << std::string(to_string(V::map()).view()));
  const std::vector<index_t> slots = brute_force_buffer(s);
  REQUIRE(v.data() == buffer);
  ivec view_dims;
  for (std::size_t d = 0; d < V::rank(); ++d) view_dims.push_back(v.extent(d));
  const index_t n = V::rank() == 0 ? 1 : array_count(view_dims);
  for (index_t p = 0; p < n; ++p) {
    const ivec idx = unravel(view_dims, p);
    const ivec e = ref(idx);
    INFO("view index " << text(idx) << " -> base index " << text(e));
    REQUIRE(e.size() == B::rank());
    for (std::size_t d = 0; d < e.size(); ++d) REQUIRE((0 <= e[d] && e[d] < base_dims[d]));
    index_array<V::rank()> a;
    for (std::size_t d = 0; d < V::rank(); ++d) a[d] = idx[d];
    const index_t slot = &v(a) - buffer;
    REQUIRE((0 <= slot && slot < static_cast<index_t>(slots.size())));
    REQUIRE(slots[static_cast<std::size_t>(slot)] == ravel(base_dims, e));
  }
  return n;
}

// --- compile-time pseudo-random parameters -------------------------------------------------------------

constexpr std::uint64_t mix(std::uint64_t x) {  // splitmix64
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
constexpr index_t draw(std::uint64_t seed, std::uint64_t k, index_t n) {  // in [0, n)
  return n <= 0 ? 0 : static_cast<index_t>(mix(seed * 1000003ULL + k) % static_cast<std::uint64_t>(n));
}

template <class B>
constexpr std::array<index_t, B::rank()> extents_of() {
  std::array<index_t, B::rank()> e{};
  for (std::size_t d = 0; d < B::rank(); ++d) e[d] = B::static_extent(d);
  return e;
}

template <std::size_t R>
constexpr std::array<index_t, R> random_permutation(std::uint64_t seed) {
  std::array<index_t, R> p{};
  for (std::size_t i = 0; i < R; ++i) p[i] = static_cast<index_t>(i);
  for (std::size_t i = R; i > 1; --i) {
    const auto j = static_cast<std::size_t>(draw(seed, i, static_cast<index_t>(i)));
    const index_t t = p[i - 1];
    p[i - 1] = p[j];
    p[j] = t;
  }
  return p;
}

// A random factorisation of n into `rank` extents (rank >= 1).
template <std::size_t Rank>
constexpr std::array<index_t, Rank> random_factors(index_t n, std::uint64_t seed) {
  std::array<index_t, Rank> f{};
  index_t rest = n;
  for (std::size_t i = 0; i + 1 < Rank; ++i) {
    index_t divisors[64]{};
    index_t count = 0;
    for (index_t d = 1; d <= rest && count < 64; ++d)
      if (rest % d == 0) divisors[count++] = d;
    f[i] = divisors[draw(seed, 10 + i, count)];
    rest /= f[i];
  }
  f[Rank - 1] = rest;
  return f;
}

struct slice_spec {
  index_t start, limit, stride;
};
template <class B>
constexpr std::array<slice_spec, B::rank()> random_slices(std::uint64_t seed) {
  std::array<slice_spec, B::rank()> s{};
  for (std::size_t d = 0; d < B::rank(); ++d) {
    const index_t n = B::static_extent(d);
    const index_t start = draw(seed, 3 * d, n);  // leave at least one element
    const index_t limit = start + 1 + draw(seed, 3 * d + 1, n - start);
    s[d] = {start, limit, 1 + draw(seed, 3 * d + 2, 3)};
  }
  return s;
}

template <class B>
constexpr std::array<bool, B::rank()> random_mask(std::uint64_t seed) {
  std::array<bool, B::rank()> m{};
  for (std::size_t d = 0; d < B::rank(); ++d) m[d] = draw(seed, 50 + d, 2) == 1;
  return m;
}
template <std::size_t R>
constexpr std::size_t mask_count(const std::array<bool, R>& m) {
  std::size_t n = 0;
  for (bool b : m) n += b ? 1 : 0;
  return n;
}
template <std::size_t N, std::size_t R>
constexpr std::array<index_t, N> mask_dims(const std::array<bool, R>& m) {
  std::array<index_t, N> d{};
  std::size_t k = 0;
  for (std::size_t i = 0; i < R; ++i)
    if (m[i]) d[k++] = static_cast<index_t>(i);
  return d;
}

// --- the test's arithmetic of each op (XLA's semantics) ----------------------------------------------------

template <std::size_t R>
ref_map transpose_ref(const std::array<index_t, R>& perm) {
  return [perm](const ivec& i) {  // view dimension k is base dimension perm[k]
    ivec e(R);
    for (std::size_t k = 0; k < R; ++k) e[static_cast<std::size_t>(perm[k])] = i[k];
    return e;
  };
}
ref_map reshape_ref(const ivec& view_dims, const ivec& base_dims) {
  return [=](const ivec& i) { return unravel(base_dims, ravel(view_dims, i)); };
}
template <std::size_t R>
ref_map slice_ref(const std::array<slice_spec, R>& s) {
  return [s](const ivec& i) {
    ivec e(R);
    for (std::size_t d = 0; d < R; ++d) e[d] = s[d].start + i[d] * s[d].stride;
    return e;
  };
}
template <std::size_t R>
ref_map reverse_ref(const std::array<bool, R>& mask, const ivec& dims) {
  return [=](const ivec& i) {
    ivec e(R);
    for (std::size_t d = 0; d < R; ++d) e[d] = mask[d] ? dims[d] - 1 - i[d] : i[d];
    return e;
  };
}
ref_map broadcast_ref(const ivec& dims_of_base_in_view) {
  return [=](const ivec& i) {
    ivec e;
    for (index_t d : dims_of_base_in_view) e.push_back(i[static_cast<std::size_t>(d)]);
    return e;
  };
}
ref_map then(ref_map outer, ref_map inner) {  // outer: view -> middle; inner: middle -> base
  return [=](const ivec& i) { return inner(outer(i)); };
}

template <class V>
ivec view_dims() {
  ivec d;
  for (std::size_t k = 0; k < V::rank(); ++k) d.push_back(V::static_extent(k));
  return d;
}
template <class B>
ivec base_dims() {
  ivec d;
  for (std::size_t k = 0; k < B::rank(); ++k) d.push_back(B::static_extent(k));
  return d;
}

// --- each view kind on a random instance --------------------------------------------------------------

template <class B, std::uint64_t Seed>
index_t transpose_law() {
  constexpr auto perm = random_permutation<B::rank()>(Seed);
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return check_view(transpose<perm[I]...>(B(buffer)), transpose_ref(perm));
  }
  (std::make_index_sequence<B::rank()>{});
}

template <class B, std::uint64_t Seed>
index_t reshape_law() {
  constexpr index_t n = B().size();
  constexpr std::size_t rank = 1 + static_cast<std::size_t>(draw(Seed, 1, 3));
  constexpr auto dims = random_factors<rank>(n, Seed);
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    const auto v = reshape<dims[I]...>(B(buffer));
    return check_view(v, reshape_ref(view_dims<decltype(v)>(), base_dims<B>()));
  }
  (std::make_index_sequence<rank>{});
}

template <class B, std::uint64_t Seed>
index_t slice_law() {
  constexpr auto s = random_slices<B>(Seed);
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return check_view(slice(B(buffer), Slice<s[I].start, s[I].limit, s[I].stride>{}...), slice_ref(s));
  }
  (std::make_index_sequence<B::rank()>{});
}

template <class B, std::uint64_t Seed>
index_t reverse_law() {
  constexpr auto mask = random_mask<B>(Seed);
  constexpr auto dims = mask_dims<mask_count(mask)>(mask);
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return check_view(reverse<dims[I]...>(B(buffer)), reverse_ref(mask, base_dims<B>()));
  }
  (std::make_index_sequence<dims.size()>{});
}

// Sizes and starts drawn at random; starts may lie outside [0, extent - size]: XLA clamps them.
template <class B, std::uint64_t Seed>
index_t dynamic_slice_law() {
  constexpr std::size_t r = B::rank();
  constexpr auto sizes = [] {
    std::array<index_t, r> z{};
    for (std::size_t d = 0; d < r; ++d) z[d] = 1 + draw(Seed, 80 + d, B::static_extent(d));
    return z;
  }();
  std::array<index_t, r> starts{}, clamped{};
  for (std::size_t d = 0; d < r; ++d) {
    const index_t hi = B::static_extent(d) - sizes[d];
    starts[d] = draw(Seed, 90 + d, hi + 5) - 2;  // in [-2, hi + 2]
    clamped[d] = starts[d] < 0 ? 0 : (starts[d] > hi ? hi : starts[d]);
  }
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    const auto v = dynamic_slice<sizes[I]...>(B(buffer), starts[I]...);
    return check_view(v, [clamped](const ivec& i) {
      ivec e(r);
      for (std::size_t d = 0; d < r; ++d) e[d] = clamped[d] + i[d];
      return e;
    });
  }
  (std::make_index_sequence<r>{});
}

// One new dimension of extent 1..3 at a random position.
template <class B, std::uint64_t Seed>
index_t broadcast_law() {
  constexpr std::size_t r = B::rank();
  constexpr auto at = static_cast<std::size_t>(draw(Seed, 70, static_cast<index_t>(r) + 1));
  constexpr index_t extent = 1 + draw(Seed, 71, 3);
  constexpr auto out = [] {
    std::array<index_t, r + 1> o{};
    for (std::size_t k = 0, d = 0; k <= r; ++k) o[k] = k == at ? extent : B::static_extent(d++);
    return o;
  }();
  constexpr auto where = [] {  // base dimension d is view dimension where[d]
    std::array<index_t, r> w{};
    for (std::size_t d = 0; d < r; ++d) w[d] = static_cast<index_t>(d < at ? d : d + 1);
    return w;
  }();
  return [&]<std::size_t... K, std::size_t... D>(std::index_sequence<K...>, std::index_sequence<D...>) {
    return check_view(broadcast<Extents<out[K]...>, where[D]...>(B(buffer)),
                      broadcast_ref(ivec(where.begin(), where.end())));
  }
  (std::make_index_sequence<r + 1>{}, std::make_index_sequence<r>{});
}

// A chain: reverse(transpose(slice(t))) then reshape to random extents and back, then broadcast.
template <class B, std::uint64_t Seed>
index_t chain_law() {
  constexpr std::size_t r = B::rank();
  constexpr auto s = random_slices<B>(Seed);
  constexpr auto perm = random_permutation<r>(Seed + 7);
  constexpr auto mask = random_mask<B>(Seed + 11);
  constexpr auto rev = mask_dims<mask_count(mask)>(mask);
  return [&]<std::size_t... I, std::size_t... J>(std::index_sequence<I...>, std::index_sequence<J...>) {
    const B t(buffer);
    const auto sliced = slice(t, Slice<s[I].start, s[I].limit, s[I].stride>{}...);
    const auto transposed = transpose<perm[I]...>(sliced);
    const auto reversed = reverse<rev[J]...>(transposed);
    using R = decltype(reversed);
    const ivec rdims = view_dims<R>();
    ref_map ref = then(reverse_ref(mask, rdims), then(transpose_ref(perm), slice_ref(s)));
    index_t n = check_view(sliced, slice_ref(s));
    n += check_view(transposed, then(transpose_ref(perm), slice_ref(s)));
    n += check_view(reversed, ref);
    constexpr index_t count = R().size();
    constexpr auto f = random_factors<2>(count, Seed + 13);
    const auto flat = reshape<count>(reversed);
    const auto folded = reshape<f[0], f[1]>(flat);
    const auto back = [&]<std::size_t... D>(std::index_sequence<D...>) {
      return reshape<R::static_extent(D)...>(folded);
    }
    (std::make_index_sequence<r>{});
    static_assert(std::is_same_v<typename decltype(back)::extents_type, typename R::extents_type>);
    CHECK(back.map() == reversed.map());  // a reshape chain back to the same extents composes away
    n += check_view(folded, then(reshape_ref({f[0], f[1]}, rdims), ref));
    n += check_view(back, ref);
    const auto wide = broadcast<Extents<2, f[0], f[1]>, 1, 2>(folded);
    n += check_view(wide, then(broadcast_ref({1, 2}), then(reshape_ref({f[0], f[1]}, rdims), ref)));
    return n;
  }
  (std::make_index_sequence<r>{}, std::make_index_sequence<rev.size()>{});
}

// Runs of static slices, reverses and transposes fold into one op, and a run that comes back to where it
// started is no op: each view of the run still reads what the test's arithmetic, one op at a time, reads.
template <class B, std::uint64_t Seed>
index_t fold_law() {
  constexpr std::size_t r = B::rank();
  constexpr auto s1 = random_slices<B>(Seed);
  constexpr auto mask = random_mask<B>(Seed + 3);
  constexpr auto rev = mask_dims<mask_count(mask)>(mask);
  constexpr auto perm = random_permutation<r>(Seed + 5);
  constexpr auto inverse = [&] {
    std::array<index_t, r> q{};
    for (std::size_t i = 0; i < r; ++i) q[static_cast<std::size_t>(perm[i])] = static_cast<index_t>(i);
    return q;
  }();
  return [&]<std::size_t... I, std::size_t... J>(std::index_sequence<I...>, std::index_sequence<J...>) {
    const B t(buffer);
    const auto a = slice(t, Slice<s1[I].start, s1[I].limit, s1[I].stride>{}...);
    using A = decltype(a);
    constexpr auto s2 = random_slices<A>(Seed + 1);
    const auto b = slice(a, Slice<s2[I].start, s2[I].limit, s2[I].stride>{}...);
    const auto c = reverse<rev[J]...>(b);
    const auto d = transpose<perm[I]...>(c);
    const auto e = reverse<rev[J]...>(transpose<inverse[I]...>(d));  // back to b
    const auto f = transpose<inverse[I]...>(transpose<perm[I]...>(t));  // back to t
    using E = decltype(e);
    using F = decltype(f);
    static_assert(detail::view_chain<typename decltype(d)::map_type>::size == 1);  // one op, not four
    static_assert(std::is_same_v<typename E::map_type, typename decltype(b)::map_type>);
    static_assert(F::is_identity);
    const ref_map rb = then(slice_ref(s2), slice_ref(s1));
    const ref_map rc = then(reverse_ref(mask, view_dims<decltype(c)>()), rb);
    index_t n = check_view(b, rb);
    n += check_view(c, rc);
    n += check_view(d, then(transpose_ref(perm), rc));
    n += check_view(e, rb);
    n += check_view(f, then(transpose_ref(inverse), transpose_ref(perm)));
    return n;
  }
  (std::make_index_sequence<r>{}, std::make_index_sequence<rev.size()>{});
}

template <class B>
index_t every_law() {
  index_t n = 0;
  n += transpose_law<B, 1>() + transpose_law<B, 2>();
  n += reshape_law<B, 3>() + reshape_law<B, 4>();
  n += slice_law<B, 5>() + slice_law<B, 6>();
  n += reverse_law<B, 7>() + reverse_law<B, 8>();
  n += broadcast_law<B, 9>() + broadcast_law<B, 10>();
  n += dynamic_slice_law<B, 12>() + dynamic_slice_law<B, 13>();
  n += chain_law<B, 11>();
  n += fold_law<B, 14>() + fold_law<B, 15>();
  return n;
}

// --- tensors with '?' extents ------------------------------------------------------------------------------

// B's layout and extents with the dimensions of Mask made '?' (given at construction: B's extents).
template <index_t E, bool Dynamic>
inline constexpr index_t maybe_dyn = Dynamic ? dyn : E;
template <class B, std::uint64_t Mask, std::size_t... D>
auto dynamic_twin_of(std::index_sequence<D...>)
    -> basic_tensor<float, Extents<maybe_dyn<B::static_extent(D), ((Mask >> D) & 1) != 0>...>,
                    typename B::layout_type>;
template <class B, std::uint64_t Mask>
using dynamic_twin = decltype(dynamic_twin_of<B, Mask>(std::make_index_sequence<B::rank()>{}));
template <class D>
D make_dynamic(const ivec& dims) {
  std::array<index_t, D::rank_dynamic()> dynamic{};
  for (std::size_t d = 0, k = 0; d < D::rank(); ++d)
    if (D::static_extent(d) == dyn) dynamic[k++] = dims[d];
  if constexpr (D::rank_dynamic() == 0) {
    return D(buffer);
  } else {
    return D(buffer, typename D::extents_type(dynamic));
  }
}
template <class V>
ivec runtime_dims(const V& v) {
  ivec d;
  for (std::size_t k = 0; k < V::rank(); ++k) d.push_back(v.extent(k));
  return d;
}

// Per dimension a static Slice, a runtime_slice (any start <= limit, stride 1..5: possibly empty, possibly
// past the extent's end) or an index (the dimension dropped); the expected base index by hand.
template <class B, std::uint64_t Seed>
constexpr std::array<int, B::rank()> random_slice_kinds() {
  std::array<int, B::rank()> k{};
  for (std::size_t d = 0; d < B::rank(); ++d) k[d] = static_cast<int>(draw(Seed, 200 + d, 3));
  return k;
}
template <int Kind, index_t Start, index_t Limit, index_t Stride>
auto slice_arg(index_t start, index_t limit, index_t stride) {
  if constexpr (Kind == 0) {
    return Slice<Start, Limit, Stride>{};
  } else if constexpr (Kind == 1) {
    return runtime_slice{start, limit, stride};
  } else {
    return start;
  }
}

template <class D, std::uint64_t Seed>
index_t dynamic_law(const ivec& dims) {
  using B = D;  // the static extents are B's where not '?'
  constexpr std::size_t r = D::rank();
  const D t = make_dynamic<D>(dims);
  REQUIRE(runtime_dims(t) == dims);
  index_t n = 0;
  // transpose
  constexpr auto perm = random_permutation<r>(Seed);
  n += [&]<std::size_t... I>(std::index_sequence<I...>) {
    const auto v = transpose<perm[I]...>(t);
    for (std::size_t k = 0; k < r; ++k) REQUIRE((v.extent(k) == dims[static_cast<std::size_t>(perm[k])]));
    return check_view(v, transpose_ref(perm));
  }
  (std::make_index_sequence<r>{});
  // reverse
  constexpr auto mask = random_mask<B>(Seed);
  constexpr auto rev = mask_dims<mask_count(mask)>(mask);
  n += [&]<std::size_t... I>(std::index_sequence<I...>) {
    return check_view(reverse<rev[I]...>(t), reverse_ref(mask, dims));
  }
  (std::make_index_sequence<rev.size()>{});
  // slice: static, run-time or an index per dimension (static ones only where the extent is static)
  constexpr auto kinds = [] {
    auto k = random_slice_kinds<B, Seed>();
    for (std::size_t d = 0; d < r; ++d)
      if (D::static_extent(d) == dyn && k[d] == 0) k[d] = 1;
    return k;
  }();
  constexpr auto fixed = [] {
    std::array<slice_spec, r> f{};
    for (std::size_t d = 0; d < r; ++d) {
      const index_t e = D::static_extent(d) == dyn ? 1 : D::static_extent(d);
      const index_t start = draw(Seed, 300 + d, e + 1);
      f[d] = {start, start + draw(Seed, 310 + d, e - start + 1), 1 + draw(Seed, 320 + d, 3)};
    }
    return f;
  }();
  std::array<slice_spec, r> rt{};
  for (std::size_t d = 0; d < r; ++d) {
    const index_t start = draw(Seed, 400 + d, dims[d] + (kinds[d] == 2 ? 0 : 1));
    rt[d] = {start, start + draw(Seed, 410 + d, dims[d] - start + 1), 1 + draw(Seed, 420 + d, 5)};
    if (kinds[d] == 0) rt[d] = fixed[d];
  }
  n += [&]<std::size_t... I>(std::index_sequence<I...>) {
    const auto v = slice(t, slice_arg<kinds[I], fixed[I].start, fixed[I].limit, fixed[I].stride>(
                                rt[I].start, rt[I].limit, rt[I].stride)...);
    using V = decltype(v);
    static_assert(V::rank() == r - static_cast<std::size_t>(((kinds[I] == 2 ? 1 : 0) + ...)));
    for (std::size_t d = 0, k = 0; d < r; ++d) {
      if (kinds[d] == 2) continue;
      const index_t len = rt[d].limit - rt[d].start;
      REQUIRE(v.extent(k++) == (len + rt[d].stride - 1) / rt[d].stride);
    }
    return check_view(v, [=](const ivec& i) {
      ivec e(r);
      for (std::size_t d = 0, k = 0; d < r; ++d)
        e[d] = kinds[d] == 2 ? rt[d].start : rt[d].start + i[k++] * rt[d].stride;
      return e;
    });
  }
  (std::make_index_sequence<r>{});
  // dynamic_slice: sizes at most the extents given, starts clamped
  n += [&]<std::size_t... I>(std::index_sequence<I...>) {
    constexpr std::array<index_t, r> sizes{
        {(D::static_extent(I) == dyn ? 1 : 1 + draw(Seed, 500 + I, D::static_extent(I)))...}};
    std::array<index_t, r> starts{}, clamped{};
    for (std::size_t d = 0; d < r; ++d) {
      const index_t hi = dims[d] - sizes[d];
      starts[d] = draw(Seed, 510 + d, hi + 5) - 2;
      clamped[d] = starts[d] < 0 ? 0 : (starts[d] > hi ? hi : starts[d]);
    }
    return check_view(dynamic_slice<sizes[I]...>(t, starts[I]...), [clamped](const ivec& i) {
      ivec e(clamped.size());
      for (std::size_t d = 0; d < clamped.size(); ++d) e[d] = clamped[d] + i[d];
      return e;
    });
  }
  (std::make_index_sequence<r>{});
  // reshape: each run of static extents merged into one, each '?' through unchanged
  n += [&]<std::size_t... I>(std::index_sequence<I...>) {
    constexpr auto target = [] {
      std::array<index_t, r> o{};
      std::size_t k = 0;
      index_t run = 0;
      for (std::size_t d = 0; d < r; ++d) {
        if (D::static_extent(d) == dyn) {
          if (run > 0) o[k++] = run;
          run = 0;
          o[k++] = dyn;
        } else {
          run = (run == 0 ? 1 : run) * D::static_extent(d);
        }
      }
      if (run > 0) o[k++] = run;
      return std::pair{o, k};
    }();
    return [&]<std::size_t... K>(std::index_sequence<K...>) {
      const auto v = reshape<target.first[K]...>(t);
      return check_view(v, reshape_ref(runtime_dims(v), dims));
    }
    (std::make_index_sequence<target.second>{});
  }
  (std::make_index_sequence<r>{});
  // broadcast: a new leading dimension of extent 2; each '?' stays '?'
  n += [&]<std::size_t... I>(std::index_sequence<I...>) {
    const auto v = broadcast<Extents<2, D::static_extent(I)...>, static_cast<index_t>(I + 1)...>(t);
    return check_view(v, broadcast_ref({static_cast<index_t>(I + 1)...}));
  }
  (std::make_index_sequence<r>{});
  // a chain: reverse(transpose(runtime slice))
  n += [&]<std::size_t... I, std::size_t... J>(std::index_sequence<I...>, std::index_sequence<J...>) {
    std::array<slice_spec, r> s{};
    for (std::size_t d = 0; d < r; ++d) {
      const index_t start = draw(Seed, 600 + d, dims[d]);
      s[d] = {start, start + 1 + draw(Seed, 610 + d, dims[d] - start), 1 + draw(Seed, 620 + d, 2)};
    }
    const auto sliced = slice(t, runtime_slice{s[I].start, s[I].limit, s[I].stride}...);
    const auto v = reverse<rev[J]...>(transpose<perm[I]...>(sliced));
    return check_view(v, then(reverse_ref(mask, runtime_dims(v)), then(transpose_ref(perm), slice_ref(s))));
  }
  (std::make_index_sequence<r>{}, std::make_index_sequence<rev.size()>{});
  return n;
}

template <class B, std::uint64_t Mask>
index_t dynamic_laws() {
  using D = dynamic_twin<B, Mask>;
  const ivec dims = base_dims<B>();
  index_t n = dynamic_law<D, Mask * 7 + 1>(dims) + dynamic_law<D, Mask * 7 + 2>(dims);
  ivec smaller = dims;  // other run-time extents, smaller ones where '?'
  for (std::size_t d = 0; d < B::rank(); ++d)
    if (D::static_extent(d) == dyn) smaller[d] = 1 + draw(Mask, 700 + d, dims[d]);
  return n + dynamic_law<D, Mask * 7 + 3>(smaller);
}

}  // namespace

TEST_CASE(
    "views law: views of tensors with '?' extents (transpose, reverse, slice with static, run-time and index "
    "arguments, dynamic_slice, reshape of '?' through, broadcast, a chain): every element is the base "
    "element "
    "the brute force gives",
    "[tensor][view][law][dynamic]") {
  CHECK(dynamic_laws<Tensor<"f32[6,10]{1,0}">, 1>() > 0);
  CHECK(dynamic_laws<Tensor<"f32[6,10]{0,1}">, 2>() > 0);
  CHECK(dynamic_laws<Tensor<"f32[6,10]{1,0:T(2,4)}">, 3>() > 0);
  CHECK(dynamic_laws<Tensor<"f32[5,7]{0,1:T(4,2)}">, 1>() > 0);
  CHECK(dynamic_laws<Tensor<"f32[4,6,5]{0,2,1:T(2,2)}">, 2>() > 0);
  CHECK(dynamic_laws<Tensor<"f32[4,6,5]{0,2,1:T(2,2)}">, 5>() > 0);
  CHECK(dynamic_laws<Tensor<"f32[3,4,8]{2,1,0:T(2,4)(2,1)}">, 1>() > 0);
  CHECK(dynamic_laws<Tensor<"f32[2,3,4,5]{3,1,2,0}">, 10>() > 0);
  CHECK(dynamic_laws<Tensor<"f32[12]{0:T(8)}">, 1>() > 0);
}

TEST_CASE(
    "views law: every element of every view kind and chain is the base element the brute force gives, "
    "over row-major, column-major, permuted, tiled and padded layouts",
    "[tensor][view][law]") {
  CHECK(every_law<Tensor<"f32[6,10]{1,0}">>() > 0);
  CHECK(every_law<Tensor<"f32[6,10]{0,1}">>() > 0);
  CHECK(every_law<Tensor<"f32[6,10]{1,0:T(2,4)}">>() > 0);
  CHECK(every_law<Tensor<"f32[5,7]{0,1:T(4,2)}">>() > 0);
  CHECK(every_law<Tensor<"f32[4,6,5]{0,2,1:T(2,2)}">>() > 0);
  CHECK(every_law<Tensor<"f32[3,4,8]{2,1,0:T(2,4)(2,1)}">>() > 0);
  CHECK(every_law<Tensor<"f32[2,3,4,5]{3,1,2,0}">>() > 0);
  CHECK(every_law<Tensor<"f32[12]{0:T(8)}">>() > 0);
}

TEST_CASE("views law: bitcast reads every element at the slot the base's layout gives its row-major position",
          "[tensor][view][law]") {
  const auto bitcast_ref = [](const ivec& view, const ivec& base) { return reshape_ref(view, base); };
  {
    using B = Tensor<"f32[16,128]{1,0:T(8,128)}">;
    const auto v = bitcast<"f32[2,8,128]{2,1,0}">(B(buffer));
    CHECK(check_view(v, bitcast_ref({2, 8, 128}, {16, 128})) == 2048);
    const auto w = bitcast<"f32[2048]{0}">(B(buffer));
    CHECK(check_view(w, bitcast_ref({2048}, {16, 128})) == 2048);
  }
  {
    using B = Tensor<"f32[4,8]{1,0:T(2,8)}">;
    const auto v = bitcast<"f32[32]{0}">(B(buffer));
    CHECK(check_view(v, bitcast_ref({32}, {4, 8})) == 32);
    const auto w = bitcast<"f32[2,2,8]{2,1,0:T(2,8)}">(B(buffer));
    CHECK(check_view(w, bitcast_ref({2, 2, 8}, {4, 8})) == 32);
  }
  {
    using B = Tensor<"f32[3,4,5]{2,1,0}">;
    const auto v = bitcast<"f32[12,5]{1,0}">(B(buffer));
    CHECK(check_view(v, bitcast_ref({12, 5}, {3, 4, 5})) == 60);
    const auto w = transpose<1, 0>(bitcast<"f32[5,12]{1,0}">(Tensor<"f32[60]{0}">(buffer)));
    CHECK(check_view(w, then(transpose_ref(std::array<index_t, 2>{1, 0}), bitcast_ref({5, 12}, {60}))) == 60);
  }
}

// transpose, a static slice and a static reverse take XLA's map from op_maps' builders without building an
// hlo::op. Checked here over random parameters: the op's map, simplified as a view simplifies it (alone, a
// chain of one), is identical to the simplification of XLA's map for the op (hlo::op, output to input), and
// simplifying it again changes nothing.
TEST_CASE("views: transpose, slice and reverse maps are XLA's maps for the op, simplified",
          "[tensor][view]") {
  lcg draw{12345};
  const auto xla_map = [](hlo::opcode code, const detail::view_dims& in, const detail::view_dims& out,
                          const auto& set_attrs) {
    hlo::op o;
    o.code = code;
    set_attrs(o);
    const result<indexing_map> m = checked_simplify(detail::view_op_map(o, in, out).map);
    REQUIRE(m.has_value());
    return m.value_;
  };
  const auto check = [](const detail::view_op_info& built, const indexing_map& xla) {
    REQUIRE(built.issue.id == error_id::none);
    const indexing_map* chain[] = {&built.map};
    const result<indexing_map> view = detail::view_chain_map(chain, 1);
    REQUIRE(view.has_value());
    INFO("view " << std::string(to_string(view.value_).view()) << ", XLA "
                 << std::string(to_string(xla).view()));
    const result<indexing_map> again = checked_simplify(view.value_);
    REQUIRE(again.has_value());
    CHECK(identical(again.value_, view.value_));
    if (built.canonical) CHECK(identical(view.value_, built.map));  // a lone op's view takes it as built
    CHECK(identical(xla, view.value_));
  };
  for (int round = 0; round < 300; ++round) {
    const auto rank = static_cast<std::size_t>(draw(1, 4));
    detail::view_dims in;
    for (std::size_t d = 0; d < rank; ++d) in.push_back(draw(2, 40));
    // A random permutation (Fisher-Yates).
    dimension_list perm;
    for (std::size_t d = 0; d < rank; ++d) perm.push_back(static_cast<index_t>(d));
    for (std::size_t d = rank; d-- > 1;) {
      const auto k = static_cast<std::size_t>(draw(0, static_cast<index_t>(d)));
      const index_t t = perm[d];
      perm[d] = perm[k];
      perm[k] = t;
    }
    detail::view_dims tout;
    for (index_t p : perm) tout.push_back(in[static_cast<std::size_t>(p)]);
    check(detail::transpose_info(in, perm, true),
          xla_map(hlo::opcode::transpose, in, tout, [&](hlo::op& o) { o.attrs.dimensions = perm; }));
    // A slice whose extents stay >= 2.
    detail::slice_spec spec[XLAYOUT_MAX_RANK]{};
    detail::view_dims sout;
    for (std::size_t d = 0; d < rank; ++d) {
      const index_t stride = draw(1, 3);
      const index_t start = draw(0, in[d] - 2 * stride + 1 > 0 ? in[d] - 2 * stride : 0);
      const index_t limit = draw(start + stride + 1 <= in[d] ? start + stride + 1 : in[d], in[d]);
      spec[d] = {detail::slice_spec::fixed, start, limit, stride};
      sout.push_back((limit - start + stride - 1) / stride);
    }
    bool wide = true;
    for (index_t e : sout) wide = wide && e >= 2;
    // The flag (read as built, not simplified) is set exactly where no extent is 1: the simplifier replaces
    // the variable of a unit extent by 0, so the map as built is not canonical there.
    CHECK(detail::slice_info(in, spec, rank, true).canonical == wide);
    if (wide) {
      check(detail::slice_info(in, spec, rank, true), xla_map(hlo::opcode::slice, in, sout, [&](hlo::op& o) {
              for (std::size_t d = 0; d < rank; ++d)
                o.attrs.slice.push_back({spec[d].start, spec[d].limit, spec[d].stride});
            }));
    }
    dimension_list rev;
    for (std::size_t d = 0; d < rank; ++d) {
      if (draw(0, 1) == 1) rev.push_back(static_cast<index_t>(d));
    }
    const detail::view_op_info reversed = detail::reverse_info(in, rev, true);
    CHECK(reversed.canonical);  // extents from 2 to 40
    check(reversed, xla_map(hlo::opcode::reverse, in, in, [&](hlo::op& o) { o.attrs.dimensions = rev; }));
  }
  // A unit extent: not canonical as built (the simplifier makes its variable 0).
  detail::view_dims unit;
  unit.push_back(1);
  unit.push_back(5);
  dimension_list both;
  both.push_back(0);
  both.push_back(1);
  const detail::view_op_info r = detail::reverse_info(unit, both, true);
  CHECK_FALSE(r.canonical);
  const indexing_map* chain[] = {&r.map};
  const result<indexing_map> simplified = detail::view_chain_map(chain, 1);
  REQUIRE(simplified.has_value());
  CHECK_FALSE(identical(simplified.value_, r.map));
}

TEST_CASE("views: a folded op's map marked canonical is what the simplifier makes of it", "[tensor][view]") {
  // A lone op whose info says `canonical` is read through its map as built, not simplified: for random
  // folds of transposes, reverses and strided slices (view extents from 1 to 40), the simplified map must be
  // that map, node for node, wherever the flag is set, and the flag must be set where no extent is 1.
  lcg draw{777};
  int canonical = 0, not_canonical = 0;
  for (int round = 0; round < 400; ++round) {
    const auto rank = static_cast<std::size_t>(draw(1, 4));
    detail::axis_spec s{true, rank};
    detail::view_dims in, out;
    for (std::size_t d = 0; d < rank; ++d) in.push_back(draw(1, 40));
    for (std::size_t d = 0; d < rank; ++d) s.src[d] = static_cast<index_t>(d);
    for (std::size_t d = rank; d-- > 1;) {  // a random permutation (Fisher-Yates)
      const auto k = static_cast<std::size_t>(draw(0, static_cast<index_t>(d)));
      const index_t t = s.src[d];
      s.src[d] = s.src[k];
      s.src[k] = t;
    }
    bool unit = false;
    for (std::size_t d = 0; d < rank; ++d) {
      const index_t e = in[static_cast<std::size_t>(s.src[d])];
      const index_t step = draw(1, 3), first = draw(0, e - 1);
      const index_t n = draw(1, (e - 1 - first) / step + 1);  // first, first + step, ... inside [0, e)
      const bool reversed = draw(0, 1) == 1;
      s.coef[d] = reversed ? -step : step;
      s.off[d] = reversed ? first + (n - 1) * step : first;
      out.push_back(n);
      unit = unit || n == 1;
    }
    const detail::view_op_info info = detail::axis_info(in, out, s, true);
    REQUIRE(info.issue.id == error_id::none);
    CHECK(info.canonical == !unit);
    const indexing_map* chain[] = {&info.map};
    const result<indexing_map> simplified = detail::view_chain_map(chain, 1);
    REQUIRE(simplified.has_value());
    INFO("built " << std::string(to_string(info.map).view()) << ", simplified "
                  << std::string(to_string(simplified.value_).view()));
    if (info.canonical) CHECK(identical(simplified.value_, info.map));
    (info.canonical ? canonical : not_canonical) += 1;
  }
  CHECK(canonical > 100);
  CHECK(not_canonical > 50);
}

TEST_CASE("views: a reshape that splits or merges whole digits takes its map as built, the simplifier's",
          "[tensor][view]") {
  // A static reshape whose strides (and element count), sorted, each divide the next and which has no extent
  // of 1 is marked canonical and takes its map from reshape_digit_map, skipping the simplifier: for random
  // reshapes (extents made of the same random factors grouped two ways, some regrouped so that the strides
  // do not divide, some with an extent of 1) the simplified XLA map must be that map, node for node,
  // wherever the flag is set; the info without a map (what the view reads the flag from) must agree; and
  // every point of the view must reach the base index of the same row-major position, computed here.
  lcg draw{4242};
  const auto dims_text = [](const ivec& v) {  // (`text` names a namespace of xlayout here)
    std::string s;
    for (index_t x : v) s += std::to_string(x) + " ";
    return s;
  };
  int canonical = 0, not_canonical = 0, checked_points = 0;
  for (int round = 0; round < 1500; ++round) {
    ivec factors;
    const index_t count = draw(1, 7);
    for (index_t i = 0; i < count; ++i) factors.push_back(draw(2, round % 2 == 0 ? 6 : 40));
    const auto group = [&](ivec& dims) {  // consecutive factors multiplied into dimensions, at random
      index_t run = 1;
      for (std::size_t i = 0; i < factors.size(); ++i) {
        run *= factors[i];
        if (draw(0, 1) == 1 || i + 1 == factors.size()) dims.push_back(run), run = 1;
      }
    };
    ivec in, out;
    group(in);
    group(out);
    const index_t total = array_count(in);
    if (round % 5 == 1) {  // two dimensions a and total / a: the strides need not divide
      const index_t a = draw(2, 9);
      if (total % a == 0 && total / a >= 2) out = {a, total / a};
    }
    if (round % 7 == 3)  // a unit extent
      out.insert(out.begin() + draw(0, static_cast<index_t>(out.size())), 1);
    if (in == out || in.size() > XLAYOUT_MAX_RANK || out.size() > XLAYOUT_MAX_RANK) continue;
    detail::view_dims vin, vout;
    for (index_t d : in) vin.push_back(d);
    for (index_t d : out) vout.push_back(d);
    // The rule, computed here: the row-major strides of both and the element count, sorted, each divide the
    // next, and no extent is 1.
    ivec bounds{total};
    bool rule = true;
    for (const ivec* dims : {&in, &out}) {
      index_t stride = 1;
      for (std::size_t d = dims->size(); d-- > 0;) {
        rule = rule && (*dims)[d] >= 2;
        bounds.push_back(stride);
        stride *= (*dims)[d];
      }
    }
    std::sort(bounds.begin(), bounds.end());
    for (std::size_t i = 1; i < bounds.size(); ++i) rule = rule && bounds[i] % bounds[i - 1] == 0;
    const detail::view_op_info info = detail::reshape_info(vin, vout, true);
    REQUIRE(info.issue.id == error_id::none);
    CHECK(info.canonical == rule);
    CHECK(detail::reshape_info(vin, vout, false).canonical == info.canonical);
    // XLA's reshape map, simplified as a view simplifies it (a chain of one).
    const detail::view_op_info xla =
        detail::finish_view_op(hlo::op_maps_detail::raw_reshape_map(vin, vout), vout);
    REQUIRE(xla.issue.id == error_id::none);
    const indexing_map* chain[] = {&xla.map};
    const result<indexing_map> simplified = detail::view_chain_map(chain, 1);
    REQUIRE(simplified.has_value());
    INFO("reshape [" << dims_text(in) << "] -> [" << dims_text(out) << "]: built "
                     << std::string(to_string(info.map).view()) << ", simplified "
                     << std::string(to_string(simplified.value_).view()));
    if (info.canonical) CHECK(identical(simplified.value_, info.map));
    (info.canonical ? canonical : not_canonical) += 1;
    if (total > 5000) continue;
    const indexing_map& m = info.canonical ? info.map : simplified.value_;
    bool all = true;
    for (index_t p = 0; p < total; ++p) {
      const ivec v = unravel(out, p), want = unravel(in, p);
      const auto got = checked_evaluate(m, v.data(), v.size(), nullptr, 0);
      all = all && got.has_value() && ivec(got.value_.begin(), got.value_.end()) == want;
    }
    CHECK(all);
    checked_points += static_cast<int>(total);
  }
  CHECK(canonical > 600);
  CHECK(not_canonical > 100);
  CHECK(checked_points > 100000);
}
