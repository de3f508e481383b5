// expect-error: \[xlayout:index_type_on_dense\]
// expect-error: error_at_column<xlayout::error_id::index_type_on_dense, 14>
// The mistake: #(u32) is for sparse arrays.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[3,5]{1,0:#(u32)}"> bad;
