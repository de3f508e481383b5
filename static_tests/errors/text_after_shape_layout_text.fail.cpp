// expect-error: \[xlayout:extra_content\]
// expect-error: error_at_column<xlayout::error_id::extra_content, 7>
// The mistake: text after a complete layout in Layout<"...">; then one use of the type.
#include <xlayout/layout.hpp>
constexpr auto rank = xlayout::Layout<"{1,0} junk">::rank();
