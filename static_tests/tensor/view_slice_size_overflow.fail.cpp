// expect-error: \[xlayout:view_size_overflow\]
// The mistake: a static slice of two '?' extents whose limits, 2^32 each (the most a '?' extent takes), make
// a view of 2^64 positions, more than int64 counts (the input's static extents counted none of them).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p, xlayout::index_t rows, xlayout::index_t cols) {
  using xlayout::Slice;
  const xlayout::Tensor<"f32[?,?]"> t(p, rows, cols);
  return xlayout::slice(t, Slice<0, 4294967296>{}, Slice<0, 4294967296>{})(1, 2);
}
