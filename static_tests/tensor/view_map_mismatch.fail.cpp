// expect-error: \[xlayout:view_map_mismatch\]
// The mistake: a map_view whose map has one result for a tensor of rank 2.
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) {
  return xlayout::map_view<xlayout::IndexingMap<"(d0) -> (d0), domain: d0 in [0, 7]">>(
      xlayout::Tensor<"f32[4,8]">(p))(1);
}
