// expect-error: \[xlayout:unexpected_character\]
// expect-error: error_at_column<xlayout::error_id::unexpected_character, 22>
// The mistake: the ':' after `domain` is missing. Column 22 is the 'd' of d0, where ':' belongs.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<"(d0) -> (d0), domain d0 in [0, 9]">;
