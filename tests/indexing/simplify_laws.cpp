// tests/indexing/simplify_laws.cpp: the laws of simplify, print/parse and compose, on thousands of seeded
// random maps (tests/indexing/map_generator.hpp: reshape, transpose, slice, broadcast, reverse, pad and
// tiled-layout maps, and their compositions). Expected values come from the independent oracle
// (tests/indexing/map_oracle.hpp) evaluating the maps' text at every point of their (small) domains.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include <xlayout/indexing.hpp>

#include "indexing/map_generator.hpp"
#include "indexing/map_oracle.hpp"

namespace {

namespace xl = xlayout;

std::string str(const xl::indexing_map& m) { return std::string(xl::to_string(m).view()); }

xl::indexing_map parse(const std::string& t) {
  auto r = xl::parse_indexing_map(t);
  INFO(t);
  REQUIRE(r.has_value());
  return *r;
}

/// compose(f, g) agrees with g(f(x)) at every point of its domain box, and its domain is exactly the points
/// where f is defined and f(x) lies in g's domain.
bool compose_agrees(const oracle::map& f, const oracle::map& g, const oracle::map& c) {
  // c's variables: f's dims, g's range vars, f's range vars (no runtime variables here).
  const int nd = f.num_dims, nrg = g.num_range, nrf = f.num_range;
  bool ok = true;
  std::vector<std::pair<oracle::i64, oracle::i64>> box;
  for (int v = 0; v < nd; ++v) box.push_back(f.bounds[v]);
  for (int j = 0; j < nrg; ++j) box.push_back(g.bounds[g.num_dims + j]);
  for (int j = 0; j < nrf; ++j) box.push_back(f.bounds[nd + j]);
  oracle::for_each_point(box, [&](const std::vector<oracle::i64>& p) {
    std::vector<oracle::i64> fx(p.begin(), p.begin() + nd);
    fx.insert(fx.end(), p.begin() + nd + nrg, p.end());
    const bool in_f = oracle::in_domain(f, fx);
    std::vector<oracle::i64> gx;
    bool in_g = false;
    if (in_f) {
      for (int r : f.results) gx.push_back(*oracle::eval(f, r, fx));
      gx.insert(gx.end(), p.begin() + nd, p.begin() + nd + nrg);
      in_g = oracle::in_domain(g, gx);
    }
    if (oracle::in_domain(c, p) != (in_f && in_g)) return ok = false;
    if (!(in_f && in_g)) return true;
    for (std::size_t i = 0; i < c.results.size(); ++i) {
      if (oracle::eval(c, c.results[i], p) != oracle::eval(g, g.results[i], gx)) return ok = false;
    }
    return true;
  });
  return ok;
}

struct law_counts {
  int maps = 0, compositions = 0, points = 0;
};

}  // namespace

TEST_CASE("laws: simplify agrees with the map on its domain, is idempotent, and prints/parses back",
          "[indexing][simplify][law]") {
  law_counts n;
  for (unsigned seed = 1; seed <= 1500; ++seed) {
    gen::generator g(seed);
    gen::dims shape = g.random_shape();
    // A chain of two or three ops composed in XLA's order (consumer first).
    gen::op_map first = g.random_op(shape);
    xl::indexing_map m = parse(first.text);
    const int steps = g.pick(1, 2);
    for (int k = 0; k < steps; ++k) {
      gen::op_map next = g.random_op(first.out);
      auto c = xl::checked_compose(parse(next.text), m);
      if (!c) break;  // capacities: keep the chain so far
      m = *c;
      first = next;
    }
    if (g.coin()) m = xl::simplify(m);  // sometimes start from a simplified map
    ++n.maps;
    const std::string before = str(m);
    auto s = xl::checked_simplify(m);
    INFO("seed " << seed << ": " << before);
    REQUIRE(s.has_value());
    const std::string after = str(*s);
    INFO("simplified: " << after);
    // simplify(m) agrees with m at every point of the domain (and has the same domain).
    const auto verdict = oracle::compare_pointwise(oracle::parse(before), oracle::parse(after), 3e5);
    if (verdict == oracle::verdict::too_big) continue;
    CHECK(verdict == oracle::verdict::equal);
    n.points += static_cast<int>(oracle::box_points(oracle::parse(before).bounds));
    // Idempotent and deterministic.
    const xl::indexing_map twice = xl::simplify(*s);
    CHECK(str(twice) == after);
    CHECK(xl::identical(twice, *s));
    CHECK(str(xl::simplify(m)) == after);
    // parse(to_string(m)) == m for the simplified map; the text is stable for the unsimplified one.
    const xl::indexing_map reparsed = parse(after);
    if (s->is_known_empty()) {
      CHECK(reparsed.is_known_empty());  // XLA's text of a known-empty map has no variables
    } else {
      CHECK(reparsed == *s);
    }
    CHECK(str(reparsed) == after);
    CHECK(str(parse(str(parse(before)))) == str(parse(before)));
  }
  std::printf("simplify laws: %d random maps, %d domain points checked\n", n.maps, n.points);
  CHECK(n.maps >= 1500);
}

TEST_CASE("laws: compose(first, second) agrees with applying first, then second",
          "[indexing][compose][law]") {
  int count = 0;
  for (unsigned seed = 1; seed <= 2000; ++seed) {
    gen::generator g(seed * 7919u);
    const gen::dims shape = g.random_shape();
    const gen::op_map second = g.random_op(shape);      // B -> A
    const gen::op_map first = g.random_op(second.out);  // C -> B
    auto f = parse(first.text), s = parse(second.text);
    auto c = xl::checked_compose(f, s);
    if (!c) continue;
    INFO("seed " << seed << "\n first  " << first.text << "\n second " << second.text << "\n composed "
                 << str(*c));
    const auto of = oracle::parse(first.text), os = oracle::parse(second.text);
    CHECK(compose_agrees(of, os, oracle::parse(str(*c))));
    // The simplified composition means the same.
    CHECK(compose_agrees(of, os, oracle::parse(str(xl::simplify(*c)))));
    ++count;
  }
  std::printf("compose laws: %d random compositions\n", count);
  CHECK(count >= 1900);
}

TEST_CASE("laws: maps with symbols (broadcast input-to-output) compose and simplify",
          "[indexing][compose][law]") {
  for (unsigned seed = 1; seed <= 400; ++seed) {
    gen::generator g(seed * 104729u);
    const gen::dims shape = g.random_shape(2, 4);
    const gen::op_map b = g.broadcast_i2o(shape);   // shape -> bigger, with symbols
    const gen::op_map before = g.random_op(shape);  // C -> shape
    auto f = parse(before.text), s = parse(b.text);
    auto c = xl::checked_compose(f, s);
    REQUIRE(c.has_value());
    INFO("seed " << seed << "\n first  " << before.text << "\n second " << b.text << "\n composed "
                 << str(*c));
    CHECK(compose_agrees(oracle::parse(before.text), oracle::parse(b.text), oracle::parse(str(*c))));
    const std::string simplified = str(xl::simplify(*c));
    CHECK(oracle::compare_pointwise(oracle::parse(str(*c)), oracle::parse(simplified), 3e5) !=
          oracle::verdict::different);
  }
}
