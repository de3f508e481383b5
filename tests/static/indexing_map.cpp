// tests/static/indexing_map.cpp: the type-level spelling (include/xlayout/static/indexing_map.hpp).
// Expected values: simplifier example 1 of XLA's "Indexing analysis" and the XLA maps quoted in the other
// tests.
#include <catch2/catch.hpp>

#include <type_traits>

#include <xlayout/indexing.hpp>
#include <xlayout/static/indexing_map.hpp>

using namespace xlayout;

TEST_CASE(
    "IndexingMap<\"...\"> holds the parsed and the simplified map (Indexing analysis, simplifier example 1)",
    "[indexing][static]") {
  using M = IndexingMap<"(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]">;
  STATIC_REQUIRE(M::to_string() == "(d0, d1) -> (d0, d1), domain: d0 in [0, 6], d1 in [0, 14]");
  STATIC_REQUIRE(to_string(M::parsed) ==
                 "(d0, d1) -> (d0 + d1 / 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]");
  STATIC_REQUIRE(M::num_dims == 2);
  STATIC_REQUIRE(M::num_results == 2);
  STATIC_REQUIRE(M::evaluate(3, 9)[1] == 9);
  STATIC_REQUIRE(M::contains(6, 14));
  STATIC_REQUIRE(!M::contains(7, 0));
  STATIC_REQUIRE(
      indexing_map_v<"(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]"> ==
      M::value);
  STATIC_REQUIRE(is_identity(M::value));
}

TEST_CASE("indexing maps are template arguments; equivalent_v and compose_v", "[indexing][static]") {
  constexpr indexing_map m =
      indexing_map_v<"(d0) -> (d0 mod 8 + (d0 floordiv 8) * 8), domain: d0 in [0, 63]">;
  STATIC_REQUIRE(
      std::is_same_v<std::integral_constant<indexing_map, m>,
                     std::integral_constant<indexing_map, indexing_map_v<"(d0) -> (d0), domain: d0 in [0, "
                                                                         "63]">>>);
  STATIC_REQUIRE(
      equivalent_v<"(d0) -> (d0 mod 8), domain: d0 in [0, 7]", "(d0) -> (d0), domain: d0 in [0, 7]"> ==
      tribool::yes);
  STATIC_REQUIRE(to_string(compose_v<"(d0, d1) -> (d0 * 8 + d1), domain: d0 in [0, 3], d1 in [0, 7]",
                                     "(d0) -> (d0 floordiv 8, d0 mod 8), domain: d0 in [0, 31]">) ==
                 "(d0, d1) -> (d0, d1), domain: d0 in [0, 3], d1 in [0, 7]");
}
