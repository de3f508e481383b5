// bench/cute/driver.cpp: the logical-order sums of bench/runtime/kernels.hpp through xlayout's accessor, the
// hand-written arithmetic and an explicit CuTe layout with the same placement, each a never-inlined,
// flattened function with a plain name (sum_cute_tiled_8x128, ...), so that callgrind counts each loop's
// instructions (bench/cute/instructions.sh). It checks that every loop returns the buffer's sum. CuTe is not
// a dependency of xlayout: this file is built only by instructions.sh, given CuTe's headers.
#include <cstdio>
#include <vector>

#include <cute/layout.hpp>

#define BENCH_LOOP  // the loops are inlined into the wrappers below, which callgrind counts
#include "../runtime/kernels.hpp"

namespace bench {

/// The loop of sum_tensor, reading p[l(i, j, ...)] through a CuTe layout.
template <class Case, class L>
BENCH_LOOP sum_t sum_cute(const element_t<Case>* p, L l) {
  sum_t s = 0;
  if constexpr (rank_v<Case> == 2) {
    for (index_t i = 0; i < extent_v<Case, 0>; ++i) {
      for (index_t j = 0; j < extent_v<Case, 1>; ++j) s += value_of(p[l(i, j)]);
    }
  } else {
    for (index_t i = 0; i < extent_v<Case, 0>; ++i) {
      for (index_t j = 0; j < extent_v<Case, 1>; ++j) {
        for (index_t k = 0; k < extent_v<Case, 2>; ++k) s += value_of(p[l(i, j, k)]);
      }
    }
  }
  return s;
}

// Each benchmark layout as CuTe writes it: (shape):(stride), a mode per dimension, split where a tile cuts
// the dimension (the low digit first).
using namespace cute;
using I1 = Int<1>;
inline auto cute_layout(row_major) {
  return make_layout(make_shape(Int<1000>{}, Int<1000>{}), make_stride(Int<1000>{}, I1{}));
}
inline auto cute_layout(column_major) {
  return make_layout(make_shape(Int<1000>{}, Int<1000>{}), make_stride(I1{}, Int<1000>{}));
}
inline auto cute_layout(permuted_3d) {  // physical order: dims 1, 2, 0
  return make_layout(make_shape(Int<50>{}, Int<60>{}, Int<70>{}), make_stride(I1{}, Int<3500>{}, Int<50>{}));
}
inline auto cute_layout(tiled_2x2) {  // tiled shape [500,500,2,2]
  return make_layout(make_shape(make_shape(Int<2>{}, Int<500>{}), make_shape(Int<2>{}, Int<500>{})),
                     make_stride(make_stride(Int<2>{}, Int<2000>{}), make_stride(I1{}, Int<4>{})));
}
inline auto cute_layout(tiled_8x128) {  // tiled shape [125,8,8,128]
  return make_layout(make_shape(make_shape(Int<8>{}, Int<125>{}), make_shape(Int<128>{}, Int<8>{})),
                     make_stride(make_stride(Int<128>{}, Int<8192>{}), make_stride(I1{}, Int<1024>{})));
}
inline auto cute_layout(tiled_bf16) {  // tiled shape [125,8,4,128,2,1]
  return make_layout(
      make_shape(make_shape(Int<2>{}, Int<4>{}, Int<125>{}), make_shape(Int<128>{}, Int<8>{})),
      make_stride(make_stride(I1{}, Int<256>{}, Int<8192>{}), make_stride(Int<2>{}, Int<1024>{})));
}
inline auto cute_layout(combined) {  // rows r = 100 i + j (j's low bit is r's), tiled shape [400,8,2,128]
  return make_layout(
      make_shape(Int<8>{}, make_shape(Int<2>{}, Int<50>{}), make_shape(Int<128>{}, Int<8>{})),
      make_stride(Int<102400>{}, make_stride(Int<128>{}, Int<2048>{}), make_stride(I1{}, Int<256>{})));
}
inline auto cute_layout(padded) {
  return make_layout(make_shape(Int<1000>{}, Int<1000>{}), make_stride(Int<1024>{}, I1{}));
}

}  // namespace bench

#define XLAYOUT_CUTE_KERNELS(Case)                                                                           \
  XLAYOUT_BENCH_TENSOR_AND_HAND(Case)                                                                        \
  extern "C"                                                                                                 \
      [[gnu::noinline, gnu::flatten]] bench::sum_t sum_cute_##Case(const bench::element_t<bench::Case>* p) { \
    return bench::sum_cute<bench::Case>(p, bench::cute_layout(bench::Case{}));                               \
  }

XLAYOUT_CUTE_KERNELS(row_major)
XLAYOUT_CUTE_KERNELS(column_major)
XLAYOUT_CUTE_KERNELS(permuted_3d)
XLAYOUT_CUTE_KERNELS(tiled_2x2)
XLAYOUT_CUTE_KERNELS(tiled_8x128)
XLAYOUT_CUTE_KERNELS(tiled_bf16)
XLAYOUT_CUTE_KERNELS(combined)
XLAYOUT_CUTE_KERNELS(padded)

namespace {

int failures = 0;

template <class Case>
void run(bench::sum_t (*tensor)(const bench::element_t<Case>*),
         bench::sum_t (*hand)(const bench::element_t<Case>*),
         bench::sum_t (*cute)(const bench::element_t<Case>*)) {
  std::vector<bench::element_t<Case>> buffer(
      static_cast<std::size_t>(typename Case::tensor().required_span_size()));
  const bench::sum_t sum = bench::fill<Case>(buffer.data());
  const bench::sum_t got[] = {tensor(buffer.data()), hand(buffer.data()), cute(buffer.data())};
  const char* what[] = {"tensor", "hand", "cute"};
  for (int k = 0; k < 3; ++k) {
    if (got[k] != sum) {
      std::printf("sum_%s_%s: %llu, expected %llu\n", what[k], Case::name.data(),
                  static_cast<unsigned long long>(got[k]), static_cast<unsigned long long>(sum));
      ++failures;
    }
  }
}

}  // namespace

int main() {
#define XLAYOUT_RUN(Case) run<bench::Case>(sum_tensor_##Case, sum_hand_##Case, sum_cute_##Case)
  XLAYOUT_RUN(row_major);
  XLAYOUT_RUN(column_major);
  XLAYOUT_RUN(permuted_3d);
  XLAYOUT_RUN(tiled_2x2);
  XLAYOUT_RUN(tiled_8x128);
  XLAYOUT_RUN(tiled_bf16);
  XLAYOUT_RUN(combined);
  XLAYOUT_RUN(padded);
  std::printf(failures ? "%d loops gave a wrong sum\n" : "every loop gave the buffer's sum\n", failures);
  return failures != 0;
}
