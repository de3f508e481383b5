// expect-error: \[xlayout:view_dynamic_extents\]
// The mistake: a reshape that would split a '?' extent (f32[?,8] as [?,2,8]: 2 would have to divide it).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p, long rows) {
  return xlayout::reshape<xlayout::dyn, 2, 8>(xlayout::Tensor<"f32[?,8]">(p, rows))(1, 1, 3);
}
