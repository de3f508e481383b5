// expect-error: \[xlayout:extra_content\]
// expect-error: error_at_column<xlayout::error_id::extra_content, 14>
// The mistake: text after a complete indexing map in IndexingMap<"...">; then one use of the type.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto results = xlayout::IndexingMap<"(d0) -> (d0) junk">::evaluate(1);
