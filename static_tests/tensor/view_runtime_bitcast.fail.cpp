// expect-error: \[xlayout:view_dynamic_extents\]
// The mistake: a bitcast of a runtime_tensor: whether the new shape reads every element where the layout
// puts it depends on the layout, known only at run time (is_bitcast on the two shapes answers it there).
#include <xlayout/tensor.hpp>
float element(xlayout::runtime_tensor<float, 2> t) { return xlayout::bitcast<"f32[32]{0}">(t)(1); }
