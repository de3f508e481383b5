// expect-error: \[xlayout:invalid_tile_size\]
// expect-error: error_at_column<xlayout::error_id::invalid_tile_size, 0>
// The mistake: a tile of size 0 in Layout<"{1,0:T(0,2)}">; then one use of the type.
// Column 0: Layout<"..."> checks the layout rules after parsing, without positions.
#include <xlayout/layout.hpp>
constexpr auto rank = xlayout::Layout<"{1,0:T(0,2)}">::rank();
