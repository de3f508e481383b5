// tests/indexing/interval.cpp: XLA's Interval (include/xlayout/indexing/interval.hpp). Expected values are
// XLA's interval_test (quoted from xla_simplify.json) and a brute-force check of small intervals here.
#include <catch2/catch.hpp>

#include <xlayout/indexing/interval.hpp>

namespace xl = xlayout;
using xl::index_max;
using xl::index_min;
using xl::interval;
using xl::tribool;

TEST_CASE("interval: addition and multiplication saturate like XLA's (interval_test)",
          "[indexing][interval]") {
  STATIC_REQUIRE(interval{12, 64} + interval{-100, 120} == interval{-88, 184});
  STATIC_REQUIRE(interval{0, index_max} + interval{index_min, 0} == interval{index_min, index_max});
  STATIC_REQUIRE(interval{100, index_max - 80} + interval{0, index_max} == interval{100, index_max});
  STATIC_REQUIRE(interval{100, index_max - 80} + interval{index_min, 0} ==
                 interval{index_min, index_max - 80});
  STATIC_REQUIRE(interval{12, 64} + interval{100, index_max - 80} == interval{112, index_max - 16});
  STATIC_REQUIRE(interval{-100, 120} + interval{100, index_max - 80} == interval{0, index_max});
  STATIC_REQUIRE(interval{10, 100} * interval{-10, -1} == interval{-1000, -10});
  STATIC_REQUIRE(interval{-5, 6} * interval{-20, 1000} == interval{-5000, 6000});
  STATIC_REQUIRE(interval{42, 4294967295} * interval{42, 4294967295} == interval{1764, index_max});
  STATIC_REQUIRE(interval{42, index_max} * interval{-1, -1} == interval{index_min, -42});
  STATIC_REQUIRE(interval{index_min, -42} * interval{-1, -1} == interval{42, index_max});
}

TEST_CASE("interval: three-valued comparisons (interval_test Comparisons)", "[indexing][interval]") {
  constexpr interval x{12, 64};
  STATIC_REQUIRE(x.gt({11, 11}) == tribool::yes);
  STATIC_REQUIRE(x.gt({12, 12}) == tribool::unknown);
  STATIC_REQUIRE(x.gt({65, 65}) == tribool::no);
  STATIC_REQUIRE(x.lt({65, 65}) == tribool::yes);
  STATIC_REQUIRE(x.eq({11, 11}) == tribool::no);
  STATIC_REQUIRE(x.eq({12, 12}) == tribool::unknown);
  STATIC_REQUIRE(x.ne({11, 11}) == tribool::yes);
  STATIC_REQUIRE(x.ge({12, 12}) == tribool::yes);
  STATIC_REQUIRE(x.le({64, 64}) == tribool::yes);
  STATIC_REQUIRE(x.le({63, 63}) == tribool::unknown);
}

TEST_CASE("interval: arithmetic contains every value (brute force over small intervals)",
          "[indexing][interval]") {
  for (xl::index_t a = -4; a <= 4; ++a)
    for (xl::index_t b = a; b <= 4; ++b)
      for (xl::index_t c = -3; c <= 3; ++c)
        for (xl::index_t d = c; d <= 3; ++d) {
          const interval x{a, b}, y{c, d};
          xl::index_t smin = 100, smax = -100, pmin = 100, pmax = -100;
          for (xl::index_t i = a; i <= b; ++i)
            for (xl::index_t j = c; j <= d; ++j) {
              smin = std::min(smin, i + j), smax = std::max(smax, i + j);
              pmin = std::min(pmin, i * j), pmax = std::max(pmax, i * j);
            }
          CHECK(x + y == interval{smin, smax});
          CHECK(x * y == interval{pmin, pmax});
          if (d > 0) CHECK(xl::floor_div(x, d) == interval{xl::floor_div(a, d), xl::floor_div(b, d)});
        }
}
