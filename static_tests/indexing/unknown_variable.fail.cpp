// expect-error: \[xlayout:unknown_variable\]
// expect-error: error_at_column<xlayout::error_id::unknown_variable, 15>
// The mistake: s0 is used but no symbols are declared (`(d0)[s0]`). Column 15 is the 's' of s0.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<"(d0) -> (d0 + s0), domain: d0 in [0, 9]">;
