// expect-error: \[xlayout:padded_dimensions_size_mismatch\]
// The mistake: padded_dimensions need one width per dimension.
#include <xlayout/layout.hpp>
xlayout::Layout<0, 1, xlayout::pad(3)> bad;
