// expect-error: \[xlayout:unexpected_end\]
// expect-error: error_at_column<xlayout::error_id::unexpected_end, 13>
// The mistake: the text ends inside the layout.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[3,5]{1,0"> bad;
