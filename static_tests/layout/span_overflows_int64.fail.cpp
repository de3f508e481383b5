// expect-error: \[xlayout:span_overflow\]
// The mistake: 2^64 elements do not fit in int64.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[4294967296,4294967296]"> bad;
