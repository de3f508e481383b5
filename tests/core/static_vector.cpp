// tests/core/static_vector.cpp: the fixed-capacity vector, at compile time and as a template argument.
#include <catch2/catch.hpp>
#include <type_traits>
#include <xlayout/core/static_vector.hpp>

using xlayout::static_vector;

template <static_vector<int, 4> V>
struct holder {};

constexpr static_vector<int, 4> edited() {
  static_vector<int, 4> v{1, 2, 3};
  v.push_back(4);
  v.pop_back();
  v.erase(0);
  v.insert(0, 1);
  return v;
}

TEST_CASE("static_vector: push, pop, insert, erase, resize", "[core]") {
  constexpr auto v = edited();
  STATIC_REQUIRE(v.size() == 3);
  STATIC_REQUIRE((v[0] == 1 && v[1] == 2 && v[2] == 3));
  STATIC_REQUIRE(v == static_vector<int, 4>{1, 2, 3});
  STATIC_REQUIRE(!(v == static_vector<int, 4>{1, 2}));
  static_vector<int, 4> w{5};
  w.resize(3, 7);
  CHECK(w == static_vector<int, 4>{5, 7, 7});
  CHECK(w.try_push_back(8));
  CHECK(w.full());
  CHECK_FALSE(w.try_push_back(9));  // full: refused, nothing changes
  CHECK(w.back() == 8);
  w.clear();
  CHECK(w.empty());
}

TEST_CASE("static_vector: equal contents are the same template argument (unused slots stay zero)", "[core]") {
  // After push_back + pop_back the removed slot must be reset, or the two would be different types.
  STATIC_REQUIRE(std::is_same_v<holder<edited()>, holder<static_vector<int, 4>{1, 2, 3}>>);
  STATIC_REQUIRE(
      !std::is_same_v<holder<static_vector<int, 4>{1, 2}>, holder<static_vector<int, 4>{1, 2, 3}>>);
}
