// expect-error: read-only|cannot assign
// The mistake: writing through a ConstTensor.
#include <xlayout/tensor.hpp>
void write(xlayout::ConstTensor<"f32[3,5]"> c) { c(0, 0) = 1.0f; }
