// expect-error: \[xlayout:view_invalid_slice\]
// expect-error: error_at_column<xlayout::error_id::view_invalid_slice, 2>
// The mistake: dynamic_slice's size for dimension 1 (9) is above its extent (8). The note names the
// dimension plus one.
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p, xlayout::index_t i, xlayout::index_t j) {
  return xlayout::dynamic_slice<2, 9>(xlayout::Tensor<"f32[4,8]{1,0:T(8,128)}">(p), i, j)(0, 0);
}
