// expect-error: \[xlayout:invalid_tile_size\]
// The mistake: a negative tile size in the C++ spelling.
#include <xlayout/layout.hpp>
xlayout::Layout<1, 0, xlayout::T(-2, 2)> bad;
