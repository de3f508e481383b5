// expect-error: \[xlayout:index_out_of_range\]
// The mistake: a compile-time index outside its dimension (row 3 of a 3-row tensor) is a compile error.
#include <xlayout/tensor.hpp>
float element(float* p) {
  return xlayout::Tensor<"f32[3,5]{1,0:T(2,2)}">(p)(std::integral_constant<int, 3>{}, 0);
}
