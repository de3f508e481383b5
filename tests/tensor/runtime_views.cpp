// tests/tensor/runtime_views.cpp: views of a runtime_tensor (a layout known only at run time, its extents
// '?' to the view): transpose, reverse, slice (run-time bounds and an index), dynamic_slice, broadcast,
// map_view and a chain of them, over random layouts of rank 2 and 3 (permuted, padded, tiled, tiles that
// pad, two levels, '*'). The law: every element of the view, read by v(i...), v.at(i...) and for_each, is
// the element that the brute-force model of tests/support/brute_force_layout.hpp puts at the base index the
// test computes with its own arithmetic (XLA's semantics of each op); neither uses the library's index
// arithmetic.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <functional>
#include <random>
#include <string>
#include <vector>
#include <xlayout/tensor/runtime_tensor.hpp>
#include <xlayout/tensor/view.hpp>
#include <xlayout/text/parse_shape.hpp>
#include <xlayout/text/print_shape.hpp>

#include "support/brute_force_layout.hpp"
#include "support/random_layout.hpp"

using namespace xlayout;

using xlayout_test::ravel;
using xlayout_test::unravel;

namespace {

using ivec = std::vector<index_t>;
using ref_map = std::function<ivec(const ivec&)>;  // view index -> base index, the test's arithmetic

std::string text(const ivec& v) {
  std::string s = "(";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + ")";
}

/// A base tensor: a random layout of rank R over a buffer, and where the model puts each element.
template <std::size_t R>
struct base_case {
  shape s;
  ivec dims;
  std::vector<float> buffer;
  std::vector<index_t> slot_of;  // slot_of[row-major id] = the model's slot
  runtime_tensor<float, R> t;
};

template <std::size_t R>
bool make_base(std::mt19937_64& rng, base_case<R>& b) {
  b.s = xlayout_test::random_runtime_shape(R, rng);
  if (!is_valid_layout(b.s)) return false;
  const auto span = checked_required_span_size(b.s);
  if (!span || *span > 20000) return false;
  b.buffer.assign(static_cast<std::size_t>(*span), 0.0f);
  const auto t = make_runtime_tensor<R>(b.buffer.data(), b.s);
  if (!t) {
    REQUIRE(t.error().id == error_id::tile_access_unsupported);  // tiles that do not split into digits
    return false;
  }
  b.t = *t;
  b.dims.assign(b.s.dimensions.begin(), b.s.dimensions.end());
  const std::vector<index_t> model = xlayout_test::brute_force_buffer(b.s);
  b.slot_of.assign(static_cast<std::size_t>(*checked_element_count(b.s)), -1);
  for (std::size_t p = 0; p < model.size(); ++p) {
    if (model[p] >= 0) b.slot_of[static_cast<std::size_t>(model[p])] = static_cast<index_t>(p);
  }
  return true;
}

template <class V, std::size_t... D>
float* element_ptr(const V& v, const ivec& idx, std::index_sequence<D...>) {
  return &v(idx[D]...);
}
template <class V, std::size_t... D>
float* checked_ptr(const V& v, const ivec& idx, std::index_sequence<D...>) {
  const auto r = v.at(idx[D]...);
  REQUIRE(r.has_value());
  return &r->get();
}

template <class V, std::size_t... D>
bool checked_ptr_error(const V& v, const ivec& idx, std::index_sequence<D...>) {
  const auto r = v.at(idx[D]...);
  return !r.has_value() && r.error().id == error_id::index_out_of_range;
}

/// The law for view v of b.t: every element through v(i...), v.at(i...) and for_each is the model's
/// element at ref(index). Returns the number of elements checked.
template <class V, std::size_t R>
index_t check_view(const V& v, const base_case<R>& b, const ivec& view_dims, const ref_map& ref) {
  constexpr std::size_t rank = V::rank();
  INFO("base " << to_string(b.s).view() << ", view " << V::to_string().view() << " " << text(view_dims)
               << ", map " << to_string(V::map()).view());
  REQUIRE(v.base().data() == b.buffer.data());
  for (std::size_t d = 0; d < rank; ++d) REQUIRE(v.extent(d) == view_dims[d]);
  index_t n = 1;
  for (index_t e : view_dims) n *= e;
  REQUIRE(v.size() == n);
  auto want = [&](const ivec& idx) {
    const ivec e = ref(idx);
    INFO("view index " << text(idx) << " -> base index " << text(e));
    REQUIRE(e.size() == R);
    for (std::size_t d = 0; d < R; ++d) REQUIRE((0 <= e[d] && e[d] < b.dims[d]));
    return b.buffer.data() + b.slot_of[static_cast<std::size_t>(ravel(b.dims, e))];
  };
  for (index_t p = 0; p < n; ++p) {
    const ivec idx = unravel(view_dims, p);
    const float* expected = want(idx);
    INFO("view index " << text(idx));
    REQUIRE(element_ptr(v, idx, std::make_index_sequence<rank>{}) == expected);
    REQUIRE(checked_ptr(v, idx, std::make_index_sequence<rank>{}) == expected);
  }
  // for_each: each index once, with its element.
  std::vector<int> seen(static_cast<std::size_t>(n), 0);
  for_each(v, [&](const index_array<rank>& a, float& x) {
    const ivec idx(a.values, a.values + rank);
    REQUIRE(&x == want(idx));
    ++seen[static_cast<std::size_t>(ravel(view_dims, idx))];
  });
  REQUIRE(std::count(seen.begin(), seen.end(), 1) == n);
  // An index at the extent is an error value.
  if constexpr (rank > 0) REQUIRE(checked_ptr_error(v, view_dims, std::make_index_sequence<rank>{}));
  return n;
}

}  // namespace

TEST_CASE("law: views of a runtime_tensor of rank 2 read the model's element (400 random layouts)",
          "[tensor][view][runtime][law]") {
  std::mt19937_64 rng(20261127);
  auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  int layouts = 0;
  index_t checked = 0;
  while (layouts < 400) {
    base_case<2> b;
    if (!make_base(rng, b)) continue;
    ++layouts;
    const auto& t = b.t;
    const index_t n0 = b.dims[0], n1 = b.dims[1];
    checked += check_view(transpose<1, 0>(t), b, {n1, n0}, [](const ivec& i) { return ivec{i[1], i[0]}; });
    checked += check_view(reverse<0, 1>(t), b, {n0, n1}, [&](const ivec& i) {
      return ivec{n0 - 1 - i[0], n1 - 1 - i[1]};
    });
    // A run-time slice of each dimension: start <= limit <= extent, stride >= 1 (also past the extent).
    const index_t a0 = pick(0, n0), l0 = pick(a0, n0), s0 = pick(1, n0 + 1);
    const index_t a1 = pick(0, n1), l1 = pick(a1, n1), s1 = pick(1, 3);
    const auto sl = slice(t, runtime_slice{a0, l0, s0}, runtime_slice{a1, l1, s1});
    const ivec sl_dims{(l0 - a0 + s0 - 1) / s0, (l1 - a1 + s1 - 1) / s1};
    checked += check_view(sl, b, sl_dims, [&](const ivec& i) {
      return ivec{a0 + i[0] * s0, a1 + i[1] * s1};
    });
    // An index drops its dimension.
    const index_t row = pick(0, n0 - 1);
    checked += check_view(slice(t, row, runtime_slice{0, n1, 1}), b, {n1}, [&](const ivec& i) {
      return ivec{row, i[0]};
    });
    // dynamic_slice: starts clamped into [0, extent - size], as XLA clamps them.
    const index_t d0 = pick(-3, 12), d1 = pick(-3, 12);
    const index_t c0 = std::clamp<index_t>(d0, 0, n0 - 1), c1 = std::clamp<index_t>(d1, 0, n1 - 1);
    checked += check_view(dynamic_slice<1, 1>(t, d0, d1), b, {1, 1}, [&](const ivec& i) {
      return ivec{c0 + i[0], c1 + i[1]};
    });
    // broadcast: a new leading dimension of 3, the tensor's '?' dimensions kept.
    checked += check_view(broadcast<Extents<3, dyn, dyn>, 1, 2>(t), b, {3, n0, n1}, [](const ivec& i) {
      return ivec{i[1], i[2]};
    });
    // A chain: reverse(transpose(slice)), one view of the base.
    const auto chain = reverse<1>(transpose<1, 0>(sl));
    static_assert(std::is_same_v<typename decltype(chain)::base_type, runtime_tensor<float, 2>>);
    checked += check_view(chain, b, {sl_dims[1], sl_dims[0]}, [&](const ivec& i) {
      return ivec{a0 + (sl_dims[0] - 1 - i[1]) * s0, a1 + i[0] * s1};
    });
    // map_view: a map with floors and mods, its results checked against the run-time extents when built.
    if (n0 >= 2 && n1 >= 3) {
      using M =
          IndexingMap<"(d0, d1) -> (d1 mod 2, (d0 * 4 + d1) floordiv 3), domain: d0 in [0, 1], d1 in [0, 3]">;
      checked += check_view(map_view<M>(t), b, {2, 4}, [](const ivec& i) {
        return ivec{i[1] % 2, (i[0] * 4 + i[1]) / 3};
      });
    }
  }
  CHECK(checked > 40000);
}

TEST_CASE("law: views of a runtime_tensor of rank 3 read the model's element (200 random layouts)",
          "[tensor][view][runtime][law]") {
  std::mt19937_64 rng(11272026);
  auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  int layouts = 0;
  index_t checked = 0;
  while (layouts < 200) {
    base_case<3> b;
    if (!make_base(rng, b)) continue;
    ++layouts;
    const auto& t = b.t;
    const index_t n0 = b.dims[0], n1 = b.dims[1], n2 = b.dims[2];
    checked += check_view(transpose<2, 0, 1>(t), b, {n2, n0, n1}, [](const ivec& i) {
      return ivec{i[1], i[2], i[0]};
    });
    const index_t a2 = pick(0, n2), l2 = pick(a2, n2);
    checked += check_view(
        reverse<1>(slice(t, runtime_slice{0, n0, 2}, runtime_slice{0, n1, 1}, runtime_slice{a2, l2, 1})), b,
        {(n0 + 1) / 2, n1, l2 - a2}, [&](const ivec& i) {
          return ivec{i[0] * 2, n1 - 1 - i[1], a2 + i[2]};
        });
    // A reshape that keeps every '?' dimension (the only kind a '?' extent allows): the identity.
    checked +=
        check_view(reshape<Extents<dyn, dyn, dyn>>(t), b, {n0, n1, n2}, [](const ivec& i) { return i; });
  }
  CHECK(checked > 30000);
}
