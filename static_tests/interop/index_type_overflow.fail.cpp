// expect-error: \[xlayout:index_type_overflow\]
// requires: mdspan
// The mistake: a std::extents whose index type cannot hold the offsets (64 x 512 elements: up to 32768).
#include <mdspan>
#include <xlayout/interop/mdspan.hpp>
using P = xlayout::mdspan_layout<xlayout::Layout<"{1,0:T(8,128)}">>;
int last() { return P::mapping<std::extents<short, 64, 512>>{}(63, 511); }
