// expect-error: \[xlayout:not_a_permutation\]
// The mistake: a layout that lists dimension 1 twice, in the Tensor's text.
#include <xlayout/tensor.hpp>
xlayout::Tensor<"f32[3,5]{1,1}"> bad;
