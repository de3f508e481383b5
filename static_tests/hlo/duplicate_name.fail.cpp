// expect-error: \[xlayout:hlo_duplicate_name\]
// expect-error: error_at_line_column<xlayout::error_id::hlo_duplicate_name, 3, 3>
// The mistake: p is defined twice in one computation; line 3, column 3 is the second p.
#include <xlayout/hlo/parse.hpp>
constexpr const auto& bad =
    xlayout::hlo::module_v<"ENTRY e {\n  p = f32[] parameter(0)\n  p = f32[] negate(p)\n}">;
