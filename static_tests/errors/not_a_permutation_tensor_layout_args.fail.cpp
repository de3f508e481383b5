// expect-error: \[xlayout:not_a_permutation\]
// The mistake: Layout<1, 1> for a rank-2 tensor; then one use of the type.
#include <xlayout/tensor.hpp>
using namespace xlayout;
float element(float* p) { return Tensor<F32, Extents<3, 5>, Layout<1, 1>>(p)(1, 2); }
