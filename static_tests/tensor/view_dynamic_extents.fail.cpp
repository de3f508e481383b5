// expect-error: \[xlayout:view_dynamic_extents\]
// The mistake: a view of a tensor with a '?' extent (views compose their maps at compile time).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p, long rows) {
  return xlayout::transpose<1, 0>(xlayout::Tensor<"f32[?,8]">(p, rows))(1, 2);
}
