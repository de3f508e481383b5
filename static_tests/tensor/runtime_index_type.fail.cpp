// expect-error: \[xlayout:invalid_index_type\]
// The mistake: a double as an index of a runtime_tensor.
#include <xlayout/tensor.hpp>
float read(const xlayout::runtime_tensor<float, 2>& t, double x) { return t(x, 1); }
