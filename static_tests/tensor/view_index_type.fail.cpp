// expect-error: \[xlayout:invalid_index_type\]
// The mistake: a double as an index of a view (as of a Tensor: one error naming the id, not a list of
// candidates).
#include <xlayout/tensor.hpp>
float read(float* p, double x) { return xlayout::transpose<1, 0>(xlayout::Tensor<"f32[3,5]">(p))(x, 1); }
