// expect-error: \[xlayout:extra_content\]
// expect-error: error_at_column<xlayout::error_id::extra_content, 27>
// The mistake: a domain without its comma; then a read of one result of the bad map's evaluate (it read past
// an empty vector and added a second error from inside the library).
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
using M = xlayout::IndexingMap<"(d0)[s0] -> (d0 * 2 + s0) domain: d0 in [0, 9], s0 in [0, 1]">;
constexpr xlayout::index_t first = M::evaluate(1, 1)[0];
