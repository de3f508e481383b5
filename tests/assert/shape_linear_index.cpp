// expect-stderr: ^\[xlayout:index_out_of_range\] index \(2, 5\) is outside the extents \(3, 5\) at .*shape
// The default handler on Shape<...>::linear_index called with a run-time index outside the shape.
#define XLAYOUT_ENABLE_ASSERTS 1
#include <xlayout/static/shape.hpp>

int main(int argc, char**) {
  return static_cast<int>(xlayout::Shape<"f32[3,5]{1,0}">::linear_index(2, argc + 4));
}
