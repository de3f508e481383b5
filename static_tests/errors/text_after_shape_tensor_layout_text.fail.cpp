// expect-error: \[xlayout:extra_content\]
// expect-error: error_at_column<xlayout::error_id::extra_content, 7>
// The mistake: text after a complete layout in Layout<"...">; then one use of the type.
#include <xlayout/tensor.hpp>
using namespace xlayout;
float element(float* p) { return Tensor<F32, Extents<3, 5>, Layout<"{1,0} junk">>(p)(1, 2); }
