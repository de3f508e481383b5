// expect-error: \[xlayout:unexpected_end\]
// expect-error: error_at_column<xlayout::error_id::unexpected_end, 39>
// The mistake: the range of d1 is missing: the text ends. Column 39 is the end of the text (one past the last
// ']').
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<"(d0, d1) -> (d0), domain: d0 in [0, 9]">;
