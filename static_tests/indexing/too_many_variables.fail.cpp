// expect-error: \[xlayout:too_many_variables\]
// expect-error: error_at_column<xlayout::error_id::too_many_variables, 72>
// The mistake: 17 dimensions with the default XLAYOUT_MAX_VARS of 16. Column 72 is the 'd' of d16, the 17th.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<
    "(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16) -> (d0)">;
