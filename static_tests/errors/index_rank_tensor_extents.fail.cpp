// expect-error: \[xlayout:index_rank_mismatch\]
// The mistake: one index for a rank-2 tensor spelled with Extents and the default layout, through [].
#include <xlayout/tensor.hpp>
using namespace xlayout;
float element(float* p) { return Tensor<F32, Extents<3, 5>>(p)[1]; }
