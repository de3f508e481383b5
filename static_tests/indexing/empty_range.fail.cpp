// expect-error: \[xlayout:empty_range\]
// expect-error: error_at_column<xlayout::error_id::empty_range, 52>
// The mistake: the range of d1 is written hi first: [19, 0]. Column 52 is the '1' of 19, the lower bound.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::IndexingMap<"(d0, d1) -> (d1, d0), domain: d0 in [0, 9], d1 in [19, 0]">::value;
