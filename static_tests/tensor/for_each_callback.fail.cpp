// expect-error: \[xlayout:for_each_callback\]
// The mistake: the callback's parameters in the wrong order, (element, index).
#include <xlayout/tensor.hpp>
void fill(float* p) {
  xlayout::for_each(xlayout::Tensor<"f32[3,5]{1,0:T(2,2)}">(p),
                    [](float& x, xlayout::index_array<2> i) { x = float(i[0]); });
}
