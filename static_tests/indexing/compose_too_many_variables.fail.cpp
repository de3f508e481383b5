// expect-error: \[xlayout:too_many_variables\]
// The mistake: composing two maps of 9 symbols each gives 1 + 9 + 9 = 19 variables, more than the default
// XLAYOUT_MAX_VARS of 16. compose_v names checked_compose's own id (it named variable_count_mismatch for
// every failure).
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto composed = xlayout::compose_v<
    "(d0)[s0, s1, s2, s3, s4, s5, s6, s7, s8] -> (d0 + s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7 + s8), "
    "domain: d0 in [0, 3], s0 in [0, 1], s1 in [0, 1], s2 in [0, 1], s3 in [0, 1], s4 in [0, 1], "
    "s5 in [0, 1], s6 in [0, 1], s7 in [0, 1], s8 in [0, 1]",
    "(d0)[s0, s1, s2, s3, s4, s5, s6, s7, s8] -> (d0 + s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7 + s8), "
    "domain: d0 in [0, 20], s0 in [0, 1], s1 in [0, 1], s2 in [0, 1], s3 in [0, 1], s4 in [0, 1], "
    "s5 in [0, 1], s6 in [0, 1], s7 in [0, 1], s8 in [0, 1]">;
