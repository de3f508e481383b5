// expect-error: \[xlayout:expected_closing_bracket\]
// expect-error: error_at_column<xlayout::error_id::expected_closing_bracket, 34>
// The mistake: a range closed with ')' instead of ']'. Column 34 is the ')'.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<"(d0) -> (d0), domain: d0 in [0, 9)">;
