// expect-error: \[xlayout:expected_arrow\]
// expect-error: error_at_column<xlayout::error_id::expected_arrow, 10>
// The mistake: `->` is missing between the dimensions and the results. Column 10 is the '(' opening the
// results.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<"(d0, d1) (d1, d0), domain: d0 in [0, 9], d1 in [0, 9]">;
