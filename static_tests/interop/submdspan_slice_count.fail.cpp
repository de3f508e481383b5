// expect-error: \[xlayout:view_invalid_slice\]
// requires: mdspan
// The mistake: one slice specifier for a mapping of rank 2.
#include <mdspan>
#include <xlayout/interop/mdspan.hpp>
using M = xlayout::mdspan_layout<xlayout::Layout<1, 0>>::mapping<std::extents<int, 4, 6>>;
auto row() { return submdspan_mapping(M{}, 3); }
