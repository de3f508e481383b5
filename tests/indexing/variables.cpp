// tests/indexing/variables.cpp: RemoveUnusedSymbols / RemoveUnusedVars, RescaleSymbols and the conversions
// (include/xlayout/indexing/variables.hpp). Expected strings are XLA's indexing_map_test cases.
#include <catch2/catch.hpp>

#include <xlayout/indexing.hpp>

namespace xl = xlayout;

namespace {
constexpr xl::indexing_map map(std::string_view t) { return *xl::parse_indexing_map(t); }
}  // namespace

TEST_CASE("remove_unused_symbols: constraints keep their symbols alive (XLA RemoveUnusedSymbols_*)",
          "[indexing][variables]") {
  STATIC_REQUIRE(
      xl::to_string(xl::remove_unused_symbols(
          map("(d0)[s0, s1, s2, s3, s4] -> (d0 * 4 + s1 + s3 - 42), domain: d0 in [0, 31], s0 in [0, 0], "
              "s1 in [0, 1], s2 in [0, 2], s3 in [0, 3], s4 in [0, 4], d0 * 4 + s1 + s3 in [24, 459]"))) ==
      "(d0)[s0, s1] -> (d0 * 4 + s0 + s1 - 42), domain: d0 in [0, 31], s0 in [0, 1], s1 in [0, 3], d0 * 4 "
      "+ s0 + s1 in [24, 459]");
  STATIC_REQUIRE(
      xl::to_string(xl::remove_unused_symbols(
          map("(d0, d1)[s0, s1] -> (d0, d1, s1), domain: d0 in [0, 49], d1 in [0, 59], s0 in [0, 69], s1 in "
              "[0, 19], s0 mod 3 in [0, 0]"))) ==
      "(d0, d1)[s0] -> (d0, d1, s0), domain: d0 in [0, 49], d1 in [0, 59], s0 in [0, 19]");
}

TEST_CASE("remove_unused_variables: dimensions too, with the removed ones reported (XLA RemoveUnusedVars_*)",
          "[indexing][variables]") {
  xl::removed_variables removed;
  const auto r =
      xl::checked_remove_unused_variables(map("(d0, d1, d2, d3, d4)[s0, s1, s2] -> (s0 * 4 + d1 + d3 - 42), "
                                              "domain: d0 in [0, 0], d1 in [0, 1], d2 in "
                                              "[0, 2], d3 in [0, 3], d4 in [0, 4], s0 in [0, 31], s1 in [0, "
                                              "63], s2 in [0, 95], s0 * 4 + d1 + d3 in [24, "
                                              "459], s0 + s2 in [0, 512]"),
                                          &removed);
  REQUIRE(r.has_value());
  CHECK(xl::to_string(*r) ==
        "(d0, d1)[s0, s1] -> (s0 * 4 + d0 + d1 - 42), domain: d0 in [0, 1], d1 in [0, 3], s0 in [0, 31], s1 "
        "in [0, "
        "95], s0 * 4 + d0 + d1 in [24, 459], s0 + s1 in [0, 512]");
  const bool want[] = {true, false, true, false, true, false, true, false};
  for (std::size_t i = 0; i < 8; ++i) CHECK(removed[i] == want[i]);
}

TEST_CASE("rescale_symbols: s mod c in [r, r] becomes s * c + r (XLA RescaleSymbols_*)",
          "[indexing][variables]") {
  STATIC_REQUIRE(
      xl::to_string(xl::rescale_symbols(map(
          "(d0)[s0, s1, s2] -> (s2, d0, s1, s0), domain: d0 in [0, 3], s0 in [0, 41], s1 in [0, 1], s2 in "
          "[0, 5], s0 mod 6 in [3, 3]"))) ==
      "(d0)[s0, s1, s2] -> (s2, d0, s1, s0 * 6 + 3), domain: d0 in [0, 3], s0 in [0, 6], s1 in [0, 1], s2 "
      "in [0, 5]");
  STATIC_REQUIRE(
      xl::to_string(xl::simplify(xl::rescale_symbols(
          map("(d0)[s0, s1, s2] -> (s2, d0, s1, s0 / 6), domain: d0 in [0, 3], s0 in [0, 7], s1 in [0, 1], "
              "s2 in [0, 5], s0 mod 2 in [0, 0], s0 mod 3 in [0, 0]")))) ==
      "(d0)[s0, s1, s2] -> (s2, d0, s1, s0), domain: d0 in [0, 3], s0 in [0, 1], s1 in [0, 1], s2 in [0, 5]");
}

TEST_CASE(
    "convert: symbols to dimensions (XLA ConvertSymbolsToDimensions, ConvertRangeVariablesToDimensions)",
    "[indexing][variables]") {
  STATIC_REQUIRE(
      xl::to_string(xl::convert_symbols_to_dimensions(
          map("(d0)[s0, s1]{rt0, rt1} -> (d0 * 4 + s0 + s1 + rt0 * 2 + rt1 * 3 - 42), domain: d0 in [0, "
              "31], s0 in [0, 0], s1 in [0, 1], rt0 in [0, 3], rt1 in [0, 4], d0 * 4 + s0 + rt0 * 2 in "
              "[24, 459]"))) ==
      "(d0, d1, d2, d3, d4) -> (d0 * 4 + d1 + d2 + d3 * 2 + d4 * 3 - 42), domain: d0 in [0, 31], d1 in [0, "
      "0], d2 in [0, 1], d3 in [0, 3], d4 in [0, 4], d0 * 4 + d1 + d3 * 2 in [24, 459]");
  STATIC_REQUIRE(
      xl::to_string(*xl::convert_range_variables_to_dimensions(
          map("(d0, d1)[to_convert_0, range, to_convert_1] -> (d1, d0, range + to_convert_1, to_convert_0), "
              "domain: "
              "d0 in [0, 3], d1 in [0, 3], to_convert_0 in [0, 2], range in [0, 1], to_convert_1 in [0, 3]"),
          {0, 2})) ==
      "(d0, d1, to_convert_0, to_convert_1)[range] -> (d1, d0, range + to_convert_1, to_convert_0), domain: "
      "d0 in "
      "[0, 3], d1 in [0, 3], to_convert_0 in [0, 2], to_convert_1 in [0, 3], range in [0, 1]");
}
