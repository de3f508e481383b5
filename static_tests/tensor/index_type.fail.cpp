// expect-error: \[xlayout:invalid_index_type\]
// The mistake: a double as an index.
#include <xlayout/tensor.hpp>
float read(float* p, double x) { return xlayout::Tensor<"f32[3,5]">(p)(x, 1); }
