// expect-error: \[xlayout:negative_dimension\]
// max-lines: 16
// The mistake: reshape to negative extents. Extents<-2, -16> reports it; the reshape adds nothing (it added
// view_element_count on g++, and four "must be initialized by a constant expression" errors on clang).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float first(float* p) {
  const xlayout::Tensor<"f32[4,8]"> t(p);
  return xlayout::reshape<-2, -16>(t)(0, 0);
}
