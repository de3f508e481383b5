// expect-error: \[xlayout:negative_dimension\]
// expect-error: error_at_column<xlayout::error_id::negative_dimension, 5>
// The mistake: a negative size.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[-3,5]"> bad;
