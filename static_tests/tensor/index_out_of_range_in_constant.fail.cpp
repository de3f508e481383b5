// expect-error: non-.*constexpr.* function .*index_out_of_range
// The mistake: an index outside its dimension while evaluating a constant expression.
#include <xlayout/tensor.hpp>
constexpr xlayout::index_t offset = xlayout::Tensor<"f32[3,5]{1,0:T(2,2)}">::mapping_type{}(3, 0);
