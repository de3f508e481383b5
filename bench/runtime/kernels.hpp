// bench/runtime/kernels.hpp: the layouts the benchmarks measure, each with the index arithmetic a careful
// person writes by hand for it, and the four loops that read every element: through the Tensor accessor,
// through the hand-written arithmetic, through the run-time path (linear_index on a shape known only at
// run time) and through for_each (memory order). Shared by the google-benchmark binary and the callgrind
// driver, so both measure the same code.
//
// Each loop is a function of its own, never inlined, so that the accessor's loop and the baseline's sit in
// the same kind of place.
//
// The hand-written baselines use signed 64-bit indices, like the accessor's callers, and the shifts and
// masks a careful author writes for power-of-two tiles (valid because every index is non-negative).
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include <xlayout/layout/linear_index.hpp>
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/runtime_tensor.hpp>
#include <xlayout/text/parse_shape.hpp>

/// Each loop is its own function (the callgrind driver defines BENCH_LOOP as nothing and wraps each loop in
/// a flattened function of its own instead).
#ifndef BENCH_LOOP
#define BENCH_LOOP [[gnu::noinline]]
#endif

namespace bench {

using xlayout::index_t;

/// f32[1000,1000]{1,0}: row-major, XLA's default.
struct row_major {
  static constexpr std::string_view name = "row_major";
  static constexpr std::string_view text = "f32[1000,1000]{1,0}";
  using tensor = xlayout::Tensor<"f32[1000,1000]{1,0}">;
  static index_t hand(index_t i, index_t j) { return i * 1000 + j; }
};

/// f32[1000,1000]{0,1}: column-major (read in logical order, so the reads are strided).
struct column_major {
  static constexpr std::string_view name = "column_major";
  static constexpr std::string_view text = "f32[1000,1000]{0,1}";
  using tensor = xlayout::Tensor<"f32[1000,1000]{0,1}">;
  static index_t hand(index_t i, index_t j) { return j * 1000 + i; }
};

/// f32[50,60,70]{0,2,1}: a 3-d permutation; physical order (major to minor) is dims 1, 2, 0. Read in logical
/// order the accesses are strided, so the array is sized to stay in a 1 MiB L2 cache (840 KB): the loop then
/// measures index arithmetic rather than cache misses.
struct permuted_3d {
  static constexpr std::string_view name = "permuted_3d";
  static constexpr std::string_view text = "f32[50,60,70]{0,2,1}";
  using tensor = xlayout::Tensor<"f32[50,60,70]{0,2,1}">;
  static index_t hand(index_t i, index_t j, index_t k) { return (j * 70 + k) * 50 + i; }
};

/// f32[1000,1000]{1,0:T(2,2)}: the "Tiled layout" tiling on a large array; tiled shape [500,500,2,2].
struct tiled_2x2 {
  static constexpr std::string_view name = "tiled_2x2";
  static constexpr std::string_view text = "f32[1000,1000]{1,0:T(2,2)}";
  using tensor = xlayout::Tensor<"f32[1000,1000]{1,0:T(2,2)}">;
  static index_t hand(index_t i, index_t j) {
    return (((i >> 1) * 500 + (j >> 1)) * 2 + (i & 1)) * 2 + (j & 1);
  }
};

/// f32[1000,1000]{1,0:T(8,128)}: TPU's f32 tile; tiled shape [125,8,8,128] (columns padded to 1024).
struct tiled_8x128 {
  static constexpr std::string_view name = "tiled_8x128";
  static constexpr std::string_view text = "f32[1000,1000]{1,0:T(8,128)}";
  using tensor = xlayout::Tensor<"f32[1000,1000]{1,0:T(8,128)}">;
  static index_t hand(index_t i, index_t j) {
    return (((i >> 3) * 8 + (j >> 7)) * 8 + (i & 7)) * 128 + (j & 127);
  }
};

/// bf16[1000,1000]{1,0:T(8,128)(2,1)}: TPU's bf16 tiling, pairs of rows interleaved inside each tile;
/// tiled shape [125,8,4,128,2,1].
struct tiled_bf16 {
  static constexpr std::string_view name = "tiled_8x128_2x1_bf16";
  static constexpr std::string_view text = "bf16[1000,1000]{1,0:T(8,128)(2,1)}";
  using tensor = xlayout::Tensor<"bf16[1000,1000]{1,0:T(8,128)(2,1)}">;
  static index_t hand(index_t i, index_t j) {
    return (((((i >> 3) * 8 + (j >> 7)) * 4 + ((i & 7) >> 1)) * 128 + (j & 127)) * 2) + (i & 1);
  }
};

/// f32[8,100,1000]{2,1,0:T(*,2,128)}: dims 0 and 1 combined into 800 rows, then tiled (2,128); tiled shape
/// [400,8,2,128].
struct combined {
  static constexpr std::string_view name = "combined_dims";
  static constexpr std::string_view text = "f32[8,100,1000]{2,1,0:T(*,2,128)}";
  using tensor = xlayout::Tensor<"f32[8,100,1000]{2,1,0:T(*,2,128)}">;
  static index_t hand(index_t i, index_t j, index_t k) {
    const index_t r = i * 100 + j;
    return (((r >> 1) * 8 + (k >> 7)) * 2 + (r & 1)) * 128 + (k & 127);
  }
};

/// f32[1000,1000] with padded_dimensions (1000, 1024): each row padded to 1024 slots.
struct padded {
  static constexpr std::string_view name = "padded";
  static constexpr std::string_view text = "f32[1000,1000]{1,0:pad(1000,1024)}";
  using tensor = xlayout::Tensor<xlayout::F32, xlayout::Extents<1000, 1000>,
                                 xlayout::Layout<1, 0, xlayout::pad(1000, 1024)>>;
  static index_t hand(index_t i, index_t j) { return i * 1024 + j; }
};

/// What the loops add up: the bits of each element, as an integer. Integer addition has a latency of one
/// cycle, so the loops measure the index arithmetic rather than a chain of floating-point additions, and the
/// sum is the same in any order (for_each's memory order included).
using sum_t = std::uint64_t;
inline sum_t value_of(float x) { return std::bit_cast<std::uint32_t>(x); }
inline sum_t value_of(xlayout::bf16_bits x) { return x.bits; }

template <class Case>
using element_t = typename Case::tensor::value_type;
/// The read-only view the loops read through.
template <class Case>
using const_tensor_t = typename Case::tensor::const_tensor;
template <class Case>
inline constexpr std::size_t rank_v = Case::tensor::rank();
template <class Case, std::size_t D>
inline constexpr index_t extent_v = Case::tensor::static_extent(D);

/// Sum of every element, logical order, through the accessor t(i, j, ...).
template <class Case>
BENCH_LOOP sum_t sum_tensor(const const_tensor_t<Case>& t) {
  sum_t s = 0;
  if constexpr (rank_v<Case> == 2) {
    for (index_t i = 0; i < extent_v<Case, 0>; ++i) {
      for (index_t j = 0; j < extent_v<Case, 1>; ++j) s += value_of(t(i, j));
    }
  } else {
    for (index_t i = 0; i < extent_v<Case, 0>; ++i) {
      for (index_t j = 0; j < extent_v<Case, 1>; ++j) {
        for (index_t k = 0; k < extent_v<Case, 2>; ++k) s += value_of(t(i, j, k));
      }
    }
  }
  return s;
}

/// The same loop with the hand-written arithmetic.
template <class Case>
BENCH_LOOP sum_t sum_hand(const element_t<Case>* p) {
  sum_t s = 0;
  if constexpr (rank_v<Case> == 2) {
    for (index_t i = 0; i < extent_v<Case, 0>; ++i) {
      for (index_t j = 0; j < extent_v<Case, 1>; ++j) s += value_of(p[Case::hand(i, j)]);
    }
  } else {
    for (index_t i = 0; i < extent_v<Case, 0>; ++i) {
      for (index_t j = 0; j < extent_v<Case, 1>; ++j) {
        for (index_t k = 0; k < extent_v<Case, 2>; ++k) s += value_of(p[Case::hand(i, j, k)]);
      }
    }
  }
  return s;
}

/// The same loop through the run-time path: xlayout::linear_index on a shape parsed at run time (the same
/// constexpr functions the types use, with the layout as a value).
template <class Case>
BENCH_LOOP sum_t sum_runtime(const element_t<Case>* p, const xlayout::shape& shape) {
  sum_t s = 0;
  const index_t n0 = shape.dimensions[0], n1 = shape.dimensions[1];
  if constexpr (rank_v<Case> == 2) {
    for (index_t i = 0; i < n0; ++i) {
      for (index_t j = 0; j < n1; ++j) s += value_of(p[xlayout::linear_index(shape, {i, j})]);
    }
  } else {
    const index_t n2 = shape.dimensions[2];
    for (index_t i = 0; i < n0; ++i) {
      for (index_t j = 0; j < n1; ++j) {
        for (index_t k = 0; k < n2; ++k) s += value_of(p[xlayout::linear_index(shape, {i, j, k})]);
      }
    }
  }
  return s;
}

/// A runtime_tensor of the Case's rank (the layout a run-time value, the rank known at compile time).
template <class Case>
using runtime_tensor_t = xlayout::runtime_tensor<const element_t<Case>, rank_v<Case>>;

/// The logical-order loop over anything with extent(d) and t(i, j, ...).
template <class Case, class T>
XLAYOUT_FORCEINLINE sum_t sum_logical(const T& t) {
  sum_t s = 0;
  const index_t n0 = t.extent(0), n1 = t.extent(1);
  if constexpr (rank_v<Case> == 2) {
    for (index_t i = 0; i < n0; ++i) {
      for (index_t j = 0; j < n1; ++j) s += value_of(t(i, j));
    }
  } else {
    const index_t n2 = t.extent(2);
    for (index_t i = 0; i < n0; ++i) {
      for (index_t j = 0; j < n1; ++j) {
        for (index_t k = 0; k < n2; ++k) s += value_of(t(i, j, k));
      }
    }
  }
  return s;
}

/// The same loop through a runtime_tensor: the layout a run-time value, compiled once (make_runtime_tensor)
/// into its index program before the loop.
template <class Case>
BENCH_LOOP sum_t sum_layout_value(const runtime_tensor_t<Case>& t) {
  return sum_logical<Case>(t);
}

/// The same loop inside runtime_tensor::visit: the path chosen once, the loop compiled per path with the
/// path's constants in registers.
template <class Case>
BENCH_LOOP sum_t sum_layout_visit(const runtime_tensor_t<Case>& t) {
  return t.visit([](const auto& a) { return sum_logical<Case>(a); });
}

/// Every element in memory order with for_each (tile by tile, padding skipped).
template <class Case>
BENCH_LOOP sum_t sum_for_each(const const_tensor_t<Case>& t) {
  sum_t s = 0;
  xlayout::for_each(t, [&s](const auto&, const element_t<Case>& x) { s += value_of(x); });
  return s;
}

/// Every element of a runtime_tensor in memory order with its for_each.
template <class Case>
BENCH_LOOP sum_t sum_layout_value_for_each(const runtime_tensor_t<Case>& t) {
  sum_t s = 0;
  xlayout::for_each(t, [&s](const auto&, const element_t<Case>& x) { s += value_of(x); });
  return s;
}

/// The same two walks with a callback of the element alone, f(x): what a sum, a fill or a scaling writes.
template <class Case>
BENCH_LOOP sum_t sum_element_for_each(const const_tensor_t<Case>& t) {
  sum_t s = 0;
  xlayout::for_each(t, [&s](const element_t<Case>& x) { s += value_of(x); });
  return s;
}
template <class Case>
BENCH_LOOP sum_t sum_layout_element_for_each(const runtime_tensor_t<Case>& t) {
  sum_t s = 0;
  xlayout::for_each(t, [&s](const element_t<Case>& x) { s += value_of(x); });
  return s;
}

/// What the loops that use the index add up: each element's bits times 1 + i + 2 j (+ 3 k), so that every
/// index of every element counts.
template <class Case, class Index>
XLAYOUT_FORCEINLINE sum_t weighted(const Index& idx, sum_t v) {
  sum_t w = 1;
  for (std::size_t d = 0; d < rank_v<Case>; ++d) w += static_cast<sum_t>(idx[d]) * (d + 1);
  return v * w;
}

/// The weighted sum by for_each over anything for_each takes.
template <class Case, class T>
XLAYOUT_FORCEINLINE sum_t weighted_walk(const T& t) {
  sum_t s = 0;
  xlayout::for_each(
      t, [&s](const auto& idx, const element_t<Case>& x) { s += weighted<Case>(idx, value_of(x)); });
  return s;
}

/// for_each with the index used (the weighted sum), over the static tensor.
template <class Case>
BENCH_LOOP sum_t sum_index_for_each(const const_tensor_t<Case>& t) {
  return weighted_walk<Case>(t);
}

/// The same over a runtime_tensor.
template <class Case>
BENCH_LOOP sum_t sum_layout_index_for_each(const runtime_tensor_t<Case>& t) {
  return weighted_walk<Case>(t);
}

/// The weighted sum of Case's elements in p, by the logical indices and the generic run-time linear_index.
template <class Case>
sum_t weighted_sum(const element_t<Case>* p) {
  const xlayout::shape s = typename Case::tensor(nullptr).shape();
  sum_t sum = 0;
  xlayout::for_each_index(s, [&](const xlayout::index_vector& idx) {
    sum += weighted<Case>(idx, value_of(p[xlayout::linear_index(s, idx)]));
  });
  return sum;
}

/// Fills a buffer for Case: elements get pseudo-random small values, padding slots zero. Returns the sum
/// the loops must compute, found by walking the logical indices with the generic run-time linear_index
/// (checked against the brute-force pad-reshape-transpose model in tests/layout/linear_index.cpp).
template <class Case>
sum_t fill(element_t<Case>* p) {
  const typename Case::tensor t(p);
  for (index_t k = 0; k < t.required_span_size(); ++k) p[k] = element_t<Case>{};
  const xlayout::shape s = t.shape();
  sum_t sum = 0;
  index_t n = 0;
  xlayout::for_each_index(s, [&](const xlayout::index_vector& idx) {
    const float v = static_cast<float>((static_cast<std::uint64_t>(n++) * 2654435761u >> 7) % 8);
    element_t<Case>& x = p[xlayout::linear_index(s, idx)];
    if constexpr (std::is_same_v<element_t<Case>, float>) {
      x = v;
    } else {
      x = xlayout::from_float<xlayout::bf16_bits>(v);
    }
    sum += value_of(x);
  });
  return sum;
}

/// Every layout measured, for the drivers to walk.
template <class F>
void for_each_case(F&& f) {
  f(row_major{});
  f(column_major{});
  f(permuted_3d{});
  f(tiled_2x2{});
  f(tiled_8x128{});
  f(tiled_bf16{});
  f(combined{});
  f(padded{});
}

}  // namespace bench

/// For the drivers that count instructions per loop (bench/callgrind, bench/cute): sum_tensor_<Case> and
/// sum_hand_<Case> as never-inlined, flattened functions with plain names, so that each function's count is
/// its whole loop's.
#define XLAYOUT_BENCH_TENSOR_AND_HAND(Case)                                                                  \
  extern "C" [[gnu::noinline, gnu::flatten]] bench::sum_t sum_tensor_##Case(                                 \
      const bench::element_t<bench::Case>* p) {                                                              \
    return bench::sum_tensor<bench::Case>(bench::const_tensor_t<bench::Case>(p));                            \
  }                                                                                                          \
  extern "C"                                                                                                 \
      [[gnu::noinline, gnu::flatten]] bench::sum_t sum_hand_##Case(const bench::element_t<bench::Case>* p) { \
    return bench::sum_hand<bench::Case>(p);                                                                  \
  }
