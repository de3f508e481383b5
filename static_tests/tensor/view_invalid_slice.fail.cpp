// expect-error: \[xlayout:view_invalid_slice\]
// The mistake: a slice whose limit (9) is past the extent (4).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) {
  return xlayout::slice(xlayout::Tensor<"f32[4,8]">(p), xlayout::Slice<0, 9>{}, xlayout::Slice<0, 8>{})(1, 2);
}
