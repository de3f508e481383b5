// expect-error: \[xlayout:bounded_dimension\]
// The mistake: a bounded dynamic dimension; a Tensor takes a static size or '?'.
#include <xlayout/tensor.hpp>
xlayout::Tensor<"f32[<=8,5]"> bad;
