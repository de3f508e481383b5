// expect-error: \[xlayout:view_not_a_permutation\]
// The mistake: a transpose whose dimensions are not a permutation (0 twice, 1 missing).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) { return xlayout::transpose<0, 0>(xlayout::Tensor<"f32[4,8]{1,0:T(2,4)}">(p))(1, 2); }
