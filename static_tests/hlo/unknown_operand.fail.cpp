// expect-error: \[xlayout:hlo_unknown_operand\]
// expect-error: error_at_line_column<xlayout::error_id::hlo_unknown_operand, 4, 25>
// The mistake: q is not defined. Line 4 is `  ROOT n = f32[] negate(q)`; column 25 is the q.
#include <xlayout/hlo/parse.hpp>
constexpr const auto& bad =
    xlayout::hlo::module_v<"HloModule m\nENTRY e {\n  p = f32[] parameter(0)\n  ROOT n = f32[] negate(q)\n}">;
