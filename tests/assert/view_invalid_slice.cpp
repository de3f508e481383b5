// expect-stderr: ^\[xlayout:view_invalid_slice\] dimension 1: runtime_slice\{0, 6, 1\} with extent 5 \(0 <= start <= limit <= extent, stride >= 1\) at .*view\.hpp:[0-9]+
// The default handler when a run-time slice does not fit its dimension (limit 6 > extent 5, known only at
// run time): the id, the dimension, the slice and the extent (the id and the rule before).
#define XLAYOUT_ENABLE_ASSERTS 1
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>

int main(int argc, char**) {
  float buffer[15]{};
  const xlayout::Tensor<"f32[3,5]"> t(buffer);
  const xlayout::index_t limit = 5 + argc;
  const auto v = xlayout::slice(t, xlayout::Slice<0, 3>{}, xlayout::runtime_slice{0, limit, 1});
  return static_cast<int>(v.size() % 7);
}
