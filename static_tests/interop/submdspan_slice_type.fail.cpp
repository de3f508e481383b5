// expect-error: \[xlayout:view_invalid_slice\]
// requires: mdspan
// The mistake: a slice specifier that is none of full_extent, an index, a pair or a strided_slice.
#include <mdspan>
#include <xlayout/interop/mdspan.hpp>
struct every_other {};
using M = xlayout::mdspan_layout<xlayout::Layout<1, 0>>::mapping<std::extents<int, 4, 6>>;
auto cols() { return submdspan_mapping(M{}, xlayout::full_extent, every_other{}); }
