// bench/callgrind/split_groups.cpp: the accessor of layouts whose tile splits a '*' group across its members'
// digits, beside hand-written index arithmetic and beside linear_index (what that accessor called until the
// index program read the merged group back: tensor_mapping::compiled()). Each loop sums every element in
// row-major order with signed int64 indices, in its own never-inlined, flattened function, so that callgrind
// counts it whole (bench/callgrind/split_groups.sh). It checks every sum too (CTest bench.split_groups).
#include <cstdint>
#include <cstdio>
#include <vector>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/tensor.hpp>

using xlayout::index_t;
using sum_t = std::uint64_t;

// XLA's "Tiled layout" example: f32[112,110] (rows 56 e0 + 8 e1 + e2, columns 10 e3 + e4) tiled by (2,3),
// tiled shape [56,37,2,3]; the 3 splits the group (11, 10).
using groups_tensor = xlayout::ConstTensor<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">;
constexpr xlayout::shape groups_shape = xlayout::shape_v<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">;
// Rows of 999 merged with the row index, cut by 4: row-major with tail padding.
using rows_tensor = xlayout::ConstTensor<"f32[1000,999]{1,0:T(*,4)}">;
constexpr xlayout::shape rows_shape = xlayout::shape_v<"f32[1000,999]{1,0:T(*,4)}">;
static_assert(groups_tensor::mapping_type::compiled() && rows_tensor::mapping_type::exact);

// The loop nests, each element read by `at` (inlined: the functions below are flattened).
template <class At>
sum_t sum_groups(At at) {
  sum_t s = 0;
  for (index_t a = 0; a < 2; ++a)
    for (index_t b = 0; b < 7; ++b)
      for (index_t c = 0; c < 8; ++c)
        for (index_t d = 0; d < 11; ++d)
          for (index_t e = 0; e < 10; ++e) s += static_cast<sum_t>(at(a, b, c, d, e));
  return s;
}
template <class At>
sum_t sum_rows(At at) {
  sum_t s = 0;
  for (index_t i = 0; i < 1000; ++i)
    for (index_t j = 0; j < 999; ++j) s += static_cast<sum_t>(at(i, j));
  return s;
}

extern "C" [[gnu::noinline, gnu::flatten]] sum_t sum_tensor_groups(const float* p) {
  const groups_tensor t(p);
  return sum_groups([&](index_t a, index_t b, index_t c, index_t d, index_t e) { return t(a, b, c, d, e); });
}
extern "C" [[gnu::noinline, gnu::flatten]] sum_t sum_hand_groups(const float* p) {
  return sum_groups([p](index_t a, index_t b, index_t c, index_t d, index_t e) {
    const index_t r = 56 * a + 8 * b + c, col = 10 * d + e;
    return p[(r / 2 * 37 + col / 3) * 6 + r % 2 * 3 + col % 3];
  });
}
extern "C" [[gnu::noinline, gnu::flatten]] sum_t sum_linear_index_groups(const float* p) {
  return sum_groups([p](index_t a, index_t b, index_t c, index_t d, index_t e) {
    return p[xlayout::linear_index(groups_shape, {a, b, c, d, e})];
  });
}
// The same layout known only at run time (make_runtime_tensor from the parsed text): its mapping merges the
// groups (runtime_mapping::merges_dimensions) and takes the general path.
extern "C" [[gnu::noinline, gnu::flatten]] sum_t sum_runtime_groups(
    const xlayout::runtime_tensor<const float, 5>& t) {
  return sum_groups([&](index_t a, index_t b, index_t c, index_t d, index_t e) { return t(a, b, c, d, e); });
}
// Every element in memory order: the static for_each (the merged shape's walk) and the run-time one.
extern "C" [[gnu::noinline, gnu::flatten]] sum_t sum_for_each_groups(const float* p) {
  sum_t s = 0;
  xlayout::for_each(groups_tensor(p), [&s](const auto&, float x) { s += static_cast<sum_t>(x); });
  return s;
}
extern "C" [[gnu::noinline, gnu::flatten]] sum_t sum_runtime_for_each_groups(
    const xlayout::runtime_tensor<const float, 5>& t) {
  sum_t s = 0;
  xlayout::for_each(t, [&s](const auto&, float x) { s += static_cast<sum_t>(x); });
  return s;
}
extern "C" [[gnu::noinline, gnu::flatten]] sum_t sum_tensor_rows(const float* p) {
  const rows_tensor t(p);
  return sum_rows([&](index_t i, index_t j) { return t(i, j); });
}
extern "C" [[gnu::noinline, gnu::flatten]] sum_t sum_hand_rows(const float* p) {
  return sum_rows([p](index_t i, index_t j) { return p[i * 999 + j]; });
}
extern "C" [[gnu::noinline, gnu::flatten]] sum_t sum_linear_index_rows(const float* p) {
  return sum_rows([p](index_t i, index_t j) { return p[xlayout::linear_index(rows_shape, {i, j})]; });
}

namespace {
// A buffer whose element with row-major id k holds k % 1000 (padding 0), placed by the brute-force rule of
// each layout written out here, and the expected sum.
sum_t fill(std::vector<float>& buf, index_t count, index_t (*slot)(index_t)) {
  sum_t want = 0;
  for (index_t k = 0; k < count; ++k) {
    buf[static_cast<std::size_t>(slot(k))] = static_cast<float>(k % 1000);
    want += static_cast<sum_t>(k % 1000);
  }
  return want;
}
int check(const char* what, sum_t got, sum_t want) {
  if (got == want) return 0;
  std::printf("%s: %llu, expected %llu\n", what, static_cast<unsigned long long>(got),
              static_cast<unsigned long long>(want));
  return 1;
}
}  // namespace

int main() {
  int failures = 0;
  std::vector<float> groups(static_cast<std::size_t>(56 * 37 * 6));
  const sum_t g = fill(groups, 12320, [](index_t k) {  // k = row-major id over [2,7,8,11,10] = r * 110 + col
    const index_t r = k / 110, col = k % 110;
    return (r / 2 * 37 + col / 3) * 6 + r % 2 * 3 + col % 3;
  });
  failures += check("sum_tensor_groups", sum_tensor_groups(groups.data()), g);
  failures += check("sum_hand_groups", sum_hand_groups(groups.data()), g);
  failures += check("sum_linear_index_groups", sum_linear_index_groups(groups.data()), g);
  const auto runtime =
      xlayout::make_runtime_tensor<5>(static_cast<const float*>(groups.data()), groups_shape);
  if (!runtime) {
    std::printf("make_runtime_tensor: %.*s\n", static_cast<int>(xlayout::describe(runtime.error()).size()),
                xlayout::describe(runtime.error()).data());
    return 1;
  }
  failures += check("sum_runtime_groups", sum_runtime_groups(*runtime), g);
  failures += check("sum_for_each_groups", sum_for_each_groups(groups.data()), g);
  failures += check("sum_runtime_for_each_groups", sum_runtime_for_each_groups(*runtime), g);
  std::vector<float> rows(999000);
  const sum_t r = fill(rows, 999000, [](index_t k) { return k; });
  failures += check("sum_tensor_rows", sum_tensor_rows(rows.data()), r);
  failures += check("sum_hand_rows", sum_hand_rows(rows.data()), r);
  failures += check("sum_linear_index_rows", sum_linear_index_rows(rows.data()), r);
  if (failures == 0) std::printf("every loop of the two layouts returns the buffer's sum\n");
  return failures == 0 ? 0 : 1;
}
