// fuzz/fuzz_support.hpp: what the libFuzzer targets share: a property check that stops the run (libFuzzer
// records a crash), an exact evaluator of indexing-map expressions in 128-bit arithmetic that shares no code
// with the library's evaluator (it reads the expression tree through the public members), and bounded
// enumeration of the points of a map's box.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>
#include <vector>
#include <xlayout/xlayout.hpp>

namespace fuzz {

using xlayout::index_t;
__extension__ typedef __int128 i128;

constexpr index_t i64_min = INT64_MIN;
constexpr index_t i64_max = INT64_MAX;

/// Stops the run with a message: a property does not hold.
[[noreturn]] inline void fail(const char* what, std::string_view input = {}) {
  std::fprintf(stderr, "\n*** property violated: %s\n*** input: %.*s\n", what, static_cast<int>(input.size()),
               input.data());
  __builtin_trap();
}
#define FUZZ_STR2(x) #x
#define FUZZ_STR(x) FUZZ_STR2(x)
#define FUZZ_CHECK(cond, input)                                                       \
  do {                                                                                \
    if (!(cond)) ::fuzz::fail(#cond " (" __FILE__ ":" FUZZ_STR(__LINE__) ")", input); \
  } while (0)

inline bool fits64(i128 v) { return v >= i64_min && v <= i64_max; }

/// The exact value of an expression: `defined` is false on a division by zero (or a value beyond 128 bits);
/// `fits` is false when the value or any intermediate lies outside int64 (the library must then report an
/// error, or, for rewritten expressions, agree with `value`).
struct exact {
  i128 value = 0;
  bool defined = true;
  bool fits = true;
  bool big = false;  // undefined because a value passed 2^125 (not decidable here)
};

inline i128 floor_div128(i128 a, i128 b) {
  i128 q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
inline i128 ceil_div128(i128 a, i128 b) {
  i128 q = a / b;
  if ((a % b != 0) && ((a < 0) == (b < 0))) ++q;
  return q;
}

/// XLA's semantics: floor division, ceiling division, `a mod b` in [0, |b| - 1], min, max.
inline exact eval128(const xlayout::expr_node* nodes, xlayout::expr_id id, const index_t* vars,
                     std::size_t nv) {
  const xlayout::expr_node& n = nodes[id];
  using k = xlayout::expr_kind;
  if (n.kind == k::constant) return {n.value, true, true};
  if (n.kind == k::variable) {
    if (n.value < 0 || static_cast<std::size_t>(n.value) >= nv) return {0, false, true};
    return {vars[n.value], true, true};
  }
  const exact a = eval128(nodes, n.lhs, vars, nv);
  const exact b = eval128(nodes, n.rhs, vars, nv);
  exact r;
  r.defined = a.defined && b.defined;
  r.fits = a.fits && b.fits;
  r.big = a.big || b.big;
  if (!r.defined) return r;
  const i128 lim = static_cast<i128>(1) << 125;
  switch (n.kind) {
    case k::add:
      r.value = a.value + b.value;
      break;
    case k::mul:
      if (a.value != 0 &&
          (a.value > lim || a.value < -lim || b.value > lim / (a.value < 0 ? -a.value : a.value) ||
           b.value < -lim / (a.value < 0 ? -a.value : a.value))) {
        r.defined = false;
        r.big = true;
        return r;
      }
      r.value = a.value * b.value;
      break;
    case k::floordiv:
      if (b.value == 0) return {0, false, r.fits};
      r.value = floor_div128(a.value, b.value);
      break;
    case k::ceildiv:
      if (b.value == 0) return {0, false, r.fits};
      r.value = ceil_div128(a.value, b.value);
      break;
    case k::mod: {
      if (b.value == 0) return {0, false, r.fits};
      const i128 m = b.value < 0 ? -b.value : b.value;
      r.value = a.value % m;
      if (r.value < 0) r.value += m;
      break;
    }
    case k::min:
      r.value = a.value < b.value ? a.value : b.value;
      break;
    case k::max:
      r.value = a.value > b.value ? a.value : b.value;
      break;
    default:
      r.defined = false;
      return r;
  }
  if (r.value > lim || r.value < -lim) r.defined = false, r.big = true;
  r.fits = r.fits && fits64(r.value);
  return r;
}

inline exact eval128(const xlayout::indexing_map& m, xlayout::expr_id e, const index_t* vars) {
  return eval128(m.pool.nodes, e, vars, m.num_vars());
}

/// Domain membership by exact arithmetic: 1 in, 0 out, -1 undecidable (a constraint divides by zero). A
/// constraint's lower bound INT64_MIN is no bound, nor is an upper bound INT64_MAX (the library's interval
/// convention, and XLA's: `d0 + s0 in [INT64_MIN, INT64_MAX]` constrains nothing, and simplify drops it).
inline int in_domain128(const xlayout::indexing_map& m, const index_t* vars) {
  if (m.kind != xlayout::map_kind::regular) return 0;
  for (std::size_t v = 0; v < m.num_vars(); ++v) {
    if (vars[v] < m.bounds[v].lower || vars[v] > m.bounds[v].upper) return 0;
  }
  bool undecided = false;
  for (std::size_t i = 0; i < m.num_constraints; ++i) {
    const exact c = eval128(m, m.constraint_exprs[i], vars);
    if (!c.defined) {
      undecided = true;
      continue;
    }
    const xlayout::interval b = m.constraint_bounds[i];
    if ((c.value < b.lower && b.lower != i64_min) || (c.value > b.upper && b.upper != i64_max)) return 0;
  }
  return undecided ? -1 : 1;
}

/// The points to look at in a box: all of them when there are at most `limit`, else a deterministic sample
/// (corners, the values next to the bounds, zero, pseudo-random values). Calls f(vars) until it returns
/// false.
template <class F>
bool for_points(const xlayout::interval* bounds, std::size_t n, std::size_t limit, F f) {
  i128 total = 1;
  for (std::size_t v = 0; v < n; ++v) {
    if (bounds[v].lower > bounds[v].upper) return true;
    total *= static_cast<i128>(bounds[v].upper) - bounds[v].lower + 1;
    if (total > static_cast<i128>(limit)) break;
  }
  index_t vars[XLAYOUT_MAX_VARS]{};
  if (total <= static_cast<i128>(limit)) {
    for (std::size_t v = 0; v < n; ++v) vars[v] = bounds[v].lower;
    while (true) {
      if (!f(static_cast<const index_t*>(vars))) return false;
      std::size_t v = n;
      while (v > 0) {
        --v;
        if (vars[v] < bounds[v].upper) {
          ++vars[v];
          break;
        }
        vars[v] = bounds[v].lower;
        if (v == 0) return true;
      }
      if (n == 0) return true;
    }
  }
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  for (std::size_t trial = 0; trial < limit; ++trial) {
    for (std::size_t v = 0; v < n; ++v) {
      const auto lo = static_cast<i128>(bounds[v].lower), hi = static_cast<i128>(bounds[v].upper);
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      const std::uint64_t pick = state >> 29;
      i128 x;
      switch (pick % 8) {
        case 0:
          x = lo;
          break;
        case 1:
          x = hi;
          break;
        case 2:
          x = lo + 1;
          break;
        case 3:
          x = hi - 1;
          break;
        case 4:
          x = 0;
          break;
        default: {
          const i128 w = hi - lo + 1;
          const i128 span =
              w > (static_cast<i128>(1) << 20) ? ((pick & 1) ? w : (static_cast<i128>(1) << 20)) : w;
          const i128 off = static_cast<i128>(pick >> 3) % span;
          x = (pick & 2) ? hi - off : lo + off;
        }
      }
      if (x < lo) x = lo;
      if (x > hi) x = hi;
      vars[v] = static_cast<index_t>(x);
    }
    if (!f(static_cast<const index_t*>(vars))) return false;
  }
  return true;
}

/// Is every variable bound finite and the box at most `limit` points?
inline bool small_box(const xlayout::interval* bounds, std::size_t n, i128 limit) {
  i128 total = 1;
  for (std::size_t v = 0; v < n; ++v) {
    if (bounds[v].lower > bounds[v].upper) return true;
    total *= static_cast<i128>(bounds[v].upper) - bounds[v].lower + 1;
    if (total > limit) return false;
  }
  return true;
}

}  // namespace fuzz
