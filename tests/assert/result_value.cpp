// expect-stderr: ^\[xlayout:dynamic_dimension\] Shape: .*\(xlayout::result: value\(\) called on this error\)
// The default handler when value() is called on a result that holds an error: it prints that error (here
// checked_required_span_size of a bounded shape, sized only by make_runtime_mapping) before it stops.
#define XLAYOUT_ENABLE_ASSERTS 1
#include <xlayout/layout/sizes.hpp>
#include <xlayout/text/parse_shape.hpp>

int main(int argc, char**) {
  const auto s = xlayout::parse_shape(argc > 1 ? "f32[8,128]" : "f32[<=8,128]");
  return static_cast<int>(*xlayout::checked_required_span_size(*s));
}
