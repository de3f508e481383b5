// expect-error: \[xlayout:index_rank_mismatch\]
// The mistake: one index for a rank-2 tensor, in the text spelling. One error that names the rank.
#include <xlayout/tensor.hpp>
float element(float* p) { return xlayout::Tensor<"f32[3,5]">(p)(1); }
