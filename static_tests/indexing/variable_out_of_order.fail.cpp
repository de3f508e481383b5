// expect-error: \[xlayout:variable_out_of_order\]
// expect-error: error_at_column<xlayout::error_id::variable_out_of_order, 31>
// The mistake: the domain gives d1's range before d0's. Column 31 is the 'd' of the first `d1 in`.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<"(d0, d1) -> (d1, d0), domain: d1 in [0, 19], d0 in [0, 9]">;
