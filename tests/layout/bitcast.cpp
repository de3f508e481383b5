// tests/layout/bitcast.cpp: XLA's bitcast rules and xlayout's exact is_bitcast, against a brute-force
// oracle that lays out real buffers and against the old element-by-element is_bitcast (kept here as the
// oracle of the symbolic one).
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <vector>
#include <xlayout/layout.hpp>

#include "support/brute_force_layout.hpp"
#include "support/random_layout.hpp"
#include "support/twin.hpp"

using xlayout_test::random_layout_shape;

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

// The old is_bitcast, kept as the oracle: one linear_index per element.
bool is_bitcast_by_enumeration(const shape& a, const shape& b) {
  if (element_bits(a) != element_bits(b)) return false;
  if (element_count(a) != element_count(b)) return false;
  if (required_span_size(a) != required_span_size(b)) return false;
  std::vector<index_vector> ia, ib;
  for_each_index(a, [&](const index_vector& e) { ia.push_back(e); });
  for_each_index(b, [&](const index_vector& e) { ib.push_back(e); });
  for (std::size_t p = 0; p < ia.size(); ++p) {
    if (linear_index(a, ia[p]) != linear_index(b, ib[p])) return false;
  }
  return true;
}

// What decides a bitcast, as a value: the element width, the span and each element's slot in row-major
// order. Shapes with equal keys are bitcasts of each other.
std::vector<index_t> slot_key(const shape& s) {
  std::vector<index_t> key{element_bits(s), required_span_size(s)};
  for_each_index(s, [&](const index_vector& e) { key.push_back(linear_index(s, e)); });
  return key;
}

}  // namespace

TEST_CASE(
    "law: the symbolic is_bitcast agrees with the element-by-element oracle on random layouts "
    "(tiles that do not divide, '*', padding, L(n), E(n), element types)",
    "[layout][bitcast][law]" XLAYOUT_RUN_ONCE) {
  // Many random shapes with few element counts, grouped by their slot keys: every pair inside a group is a
  // bitcast, pairs across groups with the same count mostly are not, and both answers are checked.
  std::mt19937_64 rng(2024);
  std::map<std::vector<index_t>, std::vector<shape>> groups;
  std::vector<shape> pool;
  constexpr index_t counts[] = {1, 2, 4, 6, 8, 12, 16, 24, 30, 32, 36, 48};
  for (int it = 0; it < 12000; ++it) {
    const shape s = random_layout_shape(counts[it % 12], rng);
    pool.push_back(s);
    groups[slot_key(s)].push_back(s);
  }
  int positives = 0, negatives = 0, nontrivial = 0, enumerated = 0;
  for (const auto& [key, members] : groups) {
    for (std::size_t i = 0; i < members.size() && i < 12; ++i) {
      for (std::size_t j = 0; j < members.size() && j < 12; ++j) {
        const shape& a = members[i];
        const shape& b = members[j];
        INFO(to_string(a).view() << " vs " << to_string(b).view());
        REQUIRE(is_bitcast(a, b));
        REQUIRE(is_bitcast_by_enumeration(a, b));
        ++positives;
        enumerated += detail::offset_form_of(a).exact && detail::offset_form_of(b).exact ? 0 : 1;
        if (!(a.dimensions == b.dimensions) || !(a.layout.tiles == b.layout.tiles)) ++nontrivial;
      }
    }
  }
  for (int it = 0; it < 40000; ++it) {
    const shape& a = pool[static_cast<std::size_t>(it) % pool.size()];
    const shape& b = pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(rng)];
    INFO(to_string(a).view() << " vs " << to_string(b).view());
    const bool oracle = is_bitcast_by_enumeration(a, b);
    REQUIRE(is_bitcast(a, b) == oracle);
    negatives += oracle ? 0 : 1;
  }
  CHECK(positives > 20000);
  CHECK(nontrivial > 5000);
  CHECK(negatives > 20000);
  // The element-by-element path is the exception (layouts without an exact index program: a later tile
  // that cuts an earlier tile's size it does not divide, s32[34]{0:T(3)(2)}; a '*' group split across its
  // members that cannot be merged): about 4% of these pairs. Both paths are compared with the oracle.
  CHECK(enumerated > 0);
  CHECK(enumerated < positives / 10);
}

TEST_CASE("is_bitcast on TPU-sized layouts, decided without enumerating (the oracle checks the small ones)",
          "[layout][bitcast]") {
  // bf16[1024,1024]{1,0:T(8,128)(2,1)} stores (I, J, a, j', b) for i = 8I + 2a + b, j = 128J + j'.
  STATIC_REQUIRE(
      is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">, shape_v<"bf16[128,4,2,8,128]{2,4,1,3,0}">));
  STATIC_REQUIRE(
      !is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">, shape_v<"bf16[128,8,4,128,2]{4,3,2,1,0}">));
  STATIC_REQUIRE(!is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">, shape_v<"bf16[1024,1024]{1,0}">));
  STATIC_REQUIRE(is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">,
                            shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)(1,1)}">));
  STATIC_REQUIRE(
      is_bitcast(shape_v<"f32[8,1024,1024]{2,1,0:T(8,128)}">, shape_v<"f32[8,128,8,8,128]{4,2,3,1,0}">));
  STATIC_REQUIRE(
      !is_bitcast(shape_v<"f32[8,1024,1024]{2,1,0:T(8,128)}">, shape_v<"f32[8,128,8,8,128]{4,3,2,1,0}">));
  // Tiles that do not divide: padding inside the buffer, which both layouts must place alike.
  STATIC_REQUIRE(is_bitcast(shape_v<"f32[3,5]{1,0:T(2,2)}">, shape_v<"f32[3,5]{1,0:T(2,2)}">));
  STATIC_REQUIRE(!is_bitcast(shape_v<"f32[3,5]{1,0:T(2,2)}">, shape_v<"f32[15]{0}">));
  STATIC_REQUIRE(!is_bitcast(shape_v<"f32[3,5]{1,0:T(2,2)}">, shape_v<"f32[3,5]{1,0:T(2,4)}">));
  STATIC_REQUIRE(is_bitcast(shape_v<"f32[5]{0:T(2)}">, shape_v<"f32[5]{0:T(3)}">));
  STATIC_REQUIRE(!is_bitcast(shape_v<"f32[5]{0:T(2)}">, shape_v<"f32[5]{0:T(4)}">));
  // '*' groups: f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)} is f32[112,110] tiled by (2,3) ("Tiled layout").
  // T(*,3) over [11,10] splits the group across its members' digits: the digit-by-digit program is not
  // exact, but the members are consecutive in both orders, so the form is taken of the merged shape (no
  // enumeration).
  STATIC_REQUIRE(!detail::compile_tiled_program(shape_v<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">).exact);
  STATIC_REQUIRE(detail::offset_form_of(shape_v<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">).exact);
  STATIC_REQUIRE(
      is_bitcast(shape_v<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">, shape_v<"f32[112,110]{1,0:T(2,3)}">));
  STATIC_REQUIRE(is_bitcast(shape_v<"f32[2,3,5]{2,1,0:T(*,3)}">, shape_v<"f32[2,15]{1,0:T(3)}">));
  STATIC_REQUIRE(!is_bitcast(shape_v<"f32[2,3,5]{2,1,0:T(*,3)}">, shape_v<"f32[2,15]{0,1}">));
  // Members not consecutive in both orders: compared element by element.
  STATIC_REQUIRE(!detail::offset_form_of(shape_v<"f32[2,3,5]{1,2,0:T(*,2)}">).exact);
  STATIC_REQUIRE(is_bitcast(shape_v<"f32[2,3,5]{1,2,0:T(*,2)}">, shape_v<"f32[2,3,5]{1,2,0:T(*,2)(1)}">));
  REQUIRE(is_bitcast_by_enumeration(shape_v<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">,
                                    shape_v<"f32[112,110]{1,0:T(2,3)}">));
  REQUIRE(is_bitcast_by_enumeration(shape_v<"f32[2,3,5]{2,1,0:T(*,3)}">, shape_v<"f32[2,15]{1,0:T(3)}">));
}

TEST_CASE("is_bitcast agrees with the brute-force buffers on random tiled and untiled pairs",
          "[layout][bitcast][law]" XLAYOUT_RUN_ONCE) {
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

TEST_CASE(
    "law: XLA's ReshapeIsBitcast (reshape_is_bitcast_ignoring_tiles) decides exactly on untiled layouts",
    "[layout][bitcast][law]" XLAYOUT_RUN_ONCE) {
  // XLA checks only unit indices; on layouts without tiles that is enough: it agrees with the exact test.
  std::mt19937_64 rng(7);
  int positives = 0;
  for (int it = 0; it < 20000; ++it) {
    const index_t n = std::uniform_int_distribution<index_t>(1, 48)(rng);
    const shape a = random_shape_with(n, false, rng), b = random_shape_with(n, false, rng);
    INFO(to_string(a).view() << " vs " << to_string(b).view());
    REQUIRE(reshape_is_bitcast_ignoring_tiles(a, b) == is_bitcast(a, b));
    positives += is_bitcast(a, b) ? 1 : 0;
  }
  CHECK(positives > 1000);
}

TEST_CASE("XLA's bitcast examples (xla/shape_util_test.cc)", "[layout][bitcast][xla]") {
  STATIC_REQUIRE(reshape_is_bitcast_ignoring_tiles(shape_v<"f32[3,4]{1,0}">, shape_v<"f32[6,2]{1,0}">));
  STATIC_REQUIRE(!reshape_is_bitcast_ignoring_tiles(shape_v<"f32[3,4]{0,1}">, shape_v<"f32[6,2]{0,1}">));
  STATIC_REQUIRE(reshape_is_bitcast_ignoring_tiles(shape_v<"f32[3,2,2]{1,0,2}">, shape_v<"f32[6,2]{0,1}">));
  STATIC_REQUIRE(!reshape_is_bitcast_ignoring_tiles(shape_v<"f32[3,2,2]{1,0,2}">, shape_v<"f16[6,2]{0,1}">));
  STATIC_REQUIRE(
      reshape_is_bitcast_ignoring_tiles(shape_v<"f32[3,2,2]{1,0,2}">, shape_v<"f16[6,2]{0,1}">, true));
  STATIC_REQUIRE(*deduce_transpose_dimensions_for_bitcast(shape_v<"f32[5,3]{1,0}">,
                                                          shape_v<"f32[3,5]{0,1}">) == dimension_list{1, 0});
  STATIC_REQUIRE(
      !deduce_transpose_dimensions_for_bitcast(shape_v<"f32[5,3]{1,0}">, shape_v<"f32[3,5]{1,0}">));
  // Tiles matter to the exact test, not to XLA's rule.
  STATIC_REQUIRE(reshape_is_bitcast_ignoring_tiles(shape_v<"f32[4,4]{1,0:T(2,2)}">, shape_v<"f32[16]{0}">));
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
