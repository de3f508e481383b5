// tests/layout/bitcast.cpp: XLA's bitcast rules and xlayout's exact is_bitcast, against a brute-force
// oracle that lays out real buffers.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <vector>
#include <xlayout/layout.hpp>

#include "support/brute_force_layout.hpp"

using namespace xlayout;

namespace {

// A random static shape with n elements (a random factorisation), a random minor_to_major and, when
// `tiles` is set, up to two random tiles.
shape random_shape_with(index_t n, bool tiles, std::mt19937_64& rng) {
  auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  shape s;
  s.element_type = element_type::f32;
  index_t rest = n;
  do {
    std::vector<index_t> divisors;
    for (index_t d = 1; d <= rest; ++d) {
      if (rest % d == 0) divisors.push_back(d);
    }
    index_t d =
        s.rank() == 4 ? rest : divisors[static_cast<std::size_t>(pick(0, index_t(divisors.size()) - 1))];
    s.dimensions.push_back(d);
    s.dynamic_dimensions.push_back(false);
    rest /= d;
  } while (rest > 1);
  s.layout = default_layout(static_cast<index_t>(s.rank()));
  std::shuffle(s.layout.minor_to_major.begin(), s.layout.minor_to_major.end(), rng);
  if (tiles) {
    for (index_t t = pick(0, 2); t > 0; --t) {
      tile tl;
      for (index_t k = pick(1, 2); k > 0; --k) tl.dimensions.push_back(pick(1, 4));
      s.layout.tiles.push_back(tl);
    }
  }
  return s;
}

}  // namespace

TEST_CASE("is_bitcast agrees with the brute-force buffers on random tiled and untiled pairs",
          "[layout][bitcast][law]") {
  std::mt19937_64 rng(11);
  int positives = 0, pairs = 0;
  for (int it = 0; it < 20000; ++it) {
    const index_t n = std::uniform_int_distribution<index_t>(1, 36)(rng);
    const bool tiled = it % 2 == 0;
    const shape a = random_shape_with(n, tiled, rng);
    // Half of the partners are built to be bitcasts (the same physical layout with the default order).
    const shape b =
        it % 4 == 1 ? descending_layout_with_same_physical_layout(a) : random_shape_with(n, tiled, rng);
    const bool oracle = xlayout_test::brute_force_buffer(a) == xlayout_test::brute_force_buffer(b);
    INFO(to_string(a).view() << " vs " << to_string(b).view());
    REQUIRE(is_bitcast(a, b) == oracle);
    positives += oracle ? 1 : 0;
    ++pairs;
  }
  CHECK(positives > 5000);
  CHECK(pairs - positives > 5000);
}

TEST_CASE("law: XLA's ReshapeIsBitcast decides exactly on untiled layouts", "[layout][bitcast][law]") {
  // XLA checks only unit indices; on layouts without tiles that is enough: it agrees with the exact test.
  std::mt19937_64 rng(7);
  int positives = 0;
  for (int it = 0; it < 20000; ++it) {
    const index_t n = std::uniform_int_distribution<index_t>(1, 48)(rng);
    const shape a = random_shape_with(n, false, rng), b = random_shape_with(n, false, rng);
    INFO(to_string(a).view() << " vs " << to_string(b).view());
    REQUIRE(reshape_is_bitcast(a, b) == is_bitcast(a, b));
    positives += is_bitcast(a, b) ? 1 : 0;
  }
  CHECK(positives > 1000);
}

TEST_CASE("XLA's bitcast examples (xla/shape_util_test.cc)", "[layout][bitcast][xla]") {
  STATIC_REQUIRE(reshape_is_bitcast(shape_v<"f32[3,4]{1,0}">, shape_v<"f32[6,2]{1,0}">));
  STATIC_REQUIRE(!reshape_is_bitcast(shape_v<"f32[3,4]{0,1}">, shape_v<"f32[6,2]{0,1}">));
  STATIC_REQUIRE(reshape_is_bitcast(shape_v<"f32[3,2,2]{1,0,2}">, shape_v<"f32[6,2]{0,1}">));
  STATIC_REQUIRE(!reshape_is_bitcast(shape_v<"f32[3,2,2]{1,0,2}">, shape_v<"f16[6,2]{0,1}">));
  STATIC_REQUIRE(reshape_is_bitcast(shape_v<"f32[3,2,2]{1,0,2}">, shape_v<"f16[6,2]{0,1}">, true));
  STATIC_REQUIRE(*deduce_transpose_dimensions_for_bitcast(shape_v<"f32[5,3]{1,0}">,
                                                          shape_v<"f32[3,5]{0,1}">) == dimension_list{1, 0});
  STATIC_REQUIRE(
      !deduce_transpose_dimensions_for_bitcast(shape_v<"f32[5,3]{1,0}">, shape_v<"f32[3,5]{1,0}">));
  // Tiles matter to the exact test, not to XLA's rule.
  STATIC_REQUIRE(reshape_is_bitcast(shape_v<"f32[4,4]{1,0:T(2,2)}">, shape_v<"f32[16]{0}">));
  STATIC_REQUIRE(!is_bitcast(shape_v<"f32[4,4]{1,0:T(2,2)}">, shape_v<"f32[16]{0}">));
  STATIC_REQUIRE(is_bitcast(shape_v<"f32[4,4]{1,0:T(2,2)}">, shape_v<"f32[2,2,2,2]{3,1,2,0}">));
}

TEST_CASE("align_layouts finds the layout that makes a reshape a bitcast", "[layout][bitcast][xla]") {
  const shape in = shape_v<"f32[3,8,5,7,11]{3,2,1,0,4}">;
  auto r = align_layouts(in, shape_v<"f32[4,3,2,7,5,11]">);
  REQUIRE(r.has_value());
  CHECK(r->layout.minor_to_major == dimension_list{4, 3, 2, 1, 0, 5});  // XLA's AlignLayouts test
  CHECK(is_bitcast(in, *r));
  CHECK_FALSE(align_layouts(shape_v<"f32[3,8,5,7,11]{2,3,1,0,4}">, shape_v<"f32[4,3,2,7,5,11]">).has_value());
}
