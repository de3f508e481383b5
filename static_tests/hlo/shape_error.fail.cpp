// expect-error: \[xlayout:not_a_permutation\]
// expect-error: error_at_line_column<xlayout::error_id::not_a_permutation, 2, 18>
// The mistake: the layout {1,1} lists dimension 1 twice. A shape error keeps its id, at its line and column
// in the module: line 2 is `  p = f32[2,3]{1,1} parameter(0)`, column 18 the second 1.
#include <xlayout/hlo/parse.hpp>
constexpr const auto& bad = xlayout::hlo::module_v<"ENTRY e {\n  p = f32[2,3]{1,1} parameter(0)\n}">;
