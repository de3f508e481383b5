// expect-error: \[xlayout:negative_dimension\] xlayout::Extents
// The mistake: a negative static extent. One error, from Extents (the Tensor made of it adds none).
#include <xlayout/tensor.hpp>
float read(float* p) { return xlayout::Tensor<xlayout::F32, xlayout::Extents<3, -5>>(p)(1, 1); }
