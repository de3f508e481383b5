// expect-error: index_out_of_range
// max-errors: 2 (g++ reports a failed constant evaluation as two errors, the condition and its cause)
// The mistake: an index outside its dimension (column 5 of 5) in a constant expression, tiled layout.
#include <xlayout/tensor.hpp>
using namespace xlayout;
constexpr float buffer[24]{};
static_assert(ConstTensor<F32, Extents<3, 5>, Layout<1, 0, T(2, 2)>>(buffer)(0, 5) == 0);
