// expect-error: \[xlayout:tile_access_unsupported\]
// The mistake: the tiles of a layout whose first tile has a '*' (no extent a tile type could have), then
// used. One error (audit: clang 19 added dynamic_extent_count from the tile type's extents, which this test
// catches in the clang preset; g++ gave one error before too; clang's integer-overflow warning in the grid's
// extent, also gone, is a warning and not counted here).
#include <xlayout/tensor.hpp>
long read(float* p) {
  const xlayout::Tensor<"f32[5,12]{0,1:T(*,8)(1)pad(5,12)}"> t(p);
  const auto grid = xlayout::tiles(t);
  return grid.extent(0) + static_cast<long>(grid(0, 0)(1, 2));
}
