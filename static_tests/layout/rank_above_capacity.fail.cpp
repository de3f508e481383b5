// expect-error: \[xlayout:rank_too_large\]
// expect-error: error_at_column<xlayout::error_id::rank_too_large, 29>
// The mistake: rank 13 with the default XLAYOUT_MAX_RANK of 12.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[1,1,1,1,1,1,1,1,1,1,1,1,1]"> bad;
