// expect-error: \[xlayout:view_size_overflow\]
// The mistake: a dynamic_slice of two '?' extents whose sizes, 2^32 each, make a view of 2^64 positions,
// more than int64 counts.
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p, xlayout::index_t rows, xlayout::index_t cols) {
  const xlayout::Tensor<"f32[?,?]"> t(p, rows, cols);
  return xlayout::dynamic_slice<4294967296, 4294967296>(t, 0, 0)(1, 2);
}
