// expect-error: \[xlayout:view_invalid_dimensions\]
// The mistake: a broadcast that sends the tensor's dimension (extent 8) to a view dimension of extent 3.
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) {
  return xlayout::broadcast<xlayout::Extents<3, 8>, 0>(xlayout::Tensor<"f32[8]">(p))(1, 2);
}
