// expect-error: \[xlayout:minor_to_major_size_mismatch\]
// expect-error: error_at_column<xlayout::error_id::minor_to_major_size_mismatch, 9>
// The mistake: a rank-2 shape with one minor_to_major entry.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[3,5]{1}"> bad;
