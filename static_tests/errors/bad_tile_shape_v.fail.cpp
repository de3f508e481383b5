// expect-error: \[xlayout:invalid_tile_size\]
// expect-error: error_at_column<xlayout::error_id::invalid_tile_size, 16>
// The mistake: a tile of size 0 in shape_v<...>; then one use of the value.
#include <xlayout/layout.hpp>
constexpr auto rank = xlayout::shape_v<"f32[3,5]{1,0:T(0,2)}">.rank();
