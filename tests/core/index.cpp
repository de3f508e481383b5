// tests/core/index.cpp: exact integer arithmetic (floor/ceil division, floor modulo, gcd, overflow checks),
// checked against definitions written here with wider integers.
#include <catch2/catch.hpp>
#include <numeric>
#include <xlayout/core/index.hpp>

using namespace xlayout;

__extension__ using int128 = __int128;  // the oracle: wide enough for every sum and product

TEST_CASE("floor_div, floor_mod and ceil_div match their definitions on [-30, 30] x [-7, 7]", "[core]") {
  for (index_t a = -30; a <= 30; ++a) {
    for (index_t b = -7; b <= 7; ++b) {
      if (b == 0) continue;
      // The definitions: q = floor(a / b) is the largest q with q * b <= a (b > 0) or q * b >= a (b < 0).
      index_t q = -40;
      while (!((b > 0) ? ((q + 1) * b > a && q * b <= a) : ((q + 1) * b < a && q * b >= a))) ++q;
      CHECK(floor_div(a, b) == q);
      CHECK(floor_mod(a, b) == a - q * b);
      index_t c = -40;  // ceil: the smallest c with c * b >= a (b > 0) or c * b <= a (b < 0)
      while (!((b > 0) ? (c * b >= a) : (c * b <= a))) ++c;
      CHECK(ceil_div(a, b) == c);
    }
  }
  STATIC_REQUIRE(floor_div(-7, 2) == -4);
  STATIC_REQUIRE(floor_mod(-7, 2) == 1);
  STATIC_REQUIRE(ceil_div(7, 2) == 4);
  STATIC_REQUIRE(floor_mod(index_min, -1) == 0);
}

TEST_CASE("gcd agrees with std::gcd and handles index_min", "[core]") {
  for (index_t a = -40; a <= 40; ++a) {
    for (index_t b = -40; b <= 40; ++b) CHECK(gcd(a, b) == std::gcd(a, b));
  }
  STATIC_REQUIRE(gcd(0, 0) == 0);
  STATIC_REQUIRE(gcd(index_min, 6) == 2);
}

TEST_CASE("checked and saturating arithmetic detect every int64 overflow", "[core]") {
  const index_t values[] = {0,
                            1,
                            -1,
                            2,
                            -2,
                            3,
                            1000,
                            -1000,
                            3037000499,
                            3037000500,
                            -3037000500,
                            index_max / 2,
                            index_max / 2 + 1,
                            index_max,
                            index_min,
                            index_min + 1,
                            index_min / 2};
  for (index_t a : values) {
    for (index_t b : values) {
      const int128 sum = static_cast<int128>(a) + b, product = static_cast<int128>(a) * b;
      const bool sum_fits = sum >= index_min && sum <= index_max;
      const bool product_fits = product >= index_min && product <= index_max;
      CHECK(checked_add(a, b).ok == sum_fits);
      CHECK(checked_mul(a, b).ok == product_fits);
      if (sum_fits) CHECK(checked_add(a, b).value == static_cast<index_t>(sum));
      if (product_fits) CHECK(checked_mul(a, b).value == static_cast<index_t>(product));
      CHECK(saturating_add(a, b) ==
            (sum_fits ? static_cast<index_t>(sum) : (sum > 0 ? index_max : index_min)));
      CHECK(saturating_mul(a, b) ==
            (product_fits ? static_cast<index_t>(product) : (product > 0 ? index_max : index_min)));
    }
  }
  STATIC_REQUIRE(!checked_mul(index_max, 2).ok);
  STATIC_REQUIRE((is_power_of_two(128) && !is_power_of_two(96) && !is_power_of_two(0)));
}
