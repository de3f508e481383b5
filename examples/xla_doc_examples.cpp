// examples/xla_doc_examples.cpp: the worked examples of XLA's documents "Shapes and layout" and "Tiled
// layout", each computed by the library: at compile time (the static_asserts) and printed at run time.
#include <cstdio>
#include <string>
#include <xlayout/layout.hpp>
using namespace xlayout;

// "Shapes and layout": the [2 x 3] array "a b c / d e f" with minor_to_major {0,1} is "a d b e c f" in
// memory, with {1,0} "a b c d e f"; padded to [3, 5] (column-major) it is "a d 0 b e 0 c f 0 0 0 0 0 0 0".
static_assert(linear_index(shape_v<"f32[2,3]{0,1}">, {1, 0}) == 1);  // d is second
static_assert(linear_index(shape_v<"f32[2,3]{1,0}">, {1, 0}) == 3);  // d is fourth
static_assert(linear_index(shape_v<"f32[2,3]{0,1:pad(3,5)}">, {0, 1}) == 3);
static_assert(required_span_size(shape_v<"f32[2,3]{0,1:pad(3,5)}">) == 15);
// That document's padded_dimensions in C++ syntax: the same layout as the text's `pad(3,5)`.
static_assert(make_shape(element_type::f32, {2, 3}, Layout<0, 1, pad(3, 5)>::value) ==
              shape_v<"f32[2,3]{0,1:pad(3,5)}">);
// "Tiled layout": element (2,3) of f32[3,5] in 2x2 tiles is at 17; figure 2's 4x8 array tiled (2,4)(2,1).
static_assert(Shape<"f32[3,5]{1,0:T(2,2)}">::linear_index(2, 3) == 17);
static_assert(Shape<"f32[4,8]{1,0:T(2,4)(2,1)}">::linear_index(2, 1) == 18);

namespace {

/// The letters of the "Shapes and layout" array, or '0' for padding: what each slot of the buffer holds.
std::string memory_of(const shape& s) {
  const char* letters[2] = {"abc", "def"};
  std::string out;
  for (index_t slot = 0; slot < required_span_size(s); ++slot) {
    auto e = multi_index(s, slot);
    if (!out.empty()) out += ' ';
    out += e ? letters[e[0]][e[1]] : '0';
  }
  return out;
}

void print_grid(const shape& s, const char* indent) {
  for (index_t r = 0; r < s.dimensions[0]; ++r) {
    std::printf("%s", indent);
    for (index_t c = 0; c < s.dimensions[1]; ++c)
      std::printf("%3lld", static_cast<long long>(linear_index(s, {r, c})));
    std::printf("\n");
  }
}

template <class Range>
std::string list(const Range& v) {
  std::string t = "(";
  for (std::size_t i = 0; i < v.size(); ++i) t += (i > 0 ? ", " : "") + std::to_string(v[i]);
  return t + ")";
}

}  // namespace

int main() {
  std::printf("XLA's \"Shapes and layout\": the [2 x 3] array\n  a b c\n  d e f\nin linear memory:\n");
  for (const char* text : {"f32[2,3]{0,1}", "f32[2,3]{1,0}", "f32[2,3]{0,1:pad(3,5)}"}) {
    const shape s = *parse_shape(text);
    std::printf("  %-24s %s\n", text, memory_of(s).c_str());
  }
  // The padded buffer read as the [3 x 5] array with the same minor_to_major.
  const shape padded = shape_v<"f32[2,3]{0,1:pad(3,5)}">;
  const shape wide = shape_v<"f32[3,5]{0,1}">;
  const std::string memory = memory_of(padded);
  std::printf("the padded buffer is the [3 x 5] array %s:\n", to_string(wide).c_str());
  for (index_t r = 0; r < 3; ++r) {
    std::printf("  ");
    for (index_t c = 0; c < 5; ++c)
      std::printf("%s%c", c > 0 ? " " : "", memory[2 * static_cast<std::size_t>(linear_index(wide, {r, c}))]);
    std::printf("\n");
  }

  const shape fig1 = shape_v<"f32[3,5]{1,0:T(2,2)}">;
  const shape tiled = *physical_shape(fig1);
  std::printf("\nXLA's \"Tiled layout\", figure 1: %s\n", to_string(fig1).c_str());
  const index_t at = linear_index(fig1, {2, 3});
  std::printf("  element (2,3): combined coordinates %s in %s, linear index %lld of %lld\n",
              list(*multi_index(tiled, at)).c_str(), list(*tiled_dimensions(fig1)).c_str(),
              static_cast<long long>(at), static_cast<long long>(required_span_size(fig1)));
  std::printf("  the linear index of each element:\n");
  print_grid(fig1, "  ");

  const shape fig2 = shape_v<"f32[4,8]{1,0:T(2,4)(2,1)}">;
  std::printf("\nXLA's \"Tiled layout\", figure 2: %s, the linear index of each element:\n",
              to_string(fig2).c_str());
  print_grid(fig2, "  ");
}
