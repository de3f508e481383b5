// expect-error: \[xlayout:invalid_tile_size\]
// expect-error: error_at_column<xlayout::error_id::invalid_tile_size, 16>
// The mistake: a tile of size 0 in Shape<...>; then one use of the type.
#include <xlayout/layout.hpp>
constexpr auto offset = xlayout::Shape<"f32[3,5]{1,0:T(0,2)}">::linear_index(1, 2);
