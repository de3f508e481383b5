// expect-error: \[xlayout:integer_too_large\]
// expect-error: error_at_column<xlayout::error_id::integer_too_large, 15>
// The mistake: a constant that does not fit in int64. Column 15 is the first '9' of the constant.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<"(d0) -> (d0 * 99999999999999999999), domain: d0 in [0, 9]">;
