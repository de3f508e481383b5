// expect-error: \[xlayout:hlo_unknown_computation\]
// expect-error: error_at_line_column<xlayout::error_id::hlo_unknown_computation, 3, 57>
// The mistake: no computation `add`. Line 3 is `  ROOT r = f32[] reduce(p, p), dimensions={0}, to_apply=add`;
// column 57 is the a of add.
#include <xlayout/hlo/parse.hpp>
constexpr const auto& bad = xlayout::hlo::module_v<
    "ENTRY e {\n  p = f32[] parameter(0)\n  ROOT r = f32[] reduce(p, p), dimensions={0}, to_apply=add\n}">;
