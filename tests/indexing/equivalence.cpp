// tests/indexing/equivalence.cpp: equivalent() answers yes / no / unknown and never a wrong yes
// (include/xlayout/indexing/equivalence.hpp). Expected answers: by construction, and checked against the
// independent oracle on random pairs.
#include <catch2/catch.hpp>

#include <string>

#include <xlayout/indexing.hpp>

#include "indexing/map_generator.hpp"
#include "indexing/map_oracle.hpp"

namespace xl = xlayout;

namespace {
constexpr xl::tribool eq(std::string_view a, std::string_view b,
                         xl::index_t budget = XLAYOUT_EQUIVALENCE_BUDGET) {
  return xl::equivalent(*xl::parse_indexing_map(a), *xl::parse_indexing_map(b), budget);
}
}  // namespace

TEST_CASE("equivalent: yes from normal forms (Indexing analysis's reshape chain against the identity)",
          "[indexing][equivalence]") {
  STATIC_REQUIRE(
      eq("(d0, d1, d2) -> ((((d0 * 100 + d1 * 10 + d2) floordiv 20) * 20 + (d0 * 100 + d1 * 10 + d2) mod "
         "20) floordiv 100, d1, d2), domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]",
         "(d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]") ==
      xl::tribool::yes);
}

TEST_CASE("equivalent: yes by exhaustive check where the normal forms differ", "[indexing][equivalence]") {
  // A carry the normal form keeps: the floor of a sum of two remainders.
  STATIC_REQUIRE(eq("(x, y) -> ((x mod 8 + y mod 8) floordiv 8), domain: x in [0, 20], y in [0, 20]",
                    "(x, y) -> ((x + y) floordiv 8 - x floordiv 8 - y floordiv 8), domain: x in [0, 20], y "
                    "in [0, 20]") == xl::tribool::yes);
  // The same sets over a symbol (XLA's meaning of symbols): s0 and 3 - s0 range over [0, 3].
  STATIC_REQUIRE(eq("(d0)[s0] -> (d0, s0), domain: d0 in [0, 3], s0 in [0, 3]",
                    "(d0)[s0] -> (d0, -s0 + 3), domain: d0 in [0, 3], s0 in [0, 3]") == xl::tribool::yes);
  // The same domain through a constraint and through bounds.
  STATIC_REQUIRE(eq("(d0) -> (d0), domain: d0 in [0, 99], d0 / 8 in [5, 11]",
                    "(d0) -> (d0), domain: d0 in [40, 95]") == xl::tribool::yes);
}

TEST_CASE("equivalent: no from a counterexample; unknown when neither is possible",
          "[indexing][equivalence]") {
  STATIC_REQUIRE(eq("(d0) -> (d0 mod 8), domain: d0 in [0, 15]", "(d0) -> (d0), domain: d0 in [0, 15]") ==
                 xl::tribool::no);
  STATIC_REQUIRE(eq("(d0) -> (d0), domain: d0 in [0, 15]", "(d0) -> (d0), domain: d0 in [0, 14]") ==
                 xl::tribool::no);
  STATIC_REQUIRE(eq("(d0, d1) -> (d0)", "(d0) -> (d0)") == xl::tribool::no);
  // The same carry (the floor of a sum of two remainders) is proved by the normal form (pulling
  // -8 * floor(x / 8) out).
  STATIC_REQUIRE(
      eq("(x, y) -> ((x mod 8 + y mod 8) floordiv 8), domain: x in [0, 999999], y in [0, 999999]",
         "(x, y) -> ((x + y) floordiv 8 - x floordiv 8 - y floordiv 8), domain: x in [0, 999999], y in [0, "
         "999999]") == xl::tribool::yes);
  // Hermite's identity: equal, but the normal forms differ and 10^6 points exceed the budget: unknown.
  STATIC_REQUIRE(
      eq("(x) -> (x floordiv 3 + (x + 1) floordiv 3 + (x + 2) floordiv 3), domain: x in [0, 999999]",
         "(x) -> (x), domain: x in [0, 999999]") == xl::tribool::unknown);
  CHECK(eq("(x) -> (x floordiv 3 + (x + 1) floordiv 3 + (x + 2) floordiv 3), domain: x in [0, 999999]",
           "(x) -> (x), domain: x in [0, 999999]", 2000000) == xl::tribool::yes);
  // A difference hidden in a large domain is found by the counterexample search.
  STATIC_REQUIRE(
      eq("(x, y) -> (x + y), domain: x in [0, 999999], y in [0, 999999]",
         "(x, y) -> (x + y + (x floordiv 500000) * 0 + x floordiv 999999), domain: x in [0, 999999], y in "
         "[0, 999999]") == xl::tribool::no);
  STATIC_REQUIRE(eq("UNDEFINED", "UNDEFINED") == xl::tribool::unknown);
  STATIC_REQUIRE(eq("KNOWN EMPTY", "(d0) -> (d0), domain: d0 in [0, 9], d0 mod 2 in [3, 3]") ==
                 xl::tribool::no);
}

TEST_CASE("equivalent: never a wrong yes, and right when it answers (random pairs against the oracle)",
          "[indexing][equivalence][law]") {
  int answered = 0;
  for (unsigned seed = 1; seed <= 600; ++seed) {
    gen::generator g(seed * 31u);
    const gen::dims shape = g.random_shape();
    const gen::op_map a = g.random_op(shape);
    // b: the same map rewritten (simplified), or a perturbed one (a result shifted, or results swapped).
    auto ma = *xl::parse_indexing_map(a.text);
    std::string btext;
    switch (g.pick(0, 2)) {
      case 0:
        btext = std::string(xl::to_string(xl::simplify(ma)).view());
        break;
      case 1: {
        const auto pos = a.text.find(") -> (");
        btext = a.text.substr(0, pos + 6) + "1 + " + a.text.substr(pos + 6);  // first result + 1
        break;
      }
      default:
        btext = std::string(xl::to_string(ma).view());
        break;
    }
    auto mb = xl::parse_indexing_map(btext);
    REQUIRE(mb.has_value());
    const xl::tribool e = xl::equivalent(ma, *mb, 1 << 20);
    INFO("seed " << seed << "\n a " << a.text << "\n b " << btext);
    const auto truth = oracle::compare_sets(oracle::parse(a.text), oracle::parse(btext), 4e6);
    REQUIRE(truth != oracle::verdict::too_big);
    if (e == xl::tribool::yes) CHECK(truth == oracle::verdict::equal);
    if (e == xl::tribool::no) CHECK(truth == oracle::verdict::different);
    answered += e != xl::tribool::unknown;
  }
  CHECK(answered >= 580);
}

TEST_CASE("is_identity, is_injective_on_domain, is_bijective_on_domain", "[indexing][equivalence]") {
  constexpr auto transpose =
      *xl::parse_indexing_map("(d0, d1) -> (d1, d0), domain: d0 in [0, 3], d1 in [0, 5]");
  constexpr auto reshape =
      *xl::parse_indexing_map("(d0) -> (d0 floordiv 8, d0 mod 8), domain: d0 in [0, 31]");
  constexpr auto tiled = *xl::parse_indexing_map(
      "(d0, d1) -> (d0 / 2, d1 / 2, d0 mod 2, d1 mod 2), domain: d0 in [0, 2], d1 in [0, 4]");
  constexpr auto broadcast = *xl::parse_indexing_map("(d0, d1) -> (d1), domain: d0 in [0, 3], d1 in [0, 5]");
  STATIC_REQUIRE(xl::is_bijective_on_domain(transpose) == xl::tribool::yes);
  STATIC_REQUIRE(xl::is_bijective_on_domain(reshape) == xl::tribool::yes);
  STATIC_REQUIRE(xl::is_injective_on_domain(tiled) == xl::tribool::yes);
  STATIC_REQUIRE(xl::is_bijective_on_domain(tiled) == xl::tribool::no);  // padding: not onto the tiled box
  STATIC_REQUIRE(xl::is_injective_on_domain(broadcast) == xl::tribool::no);
  STATIC_REQUIRE(!xl::is_identity(transpose));
  STATIC_REQUIRE(xl::is_identity(*xl::parse_indexing_map("(d0) -> (d0 floordiv 1), domain: d0 in [0, 3]")));
}
