// expect-error: \[xlayout:unknown_element_type\]
// expect-error: error_at_column<xlayout::error_id::unknown_element_type, 1>
// The mistake: a misspelled element type in the Tensor's text; then one use of the type.
#include <xlayout/tensor.hpp>
float element(float* p) { return xlayout::Tensor<"g32[3,5]">(p)(1, 2); }
