// expect-error: \[xlayout:rank_too_large\]
// expect-error: error_at_column<xlayout::error_id::rank_too_large, 25>
// The mistake: rank 11 with the default XLAYOUT_MAX_RANK of 10.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[1,1,1,1,1,1,1,1,1,1,1]"> bad;
