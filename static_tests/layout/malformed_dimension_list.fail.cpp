// expect-error: \[xlayout:expected_closing_bracket\]
// expect-error: error_at_column<xlayout::error_id::expected_closing_bracket, 6>
// The mistake: ';' where ',' or ']' belongs (malformed text at a given column).
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[3;5]"> bad;
