// expect-error: \[xlayout:invalid_divisor\]
// expect-error: error_at_column<xlayout::error_id::invalid_divisor, 17>
// The mistake: `mod 0`. Column 17 is the divisor, 0.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<"(d0) -> (d0 mod 0), domain: d0 in [0, 9]">;
