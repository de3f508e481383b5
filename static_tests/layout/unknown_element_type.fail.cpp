// expect-error: \[xlayout:unknown_element_type\]
// expect-error: error_at_column<xlayout::error_id::unknown_element_type, 1>
// The mistake: an element type XLA does not have.
#include <xlayout/layout.hpp>
xlayout::Shape<"g32[3]"> bad;
