// expect-error: \[xlayout:view_invalid_slice\]
// expect-error: error_at_column<xlayout::error_id::view_invalid_slice, 1>
// The mistake: a slice whose limit (9) is past the extent (4). The note names dimension 0 as 1 (the
// dimension plus one, as a text's column is its position plus one).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) {
  return xlayout::slice(xlayout::Tensor<"f32[4,8]">(p), xlayout::Slice<0, 9>{}, xlayout::Slice<0, 8>{})(1, 2);
}
