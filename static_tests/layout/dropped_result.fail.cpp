// expect-error: nodiscard
// The mistake: a run-time parse whose result<shape> is dropped, so its error (here none) would go unseen.
// result is [[nodiscard]]: a warning, made an error here whatever the build's flags.
#include <xlayout/text/parse_shape.hpp>
#pragma GCC diagnostic error "-Wunused-result"
void check() { xlayout::parse_shape("f32[3,5]{1,0:T(2,2)}"); }
