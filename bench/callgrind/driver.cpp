// bench/callgrind/driver.cpp: the loops of bench/runtime/kernels.hpp as separate, never-inlined functions
// with plain names (sum_tensor_tiled_2x2, sum_hand_tiled_2x2, ...), each run once, so that callgrind counts
// the instructions of each (bench/callgrind/instructions.sh). Each function is flattened (everything it calls
// is inlined into it), so its own count is the whole loop's. It also checks that every loop returns the
// buffer's sum, so it is a test of the benchmark kernels as well (CTest bench.callgrind_driver).
#include <cstdio>
#include <vector>

#define BENCH_LOOP  // the loops are inlined into the wrappers below, which callgrind counts
#include "../runtime/kernels.hpp"

#define XLAYOUT_BENCH_KERNELS(Case)                                                         \
  XLAYOUT_BENCH_TENSOR_AND_HAND(Case)                                                       \
  extern "C" [[gnu::noinline, gnu::flatten]] bench::sum_t sum_runtime_##Case(               \
      const bench::element_t<bench::Case>* p, const xlayout::shape* s) {                    \
    return bench::sum_runtime<bench::Case>(p, *s);                                          \
  }                                                                                         \
  extern "C" [[gnu::noinline, gnu::flatten]] bench::sum_t sum_layout_value_##Case(          \
      const bench::runtime_tensor_t<bench::Case>* t) {                                      \
    return bench::sum_layout_value<bench::Case>(*t);                                        \
  }                                                                                         \
  extern "C" [[gnu::noinline, gnu::flatten]] bench::sum_t sum_layout_visit_##Case(          \
      const bench::runtime_tensor_t<bench::Case>* t) {                                      \
    return bench::sum_layout_visit<bench::Case>(*t);                                        \
  }                                                                                         \
  extern "C" [[gnu::noinline, gnu::flatten]] bench::sum_t sum_layout_value_for_each_##Case( \
      const bench::runtime_tensor_t<bench::Case>* t) {                                      \
    return bench::sum_layout_value_for_each<bench::Case>(*t);                               \
  }                                                                                         \
  extern "C" [[gnu::noinline, gnu::flatten]] bench::sum_t sum_for_each_##Case(              \
      const bench::element_t<bench::Case>* p) {                                             \
    return bench::sum_for_each<bench::Case>(bench::const_tensor_t<bench::Case>(p));         \
  }                                                                                         \
  extern "C" [[gnu::noinline, gnu::flatten]] bench::sum_t sum_index_for_each_##Case(        \
      const bench::element_t<bench::Case>* p) {                                             \
    return bench::sum_index_for_each<bench::Case>(bench::const_tensor_t<bench::Case>(p));   \
  }                                                                                         \
  extern "C" [[gnu::noinline, gnu::flatten]] bench::sum_t sum_layout_index_for_each_##Case( \
      const bench::runtime_tensor_t<bench::Case>* t) {                                      \
    return bench::sum_layout_index_for_each<bench::Case>(*t);                               \
  }                                                                                         \
  extern "C" [[gnu::noinline, gnu::flatten]] bench::sum_t sum_element_for_each_##Case(      \
      const bench::element_t<bench::Case>* p) {                                             \
    return bench::sum_element_for_each<bench::Case>(bench::const_tensor_t<bench::Case>(p)); \
  }                                                                                         \
  extern "C" [[gnu::noinline, gnu::flatten]] bench::sum_t sum_layout_element_for_each_##Case( \
      const bench::runtime_tensor_t<bench::Case>* t) {                                        \
    return bench::sum_layout_element_for_each<bench::Case>(*t);                               \
  }

XLAYOUT_BENCH_KERNELS(row_major)
XLAYOUT_BENCH_KERNELS(column_major)
XLAYOUT_BENCH_KERNELS(permuted_3d)
XLAYOUT_BENCH_KERNELS(tiled_2x2)
XLAYOUT_BENCH_KERNELS(tiled_8x128)
XLAYOUT_BENCH_KERNELS(tiled_bf16)
XLAYOUT_BENCH_KERNELS(combined)
XLAYOUT_BENCH_KERNELS(padded)

namespace {

int failures = 0;

void expect(const char* what, const char* layout, bench::sum_t got, bench::sum_t want) {
  if (got != want) {
    std::printf("%s_%s: %llu, expected %llu\n", what, layout, static_cast<unsigned long long>(got),
                static_cast<unsigned long long>(want));
    ++failures;
  }
}

template <class Case>
void run(const char* id, bench::sum_t (*tensor)(const bench::element_t<Case>*),
         bench::sum_t (*hand)(const bench::element_t<Case>*),
         bench::sum_t (*runtime)(const bench::element_t<Case>*, const xlayout::shape*),
         bench::sum_t (*walk)(const bench::element_t<Case>*),
         bench::sum_t (*value)(const bench::runtime_tensor_t<Case>*),
         bench::sum_t (*value_visit)(const bench::runtime_tensor_t<Case>*),
         bench::sum_t (*value_walk)(const bench::runtime_tensor_t<Case>*),
         bench::sum_t (*index_walk)(const bench::element_t<Case>*),
         bench::sum_t (*value_index_walk)(const bench::runtime_tensor_t<Case>*),
         bench::sum_t (*element_walk)(const bench::element_t<Case>*),
         bench::sum_t (*value_element_walk)(const bench::runtime_tensor_t<Case>*)) {
  std::vector<bench::element_t<Case>> buffer(
      static_cast<std::size_t>(typename Case::tensor().required_span_size()));
  const bench::sum_t sum = bench::fill<Case>(buffer.data());
  const auto shape = xlayout::parse_shape(Case::text);
  if (!shape) {
    std::printf("%s does not parse\n", Case::text.data());
    ++failures;
    return;
  }
  expect("sum_tensor", id, tensor(buffer.data()), sum);
  expect("sum_hand", id, hand(buffer.data()), sum);
  expect("sum_runtime", id, runtime(buffer.data(), &*shape), sum);
  expect("sum_for_each", id, walk(buffer.data()), sum);
  const bench::sum_t weighted = bench::weighted_sum<Case>(buffer.data());
  expect("sum_index_for_each", id, index_walk(buffer.data()), weighted);
  expect("sum_element_for_each", id, element_walk(buffer.data()), sum);
  const auto rt =
      xlayout::make_runtime_tensor<bench::rank_v<Case>, const bench::element_t<Case>>(buffer.data(), *shape);
  if (!rt) {
    std::printf("make_runtime_tensor(%s) failed\n", Case::text.data());
    ++failures;
    return;
  }
  expect("sum_layout_value", id, value(&*rt), sum);
  expect("sum_layout_visit", id, value_visit(&*rt), sum);
  expect("sum_layout_value_for_each", id, value_walk(&*rt), sum);
  expect("sum_layout_index_for_each", id, value_index_walk(&*rt), weighted);
  expect("sum_layout_element_for_each", id, value_element_walk(&*rt), sum);
}

}  // namespace

#define XLAYOUT_RUN(Case)                                                                              \
  run<bench::Case>(#Case, sum_tensor_##Case, sum_hand_##Case, sum_runtime_##Case, sum_for_each_##Case, \
                   sum_layout_value_##Case, sum_layout_visit_##Case, sum_layout_value_for_each_##Case, \
                   sum_index_for_each_##Case, sum_layout_index_for_each_##Case,                       \
                   sum_element_for_each_##Case, sum_layout_element_for_each_##Case)

int main() {
  XLAYOUT_RUN(row_major);
  XLAYOUT_RUN(column_major);
  XLAYOUT_RUN(permuted_3d);
  XLAYOUT_RUN(tiled_2x2);
  XLAYOUT_RUN(tiled_8x128);
  XLAYOUT_RUN(tiled_bf16);
  XLAYOUT_RUN(combined);
  XLAYOUT_RUN(padded);
  if (failures == 0) std::printf("every loop of the 8 layouts returns the buffer's sum\n");
  return failures == 0 ? 0 : 1;
}
