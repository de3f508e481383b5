// expect-error: \[xlayout:extra_content\]
// expect-error: error_at_column<xlayout::error_id::extra_content, 15>
// The mistake: text after a complete shape in shape_v<...>; then one use of the value.
#include <xlayout/layout.hpp>
constexpr auto rank = xlayout::shape_v<"f32[3,5]{1,0} junk">.rank();
