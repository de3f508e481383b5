// expect-error: \[xlayout:view_not_a_bitcast\]
// The mistake: a bitcast that moves elements (f32[4,8]{0,1} read as f32[8,4]{1,0} is a transpose, and its
// row-major order differs).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) {
  return xlayout::bitcast<"f32[8,4]{1,0}">(xlayout::Tensor<"f32[4,8]{0,1}">(p))(1, 2);
}
