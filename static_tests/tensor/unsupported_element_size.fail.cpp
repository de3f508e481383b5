// expect-error: \[xlayout:unsupported_element_size\]
// The mistake: S8 elements squeezed into 4 bits with E(4).
#include <xlayout/tensor.hpp>
xlayout::Tensor<"s8[16]{0:E(4)}"> bad;
