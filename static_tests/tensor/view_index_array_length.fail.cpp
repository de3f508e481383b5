// expect-error: \[xlayout:index_rank_mismatch\]
// The mistake: a std::array of three indices for a rank-2 view.
#include <array>
#include <xlayout/tensor.hpp>
float read(float* p) {
  return xlayout::transpose<1, 0>(xlayout::Tensor<"f32[3,5]{1,0:T(2,2)}">(p))(std::array<int, 3>{0, 0, 0});
}
