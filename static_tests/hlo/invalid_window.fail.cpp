// expect-error: \[xlayout:hlo_invalid_attribute\]
// expect-error: error_at_line_column<xlayout::error_id::hlo_invalid_attribute, 3, 59>
// The mistake: stride has one dimension, size two. Line 3; column 59 is `stride`.
#include <xlayout/hlo/parse.hpp>
constexpr const auto& bad = xlayout::hlo::module_v<
    "ENTRY e {\n  p = f32[4,4] parameter(0)\n  ROOT r = f32[2,4] reduce-window(p, p), window={size=2x1 "
    "stride=2}\n}">;
