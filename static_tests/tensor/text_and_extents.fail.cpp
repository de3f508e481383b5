// expect-error: \[xlayout:tensor_arguments\]
// The mistake: shape text already has its extents; extra arguments are not allowed.
#include <xlayout/tensor.hpp>
xlayout::Tensor<"f32[3,5]", xlayout::Extents<3, 5>> bad;
