// expect-error: \[xlayout:index_out_of_range\]
// The mistake: a compile-time index outside the view's dimension (the transposed view is 8 x 4).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) {
  return xlayout::transpose<1, 0>(xlayout::Tensor<"f32[4,8]">(p))(std::integral_constant<int, 0>{},
                                                                  std::integral_constant<int, 4>{});
}
