// expect-error: \[xlayout:index_rank_mismatch\]
// The mistake: an index array of three indices for a rank-2 tensor.
#include <xlayout/tensor.hpp>
float read(float* p) { return xlayout::Tensor<"f32[3,5]{1,0:T(2,2)}">(p)(xlayout::index_array<3>{}); }
