// fuzz/shape_checks.hpp: exact (128-bit) sizes of a shape computed from the seed's pad, transpose and tile
// description without the library's arithmetic, for the shape and layout targets.
#pragma once
#include "fuzz_support.hpp"

namespace fuzz {

/// Slots of the laid-out buffer, exactly: padded dimensions, physical order, each tile (leading 1s, '*'
/// groups merged, padding to whole tiles), then L(n). -1 when a value passes 2^100 (none of int64's
/// business).
inline i128 exact_span(const xlayout::shape& s) {
  const std::size_t rank = s.rank();
  std::vector<i128> dims;
  for (std::size_t j = 0; j < rank; ++j) {
    const auto d = static_cast<std::size_t>(s.layout.minor_to_major[rank - 1 - j]);
    dims.push_back(s.layout.padded_dimensions.empty() ? s.dimensions[d] : s.layout.padded_dimensions[d]);
  }
  // A laid-out extent of 0 makes every tiled size it reaches 0, so the span is 0 however large the others
  // (before the cap below, which took f32[1000057,160,6441,9223372036854775807,61,0] for an overflow).
  for (i128 d : dims) {
    if (d == 0) return 0;
  }
  const i128 cap = static_cast<i128>(1) << 100;
  for (const xlayout::tile& t : s.layout.tiles) {
    const std::size_t k = t.rank();
    while (dims.size() < k) dims.insert(dims.begin(), 1);
    const std::size_t base = dims.size() - k;
    std::vector<i128> out(dims.begin(), dims.begin() + static_cast<std::ptrdiff_t>(base));
    std::vector<i128> inner;
    i128 run = 1;
    for (std::size_t q = 0; q < k; ++q) {
      run *= dims[base + q];
      if (run > cap) return -1;
      if (t.dimensions[q] != xlayout::combine_dimension) {
        const i128 ts = t.dimensions[q];
        out.push_back((run + ts - 1) / ts);
        inner.push_back(ts);
        run = 1;
      }
    }
    out.insert(out.end(), inner.begin(), inner.end());
    dims = out;
  }
  i128 n = 1;
  for (i128 d : dims) {
    n *= d;
    if (n > cap) return -1;
  }
  const i128 align = s.layout.tail_padding_alignment_in_elements;
  if (align > 1 && n % align != 0) n += align - n % align;
  return n;
}

inline i128 exact_elements(const xlayout::shape& s) {
  i128 n = 1;
  for (index_t d : s.dimensions) n *= d;  // each d < 2^63, rank <= XLAYOUT_MAX_RANK: checked below
  return n;
}

}  // namespace fuzz
