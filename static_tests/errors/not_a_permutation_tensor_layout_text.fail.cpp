// expect-error: \[xlayout:not_a_permutation\]
// expect-error: error_at_column<xlayout::error_id::not_a_permutation, 0>
// The mistake: Layout<"{1,1}"> for a rank-2 tensor; then one use of the type.
// Column 0: Layout<"..."> checks the layout rules after parsing, without positions.
#include <xlayout/tensor.hpp>
using namespace xlayout;
float element(float* p) { return Tensor<F32, Extents<3, 5>, Layout<"{1,1}">>(p)(1, 2); }
