// expect-error: \[xlayout:empty_tile\]
// expect-error: error_at_column<xlayout::error_id::empty_tile, 15>
// The mistake: a tile with no sizes.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[3,5]{1,0:T()}"> bad;
