// tests/interop/hana.cpp: Boost.Hana integral constants as tensor indices (folded to constant offsets),
// indexing with a hana::tuple, and the unrolled walk with hana constants.
#include <boost/hana.hpp>
#include <catch2/catch.hpp>
#include <type_traits>
#include <xlayout/interop/hana.hpp>
#include <xlayout/tensor/tensor.hpp>

using namespace xlayout;
namespace hana = boost::hana;
using namespace hana::literals;

using A = Tensor<"f32[3,5]{1,0:T(2,2)}">;

TEST_CASE("hana integral constants are static indices: the Tiled layout example's offset 17 is a constant",
          "[interop][hana]") {
  STATIC_REQUIRE(static_index<hana::int_<2>>);
  STATIC_REQUIRE(static_index<decltype(3_c)>);
  STATIC_REQUIRE(!static_index<int>);
  STATIC_REQUIRE(A::mapping_type{}(hana::int_c<2>, 3_c) == 17);
  constexpr index_t offset = A::mapping_type{}(hana::llong_c<2>, hana::size_c<3>);
  STATIC_REQUIRE(offset == 17);
  float buf[24]{};
  A a(buf);
  CHECK(&a(hana::int_c<2>, 3) == buf + 17);
  CHECK(&at_tuple(a, hana::make_tuple(hana::int_c<2>, 3_c)) == buf + 17);
  CHECK(&at_tuple(a, hana::make_tuple(2, 3)) == buf + 17);
}

TEST_CASE("for_each_hana: every element once, indices as hana constants, memory order", "[interop][hana]") {
  STATIC_REQUIRE([] {
    float buf[24]{};
    A a(buf);
    int visits = 0;
    index_t previous = -1;
    bool ordered = true;
    for_each_hana(a, [&](auto idx, float& x) {
      constexpr auto i = decltype(+idx[0_c])::value;  // hana::llong constants
      constexpr auto j = decltype(+idx[1_c])::value;
      x = static_cast<float>(i * 10 + j);
      const index_t offset = &x - buf;
      ordered = ordered && offset > previous;
      previous = offset;
      ++visits;
    });
    return visits == 15 && ordered && buf[17] == 23.0f;
  }());
}
