// expect-error: \[xlayout:misplaced_combine\]
// The mistake: a '*' last in a tile. The invalid tensor then takes `tiles(t)` as it takes every other use,
// without a second error (it added "no matching function for call to 'tiles'").
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/tiles.hpp>
void zero(float* p) {
  xlayout::Tensor<"f32[3,5]{1,0:T(2,*)}"> t(p);
  auto grid = xlayout::tiles(t);
  (void)grid;
}
