// expect-error: \[xlayout:not_a_permutation\]
// The mistake: Layout<1, 1>; then one use of the type.
#include <xlayout/layout.hpp>
constexpr auto rank = xlayout::Layout<1, 1>::rank();
