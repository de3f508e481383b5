// examples/indexing_maps.cpp: indexing maps in XLA's text, simplified, composed and compared, at compile time
// (IndexingMap<"...">, static_asserts) and at run time (parse_indexing_map on text known only then).
// docs/indexing.md quotes this file.
#include <cstdio>
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>
#include <xlayout/text.hpp>
using namespace xlayout;

// The first simplifier example of XLA's "Indexing analysis" document: the range-aware simplifier sees that
// d1 < 16.
using Folded =
    IndexingMap<"(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]">;
static_assert(Folded::to_string() == "(d0, d1) -> (d0, d1), domain: d0 in [0, 6], d1 in [0, 14]");
static_assert(Folded::evaluate(3, 9)[1] == 9);

// The reshape chain 10x10x10 -> 50x20 -> 10x10x10 composes to the identity.
constexpr auto to_50x20 = indexing_map_v<
    "(d0, d1, d2) -> ((d0 * 100 + d1 * 10 + d2) floordiv 20, (d0 * 100 + d1 * 10 + d2) mod 20), "
    "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]">;
constexpr auto to_10x10x10 = indexing_map_v<
    "(d0, d1) -> ((d0 * 20 + d1) floordiv 100, ((d0 * 20 + d1) floordiv 10) mod 10, d1 mod 10), "
    "domain: d0 in [0, 49], d1 in [0, 19]">;
static_assert(is_identity(simplify(compose(to_50x20, to_10x10x10))));

// Equivalence is yes, no or unknown, and never a wrong yes.
static_assert(equivalent_v<"(d0) -> (d0 floordiv 4 * 4 + d0 mod 4), domain: d0 in [0, 99]",
                           "(d0) -> (d0), domain: d0 in [0, 99]"> == tribool::yes);
static_assert(equivalent_v<"(d0) -> (d0 floordiv 4), domain: d0 in [0, 99]",
                           "(d0) -> (d0 floordiv 5), domain: d0 in [0, 99]"> == tribool::no);

int main() {
  // The same functions at run time.
  const char* text =
      "(d0, d1, d2) -> ((d0 * 16 + d1 * 4 + d2) floordiv 8, (d0 * 16 + d1 * 4 + d2) mod 8), "
      "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]";
  if (auto m = parse_indexing_map(text)) std::printf("%s\n", to_string(simplify(*m)).c_str());

  // A tiled layout as a map: logical index -> linear index, and back (padding excluded by constraints).
  constexpr shape s = shape_v<"f32[3,5]{1,0:T(2,2)}">;
  std::printf("%s\n", to_string(*logical_to_linear_map(s)).c_str());
  const auto back = compose(*logical_to_linear_map(s), *linear_to_logical_map(s));
  std::printf("logical -> linear -> logical is the identity: %s\n",
              to_string(equivalent(simplify(back), *parse_indexing_map("(d0, d1) -> (d0, d1), domain: "
                                                                       "d0 in [0, 2], d1 in [0, 4]")))
                  .data());

  // Bad text: an error value with the id and the position.
  auto bad = parse_indexing_map("(d0) -> (d0 mod 0), domain: d0 in [0, 9]");
  std::printf("error: %s at column %lld\n", error_name(bad.error().id).data(),
              static_cast<long long>(bad.error().position + 1));
}
