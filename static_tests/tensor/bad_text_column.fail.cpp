// expect-error: \[xlayout:unknown_layout_property\]
// expect-error: 14
// The mistake: an unknown layout property; the error names the column (14, the 'X').
#include <xlayout/tensor.hpp>
xlayout::Tensor<"f32[3,5]{1,0:X}"> bad;
