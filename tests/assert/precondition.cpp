// expect-stderr: ^\[xlayout:dynamic_dimension\] precondition: Shape: .* at .*linear_index\.hpp:[0-9]+
// The default handler on another precondition (XLAYOUT_EXPECTS): the id, the rule and the place of the check.
#define XLAYOUT_ENABLE_ASSERTS 1
#include <xlayout/layout.hpp>

int main(int argc, char**) {
  const auto shape = xlayout::parse_shape(argc > 0 ? "f32[?,5]" : "f32[3,5]");
  return static_cast<int>(xlayout::required_span_size(shape.value()));
}
