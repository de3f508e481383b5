// tests/values/tile.cpp: tiles as values, T(...) and '*'.
#include <catch2/catch.hpp>
#include <xlayout/values/tile.hpp>

using namespace xlayout;

TEST_CASE("T(...) builds tiles; '*' is XLA's kCombineDimension", "[shape]") {
  STATIC_REQUIRE(T(8, 128).dimensions == static_vector<index_t, XLAYOUT_MAX_RANK>{8, 128});
  STATIC_REQUIRE(T(8, 128).rank() == 2);
  STATIC_REQUIRE(T(combine, 2).dimensions[0] == combine_dimension);
  STATIC_REQUIRE(combine_dimension == index_min);  // XLA stores '*' as INT64_MIN
  STATIC_REQUIRE(T(2, 2) == T(2, 2));
  STATIC_REQUIRE(!(T(2, 2) == T(2, 4)));
}
