// expect-error: \[xlayout:for_each_callback\]
// The mistake: a callback whose element type is not the view's (bf16 elements are xlayout::bf16_bits).
#include <xlayout/tensor.hpp>
void fill(xlayout::bf16_bits* p) {
  xlayout::for_each(xlayout::transpose<1, 0>(xlayout::Tensor<"bf16[4,8]">(p)), [](float& x) { x = 0; });
}
