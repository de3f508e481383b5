// expect-error: \[xlayout:not_a_permutation\]
// expect-error: error_at_column<xlayout::error_id::not_a_permutation, 12>
// The mistake: minor_to_major names dimension 1 twice, in Shape<...>; then one use of the type.
#include <xlayout/layout.hpp>
constexpr auto offset = xlayout::Shape<"f32[3,5]{1,1}">::linear_index(1, 2);
