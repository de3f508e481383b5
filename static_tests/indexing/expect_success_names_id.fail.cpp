// expect-error: diagnostics::invalid_divisor
// The mistake: composition substitutes the constant 0 for the divisor d1, so the composed map has no value
// anywhere (checked_compose: invalid_divisor). compose(), which stops on an error, must name that id, not
// capacity_exceeded (expect_success is generated from XLAYOUT_ERROR_LIST, one case per id).
#include <xlayout/indexing.hpp>
constexpr auto first = xlayout::indexing_map_v<"(d0) -> (d0, 0), domain: d0 in [0, 9]">;
constexpr auto second =
    xlayout::indexing_map_v<"(d0, d1) -> (d0 floordiv d1), domain: d0 in [0, 9], d1 in [0, 9]">;
constexpr auto bad = xlayout::compose(first, second);
