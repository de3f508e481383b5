// expect-error: \[xlayout:invalid_tile_size\]
// The mistake: a negative tile size in Layout<1, 0, T(-2, 2)>; then one use of the type.
#include <xlayout/layout.hpp>
using namespace xlayout;
constexpr auto rank = Layout<1, 0, T(-2, 2)>::rank();
