// tests/indexing/affine_expr.cpp: expression pools (include/xlayout/indexing/affine_expr.hpp): XLA's
// construction-time folding (symbolic_expr_test CreationTimeSimplification), hash-consing, XLA's order of
// expressions, evaluation with XLA's div/mod semantics (brute force against the definitions), IsMultipleOf.
#include <catch2/catch.hpp>

#include <xlayout/indexing.hpp>

namespace xl = xlayout;

namespace {
constexpr xl::expr_text build(auto f) {
  xl::expr_workspace ws;
  const xl::expr_id e = f(ws);
  return xl::to_string(*xl::make_affine_expr(ws, e));
}
}  // namespace

TEST_CASE("affine_expr: XLA's construction-time folding (symbolic_expr_test CreationTimeSimplification)",
          "[indexing][affine_expr]") {
  STATIC_REQUIRE(build([](auto& ws) { return ws.add(ws.variable(0), ws.constant(0)); }) == "v0");
  STATIC_REQUIRE(build([](auto& ws) { return ws.add(ws.constant(0), ws.variable(0)); }) == "v0");
  STATIC_REQUIRE(build([](auto& ws) { return ws.mul(ws.variable(0), ws.constant(0)); }) == "0");
  STATIC_REQUIRE(build([](auto& ws) { return ws.mul(ws.constant(1), ws.variable(0)); }) == "v0");
  STATIC_REQUIRE(build([](auto& ws) {
                   const auto x2 = ws.mul(ws.variable(0), ws.constant(2));
                   return ws.mul(x2, ws.constant(3));
                 }) == "v0 * 6");
  STATIC_REQUIRE(build([](auto& ws) { return ws.floordiv(ws.variable(0), ws.constant(1)); }) == "v0");
  STATIC_REQUIRE(build([](auto& ws) { return ws.mod(ws.variable(0), ws.constant(1)); }) == "0");
  STATIC_REQUIRE(build([](auto& ws) { return ws.floordiv(ws.constant(-2), ws.constant(5)); }) == "-1");
  STATIC_REQUIRE(build([](auto& ws) { return ws.ceildiv(ws.constant(-2), ws.constant(5)); }) == "0");
  STATIC_REQUIRE(build([](auto& ws) { return ws.min(ws.constant(5), ws.constant(2)); }) == "2");
  STATIC_REQUIRE(build([](auto& ws) { return ws.add(ws.variable(1), ws.variable(0)); }) ==
                 "v1 + v0");  // not sorted
}

TEST_CASE("affine_expr: equal trees share one node (hash-consing)", "[indexing][affine_expr]") {
  constexpr bool shared = [] {
    xl::expr_workspace ws;
    const auto a = ws.add(ws.variable(0), ws.constant(3));
    const std::size_t before = ws.count;
    const auto b = ws.add(ws.variable(0), ws.constant(3));
    return a == b && ws.count == before;
  }();
  STATIC_REQUIRE(shared);
}

TEST_CASE("affine_expr: XLA's semantics of / ceildiv mod at every small point (brute force)",
          "[indexing][affine_expr]") {
  auto f = *xl::parse_affine_expr("v0 / v1");
  auto c = *xl::parse_affine_expr("v0 ceildiv v1");
  auto m = *xl::parse_affine_expr("v0 mod v1");
  for (xl::index_t a = -20; a <= 20; ++a) {
    for (xl::index_t b = -6; b <= 6; ++b) {
      const xl::index_t v[2] = {a, b};
      if (b == 0) {
        CHECK_FALSE(xl::checked_evaluate(f, v, 2).has_value());
        continue;
      }
      // floor and ceiling of the real quotient (exact for these small numbers).
      double real = static_cast<double>(a) / static_cast<double>(b);
      xl::index_t fl = static_cast<xl::index_t>(real);
      if (static_cast<double>(fl) > real) --fl;
      xl::index_t ce = static_cast<xl::index_t>(real);
      if (static_cast<double>(ce) < real) ++ce;
      const xl::index_t mb = b < 0 ? -b : b;
      xl::index_t md = a % mb;
      if (md < 0) md += mb;
      CHECK(*xl::checked_evaluate(f, v, 2) == fl);
      CHECK(*xl::checked_evaluate(c, v, 2) == ce);
      CHECK(*xl::checked_evaluate(m, v, 2) == md);  // XLA: (a % b + |b|) % b, in [0, |b| - 1]
    }
  }
}

TEST_CASE("affine_expr: XLA's IsMultipleOf (symbolic_expr_test)", "[indexing][affine_expr]") {
  auto mult = [](std::string_view t, xl::index_t k) {
    return xl::is_multiple_of(*xl::parse_affine_expr(t), k);
  };
  STATIC_REQUIRE(mult("v0 * 2 * 3", 6));
  STATIC_REQUIRE(!mult("v0 * 2 + 1", 2));
  STATIC_REQUIRE(mult("min(v0 * 6, v1 * 4)", 2));
  STATIC_REQUIRE(mult("v0 * 10 / 5", 2));
  STATIC_REQUIRE(!mult("v0 * 10 / 2", 2));
  STATIC_REQUIRE(!mult("v0 * 10 / v1", 2));
}

TEST_CASE(
    "affine_expr: XLA's order puts sums, then products, then mod, /, ..., then variables, then constants",
    "[indexing][affine_expr]") {
  STATIC_REQUIRE(xl::expr_kind::add < xl::expr_kind::mul);
  STATIC_REQUIRE(xl::expr_kind::mul < xl::expr_kind::mod);
  STATIC_REQUIRE(xl::expr_kind::mod < xl::expr_kind::floordiv);
  STATIC_REQUIRE(xl::expr_kind::min < xl::expr_kind::variable);
  STATIC_REQUIRE(xl::expr_kind::variable < xl::expr_kind::constant);
}
