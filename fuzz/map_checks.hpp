// fuzz/map_checks.hpp: the properties every indexing map must have, checked by the map targets:
// - the printed text parses back to a map with the same meaning, and prints the same text again;
// - evaluation agrees with the exact 128-bit evaluator (a value only where no intermediate leaves int64);
// - result_range contains every value the map takes on its box, and so does lowered_interval (the interval
//   the lowering's arithmetic stays in, map_view's check) where it succeeds;
// - simplify agrees with the map on every point of (small) domains, keeps the domain, is idempotent, and
//   its text parses back;
// - is_injective_on_domain agrees with enumeration when it decides.
#pragma once
#include <set>
#include <vector>

#include "fuzz_support.hpp"

namespace fuzz {

inline constexpr std::size_t point_limit = 512;

/// Same kind, variable counts and bounds, and on the box: the same domain and the same exact values.
inline bool same_meaning(const xlayout::indexing_map& a, const xlayout::indexing_map& b) {
  if (a.kind != b.kind) return false;
  if (a.kind != xlayout::map_kind::regular) return true;
  if (a.num_dims != b.num_dims || a.num_range_vars != b.num_range_vars || a.num_rt_vars != b.num_rt_vars ||
      a.num_results != b.num_results)
    return false;
  for (std::size_t v = 0; v < a.num_vars(); ++v) {
    if (!(a.bounds[v] == b.bounds[v])) return false;
  }
  bool same = true;
  for_points(a.bounds, a.num_vars(), point_limit, [&](const index_t* p) {
    const int da = in_domain128(a, p), db = in_domain128(b, p);
    if (da < 0 || db < 0) return true;
    if (da != db) return same = false;
    if (da == 0) return true;
    for (std::size_t i = 0; i < a.num_results; ++i) {
      const exact x = eval128(a, a.results[i], p), y = eval128(b, b.results[i], p);
      if (x.defined != y.defined || (x.defined && x.value != y.value)) return same = false;
    }
    return true;
  });
  return same;
}

inline void check_text_round_trip(const xlayout::indexing_map& m, std::string_view in) {
  const auto text = xlayout::to_string(m);
  if (text.overflowed()) return;  // longer than XLAYOUT_MAX_TEXT: a documented capacity
  const auto back = xlayout::parse_indexing_map(text.view(), {.empty_range_is_known_empty = true});
  if (!back) {
    std::fprintf(stderr, "printed: %s\nerror: %d at %lld\n", text.c_str(), static_cast<int>(back.error().id),
                 static_cast<long long>(back.error().position));
  }
  FUZZ_CHECK(back.has_value(), in);
  if (!same_meaning(m, *back)) std::fprintf(stderr, "printed: %s\n", text.c_str());
  FUZZ_CHECK(same_meaning(m, *back), in);
  const auto again = xlayout::to_string(*back);
  if (!(again.view() == text.view()))
    std::fprintf(stderr, "printed: %s\nagain:   %s\n", text.c_str(), again.c_str());
  FUZZ_CHECK(again.view() == text.view(), in);
}

inline void check_evaluation(const xlayout::indexing_map& m, std::string_view in) {
  if (m.kind != xlayout::map_kind::regular) return;
  xlayout::interval ranges[XLAYOUT_MAX_RESULTS]{}, lowered[XLAYOUT_MAX_RESULTS]{};
  bool lowered_ok[XLAYOUT_MAX_RESULTS]{};
  for (std::size_t i = 0; i < m.num_results; ++i) {
    ranges[i] = xlayout::result_range(m, i);
    lowered_ok[i] = xlayout::detail::lowered_interval(m, m.results[i], lowered[i]);
  }
  for_points(m.bounds, m.num_vars(), point_limit, [&](const index_t* p) {
    const auto r = xlayout::checked_evaluate(m, p, m.num_dims, p + m.num_dims, m.num_symbols());
    bool all_fit = true;
    for (std::size_t i = 0; i < m.num_results; ++i) {
      const exact x = eval128(m, m.results[i], p);
      all_fit = all_fit && x.defined && x.fits;
      // lowered_interval (map_view's check): where it succeeds, the exact value is defined and lies inside.
      // (Not `fits`: that is about the tree's own order of operations, where (d0 + 1) - 1 leaves int64 at
      // d0 = 2^63 - 1; the lowering adds an affine node's terms as one sum, d0 + 0.)
      if (lowered_ok[i])
        FUZZ_CHECK(x.defined && lowered[i].lower <= x.value && x.value <= lowered[i].upper, in);
      if (r) {
        FUZZ_CHECK(x.defined && x.fits && (*r)[i] == static_cast<index_t>(x.value), in);
        // result_range: a lower bound INT64_MIN and an upper bound INT64_MAX are unbounded.
        FUZZ_CHECK(ranges[i].lower <= (*r)[i] && (*r)[i] <= ranges[i].upper, in);
      }
    }
    if (!r) FUZZ_CHECK(!all_fit, in);
    return true;
  });
}

/// s must describe m: same variables, a domain that is the same set of points of m's box, the same exact
/// values on it.
inline void check_same_function(const xlayout::indexing_map& m, const xlayout::indexing_map& s,
                                std::string_view in) {
  FUZZ_CHECK(s.num_dims == m.num_dims && s.num_range_vars == m.num_range_vars &&
                 s.num_rt_vars == m.num_rt_vars && s.num_results == m.num_results,
             in);
  if (s.is_known_empty() && !small_box(m.bounds, m.num_vars(), point_limit)) return;  // cannot enumerate
  for_points(m.bounds, m.num_vars(), point_limit, [&](const index_t* p) {
    const int dm = in_domain128(m, p);
    if (dm < 0) return true;
    const int ds = in_domain128(s, p);
    if (ds < 0 || dm != ds) {
      std::fprintf(stderr, "simplified: %s\n", xlayout::to_string(s).c_str());
      for (std::size_t v = 0; v < m.num_vars(); ++v)
        std::fprintf(stderr, " %lld", static_cast<long long>(p[v]));
      std::fprintf(stderr, ": in the domain of the map %d, of the simplified map %d\n", dm, ds);
    }
    FUZZ_CHECK(ds >= 0 && dm == ds, in);
    if (dm == 0) return true;
    for (std::size_t i = 0; i < m.num_results; ++i) {
      const exact x = eval128(m, m.results[i], p);
      if (!x.defined) continue;
      const exact y = eval128(s, s.results[i], p);
      if (y.big) continue;
      if (!y.defined || x.value != y.value) {
        std::fprintf(stderr, "simplified: %s\nresult %zu at", xlayout::to_string(s).c_str(), i);
        for (std::size_t v = 0; v < m.num_vars(); ++v)
          std::fprintf(stderr, " %lld", static_cast<long long>(p[v]));
        std::fprintf(stderr, ": %lld vs %lld\n", static_cast<long long>(x.value),
                     static_cast<long long>(y.value));
      }
      FUZZ_CHECK(y.defined && x.value == y.value, in);
      // Where the map's value fits, the simplified map computes it without an error.
      if (x.fits) {
        const auto r = xlayout::checked_evaluate(s, p, s.num_dims, p + s.num_dims, s.num_symbols());
        (void)r;  // an intermediate of the rewritten form may still leave int64; not a wrong answer
      }
    }
    return true;
  });
}

inline void check_simplify(const xlayout::indexing_map& m, std::string_view in) {
  const auto s = xlayout::checked_simplify(m);
  if (!s) return;  // an error value is allowed (capacity, overflow)
  check_same_function(m, *s, in);
  const auto s2 = xlayout::checked_simplify(*s);
  // The second pass may meet a coefficient the first did not build (documented: integer_overflow).
  if (!s2 && s2.error().id == xlayout::error_id::integer_overflow) return;
  FUZZ_CHECK(s2.has_value(), in);
  if (!(xlayout::to_string(*s2).view() == xlayout::to_string(*s).view()))
    std::fprintf(stderr, "once:  %s\ntwice: %s\n", xlayout::to_string(*s).c_str(),
                 xlayout::to_string(*s2).c_str());
  FUZZ_CHECK(xlayout::to_string(*s2).view() == xlayout::to_string(*s).view(), in);
  check_text_round_trip(*s, in);
  check_evaluation(*s, in);
}

inline void check_injective(const xlayout::indexing_map& m, std::string_view in) {
  const xlayout::tribool inj = xlayout::is_injective_on_domain(m);
  if (inj == xlayout::tribool::unknown || m.num_symbols() != 0) return;
  if (!small_box(m.bounds, m.num_vars(), 4096)) return;
  std::set<std::vector<i128>> seen;
  bool injective = true, decidable = true;
  for_points(m.bounds, m.num_vars(), 4096, [&](const index_t* p) {
    const int d = in_domain128(m, p);
    if (d < 0) return decidable = false;
    if (d == 0) return true;
    std::vector<i128> key;
    for (std::size_t i = 0; i < m.num_results; ++i) {
      const exact x = eval128(m, m.results[i], p);
      if (!x.defined || !x.fits) return decidable = false;
      key.push_back(x.value);
    }
    if (!seen.insert(key).second) injective = false;
    return true;
  });
  if (!decidable) return;
  FUZZ_CHECK((inj == xlayout::tribool::yes) == injective, in);
}

inline void check_map(const xlayout::indexing_map& m, std::string_view in) {
  check_text_round_trip(m, in);
  check_evaluation(m, in);
  check_simplify(m, in);
  check_injective(m, in);
}

}  // namespace fuzz
