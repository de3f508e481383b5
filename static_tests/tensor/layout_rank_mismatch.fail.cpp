// expect-error: \[xlayout:minor_to_major_size_mismatch\]
// The mistake: a rank-3 layout for rank-2 extents.
#include <xlayout/tensor.hpp>
xlayout::Tensor<xlayout::F32, xlayout::Extents<3, 5>, xlayout::Layout<2, 1, 0>> bad;
