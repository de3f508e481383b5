// expect-error: index_out_of_range
// max-errors: 2 (g++ reports a failed constant evaluation as two errors, the condition and its cause)
// The mistake: an index outside its dimension (row 3 of 3 rows) in a constant expression.
#include <xlayout/tensor.hpp>
constexpr float buffer[15]{};
static_assert(xlayout::ConstTensor<"f32[3,5]">(buffer)(3, 0) == 0);
