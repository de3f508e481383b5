// tests/indexing/layout_map.cpp: layouts as indexing maps (include/xlayout/indexing/layout_map.hpp). Expected
// values: the worked example of XLA's "Tiled layout" (f32[3,5]{1,0:T(2,2)} element (2,3) at 17), XLA's
// tiling tests (layout_util_test.cc), and the layout layer's linear_index / multi_index, an independent
// implementation, at every index of every shape below.
#include <catch2/catch.hpp>

#include <string>

#include <xlayout/indexing.hpp>
#include <xlayout/indexing/layout_map.hpp>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/text/parse_shape.hpp>

namespace xl = xlayout;

namespace {
constexpr xl::shape sh(std::string_view t) { return *xl::parse_shape(t); }
constexpr xl::index_t lin_at(std::string_view shape, std::initializer_list<xl::index_t> idx) {
  return xl::evaluate(*xl::logical_to_linear_map(sh(shape)), idx)[0];
}
}  // namespace

TEST_CASE("layout maps: the Tiled layout example and XLA's tiling examples", "[indexing][layout_map][seed]") {
  STATIC_REQUIRE(lin_at("f32[3,5]{1,0:T(2,2)}", {2, 3}) == 17);
  STATIC_REQUIRE(lin_at("f32[3,5]{0,1:T(2,2)}", {2, 3}) == 14);
  STATIC_REQUIRE(lin_at("bf16[2,8,128]{2,1,0:T(8,128)(2,1)}", {0, 2, 0}) == 256);
  STATIC_REQUIRE(lin_at("f32[8]{0:T(2,2)}", {5}) == 9);
  STATIC_REQUIRE(lin_at("f32[8,4]{1,0:T(2,2)}", {3, 1}) == 11);
  STATIC_REQUIRE(lin_at("bf16[2048]{0:T(1024)(128)(2,1)}", {128}) == 1);
  STATIC_REQUIRE(lin_at("bf16[2048]{0:T(1024)(128)(2,1)}", {1}) == 2);
  STATIC_REQUIRE(lin_at("f32[10,20,30]{1,2,0}", {3, 5, 7}) == 1945);
  STATIC_REQUIRE(xl::to_string(*xl::logical_to_physical_map(sh("f32[3,5]{1,0:T(2,2)}"))) ==
                 "(d0, d1) -> (d0 / 2, d1 / 2, d0 mod 2, d1 mod 2), domain: d0 in [0, 2], d1 in [0, 4]");
}

TEST_CASE("layout maps: the inverse of a tiled layout composes to the identity (a simplifier hard case)",
          "[indexing][layout_map]") {
  constexpr auto s = sh("f32[3,5]{1,0:T(2,2)}");
  constexpr auto id =
      xl::checked_compose_simplified(*xl::logical_to_linear_map(s), *xl::linear_to_logical_map(s));
  STATIC_REQUIRE(xl::to_string(*id) == "(d0, d1) -> (d0, d1), domain: d0 in [0, 2], d1 in [0, 4]");
}

TEST_CASE("layout maps agree with linear_index and multi_index at every index", "[indexing][layout_map]") {
  const char* shapes[] = {"f32[3,5]{1,0:T(2,2)}",
                          "f32[3,5]{0,1:T(2,2)}",
                          "f32[8]{0:T(2,2)}",
                          "f32[8,4]{1,0:T(2,2)}",
                          "bf16[2,8,128]{2,1,0:T(8,128)(2,1)}",
                          "f32[10,20,30]{1,2,0}",
                          "f32[5,6]{1,0:T(4,4)}",
                          "f32[7,3,2]{0,2,1:T(2,3)}",
                          "f32[6,10]{1,0:T(4,2)(2,1)}",
                          "f32[3]{0:T(8,128)}",
                          "s8[5,7]{1,0:T(2,4)(4,1)}",
                          "f32[4,6]{0,1:T(3,2)}",
                          "f32[2,7,8]{2,1,0:T(*,2,3)}",
                          "f32[3,4,5]{2,0,1}"};
  for (const char* text : shapes) {
    INFO(text);
    const xl::shape s = sh(text);
    auto fwd = xl::logical_to_linear_map(s);
    auto bwd = xl::linear_to_logical_map(s);
    auto phys = xl::logical_to_physical_map(s);
    REQUIRE(fwd.has_value());
    REQUIRE(bwd.has_value());
    REQUIRE(phys.has_value());
    // Forward: every logical index.
    xl::index_t count = 0;
    xl::index_vector idx;
    idx.resize(s.rank());
    while (true) {
      const xl::index_values v = xl::evaluate(*fwd, idx, std::initializer_list<xl::index_t>{});
      CHECK(v[0] == xl::linear_index(s, idx));
      ++count;
      std::size_t d = s.rank();
      while (d > 0 && ++idx[d - 1] == s.dimensions[d - 1]) idx[--d] = 0;
      if (d == 0) break;
    }
    // Backward: every linear position of the tiled buffer; padding is outside the domain.
    const xl::index_t span = bwd->bounds[0].upper + 1;
    xl::index_t elements = 0;
    for (xl::index_t l = 0; l < span; ++l) {
      const auto want = xl::multi_index(s, l);
      const xl::index_t point[1] = {l};
      CHECK(xl::in_domain(*bwd, point, 1) == want.has_value());
      if (!want.has_value()) continue;
      ++elements;
      const xl::index_values got = xl::evaluate(*bwd, {l});
      for (std::size_t d = 0; d < s.rank(); ++d) CHECK(got[d] == (*want)[d]);
    }
    CHECK(elements == count);
    // The inverse composes to the identity.
    auto id = xl::checked_compose_simplified(*fwd, *bwd);
    REQUIRE(id.has_value());
    CHECK(xl::is_identity(*id));
    // The physical map is injective (padding makes it not onto its box).
    CHECK(xl::is_injective_on_domain(*phys, 1 << 20) == xl::tribool::yes);
  }
}
