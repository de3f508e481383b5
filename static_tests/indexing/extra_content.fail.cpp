// expect-error: \[xlayout:extra_content\]
// expect-error: error_at_column<xlayout::error_id::extra_content, 14>
// The mistake: the ',' before `domain` is missing. Column 14 is the 'd' of `domain`.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::IndexingMap<"(d0) -> (d0) domain: d0 in [0, 9]">::value;
