// tests/package/consumer/main.cpp: what a project that uses xlayout compiles, whichever way it found the
// package. The "Tiled layout" worked example, once at compile time and once at run time.
#include <cstdio>

#include <xlayout/layout/linear_index.hpp>
#include <xlayout/version.hpp>

namespace {
constexpr xlayout::layout tiled_2x2() {
  xlayout::layout l = xlayout::default_layout(2);
  l.tiles.push_back(xlayout::T(2, 2));
  return l;
}
constexpr xlayout::shape seed = xlayout::make_shape(xlayout::element_type::f32, {3, 5}, tiled_2x2());
static_assert(xlayout::linear_index(seed, {2, 3}) == 17);
}  // namespace

int main(int argc, char**) {
  const xlayout::index_t row = argc + 1;  // 2, but not a constant
  const xlayout::index_t lin = xlayout::linear_index(seed, {row, 3});
  std::printf("xlayout %d.%d.%d: linear_index(f32[3,5]{1,0:T(2,2)}, {2, 3}) = %lld\n", xlayout::version_major,
              xlayout::version_minor, xlayout::version_patch, static_cast<long long>(lin));
  return lin == 17 ? 0 : 1;
}
