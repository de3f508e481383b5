// expect-error: \[xlayout:extra_content\]
// expect-error: error_at_column<xlayout::error_id::extra_content, 15>
// The mistake: text after a complete shape.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[3,5]{1,0} junk"> bad;
