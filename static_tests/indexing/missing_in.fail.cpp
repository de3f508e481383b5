// expect-error: \[xlayout:expected_range\]
// expect-error: error_at_column<xlayout::error_id::expected_range, 26>
// The mistake: the range of d0 is written without `in`. Column 26 is the '[' where `in` belongs.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<"(d0) -> (d0), domain: d0 [0, 9]">;
