// expect-error: \[xlayout:index_rank_mismatch\]
// The mistake: one index for a rank-2 shape in Shape<...>::linear_index.
#include <xlayout/layout.hpp>
constexpr auto bad = xlayout::Shape<"f32[3,5]">::linear_index(1);
