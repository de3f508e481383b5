// tests/support/indexing_image.hpp: brute force over indexing maps for the tests: every index of a box (also
// every point of a map's variable bounds, in constant expressions), and the image of one index under a map
// (its range variables enumerated over their bounds, points outside the domain dropped). Runtime variables
// are not handled (the callers' maps have none).
#pragma once
#include <cstddef>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <xlayout/indexing/indexing_map.hpp>

namespace xlayout::testing {

using idx = std::vector<index_t>;
using dims = std::vector<index_t>;

/// Calls f with every index of the box `d`, row-major (once with {} for rank 0, never for an empty box).
inline void for_each_index(const dims& d, const std::function<void(const idx&)>& f) {
  for (index_t x : d) {
    if (x <= 0) return;
  }
  idx i(d.size(), 0);
  while (true) {
    f(i);
    std::size_t k = d.size();
    while (k > 0) {
      --k;
      if (++i[k] < d[k]) break;
      i[k] = 0;
      if (k == 0) return;
    }
    if (d.empty()) return;
  }
}

/// Calls f(vars) at every point of the box of m's variable bounds (dimensions, then symbols; row-major) while
/// f returns true; true when every call did. Usable in constant expressions.
template <class F>
constexpr bool all_box_points(const indexing_map& m, F f) {
  index_t vars[XLAYOUT_MAX_VARS]{};
  for (std::size_t v = 0; v < m.num_vars(); ++v) vars[v] = m.bounds[v].lower;
  for (;;) {
    if (!f(static_cast<const index_t*>(vars))) return false;
    std::size_t v = m.num_vars();
    while (v > 0) {
      --v;
      if (++vars[v] <= m.bounds[v].upper) break;
      vars[v] = m.bounds[v].lower;
      if (v == 0) return true;
    }
    if (m.num_vars() == 0) return true;
  }
}

/// The results of `m` at dimension values `from`, over every value of its range variables that lies in the
/// domain (`from` outside the domain: nothing).
inline std::set<idx> image(const indexing_map& m, const idx& from) {
  std::set<idx> out;
  REQUIRE(!m.is_undefined());
  if (m.is_known_empty()) return out;
  REQUIRE(from.size() == m.num_dims);
  REQUIRE(m.num_rt_vars == 0);
  std::vector<index_t> vars(m.num_vars(), 0);
  for (std::size_t i = 0; i < from.size(); ++i) vars[i] = from[i];
  dims range;
  for (std::size_t j = 0; j < m.num_range_vars; ++j) {
    const interval b = m.bounds[m.num_dims + j];
    REQUIRE(b.upper - b.lower < 4096);
    range.push_back(b.upper - b.lower + 1);
  }
  for_each_index(range, [&](const idx& s) {
    for (std::size_t j = 0; j < s.size(); ++j) vars[m.num_dims + j] = m.bounds[m.num_dims + j].lower + s[j];
    if (!in_domain(m, vars.data(), vars.size())) return;
    const auto r = checked_evaluate(m, vars.data(), m.num_dims, vars.data() + m.num_dims, m.num_symbols());
    REQUIRE(r.has_value());
    out.insert(idx(r->begin(), r->end()));
  });
  return out;
}

inline std::string str(const idx& i) {
  std::string s = "(";
  for (std::size_t k = 0; k < i.size(); ++k) s += (k ? "," : "") + std::to_string(i[k]);
  return s + ")";
}
inline std::string str(const std::set<idx>& s) {
  std::string r = "{";
  for (const idx& i : s) r += str(i) + " ";
  return r + "}";
}

}  // namespace xlayout::testing
