// expect-error: \[xlayout:extra_content\]
// expect-error: error_at_column<xlayout::error_id::extra_content, 15>
// The mistake: text after a complete shape in the Tensor's text; then one use of the type.
#include <xlayout/tensor.hpp>
float element(float* p) { return xlayout::Tensor<"f32[3,5]{1,0} junk">(p)(1, 2); }
