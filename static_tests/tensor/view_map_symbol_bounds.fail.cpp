// expect-error: non-.*constexpr.* function .*view_map_out_of_range
// max-lines: 20
// The mistake: a map_view's symbol (the row s0, in [0, 3]) given the value 4 while evaluating a constant
// expression: the symbols of operator() must lie inside their bounds, as the indices inside their extents.
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
using Row = xlayout::IndexingMap<"(d0)[s0] -> (s0, d0), domain: d0 in [0, 7], s0 in [0, 3]">;
constexpr float element = [] {
  float buffer[32]{};
  return xlayout::map_view<Row>(xlayout::Tensor<"f32[4,8]">(buffer))(2, 4);
}();
