// expect-error: \[xlayout:view_invalid_slice\]
// expect-error: error_at_column<xlayout::error_id::view_invalid_slice, 3>
// The mistake: the third dimension's Slice starts past its limit (5 > 4). The note names the dimension it is
// about plus one (3 for dimension 2; checked_slice gives a run-time failure's dimension as its position).
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) {
  return xlayout::slice(xlayout::Tensor<"f32[4,8,6]{2,1,0:T(2,2)}">(p), xlayout::Slice<0, 4>{},
                        xlayout::Slice<0, 8, 2>{}, xlayout::Slice<5, 4>{})(1, 2, 0);
}
