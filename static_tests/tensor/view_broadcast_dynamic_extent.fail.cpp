// expect-error: \[xlayout:view_invalid_dimensions\] xlayout::broadcast: give one run-time extent per new '\?'
// The mistake: a broadcast to a new '?' dimension without its run-time extent (fixed: broadcast<...>(t, n)).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) {
  return xlayout::broadcast<xlayout::Extents<xlayout::dyn, 8>, 1>(xlayout::Tensor<"f32[8]">(p))(1, 2);
}
