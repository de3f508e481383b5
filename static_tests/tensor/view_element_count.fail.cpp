// expect-error: \[xlayout:view_element_count\]
// The mistake: a reshape to extents that hold a different number of elements (36, not 32).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) { return xlayout::reshape<4, 9>(xlayout::Tensor<"f32[4,8]">(p))(1, 2); }
