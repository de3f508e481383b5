// expect-error: \[xlayout:tensor_data_type\]
// The mistake: a double* for an f32 tensor: one error naming the id, not the list of constructors.
#include <xlayout/tensor.hpp>
float read(double* p) { return xlayout::Tensor<"f32[3,5]">(p)(2, 3); }
