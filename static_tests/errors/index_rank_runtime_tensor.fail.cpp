// expect-error: \[xlayout:index_rank_mismatch\]
// The mistake: one index for a runtime_tensor of static rank 2 (its layout known at run time).
#include <xlayout/tensor/runtime_tensor.hpp>
float first(const xlayout::runtime_tensor<float, 2>& t) { return t(1); }
