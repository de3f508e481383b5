// expect-error: \[xlayout:view_size_overflow\]
// The mistake: a broadcast whose positions, 2^32 * 2^32, do not fit in int64 (each extent alone does).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) {
  const xlayout::Tensor<"f32[4294967296]"> t(p);
  return xlayout::broadcast<xlayout::Extents<4294967296, 4294967296>>(t)(1, 2);
}
