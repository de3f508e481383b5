// expect-error: \[xlayout:expected_expression\]
// expect-error: error_at_column<xlayout::error_id::expected_expression, 19>
// The mistake: the right operand of '+' is missing. Column 19 is the ',' where the operand belongs.
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
constexpr auto bad =
    xlayout::IndexingMap<"(d0, d1) -> (d0 + , d1), domain: d0 in [0, 9], d1 in [0, 9]">::value;
