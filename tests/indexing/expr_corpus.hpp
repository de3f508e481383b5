// tests/indexing/expr_corpus.hpp: runs an expression-simplification corpus (tvm_simplify.json,
// mlir_simplify.json): each case's expression is simplified as the single result of a map over its
// variables' ranges; the result must agree with the expected expression at every point (exhaustive for
// boxes up to 2e6 points, else 50000 deterministic pseudo-random points plus all corners, with the
// independent oracle), and the number of floordiv / mod / ceildiv operations is compared with the
// expected answer's.
#pragma once
#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <xlayout/indexing.hpp>

#include "indexing/map_oracle.hpp"

namespace expr_corpus {

struct report {
  int cases = 0, equivalent = 0, not_more_ops = 0, strictly_simpler = 0, same_text = 0;
  std::vector<std::string> failures;
  std::vector<std::string> more_ops;
};

inline std::string map_text(const nlohmann::json& c, const std::string& expr) {
  std::string head = "(", dom;
  bool first = true;
  for (auto& [name, r] : c["vars"].items()) {
    head += (first ? "" : ", ") + name;
    dom += (first ? "" : ", ") + name + " in [" + std::to_string(r[0].get<long long>()) + ", " +
           std::to_string(r[1].get<long long>()) + "]";
    first = false;
  }
  return head + ") -> (" + expr + "), domain: " + dom;
}

/// Agreement of two single-result maps at every point (or at many sampled points of a big box).
inline bool agree(const std::string& a_text, const std::string& b_text) {
  const oracle::map a = oracle::parse(a_text), b = oracle::parse(b_text);
  if (oracle::box_points(a.bounds) <= 2e6)
    return oracle::compare_pointwise(a, b, 2e6, INT64_MAX / 4) == oracle::verdict::equal;
  std::mt19937_64 rng(12345);
  const int n = a.num_vars();
  std::vector<oracle::i64> p(n);
  auto check = [&]() { return oracle::eval(a, a.results[0], p) == oracle::eval(b, b.results[0], p); };
  for (int corner = 0; corner < (1 << n); ++corner) {
    for (int v = 0; v < n; ++v) p[v] = (corner >> v) & 1 ? a.bounds[v].second : a.bounds[v].first;
    if (!check()) return false;
  }
  for (int i = 0; i < 50000; ++i) {
    for (int v = 0; v < n; ++v) {
      const auto [lo, hi] = a.bounds[v];
      p[v] = lo + static_cast<oracle::i64>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
    }
    if (!check()) return false;
  }
  return true;
}

inline report run(const std::string& file) {
  report r;
  std::ifstream f(file);
  const nlohmann::json corpus = nlohmann::json::parse(f);
  for (const auto& c : corpus["cases"]) {
    const std::string name = c["name"], input = c["input"], expected = c["expected"];
    ++r.cases;
    auto m = xlayout::parse_indexing_map(map_text(c, input));
    if (!m) {
      r.failures.push_back(name + ": parse error " + std::string(m.error().name()));
      continue;
    }
    auto s = xlayout::checked_simplify(*m);
    if (!s) {
      r.failures.push_back(name + ": simplify error " + std::string(s.error().name()));
      continue;
    }
    const std::string got(xlayout::to_string(*s, s->results[0]).view());
    if (agree(map_text(c, got), map_text(c, expected)) && agree(map_text(c, got), map_text(c, input))) {
      ++r.equivalent;
    } else {
      r.failures.push_back(name + ": not equivalent: " + input + " -> " + got + " (expected " + expected +
                           ")");
      continue;
    }
    const int ours = oracle::count_div_ops(got), theirs = oracle::count_div_ops(expected);
    if (ours <= theirs) {
      ++r.not_more_ops;
    } else {
      r.more_ops.push_back(name + ": " + input + " -> " + got + " (" + std::to_string(ours) +
                           " ops; expected " + expected + ", " + std::to_string(theirs) + ")");
    }
    if (ours < theirs) ++r.strictly_simpler;
    if (got == expected) ++r.same_text;
  }
  return r;
}

inline void print(const char* corpus, const report& r) {
  std::printf(
      "%s: %d cases, %d equivalent, %d with no more floordiv/mod/ceildiv than expected (%.1f%%), %d strictly "
      "simpler, %d identical text\n",
      corpus, r.cases, r.equivalent, r.not_more_ops, r.cases ? 100.0 * r.not_more_ops / r.cases : 0.0,
      r.strictly_simpler, r.same_text);
  for (const auto& s : r.more_ops) std::printf("  more ops: %s\n", s.c_str());
}

}  // namespace expr_corpus
