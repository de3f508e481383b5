// expect-error: \[xlayout:view_dynamic_extents\]
// The mistake: a bitcast of a tensor with a '?' extent (whether it is a bitcast depends on the extent).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p, long rows) {
  return xlayout::bitcast<"f32[2,4,8]{2,1,0}">(xlayout::Tensor<"f32[?,8]">(p, rows))(1, 2, 3);
}
