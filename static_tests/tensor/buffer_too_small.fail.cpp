// expect-error: \[xlayout:tensor_buffer_too_small\]
// expect-error: 15 >= 24
// The mistake: f32[3,5] tiled 2x2 spans 24 slots (tile padding included), and the array holds 15. A pointer
// cannot tell its size; an array can, and is checked (the note shows the comparison).
#include <xlayout/tensor.hpp>
float buf[15];
float read() { return xlayout::Tensor<"f32[3,5]{1,0:T(2,2)}">(buf)(2, 3); }
