// expect-error: \[xlayout:expected_closing_bracket\]
// expect-error: error_at_column<xlayout::error_id::expected_closing_bracket, 7>
// The mistake: bad shape text in a bitcast: the error names the rule and the column.
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
float element(float* p) { return xlayout::bitcast<"f32[32}{0}">(xlayout::Tensor<"f32[4,8]">(p))(1); }
