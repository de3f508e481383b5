// expect-error: \[xlayout:invalid_index_type\]
// The mistake: a comparison (a bool) as an index.
#include <xlayout/tensor.hpp>
float read(float* p, int i, int n) { return xlayout::Tensor<"f32[3,5]">(p)(i < n, 1); }
