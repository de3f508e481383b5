// tests/indexing/compose.cpp: ComposeIndexingMaps (include/xlayout/indexing/compose.hpp). Expected strings
// are XLA's indexing_map_test composition cases (quoted in xla_simplify.json); the laws on random maps are in
// simplify_laws.cpp.
#include <catch2/catch.hpp>

#include <xlayout/indexing.hpp>

namespace xl = xlayout;

namespace {
constexpr xl::expr_text composed(std::string_view first, std::string_view second) {
  return xl::to_string(xl::compose(*xl::parse_indexing_map(first), *xl::parse_indexing_map(second)));
}
}  // namespace

TEST_CASE("compose: symbols are [second's range vars, first's range vars] (XLA Composition_Permutation)",
          "[indexing][compose]") {
  STATIC_REQUIRE(
      composed("(d0)[s0] -> (d0, s0), domain: d0 in [0, 3], s0 in [0, 3]",
               "(d0, d1)[s0, s1] -> (d1, d0, s1, s0), domain: d0 in [0, 3], d1 in [0, 3], s0 in [0, 1], s1 "
               "in [0, 1]") ==
      "(d0)[s0, s1, s2] -> (s2, d0, s1, s0), domain: d0 in [0, 3], s0 in [0, 1], s1 in [0, 1], s2 in [0, 3]");
}

TEST_CASE(
    "compose: both maps' constraints and first's results inside second's bounds (XLA "
    "Composition_ProducerAndConsumerHaveConstraints)",
    "[indexing][compose]") {
  STATIC_REQUIRE(
      composed(
          "(d0)[s0] -> (d0, s0), domain: d0 in [0, 9], s0 in [0, 7], d0 + s0 in [0, 20], s0 mod 4 in [0, 0]",
          "(d0, d1)[s0, s1] -> (d1, d0, s1, s0), domain: d0 in [0, 49], d1 in [0, 59], s0 in [0, 69], s1 in "
          "[0, "
          "19], d0 mod 8 in [0, 0], s0 mod 3 in [1, 1]") ==
      "(d0)[s0, s1, s2] -> (s2, d0, s1, s0), domain: d0 in [0, 9], s0 in [0, 69], s1 in [0, 19], s2 in [0, "
      "7], d0 + s2 "
      "in [0, 20], d0 mod 8 in [0, 0], s0 mod 3 in [1, 1], s2 mod 4 in [0, 0]");
}

TEST_CASE("compose: runtime variables keep their names and order (XLA Composition_OnlyRTVars)",
          "[indexing][compose]") {
  STATIC_REQUIRE(composed("(d0, d1){cs_0, cs_1} -> (d0 + cs_0 * 2, d1 + cs_1 * 3), domain: d0 in [0, 24], d1 "
                          "in [0, 15], cs_0 in "
                          "[0, 25], cs_1 in [0, 16]",
                          "(d0, d1){ps_0, ps_1} -> (d0 + ps_0, d1 + ps_1 * 4), domain: d0 in [0, 24], d1 in "
                          "[0, 15], ps_0 in [0, "
                          "2], ps_1 in [0, 1]") ==
                 "(d0, d1){ps_0, ps_1, cs_0, cs_1} -> (d0 + cs_0 * 2 + ps_0, d1 + cs_1 * 3 + ps_1 * 4), "
                 "domain: d0 in [0, 24], d1 "
                 "in [0, 15], ps_0 in [0, 2], ps_1 in [0, 1], cs_0 in [0, 25], cs_1 in [0, 16], d0 + cs_0 * "
                 "2 in [0, 24], d1 + "
                 "cs_1 * 3 in [0, 15]");
}

TEST_CASE("compose: KNOWN EMPTY, UNDEFINED and mismatched maps", "[indexing][compose]") {
  STATIC_REQUIRE(composed("(d0) -> (d0), domain: d0 in [0, 49]", "KNOWN EMPTY") == "KNOWN EMPTY");
  STATIC_REQUIRE(composed("UNDEFINED", "(d0) -> (d0), domain: d0 in [0, 49]") == "UNDEFINED");
  STATIC_REQUIRE(xl::checked_compose(*xl::parse_indexing_map("(d0) -> (d0, d0), domain: d0 in [0, 9]"),
                                     *xl::parse_indexing_map("(d0) -> (d0), domain: d0 in [0, 9]"))
                     .error()
                     .id == xl::error_id::variable_count_mismatch);
}

TEST_CASE("compose: `xlayout compose` simplifies and drops unused symbols", "[indexing][compose]") {
  constexpr auto c = xl::checked_compose_simplified(
      *xl::parse_indexing_map("(d0, d1) -> (d0 * 8 + d1), domain: d0 in [0, 3], d1 in [0, 7]"),
      *xl::parse_indexing_map("(d0)[s0] -> (d0 floordiv 8, d0 mod 8), domain: d0 in [0, 31], s0 in [0, 4]"));
  STATIC_REQUIRE(c.has_value());
  STATIC_REQUIRE(xl::to_string(*c) == "(d0, d1) -> (d0, d1), domain: d0 in [0, 3], d1 in [0, 7]");
}
