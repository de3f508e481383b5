// expect-error: \[xlayout:unbalanced_parenthesis\]
// expect-error: error_at_column<xlayout::error_id::unbalanced_parenthesis, 26>
// The mistake: the results are not closed with ')' before `domain`. Column 26 is the 'd' of `domain`, where
// ')' belongs.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<"(d0, d1) -> (d0 + 1, d1, domain: d0 in [0, 9], d1 in [0, 9]">;
