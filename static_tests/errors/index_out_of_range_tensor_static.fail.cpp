// expect-error: \[xlayout:index_out_of_range\]
// The mistake: a compile-time index (std::integral_constant) outside its dimension.
#include <xlayout/tensor.hpp>
float element(float* p) {
  return xlayout::Tensor<"f32[3,5]{1,0:T(2,2)}">(p)(std::integral_constant<int, 3>{}, 0);
}
