// expect-error: \[xlayout:invalid_layout_arguments\]
// The mistake: Layout<...> arguments in the wrong order.
#include <xlayout/layout.hpp>
xlayout::Layout<xlayout::T(2, 2), 1, 0> bad;
