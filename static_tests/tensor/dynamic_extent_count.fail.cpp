// expect-error: \[xlayout:dynamic_extent_count\]
// The mistake: the '?' extent is not given to the constructor.
#include <xlayout/tensor.hpp>
xlayout::Tensor<"f32[?,5]"> view(float* p) { return xlayout::Tensor<"f32[?,5]">(p); }
