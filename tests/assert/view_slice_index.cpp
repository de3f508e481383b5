// expect-stderr: ^\[xlayout:view_invalid_slice\] dimension 0: index 4 outside the extent 3 at .*view\.hpp:[0-9]+
// The default handler when a slice's integer index, known only at run time, is outside its dimension: the
// id, the dimension, the index and the extent.
#define XLAYOUT_ENABLE_ASSERTS 1
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>

int main(int argc, char**) {
  float buffer[15]{};
  const xlayout::Tensor<"f32[3,5]"> t(buffer);
  const xlayout::index_t row = 3 + argc;  // 4: past the 3 rows
  const auto v = xlayout::slice(t, row, xlayout::Slice<0, 5>{});
  return static_cast<int>(v.size() % 7);
}
