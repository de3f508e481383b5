// expect-error: reshape_is_bitcast.*(is not a member of|in namespace)
// The mistake: XLA's tile-ignoring rule under its old name. It answered yes for f32[3,5]{1,0:T(2,2)} to
// f32[15], whose bytes differ; it is now reshape_is_bitcast_ignoring_tiles, and is_bitcast is exact.
#include <xlayout/layout.hpp>
static_assert(xlayout::reshape_is_bitcast(xlayout::shape_v<"f32[3,5]{1,0:T(2,2)}">,
                                          xlayout::shape_v<"f32[15]">));
