// tests/tensor/lowering.cpp: lowered_map, an indexing map lowered to inline arithmetic. Expected values come
// from the interpreter (evaluate, XLA's Evaluate) at every point of each map's domain, for maps chosen to hit
// every branch of the lowering: unsigned division and modulo (powers of two and not), dividends that reach
// below zero (shifted to unsigned, or XLA's floor semantics), negative divisors, a mod that is no operation,
// symbol divisors, and min / max.
#include <catch2/catch.hpp>
#include <cstddef>
#include <xlayout/static/indexing_map.hpp>
#include <xlayout/tensor/lowering.hpp>

#include "support/indexing_image.hpp"

using namespace xlayout;

namespace {

// True when lowered_map<H> and the interpreter agree at every point of the box of H's variable bounds.
template <class H>
constexpr bool agrees_everywhere() {
  const indexing_map& m = H::value;
  return testing::all_box_points(m, [&](const index_t* vars) {
    const auto lowered = lowered_map<H>::evaluate(vars);
    const auto expected = checked_evaluate(m, vars, m.num_dims, vars + m.num_dims, m.num_symbols());
    if (!expected.has_value()) return false;
    for (std::size_t r = 0; r < m.num_results; ++r) {
      if (lowered[r] != expected.value_[r]) return false;
    }
    return true;
  });
}

using Digits = IndexingMap<
    "(d0, d1) -> (d0 * 5 + d1 floordiv 4, d1 mod 4, d1 floordiv 3, d1 mod 3), "
    "domain: d0 in [0, 9], d1 in [0, 19]">;
using Negative = IndexingMap<
    "(d0) -> ((d0 - 5) floordiv 3, (d0 - 5) mod 3, (d0 - 9) floordiv 4, "
    "(d0 - 9) mod 4, (d0 - 5) ceildiv 2, d0 ceildiv 8), domain: d0 in [0, 20]">;
using NegativeDivisor = IndexingMap<
    "(d0) -> (d0 floordiv -3, d0 mod -3, (d0 - 4) floordiv -2, "
    "(d0 - 7) ceildiv -4), domain: d0 in [0, 12]">;
using Symbols = IndexingMap<
    "(d0)[s0, s1] -> (d0 floordiv s0, d0 mod s0, d0 * s1 + s0, (d0 - 6) floordiv s0), "
    "domain: d0 in [0, 11], s0 in [1, 5], s1 in [-2, 2]">;
using NoOpMod =
    IndexingMap<"(d0, d1) -> (d0 mod 8, (d0 + d1 * 8) mod 64), domain: d0 in [0, 7], d1 in [0, 7]">;
using Tiled = IndexingMap<
    "(d0, d1) -> (d0 floordiv 8, d1 floordiv 128, d0 mod 8, d1 mod 128), "
    "domain: d0 in [0, 255], d1 in [0, 511]">;
using Scalar = IndexingMap<"() -> (7)">;
// Affine sums (lowered as one sum of terms and a constant), alone and as a dividend; a variable that
// appears twice; negative coefficients.
using Affine = IndexingMap<
    "(d0, d1, d2) -> (d0 * 3 - d1 * 2 + d2 + 7, (d0 * 4 + d2 - 5) floordiv 3, -d0 + d1 * -5, 12 - d2, "
    "(d0 + d1) * 2 + d0 - 1), domain: d0 in [0, 6], d1 in [0, 4], d2 in [0, 5]">;
// A run-time slice (start s0, stride s1: the symbols a view holds) under a reshape: a product of a dimension
// and a symbol divided by constants, over a non-negative interval (unsigned).
using RuntimeSlice = IndexingMap<
    "(d0)[s0, s1] -> ((d0 * s1 + s0) floordiv 4, (d0 * s1 + s0) mod 4, -(d0 * s1) - s0 + 30), "
    "domain: d0 in [0, 5], s0 in [0, 7], s1 in [1, 3]">;

}  // namespace

TEST_CASE("lowered_map agrees with the interpreter (XLA's Evaluate) at every point of the domain",
          "[tensor][lowering]") {
  STATIC_REQUIRE(agrees_everywhere<Digits>());
  STATIC_REQUIRE(agrees_everywhere<Negative>());
  STATIC_REQUIRE(agrees_everywhere<NegativeDivisor>());
  STATIC_REQUIRE(agrees_everywhere<Symbols>());
  STATIC_REQUIRE(agrees_everywhere<NoOpMod>());
  STATIC_REQUIRE(agrees_everywhere<Scalar>());
  STATIC_REQUIRE(agrees_everywhere<Affine>());
  STATIC_REQUIRE(agrees_everywhere<RuntimeSlice>());
  CHECK(agrees_everywhere<Tiled>());  // 131072 points: at run time only
}

namespace {

// True when lowered_interval succeeds for every result of H's map and holds each result's value (the
// interpreter's, which reports any overflow) at every point of the box of the variable bounds.
template <class H>
constexpr bool interval_holds_everywhere() {
  const indexing_map& m = H::value;
  interval range[XLAYOUT_MAX_RESULTS]{};
  for (std::size_t r = 0; r < m.num_results; ++r) {
    if (!detail::lowered_interval(m, m.results[r], range[r])) return false;
  }
  return testing::all_box_points(m, [&](const index_t* vars) {
    const auto value = checked_evaluate(m, vars, m.num_dims, vars + m.num_dims, m.num_symbols());
    if (!value.has_value()) return false;
    for (std::size_t r = 0; r < m.num_results; ++r) {
      if (value.value_[r] < range[r].lower || value.value_[r] > range[r].upper) return false;
    }
    return true;
  });
}

// True when lowered_interval fails for some result of H's map, and the interpreter fails (an overflow or a
// division by zero) at `point`: the analysis refuses what does go wrong.
template <class H, index_t... P>
constexpr bool refused_and_fails_at() {
  const indexing_map& m = H::value;
  bool refused = false;
  for (std::size_t r = 0; r < m.num_results; ++r) {
    interval range;
    refused = refused || !detail::lowered_interval(m, m.results[r], range);
  }
  const index_t point[] = {P..., 0};
  return refused && !checked_evaluate(m, point, m.num_dims, point + m.num_dims, m.num_symbols()).has_value();
}

// Maps whose lowered arithmetic leaves int64 (or divides by zero) somewhere inside their bounds.
using Overflow = IndexingMap<"(d0) -> (d0 * 4611686018427387904), domain: d0 in [0, 3]">;
using PartialSum = IndexingMap<
    "(d0, d1) -> (d0 * 4611686018427387904 + d1 * 4611686018427387904), domain: d0 in [0, 1], d1 in [0, 1]">;
using ZeroDivisor = IndexingMap<"(d0)[s0] -> (d0 floordiv s0), domain: d0 in [0, 7], s0 in [0, 3]">;
using ZeroModulus = IndexingMap<"(d0)[s0] -> (d0 mod s0), domain: d0 in [0, 7], s0 in [-2, 2]">;
using Product = IndexingMap<"(d0)[s0] -> (d0 * s0), domain: d0 in [0, 3], s0 in [0, 4611686018427387904]">;
// Near the edges, but inside: 2^62 + (-2^62), 2^62 * 1, and the largest quotients.
using Edge = IndexingMap<
    "(d0, d1)[s0] -> (d0 * 4611686018427387904 + d1 * 4611686018427387904, d0 * s0, "
    "(d0 * 9223372036854775807) floordiv s0), domain: d0 in [0, 1], d1 in [-1, 0], s0 in [1, 3]">;

}  // namespace

TEST_CASE("lowered_interval: holds every value where it succeeds; fails where the arithmetic may overflow",
          "[tensor][lowering]") {
  STATIC_REQUIRE(interval_holds_everywhere<Digits>());
  STATIC_REQUIRE(interval_holds_everywhere<Negative>());
  STATIC_REQUIRE(interval_holds_everywhere<NegativeDivisor>());
  STATIC_REQUIRE(interval_holds_everywhere<Symbols>());
  STATIC_REQUIRE(interval_holds_everywhere<NoOpMod>());
  STATIC_REQUIRE(interval_holds_everywhere<Scalar>());
  STATIC_REQUIRE(interval_holds_everywhere<Affine>());
  STATIC_REQUIRE(interval_holds_everywhere<RuntimeSlice>());
  STATIC_REQUIRE(interval_holds_everywhere<Edge>());
  STATIC_REQUIRE(agrees_everywhere<Edge>());
  CHECK(interval_holds_everywhere<Tiled>());
  STATIC_REQUIRE(refused_and_fails_at<Overflow, 2>());
  STATIC_REQUIRE(refused_and_fails_at<PartialSum, 1, 1>());
  STATIC_REQUIRE(refused_and_fails_at<ZeroDivisor, 3, 0>());
  STATIC_REQUIRE(refused_and_fails_at<ZeroModulus, 3, 0>());
  STATIC_REQUIRE(refused_and_fails_at<Product, 3, 4611686018427387904>());
}

TEST_CASE("lowered_map: evaluate(dims..., symbols...), result<R>, counts", "[tensor][lowering]") {
  using L = lowered_map<Symbols>;
  STATIC_REQUIRE(L::num_dims == 1);
  STATIC_REQUIRE(L::num_symbols == 2);
  STATIC_REQUIRE(L::num_vars == 3);
  STATIC_REQUIRE(L::num_results == 4);
  // d0 = 11, s0 = 4, s1 = -2: 11 / 4 = 2, 11 mod 4 = 3, 11 * -2 + 4 = -18, (11 - 6) / 4 = 1.
  STATIC_REQUIRE(L::evaluate(11, 4, -2) == index_array<4>{{2, 3, -18, 1}});
  STATIC_REQUIRE(L::evaluate(std::integral_constant<int, 11>{}, 4, -2)[0] == 2);
  constexpr index_t point[] = {3, 5, 1};
  STATIC_REQUIRE(L::result<2>(point) == 8);
  STATIC_REQUIRE(lowered_map<Scalar>::evaluate()[0] == 7);
  // Indexing maps' "Tiled layout" example, f32[256,512]{1,0:T(8,128)}'s tile coordinates: element (100, 300).
  STATIC_REQUIRE(lowered_map<Tiled>::evaluate(100, 300) == index_array<4>{{12, 2, 4, 44}});
}

TEST_CASE("map_constant holds a map value; is_identity_map_v recognises the identity", "[tensor][lowering]") {
  constexpr indexing_map id = indexing_map_v<"(d0, d1) -> (d0, d1), domain: d0 in [0, 3], d1 in [0, 4]">;
  STATIC_REQUIRE(is_identity_map_v<map_constant<id>>);
  STATIC_REQUIRE(lowered_map<map_constant<id>>::evaluate(2, 3) == index_array<2>{{2, 3}});
  STATIC_REQUIRE(!is_identity_map_v<IndexingMap<"(d0, d1) -> (d1, d0), domain: d0 in [0, 3], d1 in [0, 3]">>);
  STATIC_REQUIRE(!is_identity_map_v<IndexingMap<"(d0, d1) -> (d0), domain: d0 in [0, 3], d1 in [0, 3]">>);
  STATIC_REQUIRE(!is_identity_map_v<Digits>);
}
