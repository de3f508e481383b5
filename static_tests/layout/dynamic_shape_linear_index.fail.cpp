// expect-error: \[xlayout:dynamic_dimension\]
// The mistake: a linear index of a shape whose size is only known at run time ('?'), without a Tensor.
#include <xlayout/layout.hpp>
constexpr auto bad = xlayout::Shape<"f32[?,5]">::linear_index(1, 2);
