// expect-error: \[xlayout:tensor_data_type\].*\.data\(\)
// The mistake: a std::vector where the tensor takes a pointer. One error, not a list of constructors.
#include <vector>
#include <xlayout/tensor.hpp>
float read(std::vector<float>& v) { return xlayout::Tensor<"f32[3,5]">(v)(1, 1); }
