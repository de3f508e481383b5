// expect-stderr: ^\[xlayout:view_invalid_slice\] precondition: slice: give one Slice<.* at .*view\.hpp:[0-9]+
// The default handler when a run-time slice does not fit its dimension (limit 6 > extent 5, known only at
// run time): the id and the rule, where the message was only the id before (audit).
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
