// expect-error: \[xlayout:invalid_split_config\]
// expect-error: error_at_column<xlayout::error_id::invalid_split_config, 23>
// The mistake: SC split indices must increase.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[10,20]{1,0:SC(0:5,5)}"> bad;
