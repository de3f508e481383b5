// expect-error: \[xlayout:index_rank_mismatch\]
// The mistake: three indices for a rank-2 tensor spelled with Extents and Layout<1, 0, T(2, 2)>.
#include <xlayout/tensor.hpp>
using namespace xlayout;
float element(float* p) { return Tensor<F32, Extents<3, 5>, Layout<1, 0, T(2, 2)>>(p)(1, 2, 0); }
