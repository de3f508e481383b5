// expect-error: \[xlayout:view_map_out_of_range\]
// The mistake: a map_view whose arithmetic may leave int64 inside its domain: a stride symbol bounded only by
// 2^62 times d0 up to 3, although the mod brings every result back inside the tensor. The lowered arithmetic
// would wrap around.
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p, xlayout::index_t stride) {
  return xlayout::map_view<xlayout::IndexingMap<
      "(d0)[s0] -> ((d0 * s0) mod 4), domain: d0 in [0, 3], s0 in [1, 4611686018427387904]">>(
      xlayout::Tensor<"f32[4]">(p))(1, stride);
}
