// expect-stderr: ^\[xlayout:view_invalid_dimensions\] broadcast: extent -2 of the view's dimension 0, outside \[0, 2\^32\) at .*view\.hpp:[0-9]+
// The default handler when a broadcast's new '?' extent, given at run time, is outside [0, 2^32): the id,
// the extent and the view's dimension it is for.
#define XLAYOUT_ENABLE_ASSERTS 1
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>

int main(int argc, char**) {
  float buffer[4]{};
  const xlayout::Tensor<"f32[4]"> t(buffer);
  const auto v = xlayout::broadcast<xlayout::Extents<xlayout::dyn, 4>, 1>(t, xlayout::index_t{-1} - argc);
  return static_cast<int>(v.size() % 7);
}
