// expect-error: \[xlayout:tuple_not_allowed\]
// expect-error: error_at_column<xlayout::error_id::tuple_not_allowed, 1>
// The mistake: a tuple where one array shape is expected.
#include <xlayout/layout.hpp>
xlayout::Shape<"(f32[3], f32[2])"> bad;
