// expect-error: \[xlayout:unexpected_end\]
// expect-error: error_at_column<xlayout::error_id::unexpected_end, 14>
// The mistake: the text ends inside a result, after the '+'. Column 14 is the end of the text (one past the
// '+'). (A domain that ends before every variable has its range is missing_range.)
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<"(d0) -> (d0 +">;
