// expect-error: \[xlayout:view_input\]
// The mistake: a view of a runtime_tensor whose rank is a run-time value too (make_runtime_tensor without
// <Rank>): a view's map is composed at compile time, so it needs the rank; make_runtime_tensor<2> gives it.
#include <xlayout/tensor.hpp>
float element(xlayout::runtime_tensor<float> t) { return xlayout::transpose<1, 0>(t)(0, 1); }
