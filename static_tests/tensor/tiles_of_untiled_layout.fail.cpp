// expect-error: \[xlayout:tile_access_unsupported\]
// The mistake: asking for the tiles of a layout that has none.
#include <xlayout/tensor.hpp>
auto grid(float* p) { return xlayout::tiles(xlayout::Tensor<"f32[4,4]">(p)); }
