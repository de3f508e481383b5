// expect-stderr: ^\[xlayout:view_size_overflow\] precondition: broadcast<.* at .*view\.hpp:[0-9]+
// The default handler when a broadcast's '?' extents, each below 2^32 as a view requires, multiply past
// int64: (2^32 - 1)^2 * 3 positions, known only when the view is built.
#define XLAYOUT_ENABLE_ASSERTS 1
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>

int main(int argc, char**) {
  float buffer[3]{};
  const xlayout::Tensor<"f32[3]"> t(buffer);
  const xlayout::index_t n = 4294967294 + argc;  // 2^32 - 1, known only at run time
  const auto v = xlayout::broadcast<xlayout::Extents<xlayout::dyn, xlayout::dyn, 3>, 2>(t, n, n);
  return static_cast<int>(v.size() % 7);
}
