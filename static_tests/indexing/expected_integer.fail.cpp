// expect-error: \[xlayout:expected_integer\]
// expect-error: error_at_column<xlayout::error_id::expected_integer, 56>
// The mistake: a name where the bound of a range must be an integer. Column 56 is the 'n'.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::IndexingMap<"(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, n]">::value;
