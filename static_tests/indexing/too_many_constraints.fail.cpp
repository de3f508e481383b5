// expect-error: \[xlayout:too_many_constraints\]
// expect-error: error_at_column<xlayout::error_id::too_many_constraints, 286>
// The mistake: 13 constraints with the default XLAYOUT_MAX_CONSTRAINTS of 12. Column 286 is the 'd' of the
// 13th constraint.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad = xlayout::indexing_map_v<
    "(d0) -> (d0), domain: d0 in [0, 99], d0 mod 3 in [0, 1], d0 mod 4 in [0, 2], "
    "d0 mod 5 in [0, 3], d0 mod 6 in [0, 4], d0 mod 7 in [0, 5], d0 mod 8 in [0, 6], "
    "d0 mod 9 in [0, 7], d0 mod 10 in [0, 8], d0 mod 11 in [0, 9], d0 mod 12 in [0, 10], "
    "d0 mod 13 in [0, 11], d0 mod 14 in [0, 12], d0 mod 15 in [0, 13]">;
