// expect-error: \[xlayout:missing_range\]
// expect-error: error_at_column<xlayout::error_id::missing_range, 44>
// The mistake: the domain gives d0 its range and stops; d1 needs one too. Column 44 is the end of the text.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<"(d0, d1) -> (d0 + d1), domain: d0 in [0, 3]">;
