// expect-stderr: ^\[xlayout:view_map_out_of_range\] map_view: result 0 reaches 7, outside the extent 7 at .*view\.hpp:[0-9]+
// The default handler when a map_view's results do not fit a '?' extent known only when the view is built:
// the map reads rows 0 to 7, the tensor has 7 (the report names the result, how far it reaches and the
// extent).
#define XLAYOUT_ENABLE_ASSERTS 1
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>

int main(int argc, char**) {
  float buffer[7 * 4]{};
  const xlayout::Tensor<"f32[?,4]"> t(buffer, argc + 6);  // 7 rows, known only at run time
  const auto v =
      xlayout::map_view<xlayout::IndexingMap<"(d0, d1) -> (d0, d1), domain: d0 in [0, 7], d1 in [0, 3]">>(t);
  return static_cast<int>(v(0, 0));
}
