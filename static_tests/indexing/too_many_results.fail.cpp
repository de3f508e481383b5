// expect-error: \[xlayout:too_many_results\]
// expect-error: error_at_column<xlayout::error_id::too_many_results, 74>
// The mistake: 17 results with the default XLAYOUT_MAX_RESULTS of 16. Column 74 is the 'd' of the 17th
// result.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::IndexingMap<
    "(d0) -> (d0, d0, d0, d0, d0, d0, d0, d0, d0, d0, d0, d0, d0, d0, d0, d0, d0)">::value;
