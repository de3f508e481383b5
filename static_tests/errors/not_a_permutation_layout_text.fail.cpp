// expect-error: \[xlayout:not_a_permutation\]
// expect-error: error_at_column<xlayout::error_id::not_a_permutation, 0>
// The mistake: Layout<"{1,1}">; then one use of the type.
// Column 0: Layout<"..."> checks the layout rules after parsing, without positions.
#include <xlayout/layout.hpp>
constexpr auto rank = xlayout::Layout<"{1,1}">::rank();
