// expect-error: \[xlayout:unknown_element_type\]
// expect-error: error_at_column<xlayout::error_id::unknown_element_type, 1>
// The mistake: a misspelled element type in shape_v<...>; then one use of the value.
#include <xlayout/layout.hpp>
constexpr auto rank = xlayout::shape_v<"g32[3,5]">.rank();
