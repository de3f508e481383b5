// expect-error: \[xlayout:extra_content\]
// expect-error: error_at_column<xlayout::error_id::extra_content, 15>
// The mistake: text after a complete shape in Shape<...>; then one use of the type.
#include <xlayout/layout.hpp>
constexpr auto offset = xlayout::Shape<"f32[3,5]{1,0} junk">::linear_index(1, 2);
