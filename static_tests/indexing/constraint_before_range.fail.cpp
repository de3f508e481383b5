// expect-error: \[xlayout:variable_out_of_order\]
// expect-error: error_at_column<xlayout::error_id::variable_out_of_order, 46>
// The mistake: a constraint comes before the range of d1. Column 46 is the 'd' of d0 starting the constraint.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::IndexingMap<
    "(d0, d1) -> (d0 + d1), domain: d0 in [0, 9], d0 + d1 in [0, 5], d1 in [0, 9]">::value;
