// expect-error: \[xlayout:view_not_a_permutation\]
// The mistake: a transpose whose dimensions are not a permutation, then walked with for_each,
// for_each_static and for_each_tile, and asked for an offset, a base index, a stored symbol and its base: the
// transpose's error alone (the walks and the members of the invalid view compile; offset and base_index
// added two errors before).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/tiles.hpp>
#include <xlayout/tensor/view.hpp>
float sum(float* p) {
  float s = 0;
  const auto v = xlayout::transpose<1, 1>(xlayout::Tensor<"f32[4,8]{1,0:T(2,4)}">(p));
  xlayout::for_each(v, [&](const auto&, float x) { s += x; });
  xlayout::for_each_static(v, [&](auto, float x) { s += x; });
  xlayout::for_each_tile(v, [&](const auto&, const auto&) { s += 1; });
  s += static_cast<float>(v.offset(0, 0) + v.base_index(0, 0)[0] + v.stored_symbol(0) + v.base().size());
  return s;
}
