// expect-error: \[xlayout:misplaced_combine\]
// expect-error: error_at_column<xlayout::error_id::misplaced_combine, 18>
// The mistake: '*' as the last entry of a tile: nothing more minor to merge into.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[3,5]{1,0:T(2,*)}"> bad;
