// expect-error: \[xlayout:invalid_tile_size\]
// The mistake: a tile of size 0 in Layout<1, 0, T(0, 2)>; then one use of the type.
#include <xlayout/tensor.hpp>
using namespace xlayout;
float element(float* p) { return Tensor<F32, Extents<3, 5>, Layout<1, 0, T(0, 2)>>(p)(1, 2); }
