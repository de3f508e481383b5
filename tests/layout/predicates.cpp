// tests/layout/predicates.cpp: has_padding, is_exhaustive, is_contiguous, is_transpose_of,
// physical_equivalent (and the existing is_strided and strides) against brute-force answers computed from
// real buffers of element ids (support/brute_force_layout.hpp: the pad, reshape and transpose of "Tiled
// layout" carried out on arrays, with none of the library's index arithmetic).
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <numeric>
#include <random>
#include <vector>
#include <xlayout/layout.hpp>

#include "support/brute_force_layout.hpp"
#include "support/random_layout.hpp"
#include "support/twin.hpp"

using namespace xlayout;
using xlayout_test::random_layout_shape;

namespace {

// The brute-force slot of each element, by its row-major number (the ids of brute_force_buffer), and the
// buffer's size in slots (L(n) included).
struct slots {
  std::vector<index_t> of;  // of[id] = the slot holding element id
  index_t span = 0;
};
slots brute_slots(const shape& s) {
  const std::vector<index_t> buffer = xlayout_test::brute_force_buffer(s);
  slots r;
  r.span = static_cast<index_t>(buffer.size());
  r.of.assign(static_cast<std::size_t>(element_count(s)), -1);
  for (std::size_t k = 0; k < buffer.size(); ++k) {
    if (buffer[k] >= 0) r.of[static_cast<std::size_t>(buffer[k])] = static_cast<index_t>(k);
  }
  return r;
}

std::vector<index_vector> all_indices(const shape& s) {
  std::vector<index_vector> r;
  for_each_index(s, [&](const index_vector& e) { r.push_back(e); });
  return r;
}

// Brute force: is there a permutation (b.dimensions[i] == a.dimensions[perm[i]]) taking every element of a
// to an element of b in the same slot, with the same element width and buffer size? Tries every permutation.
bool brute_is_transpose_of(const shape& a, const shape& b) {
  if (a.rank() != b.rank() || element_bits(a) != element_bits(b)) return false;
  const slots sa = brute_slots(a), sb = brute_slots(b);
  if (sa.span != sb.span || sa.of.size() != sb.of.size()) return false;
  std::vector<std::size_t> perm(a.rank());
  std::iota(perm.begin(), perm.end(), 0);
  const auto ia = all_indices(a);
  do {
    bool dims = true;
    for (std::size_t i = 0; i < b.rank(); ++i) dims = dims && b.dimensions[i] == a.dimensions[perm[i]];
    if (!dims) continue;
    bool same = true;
    for (std::size_t p = 0; p < ia.size() && same; ++p) {
      index_t q = 0;  // the row-major number of the transposed index in b
      for (std::size_t i = 0; i < b.rank(); ++i) q = q * b.dimensions[i] + ia[p][perm[i]];
      same = sa.of[p] == sb.of[static_cast<std::size_t>(q)];
    }
    if (same) return true;
  } while (std::next_permutation(perm.begin(), perm.end()));
  return false;
}

// A transpose of s by a random permutation, laid out so that every element stays in its slot: the same
// physical order (minor_to_major renamed), tiles, padding and properties.
shape transposed_in_place(const shape& s, std::mt19937_64& rng) {
  std::vector<std::size_t> perm(s.rank());  // result dimension i is s's dimension perm[i]
  std::iota(perm.begin(), perm.end(), 0);
  std::shuffle(perm.begin(), perm.end(), rng);
  std::vector<index_t> where(s.rank());  // s's dimension d is result dimension where[d]
  for (std::size_t i = 0; i < perm.size(); ++i) where[perm[i]] = static_cast<index_t>(i);
  shape r = s;
  for (std::size_t i = 0; i < perm.size(); ++i) r.dimensions[i] = s.dimensions[perm[i]];
  for (std::size_t k = 0; k < s.rank(); ++k)
    r.layout.minor_to_major[k] = where[static_cast<std::size_t>(s.layout.minor_to_major[k])];
  if (!s.layout.padded_dimensions.empty()) {
    for (std::size_t i = 0; i < perm.size(); ++i)
      r.layout.padded_dimensions[i] = s.layout.padded_dimensions[perm[i]];
  }
  return r;
}

}  // namespace

TEST_CASE("law: has_padding and is_exhaustive against the brute-force buffer (a slot without an element)",
          "[layout][predicates][law]") {
  std::mt19937_64 rng(31);
  int padded = 0, exhaustive = 0;
  for (int it = 0; it < 6000; ++it) {
    const shape s = random_layout_shape(std::uniform_int_distribution<index_t>(1, 40)(rng), rng);
    const std::vector<index_t> buffer = xlayout_test::brute_force_buffer(s);
    const bool oracle = std::count(buffer.begin(), buffer.end(), index_t{-1}) > 0;
    INFO(to_string(s).view());
    REQUIRE(has_padding(s) == oracle);
    REQUIRE(is_exhaustive(s) == !oracle);
    (oracle ? padded : exhaustive) += 1;
  }
  CHECK(padded > 1000);
  CHECK(exhaustive > 1000);
}

TEST_CASE("law: is_contiguous against the brute-force buffer (element id p in slot p)",
          "[layout][predicates][law]") {
  std::mt19937_64 rng(32);
  int contiguous = 0, others = 0, tiled_contiguous = 0;
  for (int it = 0; it < 6000; ++it) {
    const shape s = random_layout_shape(std::uniform_int_distribution<index_t>(1, 40)(rng), rng);
    const slots b = brute_slots(s);
    bool oracle = true;
    for (std::size_t p = 0; p < b.of.size(); ++p) oracle = oracle && b.of[p] == static_cast<index_t>(p);
    INFO(to_string(s).view());
    REQUIRE(is_contiguous(s) == oracle);
    (oracle ? contiguous : others) += 1;
    tiled_contiguous += oracle && !s.layout.tiles.empty() && element_count(s) > 4 ? 1 : 0;
  }
  CHECK(contiguous > 500);
  CHECK(tiled_contiguous > 100);
  CHECK(others > 1000);
}

TEST_CASE(
    "law: is_strided and strides against the brute-force buffer (slot = sum of index * stride), "
    "exact where the index program is",
    "[layout][predicates][law]" XLAYOUT_RUN_ONCE) {
  std::mt19937_64 rng(33);
  int strided = 0, others = 0, inexact_strided = 0;
  for (int it = 0; it < 6000; ++it) {
    const shape s = random_layout_shape(std::uniform_int_distribution<index_t>(1, 40)(rng), rng);
    const slots b = brute_slots(s);
    const auto idx = all_indices(s);
    // The candidate strides: the slot of each unit index (the slot of element 0 is 0).
    std::vector<index_t> st(s.rank(), 0);
    for (std::size_t p = 0; p < idx.size(); ++p) {
      index_t ones = 0;
      std::size_t at = 0;
      for (std::size_t d = 0; d < s.rank(); ++d) {
        if (idx[p][d] != 0) {
          ++ones;
          at = d;
        }
      }
      if (ones == 1 && idx[p][at] == 1) st[at] = b.of[p];
    }
    bool oracle = true;
    for (std::size_t p = 0; p < idx.size() && oracle; ++p) {
      index_t slot = 0;
      for (std::size_t d = 0; d < s.rank(); ++d) slot += idx[p][d] * st[d];
      oracle = slot == b.of[p];
    }
    INFO(to_string(s).view());
    // is_strided reads the index program, or where that is not exact the canonical offset form of the shape
    // in physical order ('*' groups of the first tile merged). Where neither is exact (a '*' in a later tile,
    // or over padded dimensions: s32[4,2]{1,0:T(*,3)(1)pad(4,4)} is strided) it may answer no: never a wrong
    // yes, and exact on the others (padded dimensions whose digit wraps only in the padding included).
    if (!compile_index_program(s).exact) {
      REQUIRE((!is_strided(s) || oracle));
      inexact_strided += oracle && !is_strided(s) ? 1 : 0;
      if (!is_strided(s)) continue;
    } else {
      REQUIRE(is_strided(s) == oracle);
    }
    if (oracle) {
      const auto got = strides(s);
      REQUIRE(got.has_value());
      for (std::size_t d = 0; d < s.rank(); ++d) {
        if (s.dimensions[d] > 1) REQUIRE((*got)[d] == st[d]);
      }
    }
    (oracle ? strided : others) += 1;
  }
  CHECK(strided > 1000);
  CHECK(others > 1000);
  // Before the offset form was read, 220 of the 6000 (all but 15 with an inexact program); after it, 49 with
  // libstdc++ 12 and 60 with libc++ 19 (their uniform_int_distribution differ, so do the layouts).
  CHECK(inexact_strided <= 100);
  WARN("strided layouts is_strided misses (no exact index program or offset form): " << inexact_strided);
}

TEST_CASE("law: is_transpose_of against every permutation of the brute-force buffers",
          "[layout][predicates][law]") {
  std::mt19937_64 rng(34);
  int yes = 0, no = 0;
  for (int it = 0; it < 4000; ++it) {
    const shape a = random_layout_shape(std::uniform_int_distribution<index_t>(1, 36)(rng), rng);
    shape b = transposed_in_place(a, rng);
    if (it % 3 == 1) {  // the same transposed dimensions with another layout: mostly not in place
      const shape other = random_layout_shape(element_count(a), rng);
      if (other.rank() == b.rank()) {
        b.layout = other.layout;
        b.layout.padded_dimensions.clear();
        if (!is_valid_layout(b) || !checked_required_span_size(b)) b = transposed_in_place(a, rng);
      }
    } else if (it % 3 == 2) {  // another shape with as many elements
      b = random_layout_shape(element_count(a), rng);
    }
    INFO(to_string(a).view() << " vs " << to_string(b).view());
    const bool oracle = brute_is_transpose_of(a, b);
    REQUIRE(is_transpose_of(a, b) == oracle);
    (oracle ? yes : no) += 1;
  }
  CHECK(yes > 1000);
  CHECK(no > 1000);
}

TEST_CASE("law: physical_equivalent against the brute-force buffers (same dimensions, same slot per element)",
          "[layout][predicates][law]" XLAYOUT_RUN_ONCE) {
  // Shapes grouped by dimensions and buffer: members of a group are equivalent, members of different groups
  // with the same dimensions are not.
  std::mt19937_64 rng(35);
  std::map<std::vector<index_t>, std::vector<shape>> by_dims;
  for (int it = 0; it < 8000; ++it) {
    const shape s = random_layout_shape(std::uniform_int_distribution<index_t>(1, 24)(rng), rng);
    by_dims[std::vector<index_t>(s.dimensions.begin(), s.dimensions.end())].push_back(s);
  }
  int yes = 0, no = 0, different_layouts = 0;
  for (const auto& [dims, members] : by_dims) {
    for (std::size_t i = 0; i < members.size() && i < 40; ++i) {
      for (std::size_t j = 0; j < members.size() && j < 40; ++j) {
        const shape& a = members[i];
        const shape& b = members[j];
        const bool oracle = element_bits(a) == element_bits(b) &&
                            xlayout_test::brute_force_buffer(a) == xlayout_test::brute_force_buffer(b);
        INFO(to_string(a).view() << " vs " << to_string(b).view());
        REQUIRE(physical_equivalent(a, b) == oracle);
        (oracle ? yes : no) += 1;
        different_layouts += oracle && !(a.layout == b.layout) ? 1 : 0;
      }
    }
  }
  CHECK(yes > 2000);
  CHECK(different_layouts > 1000);
  CHECK(no > 2000);
}

TEST_CASE("regression (audit): a huge inexact layout against itself is answered at once",
          "[layout][predicates]") {
  // T(3)(2) cuts each 3 by 2: no exact index program, so is_bitcast and is_transpose_of compare element by
  // element; against itself at 2^62 elements they never ended. The same dimensions and layout need no
  // comparison. (In a static_assert: the element-by-element path would exceed the constexpr limits.)
  STATIC_REQUIRE(is_bitcast(shape_v<"s32[4611686018427387904]{0:T(3)(2)}">,
                            shape_v<"s32[4611686018427387904]{0:T(3)(2)}">));
  STATIC_REQUIRE(physical_equivalent(shape_v<"s32[4611686018427387904]{0:T(3)(2)}">,
                                     shape_v<"f32[4611686018427387904]{0:T(3)(2)}">));
  STATIC_REQUIRE(is_transpose_of(shape_v<"s32[65536,65536]{1,0:T(3,3)(2,2)}">,
                                 shape_v<"s32[65536,65536]{1,0:T(3,3)(2,2)}">));
  STATIC_REQUIRE(is_transpose_of(shape_v<"s32[65536,65536]{1,0:T(3,3)(2,2)}">,
                                 shape_v<"s32[65536,65536]{1,0:T(3,3)(2,2)}">, {0, 1}));
  STATIC_REQUIRE(!is_transpose_of(shape_v<"s32[65536,65536]{1,0:T(3,3)(2,2)}">,
                                  shape_v<"s32[65536,65536]{1,0:T(3,3)(2,2)}">, {1, 0}));
  // The small ones still take the comparison (checked against the brute-force buffers above): a layout that
  // differs only in its memory space is the same bytes.
  STATIC_REQUIRE(is_bitcast(shape_v<"s32[34]{0:T(3)(2)}">, shape_v<"s32[34]{0:T(3)(2)S(1)}">));
  STATIC_REQUIRE(!is_bitcast(shape_v<"s32[34]{0:T(3)(2)}">, shape_v<"s32[34]{0:T(3)}">));
}

TEST_CASE("the predicates on TPU-sized layouts, at compile time", "[layout][predicates]") {
  STATIC_REQUIRE(!has_padding(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">));
  STATIC_REQUIRE(is_exhaustive(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">));
  STATIC_REQUIRE(has_padding(shape_v<"bf16[1000,1000]{1,0:T(8,128)(2,1)}">));
  STATIC_REQUIRE(has_padding(shape_v<"f32[3,5]{1,0:T(2,2)}">));  // "Tiled layout": 3x5 padded to 4x6
  STATIC_REQUIRE(has_padding(shape_v<"f32[15]{0:L(4)}">));
  STATIC_REQUIRE(!is_contiguous(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">));
  STATIC_REQUIRE(is_contiguous(shape_v<"f32[8,1024]{1,0:T(8,1024)}">));  // one tile row: row-major
  STATIC_REQUIRE(is_contiguous(shape_v<"f32[1000,1024]{1,0:T(8,128)(1,128)}">) == false);
  STATIC_REQUIRE(is_contiguous(shape_v<"f32[5]{0:T(2)}">));  // slot 5 is padding after the last element
  STATIC_REQUIRE(!is_contiguous(shape_v<"f32[3,5]{0,1}">));
  STATIC_REQUIRE(is_transpose_of(shape_v<"bf16[1024,512]{1,0:T(8,128)(2,1)}">,
                                 shape_v<"bf16[512,1024]{0,1:T(8,128)(2,1)}">));
  STATIC_REQUIRE(is_transpose_of(shape_v<"bf16[1024,512]{1,0:T(8,128)(2,1)}">,
                                 shape_v<"bf16[512,1024]{0,1:T(8,128)(2,1)}">, {1, 0}));
  STATIC_REQUIRE(!is_transpose_of(shape_v<"bf16[1024,512]{1,0:T(8,128)(2,1)}">,
                                  shape_v<"bf16[512,1024]{0,1:T(8,128)(2,1)}">, {0, 1}));
  STATIC_REQUIRE(
      !is_transpose_of(shape_v<"bf16[1024,512]{1,0:T(8,128)(2,1)}">, shape_v<"bf16[512,1024]{0,1}">));
  // XLA's rule ignores the tiles and says yes; the bytes differ.
  STATIC_REQUIRE(
      transpose_is_bitcast_ignoring_tiles(shape_v<"f32[4,6]{1,0:T(2,2)}">, shape_v<"f32[6,4]{0,1}">, {1, 0}));
  STATIC_REQUIRE(!is_transpose_of(shape_v<"f32[4,6]{1,0:T(2,2)}">, shape_v<"f32[6,4]{0,1}">));
  STATIC_REQUIRE(is_transpose_of(shape_v<"f32[4,6]{1,0:T(2,2)}">, shape_v<"f32[6,4]{0,1:T(2,2)}">));
  STATIC_REQUIRE(physical_equivalent(shape_v<"f32[8,128]{1,0:T(8,128)}">, shape_v<"f32[8,128]{1,0}">));
  STATIC_REQUIRE(physical_equivalent(shape_v<"f32[8,1024,1024]{2,1,0:T(8,128)}">,
                                     shape_v<"f32[8,1024,1024]{2,1,0:T(8,128)(1,1)}">));
  STATIC_REQUIRE(
      !physical_equivalent(shape_v<"f32[8,1024,1024]{2,1,0:T(8,128)}">, shape_v<"f32[8,1024,1024]{2,1,0}">));
  STATIC_REQUIRE(
      !physical_equivalent(shape_v<"f32[4,4]{1,0}">, shape_v<"f32[16]{0}">));  // not the same dimensions
  // No element: the predicates hold vacuously where the sizes allow.
  STATIC_REQUIRE(is_transpose_of(shape_v<"f32[0,4]{1,0:T(2,2)}">, shape_v<"f32[4,0]{0,1:T(2,2)}">));
  STATIC_REQUIRE(is_transpose_of(shape_v<"f32[0,4,4]">, shape_v<"f32[4,0,4]">, {2, 0, 1}));
  STATIC_REQUIRE(!is_transpose_of(shape_v<"f32[0,4]">, shape_v<"f32[0,5]">));
  STATIC_REQUIRE(is_contiguous(shape_v<"f32[0,4]{0,1}">));
  STATIC_REQUIRE(!has_padding(shape_v<"f32[0,4]{0,1}">));
  STATIC_REQUIRE(is_bitcast(shape_v<"f32[0,4]">, shape_v<"f32[4,0]">));
}
