// static_tests/layout/rank_12.pass.cpp: ranks 11 and 12 (the ranks of the operands of XLA's gather and
// scatter tests) fit the default XLAYOUT_MAX_RANK. Expected linear indices come from a brute-force stride
// computation in this file, not from the library.
#include <cstddef>
#include <xlayout/layout.hpp>

using namespace xlayout;

static_assert(XLAYOUT_MAX_RANK >= 12);

// The dense linear index of `index` in `dims` laid out with `minor_to_major`: sum of index * stride, the
// stride of a dimension being the product of the sizes of the dimensions more minor than it.
template <std::size_t N>
constexpr index_t brute_force(const index_t (&dims)[N], const int (&minor_to_major)[N],
                              const index_t (&index)[N]) {
  index_t linear = 0, stride = 1;
  for (std::size_t k = 0; k < N; ++k) {
    linear += index[minor_to_major[k]] * stride;
    stride *= dims[minor_to_major[k]];
  }
  return linear;
}

constexpr index_t dims11[] = {2, 3, 1, 2, 2, 1, 3, 2, 1, 2, 3};
constexpr int m2m11[] = {10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
constexpr index_t at11[] = {1, 2, 0, 1, 0, 0, 2, 1, 0, 1, 2};
static_assert(Shape<"f32[2,3,1,2,2,1,3,2,1,2,3]">::linear_index(1, 2, 0, 1, 0, 0, 2, 1, 0, 1, 2) ==
              brute_force(dims11, m2m11, at11));

constexpr index_t dims12[] = {2, 3, 1, 2, 2, 1, 3, 2, 1, 2, 3, 4};
constexpr int m2m12[] = {0, 11, 1, 10, 2, 9, 3, 8, 4, 7, 5, 6};
constexpr index_t at12[] = {1, 2, 0, 1, 1, 0, 2, 1, 0, 1, 2, 3};
static_assert(Shape<"s8[2,3,1,2,2,1,3,2,1,2,3,4]{0,11,1,10,2,9,3,8,4,7,5,6}">::linear_index(
                  1, 2, 0, 1, 1, 0, 2, 1, 0, 1, 2, 3) == brute_force(dims12, m2m12, at12));
static_assert(Shape<"s8[2,3,1,2,2,1,3,2,1,2,3,4]{0,11,1,10,2,9,3,8,4,7,5,6}">::required_span_size() ==
              2 * 3 * 1 * 2 * 2 * 1 * 3 * 2 * 1 * 2 * 3 * 4);
// The text of a rank-12 shape prints back as it was written.
static_assert(to_string(shape_v<"s8[2,3,1,2,2,1,3,2,1,2,3,4]{0,11,1,10,2,9,3,8,4,7,5,6}">).view() ==
              "s8[2,3,1,2,2,1,3,2,1,2,3,4]{0,11,1,10,2,9,3,8,4,7,5,6}");
// A rank-12 tile is within the capacity too.
static_assert(is_valid_shape("f32[8]{0:T(1,1,1,1,1,1,1,1,1,1,1,2)}"));
