// expect-error: \[xlayout:unknown_layout_property\]
// expect-error: error_at_column<xlayout::error_id::unknown_layout_property, 14>
// The mistake: a property letter XLA does not have.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[3,5]{1,0:X(2)}"> bad;
