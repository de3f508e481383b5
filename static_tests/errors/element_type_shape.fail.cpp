// expect-error: \[xlayout:unknown_element_type\]
// expect-error: error_at_column<xlayout::error_id::unknown_element_type, 1>
// The mistake: a misspelled element type in Shape<...>; then one use of the type.
#include <xlayout/layout.hpp>
constexpr auto offset = xlayout::Shape<"g32[3,5]">::linear_index(1, 2);
