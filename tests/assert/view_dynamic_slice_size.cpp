// expect-stderr: ^\[xlayout:view_invalid_slice\] dimension 0: extent 5, below 6 \(a Slice's limit or a dynamic_slice's size\) at .*view\.hpp:[0-9]+
// The default handler when a dynamic_slice's size is above a '?' extent known only at run time (6 rows of a
// tensor of 5): the id, the dimension, its extent and the size.
#define XLAYOUT_ENABLE_ASSERTS 1
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>

int main(int argc, char**) {
  float buffer[5 * 8]{};
  const xlayout::Tensor<"f32[?,8]"> t(buffer, argc + 4);  // 5 rows, known only at run time
  const auto v = xlayout::dynamic_slice<6, 8>(t, 0, 0);
  return static_cast<int>(v.size() % 7);
}
