// tests/values/extents.cpp: static and dynamic extents; only dynamic ones take space.
#include <catch2/catch.hpp>
#include <xlayout/values/extents.hpp>

using namespace xlayout;

TEST_CASE("Extents: static sizes cost nothing, dynamic ones are stored", "[shape]") {
  using S = Extents<3, 5>;
  using D = Extents<dyn, 128, dyn>;
  STATIC_REQUIRE((S::rank() == 2 && S::rank_dynamic() == 0 && S::is_static()));
  STATIC_REQUIRE(S{}.extent(1) == 5);
  STATIC_REQUIRE((D::rank() == 3 && D::rank_dynamic() == 2));
  STATIC_REQUIRE(D(7, 9).extent(0) == 7);
  STATIC_REQUIRE(D(7, 9).extent(1) == 128);
  STATIC_REQUIRE(D(7, 9).extent(2) == 9);
  STATIC_REQUIRE(D::static_extent(0) == dyn);
  STATIC_REQUIRE(D::dynamic_index(2) == 1);
  STATIC_REQUIRE(sizeof(D) == 2 * sizeof(index_t));
  STATIC_REQUIRE(std::is_empty_v<S>);
  CHECK(D(7, 9) == D(7, 9));
  CHECK_FALSE(D(7, 9) == D(7, 8));
}
