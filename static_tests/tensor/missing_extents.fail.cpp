// expect-error: \[xlayout:tensor_arguments\]
// The mistake: an element type without extents.
#include <xlayout/tensor.hpp>
xlayout::Tensor<xlayout::F32> bad;
