// expect-error: \[xlayout:capacity_exceeded\]
// expect-error: error_at_column<xlayout::error_id::capacity_exceeded, 110>
// The mistake: parentheses nested 150 deep; the parser allows 100 levels. Column 110 is the 101st '(', the
// first level too deep.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::IndexingMap<
    "(d0) -> "
    "(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
    "(((((((((((((((((((((((((((((((((((((((((((((((d0)))))))))))))))))))))))))))))))))))))))))))))))))))))))"
    "))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))">::
    value;
