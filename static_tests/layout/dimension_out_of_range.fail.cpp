// expect-error: \[xlayout:dimension_out_of_range\]
// expect-error: error_at_column<xlayout::error_id::dimension_out_of_range, 10>
// The mistake: minor_to_major names a dimension the shape does not have.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[3,5]{2,0}"> bad;
