// expect-error: \[xlayout:view_size_overflow\]
// The mistake: a map_view whose domain has 2^32 * (2^32 + 1) points, more than int64 counts (each extent
// alone fits), over a tensor that each result stays inside.
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
using wide = xlayout::IndexingMap<"(d0, d1) -> (0), domain: d0 in [0, 4294967295], d1 in [0, 4294967296]">;
float element(float* p) { return xlayout::map_view<wide>(xlayout::Tensor<"f32[1]">(p))(1, 2); }
