// expect-error: \[xlayout:not_a_permutation\]
// expect-error: error_at_column<xlayout::error_id::not_a_permutation, 12>
// The mistake: minor_to_major names dimension 1 twice, in the Tensor's text; then one use of the type.
#include <xlayout/tensor.hpp>
float element(float* p) { return xlayout::Tensor<"f32[3,5]{1,1}">(p)(1, 2); }
