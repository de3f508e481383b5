// expect-error: \[xlayout:tensor_data_type\]
// The mistake: const data for a mutable Tensor (a ConstTensor takes it).
#include <xlayout/tensor.hpp>
float read(const float* p) { return xlayout::Tensor<"f32[3,5]">(p)(2, 3); }
