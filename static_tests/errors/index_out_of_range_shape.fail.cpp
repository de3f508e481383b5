// expect-error: index_out_of_range
// max-errors: 2 (g++ reports a failed constant evaluation as two errors, the condition and its cause)
// The mistake: an index outside its dimension in Shape<...>::linear_index, in a constant expression.
#include <xlayout/layout.hpp>
static_assert(xlayout::Shape<"f32[3,5]{1,0:T(2,2)}">::linear_index(3, 0) == 0);
