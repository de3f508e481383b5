// expect-error: \[xlayout:invalid_index_type\]
// The mistake: a double as an index of the checked access at().
#include <xlayout/tensor.hpp>
bool read(float* p) { return xlayout::Tensor<"f32[3,5]">(p).at(1.5, 2).has_value(); }
