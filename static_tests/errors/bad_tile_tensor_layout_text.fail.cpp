// expect-error: \[xlayout:invalid_tile_size\]
// expect-error: error_at_column<xlayout::error_id::invalid_tile_size, 0>
// The mistake: a tile of size 0 in Layout<"{1,0:T(0,2)}">; then one use of the type.
// Column 0: Layout<"..."> checks the layout rules after parsing, without positions.
#include <xlayout/tensor.hpp>
using namespace xlayout;
float element(float* p) { return Tensor<F32, Extents<3, 5>, Layout<"{1,0:T(0,2)}">>(p)(1, 2); }
