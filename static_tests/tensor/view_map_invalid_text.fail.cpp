// expect-error: \[xlayout:unknown_variable\]
// The mistake: a map_view of an IndexingMap whose text names a dimension it does not declare (d2): the map's
// own error alone, at its column (a view of a map that failed reports nothing more; it said
// view_map_mismatch too, with the whole indexing_map value, 21 lines with g++).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) {
  const xlayout::Tensor<"f32[4,6]"> t(p);
  const auto v =
      xlayout::map_view<xlayout::IndexingMap<"(d0, d1) -> (d0, d2), domain: d0 in [0, 3], d1 in [0, 5]">>(t);
  return v(0, 0) + v.at(1, 1).value_or(0.0f);
}
