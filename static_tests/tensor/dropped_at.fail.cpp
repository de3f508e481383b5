// expect-error: nodiscard
// The mistake: a checked access whose result is dropped (its index_out_of_range would go unseen).
// result is [[nodiscard]]: a warning, made an error here whatever the build's flags. g++ prints the
// element access type and two include chains: one error in 16 lines.
// max-lines: 18
#include <xlayout/tensor.hpp>
#pragma GCC diagnostic error "-Wunused-result"
void touch(float* p, xlayout::index_t i) { xlayout::Tensor<"f32[3,5]">(p).at(i, 0); }
