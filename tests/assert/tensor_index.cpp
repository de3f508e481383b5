// expect-stderr: ^\[xlayout:index_out_of_range\] index \(3, 1\) is outside the extents \(3, 5\) at .*mapping\.hpp:[0-9]
// The default handler on a tensor access outside the extents: the id, the whole index, the extents, the
// place of the check (file:line), then abort().
#define XLAYOUT_ENABLE_ASSERTS 1
#include <xlayout/tensor.hpp>

int main(int argc, char**) {
  float buffer[24]{};
  const xlayout::Tensor<"f32[3,5]{1,0:T(2,2)}"> t(buffer);
  const int row = argc + 2;  // 3: one past the last row, known only at run time
  return static_cast<int>(t(row, 1));
}
