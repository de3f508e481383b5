// expect-error: \[xlayout:expected_range\]
// expect-error: error_at_column<xlayout::error_id::expected_range, 29>
// The mistake: a range written (lo, hi) instead of [lo, hi]. Column 29 is the '(' that should be '['.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::IndexingMap<"(d0) -> (d0), domain: d0 in (0, 9)">::value;
