// expect-error: \[xlayout:unbalanced_parenthesis\]
// expect-error: error_at_column<xlayout::error_id::unbalanced_parenthesis, 17>
// The mistake: one ')' too many after the results. Column 17 is the second ')'.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::IndexingMap<"(d0) -> (d0 + 1)), domain: d0 in [0, 9]">::value;
