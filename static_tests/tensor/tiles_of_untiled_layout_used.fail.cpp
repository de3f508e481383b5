// expect-error: \[xlayout:tile_access_unsupported\]
// The mistake: the tiles of a layout that has none, then used as a kernel uses them: a tile read, the grid's
// extent, origin and valid extent, for_each_tile. One error (audit: a tile read added index_rank_mismatch).
#include <xlayout/tensor.hpp>
float read(float* p) {
  const xlayout::Tensor<"f32[16,256]"> t(p);
  const auto grid = xlayout::tiles(t);
  xlayout::for_each_tile(t, [](auto tile, auto) { tile(0, 0) = 1; });
  return grid(0, 0)(0, 0) + static_cast<float>(grid.extent(0) + grid.origin({{0, 0}})[0] +
                                               grid.valid_extent({{0, 0}}, 0));
}
