// expect-error: \[xlayout:hlo_empty_module\]
// expect-error: error_at_line_column<xlayout::error_id::hlo_empty_module, 1, 12>
// The mistake: a header but no computation; the error is at the end of the text (line 1, column 12).
#include <xlayout/hlo/parse.hpp>
constexpr const auto& bad = xlayout::hlo::module_v<"HloModule m">;
