// tests/core/fixed_string.cpp: string literals as template arguments, and printing without a heap.
#include <catch2/catch.hpp>
#include <string_view>
#include <type_traits>
#include <xlayout/core/fixed_string.hpp>

using namespace xlayout;

template <fixed_string S>
struct named {
  static constexpr std::string_view text = S.view();
};

TEST_CASE("fixed_string carries a literal into a template", "[core]") {
  STATIC_REQUIRE(named<"f32[3,5]">::text == "f32[3,5]");
  STATIC_REQUIRE(std::is_same_v<named<"ab">, named<"ab">>);
  STATIC_REQUIRE(!std::is_same_v<named<"ab">, named<"ac">>);
  STATIC_REQUIRE(fixed_string("xyz").size() == 3);
}

TEST_CASE("static_string appends text and integers, and reports overflow", "[core]") {
  constexpr auto s = [] {
    static_string<64> t;
    t.append("min=")
        .append_int(index_min)
        .append(", max=")
        .append_int(index_max)
        .append(", zero=")
        .append_int(0);
    return t;
  }();
  STATIC_REQUIRE(s.view() == "min=-9223372036854775808, max=9223372036854775807, zero=0");
  STATIC_REQUIRE(!s.overflowed());
  static_string<4> small;
  small.append("hello");
  CHECK(small.view() == "hell");
  CHECK(small.overflowed());
  CHECK(std::string_view(small.c_str()) == "hell");  // always NUL-terminated
}

TEST_CASE("static_strings compare as text, across capacities", "[core]") {
  STATIC_REQUIRE(static_string<8>("f32[3]") == static_string<8>("f32[3]"));
  STATIC_REQUIRE(static_string<8>("f32[3]") == static_string<64>("f32[3]"));
  STATIC_REQUIRE(!(static_string<8>("f32[3]") == static_string<8>("f32[4]")));
  STATIC_REQUIRE(static_string<8>("f32[3]") != static_string<16>("f32[3]{0}"));
  STATIC_REQUIRE(static_string<8>("ab") == std::string_view("ab"));
  STATIC_REQUIRE(std::string_view("ab") == static_string<8>("ab"));
}
