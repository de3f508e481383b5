// expect-error: \[xlayout:view_dynamic_extents\]
// The mistake: a reshape that merges a '?' extent with a static one (f32[?,8] as [?]: the '?' of the view
// would be 8 times the tensor's; views compose their maps at compile time, so a '?' extent must map through
// a reshape unchanged).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p, long rows) {
  return xlayout::reshape<xlayout::dyn>(xlayout::Tensor<"f32[?,8]">(p, rows))(1);
}
