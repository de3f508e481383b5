// tests/support/brute_force_layout.hpp: an independent model of where elements live, for tests: the seed's
// pad, reshape and transpose carried out on real arrays of element ids, with none of the library's index
// arithmetic.
#pragma once
#include <catch2/catch.hpp>
#include <cstddef>
#include <functional>
#include <numeric>
#include <vector>
#include <xlayout/values/shape.hpp>

namespace xlayout_test {
using xlayout::combine_dimension;
using xlayout::index_t;
using xlayout::shape;
using xlayout::tile;

/// The row-major number of index idx in an array of extents dims (the element id the model below uses).
inline index_t ravel(const std::vector<index_t>& dims, const std::vector<index_t>& idx) {
  index_t p = 0;
  for (std::size_t i = 0; i < dims.size(); ++i) p = p * dims[i] + idx[i];
  return p;
}
/// The index whose row-major number in an array of extents dims is p.
inline std::vector<index_t> unravel(const std::vector<index_t>& dims, index_t p) {
  std::vector<index_t> idx(dims.size());
  for (std::size_t i = dims.size(); i-- > 0;) {
    idx[i] = p % dims[i];
    p /= dims[i];
  }
  return idx;
}

// An N-d array of element ids (row-major), -1 for padding: the seed's pad, reshape and transpose done on
// real data, with none of the library's index arithmetic.
struct array_nd {
  std::vector<index_t> dims;
  std::vector<index_t> data;

  static index_t count(const std::vector<index_t>& d) {
    return std::accumulate(d.begin(), d.end(), index_t{1}, std::multiplies<>());
  }
  std::vector<index_t> unravel(index_t p) const {
    std::vector<index_t> idx(dims.size());
    for (std::size_t i = dims.size(); i-- > 0;) {
      idx[i] = p % dims[i];
      p /= dims[i];
    }
    return idx;
  }
  static index_t ravel(const std::vector<index_t>& d, const std::vector<index_t>& idx) {
    index_t p = 0;
    for (std::size_t i = 0; i < d.size(); ++i) p = p * d[i] + idx[i];
    return p;
  }
  // Result dimension i is source dimension perm[i].
  array_nd transpose(const std::vector<std::size_t>& perm) const {
    array_nd r;
    for (std::size_t i = 0; i < perm.size(); ++i) r.dims.push_back(dims[perm[i]]);
    r.data.assign(data.size(), -1);
    for (index_t p = 0; p < static_cast<index_t>(data.size()); ++p) {
      const auto src = unravel(p);
      std::vector<index_t> dst(perm.size());
      for (std::size_t i = 0; i < perm.size(); ++i) dst[i] = src[perm[i]];
      r.data[ravel(r.dims, dst)] = data[p];
    }
    return r;
  }
  array_nd pad(const std::vector<index_t>& to) const {
    array_nd r;
    r.dims = to;
    r.data.assign(count(to), -1);
    for (index_t p = 0; p < static_cast<index_t>(data.size()); ++p) r.data[ravel(to, unravel(p))] = data[p];
    return r;
  }
  array_nd reshape(const std::vector<index_t>& to) const {
    REQUIRE(count(to) == count(dims));
    return {to, data};
  }
};

// Lays out an array of element ids (row-major numbering) the way the seed describes; returns the array of
// the tiled shape: its dims are the tiled sizes, and its data the id held by each slot (row-major), or -1
// for padding. (L(n) tail padding is not part of it.)
inline array_nd brute_force_array(const shape& s) {
  const std::size_t rank = s.rank();
  array_nd a;
  a.dims.assign(s.dimensions.begin(), s.dimensions.end());
  a.data.resize(array_nd::count(a.dims));
  std::iota(a.data.begin(), a.data.end(), 0);
  if (!s.layout.padded_dimensions.empty()) {
    a = a.pad({s.layout.padded_dimensions.begin(), s.layout.padded_dimensions.end()});
  }
  std::vector<std::size_t> to_physical;  // physical dimension j is logical minor_to_major[rank-1-j]
  for (std::size_t j = 0; j < rank; ++j)
    to_physical.push_back(static_cast<std::size_t>(s.layout.minor_to_major[rank - 1 - j]));
  a = a.transpose(to_physical);
  for (const tile& t : s.layout.tiles) {
    const std::size_t k = t.rank();
    if (a.dims.size() < k) {  // a longer tile first adds leading size-1 dimensions
      std::vector<index_t> d(k - a.dims.size(), 1);
      d.insert(d.end(), a.dims.begin(), a.dims.end());
      a = a.reshape(d);
    }
    const std::size_t base = a.dims.size() - k;
    // Combine every '*' with the next more-minor dimension: merging neighbours is a plain reshape.
    std::vector<index_t> merged(a.dims.begin(), a.dims.begin() + static_cast<std::ptrdiff_t>(base));
    std::vector<index_t> sizes;
    index_t run = 1;
    for (std::size_t q = 0; q < k; ++q) {
      run *= a.dims[base + q];
      if (t.dimensions[q] != combine_dimension) {
        merged.push_back(run);
        sizes.push_back(t.dimensions[q]);
        run = 1;
      }
    }
    a = a.reshape(merged);
    const std::size_t m = sizes.size();
    // Pad each tiled dimension to whole tiles, split it into (tiles, tile size), move the tile sizes last.
    std::vector<index_t> padded(a.dims.begin(), a.dims.begin() + static_cast<std::ptrdiff_t>(base));
    std::vector<index_t> split(padded);
    for (std::size_t g = 0; g < m; ++g) {
      const index_t n = (a.dims[base + g] + sizes[g] - 1) / sizes[g];
      padded.push_back(n * sizes[g]);
      split.push_back(n);
      split.push_back(sizes[g]);
    }
    a = a.pad(padded).reshape(split);
    std::vector<std::size_t> perm;
    for (std::size_t i = 0; i < base; ++i) perm.push_back(i);
    for (std::size_t g = 0; g < m; ++g) perm.push_back(base + 2 * g);
    for (std::size_t g = 0; g < m; ++g) perm.push_back(base + 2 * g + 1);
    a = a.transpose(perm);
  }
  return a;
}

// The buffer brute_force_array describes, with L(n) tail padding: the id held by each slot, or -1 for
// padding.
inline std::vector<index_t> brute_force_buffer(const shape& s) {
  std::vector<index_t> buffer = brute_force_array(s).data;
  const index_t align = s.layout.tail_padding_alignment_in_elements;
  while (static_cast<index_t>(buffer.size()) % align != 0) buffer.push_back(-1);
  return buffer;
}

}  // namespace xlayout_test
