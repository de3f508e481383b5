// expect-error: \[xlayout:view_map_out_of_range\]
// The mistake: a map_view that reads the rows after each row of f32[8,128] (d0 + 1) over all eight rows: its
// first result reaches 8, one past the last row.
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) {
  return xlayout::map_view<
      xlayout::IndexingMap<"(d0, d1) -> (d0 + 1, d1), domain: d0 in [0, 7], d1 in [0, 127]">>(
      xlayout::Tensor<"f32[8,128]">(p))(0, 0);
}
