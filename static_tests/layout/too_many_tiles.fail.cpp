// expect-error: \[xlayout:too_many_tiles\]
// expect-error: error_at_column<xlayout::error_id::too_many_tiles, 26>
// The mistake: five tiles with the default XLAYOUT_MAX_TILES of 4.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[64]{0:T(32)(16)(8)(4)(2)}"> bad;
