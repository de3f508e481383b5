// expect-error: \[xlayout:invalid_metadata_prefix\]
// expect-error: error_at_column<xlayout::error_id::invalid_metadata_prefix, 14>
// The mistake: a negative M(n); XLA prints M(n) only when n is positive, so it would vanish from the text.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[4,4]{1,0:M(-8)}"> bad;
