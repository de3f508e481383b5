// expect-error: non-.*constexpr.* function .*index_out_of_range
// max-errors: 2 (g++ reports a failed constant evaluation as two errors, the condition and its cause)
// The mistake: an index outside its dimension inside a static_assert (row 3 of a 3-row array).
#include <xlayout/layout.hpp>
static_assert(xlayout::Shape<"f32[3,5]">::linear_index(3, 0) == 15);
