// expect-error: \[xlayout:not_a_permutation\]
// expect-error: error_at_column<xlayout::error_id::not_a_permutation, 12>
// The mistake: minor_to_major names dimension 1 twice, in shape_v<...>; then one use of the value.
#include <xlayout/layout.hpp>
constexpr auto rank = xlayout::shape_v<"f32[3,5]{1,1}">.rank();
