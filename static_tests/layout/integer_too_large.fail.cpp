// expect-error: \[xlayout:integer_too_large\]
// expect-error: error_at_column<xlayout::error_id::integer_too_large, 5>
// The mistake: a size that does not fit in int64.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[99999999999999999999]"> bad;
