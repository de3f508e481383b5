// examples/quickstart.cpp: the README's first example. The worked example of XLA's "Tiled layout" document
// (element (2,3) of a 3x5 array in 2x2 tiles lives at linear index 17) checked by the compiler, then the
// same functions at run time.
#include <cstdio>
#include <type_traits>
#include <xlayout/xlayout.hpp>
using namespace xlayout;

// XLA's "Tiled layout": in f32[3,5] tiled 2x2, element (2,3) lives at offset 17 of a 24-slot buffer.
using S = Shape<"f32[3,5]{1,0:T(2,2)}">;
static_assert(S::linear_index(2, 3) == 17);
static_assert(S::required_span_size() == 24);
static_assert(linear_index(shape_v<"f32[3,5]{1,0:T(2,2)}">, {2, 3}) == 17);
static_assert(std::is_same_v<Layout<"{1,0:T(2,2)}">, Layout<1, 0, T(2, 2)>>);  // one layout, one type

int main() {
  constexpr auto text = S::to_string();  // computed by the compiler, printed at run time
  constexpr index_t at = S::linear_index(2, 3), span = S::required_span_size();
  std::printf("%s: element (2,3) is at %lld of %lld\n", text.c_str(), static_cast<long long>(at),
              static_cast<long long>(span));
  // The same functions at run time, on text known only then.
  auto s = parse_shape("f32[4,8]{1,0:T(2,4)(2,1)}");  // a result: the shape, or an error id and column
  if (!s) return 1;
  std::printf("%s: element (1,2) is at %lld of %lld\n", to_string(*s).c_str(),
              static_cast<long long>(linear_index(*s, {1, 2})),
              static_cast<long long>(required_span_size(*s)));
  auto bad = parse_shape("f32[3,5]{1,1}");
  std::printf("f32[3,5]{1,1}: %s\n", describe(bad.error()).c_str());
}
