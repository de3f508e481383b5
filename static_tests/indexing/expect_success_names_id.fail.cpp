// expect-error: function[^(]*invalid_divisor
// max-lines: 17
// The mistake: composition substitutes the constant 0 for the divisor d1, so the composed map has no value
// anywhere (checked_compose: invalid_divisor). compose(), which stops on an error, must name that id, not
// capacity_exceeded (expect_success is generated from XLAYOUT_ERROR_LIST, one entry per id). g++ 12 says it
// in 17 lines: 8 are the note on where the X-macro declares diagnostics::invalid_divisor().
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto first = xlayout::indexing_map_v<"(d0) -> (d0, 0), domain: d0 in [0, 9]">;
constexpr auto second =
    xlayout::indexing_map_v<"(d0, d1) -> (d0 floordiv d1), domain: d0 in [0, 9], d1 in [0, 9]">;
constexpr auto bad = xlayout::compose(first, second);
