// expect-error: \[xlayout:view_not_a_permutation\]
// The mistake: a transpose whose dimensions are not a permutation, then walked with for_each,
// for_each_static and for_each_tile: the transpose's error alone (the walks over the invalid view compile).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/tiles.hpp>
#include <xlayout/tensor/view.hpp>
float sum(float* p) {
  float s = 0;
  const auto v = xlayout::transpose<1, 1>(xlayout::Tensor<"f32[4,8]{1,0:T(2,4)}">(p));
  xlayout::for_each(v, [&](const auto&, float x) { s += x; });
  xlayout::for_each_static(v, [&](auto, float x) { s += x; });
  xlayout::for_each_tile(v, [&](const auto&, const auto&) { s += 1; });
  return s;
}
