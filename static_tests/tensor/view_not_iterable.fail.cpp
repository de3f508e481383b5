// expect-error: \[xlayout:view_not_iterable\]
// The mistake: for_each over a map_view whose map has a symbol (a second argument of v(...)).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float total(float* p) {
  const auto v = xlayout::map_view<xlayout::IndexingMap<"(d0)[s0] -> (d0, s0), domain: d0 in [0, 3], s0 in [0, 7]">>(
      xlayout::Tensor<"f32[4,8]">(p));
  float s = 0;
  xlayout::for_each(v, [&s](const auto&, float x) { s += x; });
  return s;
}
