// expect-error: \[xlayout:invalid_tile_size\]
// expect-error: error_at_column<xlayout::error_id::invalid_tile_size, 16>
// The mistake: a tile of size 0 in the Tensor's text; then one use of the type.
#include <xlayout/tensor.hpp>
float element(float* p) { return xlayout::Tensor<"f32[3,5]{1,0:T(0,2)}">(p)(1, 2); }
