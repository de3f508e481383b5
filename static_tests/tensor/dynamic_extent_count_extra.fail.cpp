// expect-error: \[xlayout:dynamic_extent_count\]
// The mistake: two sizes for one '?' extent: one error (the Extents constructor that the count would then
// call is not reached; it gave a second error and 54 lines).
#include <xlayout/tensor.hpp>
xlayout::Tensor<"f32[?,5]"> view(float* p) { return xlayout::Tensor<"f32[?,5]">(p, 3, 4); }
