// tests/support/random_layout.hpp: random static shapes with any layout the library accepts, for the laws
// that compare a symbolic answer with a brute-force one (tests/layout/bitcast.cpp, predicates.cpp).
#pragma once
#include <algorithm>
#include <random>
#include <vector>
#include <xlayout/layout.hpp>

namespace xlayout_test {
using namespace xlayout;

// A random static shape with n elements and any layout the library accepts: a random factorisation
// (size-1 dimensions included), a random minor_to_major, sometimes padded dimensions, up to two tiles
// (sizes that need not divide the dimensions, '*' entries, tiles longer than the shape), sometimes L(n)
// or E(n), one of several element types (f32 and s32 share a width).
inline shape random_layout_shape(index_t n, std::mt19937_64& rng) {
  auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  while (true) {
    shape s;
    constexpr element_type types[] = {element_type::f32, element_type::s32, element_type::bf16,
                                      element_type::s8, element_type::f64};
    s.element_type = types[pick(0, 9) < 7 ? pick(0, 1) : pick(2, 4)];
    index_t rest = n;
    const index_t max_rank = pick(1, 5);
    do {
      std::vector<index_t> divisors;
      for (index_t d = 1; d <= rest; ++d) {
        if (rest % d == 0) divisors.push_back(d);
      }
      index_t d = static_cast<index_t>(s.rank()) + 1 == max_rank
                      ? rest
                      : divisors[static_cast<std::size_t>(pick(0, index_t(divisors.size()) - 1))];
      s.dimensions.push_back(d);
      s.dynamic_dimensions.push_back(false);
      rest /= d;
    } while (rest > 1 || (static_cast<index_t>(s.rank()) < max_rank && pick(0, 3) == 0));
    s.layout = default_layout(static_cast<index_t>(s.rank()));
    if (pick(0, 1) == 0) std::shuffle(s.layout.minor_to_major.begin(), s.layout.minor_to_major.end(), rng);
    if (pick(0, 7) == 0) {
      for (index_t d : s.dimensions) s.layout.padded_dimensions.push_back(d + pick(0, 2));
    }
    for (index_t t = pick(0, 3) == 0 ? 0 : pick(1, 2); t > 0; --t) {
      tile tl;
      for (index_t k = pick(1, 3); k > 0; --k)
        tl.dimensions.push_back(pick(0, 4) == 0 ? combine_dimension : pick(1, 4));
      s.layout.tiles.push_back(tl);
    }
    if (pick(0, 9) == 0) s.layout.tail_padding_alignment_in_elements = pick(2, 4);
    if (pick(0, 19) == 0) s.layout.element_size_in_bits = 32;
    if (is_valid_layout(s) && checked_required_span_size(s).has_value()) return s;
  }
}

// A small random f32 shape of the given rank for the run-time layout tests (tests/tensor/runtime_*.cpp):
// sizes 1 to 9, a random minor_to_major, sometimes padded dimensions, up to two tiles of up to three entries
// (powers of two mostly, for the shift paths; 3 and 5 for the division path; '*' entries). Not always valid:
// the caller filters.
inline shape random_runtime_shape(std::size_t rank, std::mt19937_64& rng) {
  auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  shape s;
  s.element_type = element_type::f32;
  for (std::size_t d = 0; d < rank; ++d) {
    s.dimensions.push_back(pick(1, 9));
    s.dynamic_dimensions.push_back(false);
  }
  s.layout = default_layout(static_cast<index_t>(rank));
  std::shuffle(s.layout.minor_to_major.begin(), s.layout.minor_to_major.end(), rng);
  if (pick(0, 3) == 0) {
    for (std::size_t d = 0; d < rank; ++d) s.layout.padded_dimensions.push_back(s.dimensions[d] + pick(0, 3));
  }
  const auto tiles = pick(0, 2);
  for (index_t t = 0; t < tiles; ++t) {
    tile tl;
    const auto k = static_cast<std::size_t>(pick(1, static_cast<index_t>(std::min<std::size_t>(rank, 3))));
    for (std::size_t q = 0; q < k; ++q) {
      const bool star = q + 1 < k && pick(0, 4) == 0;
      const index_t sizes[] = {1, 2, 4, 8, 2, 4, 3, 5};
      tl.dimensions.push_back(star ? combine_dimension : sizes[pick(0, 7)]);
    }
    s.layout.tiles.push_back(tl);
  }
  return s;
}

}  // namespace xlayout_test
