// expect-stderr: ^\[xlayout:index_out_of_range\] index \(0, -1\) is outside the extents \(7, 256\) at .*mapping
// The default handler with a dynamic extent: the extents printed are the run-time ones.
#define XLAYOUT_ENABLE_ASSERTS 1
#include <xlayout/tensor.hpp>

int main(int argc, char**) {
  static xlayout::bf16_bits buffer[8 * 256]{};
  const xlayout::Tensor<"bf16[?,256]{1,0:T(8,128)(2,1)}"> t(buffer, argc + 6);
  return static_cast<int>(t(0, -argc).bits);
}
