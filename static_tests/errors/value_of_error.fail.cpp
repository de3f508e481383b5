// expect-error: not_a_permutation
// The mistake: value() of a result that holds an error, in a constant expression. The error names the id
// (the function of xlayout::diagnostics it stops at), with assertions on or off; it said "value() called
// on an error" with assertions on, and nothing at all with NDEBUG (the default-constructed shape came out).
#include <xlayout/layout.hpp>
constexpr xlayout::shape s = xlayout::parse_shape("f32[3,5]{1,1}").value();
