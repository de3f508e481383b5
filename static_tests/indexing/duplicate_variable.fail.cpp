// expect-error: \[xlayout:duplicate_variable\]
// expect-error: error_at_column<xlayout::error_id::duplicate_variable, 10>
// The mistake: d1 is declared twice. Column 10 is the 'd' of the second d1.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::IndexingMap<"(d0, d1, d1) -> (d0 + d1)">::value;
