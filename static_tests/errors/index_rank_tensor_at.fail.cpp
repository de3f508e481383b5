// expect-error: \[xlayout:index_rank_mismatch\]
// The mistake: one index for a rank-2 tensor in the checked accessor at().
#include <xlayout/tensor.hpp>
bool inside(float* p) { return xlayout::Tensor<"f32[3,5]">(p).at(1).has_value(); }
