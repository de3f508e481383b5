// expect-error: \[xlayout:unknown_element_type\]
// expect-error: error_at_column<xlayout::error_id::unknown_element_type, 1>
// The mistake: a misspelled element type name before Extents<...>; then one use of the type.
#include <xlayout/tensor.hpp>
using namespace xlayout;
float element(float* p) { return Tensor<"g32", Extents<3, 5>>(p)(1, 2); }
