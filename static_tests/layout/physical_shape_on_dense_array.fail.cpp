// expect-error: \[xlayout:physical_shape_on_dense\]
// expect-error: error_at_column<xlayout::error_id::physical_shape_on_dense, 16>
// The mistake: P(...) is for sparse arrays.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[10,10]{1,0:P(f32[10,10])}"> bad;
