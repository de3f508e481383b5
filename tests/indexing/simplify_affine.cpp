// tests/indexing/simplify_affine.cpp: checked_simplify takes a shortcut for maps without constraints whose
// results are affine sums (detail::simplify_affine). The shortcut must give exactly what the whole
// simplifier gives: checked here on random affine maps (random trees of constants, variables, additions and
// multiplications by constants; bounds that are sometimes one point; coefficients that cancel; constants
// near the int64 edges), with both point_variables options, against detail::simplify_draft with the
// shortcut off.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <xlayout/indexing.hpp>

using namespace xlayout;

namespace {

struct rng {
  std::uint64_t state;
  index_t operator()(index_t lo, index_t hi) {  // uniform in [lo, hi], a 64-bit LCG
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + static_cast<index_t>((state >> 33) % static_cast<std::uint64_t>(hi - lo + 1));
  }
};

// A random affine tree over nv variables, depth at most `depth`.
expr_id random_affine(map_builder& b, rng& r, std::size_t nv, int depth) {
  const index_t pick = depth == 0 ? r(0, 1) : r(0, 4);
  if (pick == 0) {
    const index_t big = r(0, 9) == 0 ? index_t{1} << 61 : 0;  // now and then near the edges
    return b.constant(r(-9, 9) + (r(0, 1) ? big : -big));
  }
  if (pick == 1) return b.ws.variable(r(0, static_cast<index_t>(nv) - 1));
  if (pick == 2 || pick == 3) {
    const expr_id lhs = random_affine(b, r, nv, depth - 1);
    return b.ws.add(lhs, random_affine(b, r, nv, depth - 1));
  }
  const expr_id e = random_affine(b, r, nv, depth - 1);
  const expr_id k = b.constant(r(0, 9) == 0 ? (index_t{1} << 40) * r(-3, 3) : r(-4, 4));  // overflows too
  return r(0, 1) ? b.ws.mul(e, k) : b.ws.mul(k, e);
}

result<indexing_map> simplified_without_shortcut(const indexing_map& m, simplify_options o) {
  expr_workspace ws;
  expr_id remap[XLAYOUT_MAX_EXPRS]{};
  detail::map_draft d = detail::import_map(ws, m, remap);
  detail::simplify_draft(ws, d, o, false);
  return detail::finish_map(ws, d);
}

std::string simplified(const char* text) {
  return std::string(to_string(simplify(*parse_indexing_map(text))).view());
}

}  // namespace

TEST_CASE("simplify: the shortcut for affine maps gives what the whole simplifier gives", "[simplify]") {
  rng r{2024};
  int compared = 0, took_shortcut_shape = 0, overflowed = 0;
  for (int round = 0; round < 4000; ++round) {
    const auto dims = static_cast<std::size_t>(r(1, 3));
    const auto syms = static_cast<std::size_t>(r(0, 2));
    map_builder b(dims, syms);
    for (std::size_t v = 0; v < dims + syms; ++v) {
      const index_t lo = r(-3, 5);
      b.set_bounds(v, {lo, r(0, 3) == 0 ? lo : lo + r(1, 40)});  // a point now and then
    }
    const auto results = static_cast<std::size_t>(r(1, 3));
    for (std::size_t i = 0; i < results; ++i) b.add_result(random_affine(b, r, dims + syms, 3));
    const result<indexing_map> m = b.finish();
    if (!m.has_value()) continue;  // construction overflowed
    for (point_variables p : {point_variables::replace, point_variables::preserve}) {
      const simplify_options o{p};
      const result<indexing_map> got = checked_simplify(m.value_, o);
      const result<indexing_map> want = simplified_without_shortcut(m.value_, o);
      INFO("map " << std::string(to_string(m.value_).view()));
      REQUIRE(got.has_value() == want.has_value());
      if (!got.has_value()) {
        CHECK(got.error().id == want.error().id);
        ++overflowed;
        continue;
      }
      INFO("shortcut " << std::string(to_string(got.value_).view()) << ", whole "
                       << std::string(to_string(want.value_).view()));
      CHECK(identical(got.value_, want.value_));
      ++compared;
    }
    took_shortcut_shape += m.value_.num_constraints == 0 ? 1 : 0;
  }
  CHECK(compared > 6000);
  CHECK(took_shortcut_shape > 3000);
  CHECK(overflowed > 20);  // the int64 edges were reached, and both ways failed alike
}

TEST_CASE("simplify: maps the shortcut does not take go the whole way", "[simplify]") {
  // A floor, a constraint, a product of two variables: the whole simplifier, as before.
  CHECK(simplified("(d0) -> ((d0 * 4) floordiv 2), domain: d0 in [0, 9]") ==
        "(d0) -> (d0 * 2), domain: d0 in [0, 9]");
  CHECK(simplified("(d0, d1) -> (d0 + d1), domain: d0 in [0, 9], d1 in [0, 9], d0 + d1 in [0, 30]") ==
        "(d0, d1) -> (d0 + d1), domain: d0 in [0, 9], d1 in [0, 9]");
  // The shortcut's own forms: terms sorted, a coefficient of 1 dropped, a point variable a constant.
  CHECK(simplified("(d0, d1) -> (3 + d1 * 2 + d0 * 1 - d1), domain: d0 in [0, 9], d1 in [4, 4]") ==
        "(d0, d1) -> (d0 + 7), domain: d0 in [0, 9], d1 in [4, 4]");
}
