// include/xlayout/indexing/equivalence.hpp: do two indexing maps describe the same indexing? equivalent()
// answers yes, no or unknown and never says a wrong yes: normal forms first, then an exhaustive check of
// small domains within a budget, then a search for a counterexample; otherwise unknown. Also the
// predicates verification authors static_assert: is_identity, is_injective_on_domain, is_bijective_on_domain.
#pragma once
#include <cstddef>
#include <cstdint>

#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/indexing/affine_expr.hpp>
#include <xlayout/indexing/indexing_map.hpp>
#include <xlayout/indexing/simplify.hpp>
#include <xlayout/indexing/variables.hpp>

namespace XLAYOUT_NAMESPACE {

namespace detail {

/// Odometer over the box of a range of variables: vars[first..last) run through their bounds.
struct box_cursor {
  index_t* vars;
  const interval* bounds;
  std::size_t first, last;
  constexpr void reset() noexcept {
    for (std::size_t v = first; v < last; ++v) vars[v] = bounds[v].lower;
  }
  /// Advances; false after the last point.
  constexpr bool next() noexcept {
    for (std::size_t v = last; v-- > first;) {
      if (vars[v] < bounds[v].upper) {
        ++vars[v];
        return true;
      }
      vars[v] = bounds[v].lower;
    }
    return false;
  }
};

/// The number of points of a box (saturating at index_max; 0 when empty).
constexpr index_t box_size(const interval* bounds, std::size_t first, std::size_t last) noexcept {
  index_t n = 1;
  for (std::size_t v = first; v < last; ++v) n = saturating_mul(n, bounds[v].size());
  return n;
}

/// Results of m at a point (all variables): 1 when the point is in the domain and `out` holds the values,
/// 0 when it lies outside the domain, -1 when a constraint or a result cannot be evaluated there (an
/// int64 overflow or a division by zero). -1 is not "outside": the callers give up (unknown) instead of
/// deciding on a point whose value they do not know.
constexpr int eval_in_domain(const indexing_map& m, const index_t* vars, index_t* out) noexcept {
  if (m.kind != map_kind::regular) return 0;
  for (std::size_t v = 0; v < m.num_vars(); ++v) {
    if (!m.bounds[v].contains(vars[v])) return 0;
  }
  bool failed = false;
  for (std::size_t i = 0; i < m.num_constraints; ++i) {
    const checked_index c = evaluate_expr(m.view(), m.constraint_exprs[i], vars, m.num_vars());
    if (!c.ok) {
      failed = true;
    } else if (!m.constraint_bounds[i].contains(c.value)) {
      return 0;
    }
  }
  if (failed) return -1;
  for (std::size_t i = 0; i < m.num_results; ++i) {
    const checked_index r = evaluate_expr(m.view(), m.results[i], vars, m.num_vars());
    if (!r.ok) return -1;
    out[i] = r.value;
  }
  return 1;
}

/// Is some s (the symbols of m) such that (dims, s) lies in m's domain and m gives `want`? 1 yes, 0 no,
/// -1 not known (a point of the domain cannot be evaluated).
constexpr int reaches(const indexing_map& m, const index_t* dims, const index_t* want,
                      index_t& cost) noexcept {
  index_t vars[XLAYOUT_MAX_VARS]{};
  for (std::size_t v = 0; v < m.num_dims; ++v) vars[v] = dims[v];
  box_cursor c{vars, m.bounds, m.num_dims, m.num_vars()};
  c.reset();
  if (box_size(m.bounds, m.num_dims, m.num_vars()) == 0) return 0;
  bool unknown = false;
  do {
    ++cost;
    index_t got[XLAYOUT_MAX_RESULTS]{};
    const int in = eval_in_domain(m, vars, got);
    if (in < 0) unknown = true;
    if (in <= 0) continue;
    bool same = true;
    for (std::size_t i = 0; i < m.num_results && same; ++i) same = got[i] == want[i];
    if (same) return 1;
  } while (c.next());
  return unknown ? -1 : 0;
}

/// Exhaustive comparison of the set-valued functions d -> {f(d, s)} over the union of the dimension boxes.
/// Needs finite bounds. Returns unknown when the budget is too small.
constexpr tribool enumerate_equivalence(const indexing_map& a, const indexing_map& b,
                                        index_t budget) noexcept {
  interval dims[XLAYOUT_MAX_VARS]{};
  for (std::size_t v = 0; v < a.num_dims; ++v) dims[v] = a.bounds[v].union_with(b.bounds[v]);
  for (std::size_t v = 0; v < a.num_vars(); ++v) {
    if (a.bounds[v].lower == index_min || a.bounds[v].upper == index_max) return tribool::unknown;
  }
  for (std::size_t v = 0; v < b.num_vars(); ++v) {
    if (b.bounds[v].lower == index_min || b.bounds[v].upper == index_max) return tribool::unknown;
  }
  const index_t nd = box_size(dims, 0, a.num_dims);
  const index_t sa = box_size(a.bounds, a.num_dims, a.num_vars());
  const index_t sb = box_size(b.bounds, b.num_dims, b.num_vars());
  // Estimated cost: every (d, s_a) searches s_b and the other way round.
  const index_t per_dim = saturating_add(saturating_mul(sa, sb), saturating_mul(sb, sa));
  const bool pointwise_sets = a.num_symbols() == 0 && b.num_symbols() == 0;
  const index_t estimate =
      pointwise_sets ? nd : saturating_mul(nd, saturating_add(per_dim, saturating_add(sa, sb)));
  if (estimate > budget) return tribool::unknown;
  index_t dvals[XLAYOUT_MAX_VARS]{};
  box_cursor dc{dvals, dims, 0, a.num_dims};
  dc.reset();
  index_t cost = 0;
  if (nd == 0) return tribool::yes;
  do {
    // Every value a reaches at d is reached by b, and the other way round.
    for (int side = 0; side < 2; ++side) {
      const indexing_map& m = side == 0 ? a : b;
      const indexing_map& o = side == 0 ? b : a;
      index_t vars[XLAYOUT_MAX_VARS]{};
      for (std::size_t v = 0; v < m.num_dims; ++v) vars[v] = dvals[v];
      box_cursor sc{vars, m.bounds, m.num_dims, m.num_vars()};
      sc.reset();
      if (box_size(m.bounds, m.num_dims, m.num_vars()) == 0) continue;
      do {
        index_t got[XLAYOUT_MAX_RESULTS]{};
        const int in = eval_in_domain(m, vars, got);
        if (in < 0) return tribool::unknown;
        if (in == 0) continue;
        const int found = reaches(o, dvals, got, cost);
        if (found < 0) return tribool::unknown;
        if (found == 0) return tribool::no;
      } while (sc.next());
    }
  } while (dc.next());
  return tribool::yes;
}

/// Looks for a point where two maps without symbols differ (corners and pseudo-random points).
constexpr bool find_counterexample(const indexing_map& a, const indexing_map& b) noexcept {
  if (a.num_symbols() != 0 || b.num_symbols() != 0) return false;
  const std::size_t nd = a.num_dims;
  std::uint64_t state = 0x243F6A8885A308D3ull;
  for (int trial = 0; trial < 256; ++trial) {
    index_t vars[XLAYOUT_MAX_VARS]{};
    for (std::size_t v = 0; v < nd; ++v) {
      const interval r = a.bounds[v].union_with(b.bounds[v]);
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      const std::uint64_t pick = state >> 33;
      if (trial < 4) {
        vars[v] = ((trial >> (v % 2)) & 1) ? r.upper : r.lower;
      } else {
        // The width in unsigned arithmetic (upper - lower of an unbounded range does not fit in int64);
        // huge ranges are sampled in their first 2^40 values.
        const std::uint64_t width = static_cast<std::uint64_t>(r.upper) - static_cast<std::uint64_t>(r.lower);
        const std::uint64_t span = width >= (std::uint64_t{1} << 40) ? (std::uint64_t{1} << 40) : width + 1;
        vars[v] = r.lower + static_cast<index_t>(pick % span);
      }
    }
    index_t ra[XLAYOUT_MAX_RESULTS]{}, rb[XLAYOUT_MAX_RESULTS]{};
    const int ia = eval_in_domain(a, vars, ra);
    const int ib = eval_in_domain(b, vars, rb);
    if (ia < 0 || ib < 0) continue;  // not evaluable there: no evidence either way
    if (ia != ib) return true;
    if (ia == 0) continue;
    for (std::size_t i = 0; i < a.num_results; ++i) {
      if (ra[i] != rb[i]) return true;
    }
  }
  return false;
}

/// Normal forms of the results of two maps with the same variables, bounds and constraints, in one
/// workspace: yes when every result has the same normal form.
constexpr bool same_normal_forms(const indexing_map& a, const indexing_map& b) noexcept {
  if (a.num_dims != b.num_dims || a.num_range_vars != b.num_range_vars || a.num_rt_vars != b.num_rt_vars ||
      a.num_results != b.num_results || a.num_constraints != b.num_constraints)
    return false;
  for (std::size_t v = 0; v < a.num_vars(); ++v) {
    if (!(a.bounds[v] == b.bounds[v])) return false;
  }
  for (std::size_t i = 0; i < a.num_constraints; ++i) {
    bool found = false;
    for (std::size_t j = 0; j < b.num_constraints && !found; ++j) {
      found = a.constraint_bounds[i] == b.constraint_bounds[j] &&
              compare_exprs(a.view(), a.constraint_exprs[i], b.view(), b.constraint_exprs[j]) == 0;
    }
    if (!found) return false;
  }
  expr_workspace ws;
  expr_id ra[XLAYOUT_MAX_EXPRS]{}, rb[XLAYOUT_MAX_EXPRS]{};
  simplifier<XLAYOUT_MAX_WORK_EXPRS> s(ws, a.bounds, a.num_vars(), true);
  for (std::size_t i = 0; i < a.num_results; ++i) {
    const expr_id x = s.raw(s.simplify_tree(ws.import(a.view(), a.results[i], ra)));
    const expr_id y = s.raw(s.simplify_tree(ws.import(b.view(), b.results[i], rb)));
    if (ws.failed() || x != y) return false;
  }
  return true;
}

}  // namespace detail

/// Do the maps describe the same indexing: the same domain of dimensions and, for every index in it, the
/// same set of result tuples (over the symbols)? Names are ignored. Never a wrong yes: yes comes from equal
/// normal forms or an exhaustive check; no from a counterexample; unknown otherwise (raise `budget`, the
/// number of evaluations the exhaustive check may spend). Maps with different numbers of dimensions or
/// results are different (no). Either map UNDEFINED: unknown.
constexpr tribool equivalent(const indexing_map& a0, const indexing_map& b0,
                             index_t budget = XLAYOUT_EQUIVALENCE_BUDGET) noexcept {
  if (a0.is_undefined() || b0.is_undefined()) return tribool::unknown;
  if (a0.num_dims != b0.num_dims || a0.num_results != b0.num_results) return tribool::no;
  const auto sa = checked_simplify(a0);
  const auto sb = checked_simplify(b0);
  const indexing_map& a = sa ? *sa : a0;
  const indexing_map& b = sb ? *sb : b0;
  if (a.is_known_empty() && b.is_known_empty()) return tribool::yes;
  if (a == b) return tribool::yes;
  if (!a.is_known_empty() && !b.is_known_empty() && detail::same_normal_forms(a, b)) return tribool::yes;
  // Exhaustive check (a KNOWN EMPTY map has the empty domain).
  if (a.is_known_empty() || b.is_known_empty()) {
    const indexing_map& other = a.is_known_empty() ? b : a;
    // The domain of `other` is empty iff no point passes; enumerate it.
    if (detail::box_size(other.bounds, 0, other.num_vars()) > budget) return tribool::unknown;
    index_t vars[XLAYOUT_MAX_VARS]{};
    detail::box_cursor c{vars, other.bounds, 0, other.num_vars()};
    c.reset();
    if (detail::box_size(other.bounds, 0, other.num_vars()) == 0) return tribool::yes;
    for (std::size_t v = 0; v < other.num_vars(); ++v) {
      if (other.bounds[v].lower == index_min || other.bounds[v].upper == index_max) return tribool::unknown;
    }
    bool unknown = false;
    do {
      index_t out[XLAYOUT_MAX_RESULTS]{};
      const int in = detail::eval_in_domain(other, vars, out);
      if (in > 0) return tribool::no;
      if (in < 0) unknown = true;
    } while (c.next());
    return unknown ? tribool::unknown : tribool::yes;
  }
  const tribool e = detail::enumerate_equivalence(a, b, budget);
  if (e != tribool::unknown) return e;
  if (detail::find_counterexample(a, b)) return tribool::no;
  return tribool::unknown;
}

/// True when the map sends every index of its domain to itself: as many results as dimensions, and the
/// simplified result i is d_i (symbols unused).
constexpr bool is_identity(const indexing_map& m) noexcept {
  if (m.kind != map_kind::regular || m.num_results != m.num_dims) return false;
  const auto s = checked_simplify(m);
  if (!s) return false;
  for (std::size_t i = 0; i < s->num_results; ++i) {
    const expr_node& n = s->pool.nodes[s->results[i]];
    if (n.kind != expr_kind::variable || n.value != static_cast<index_t>(i)) return false;
  }
  return true;
}

namespace detail {
/// Enumerates the domain of a map without symbols and marks its image in a bitmap over the box of the
/// results' ranges. injective: no two points meet; onto_box: every point of that box is reached.
struct image_check {
  static constexpr index_t max_box = index_t{1} << 16;
  bool decided = false;
  bool injective = false;
  bool onto_box = false;
};
constexpr image_check check_image(const indexing_map& m0, index_t budget) noexcept {
  image_check r;
  const auto s = checked_simplify(m0);
  if (!s || s->kind != map_kind::regular || s->num_symbols() != 0) return r;
  const indexing_map& m = *s;
  for (std::size_t v = 0; v < m.num_vars(); ++v) {
    if (m.bounds[v].lower == index_min || m.bounds[v].upper == index_max) return r;
  }
  const index_t n = box_size(m.bounds, 0, m.num_vars());
  if (n > budget) return r;
  // First pass: the ranges of the results over the domain.
  interval ranges[XLAYOUT_MAX_RESULTS]{};
  for (std::size_t i = 0; i < m.num_results; ++i) ranges[i] = interval{index_max, index_min};
  index_t vars[XLAYOUT_MAX_VARS]{};
  box_cursor c{vars, m.bounds, 0, m.num_vars()};
  c.reset();
  index_t count = 0;
  if (n > 0) {
    do {
      index_t out[XLAYOUT_MAX_RESULTS]{};
      const int in = eval_in_domain(m, vars, out);
      if (in < 0) return r;  // a point of the domain cannot be evaluated: undecided
      if (in == 0) continue;
      ++count;
      for (std::size_t i = 0; i < m.num_results; ++i) {
        if (out[i] < ranges[i].lower) ranges[i].lower = out[i];
        if (out[i] > ranges[i].upper) ranges[i].upper = out[i];
      }
    } while (c.next());
  }
  if (count == 0) {
    r.decided = r.injective = r.onto_box = true;
    return r;
  }
  const index_t box = box_size(ranges, 0, m.num_results);
  if (box > image_check::max_box) return r;
  std::uint64_t seen[image_check::max_box / 64]{};
  c.reset();
  bool injective = true;
  do {
    index_t out[XLAYOUT_MAX_RESULTS]{};
    if (eval_in_domain(m, vars, out) <= 0) continue;
    index_t lin = 0;
    for (std::size_t i = 0; i < m.num_results; ++i) lin = lin * ranges[i].size() + (out[i] - ranges[i].lower);
    const std::uint64_t bit = std::uint64_t{1} << (lin % 64);
    if (seen[lin / 64] & bit) injective = false;
    seen[lin / 64] |= bit;
  } while (c.next());
  r.decided = true;
  r.injective = injective;
  r.onto_box = injective && count == box;
  return r;
}
}  // namespace detail

/// Does the map send different points of its domain to different result tuples? Decided by enumeration
/// for maps without symbols whose domain has at most `budget` points and whose image box has at most 65536
/// points; unknown otherwise.
constexpr tribool is_injective_on_domain(const indexing_map& m,
                                         index_t budget = XLAYOUT_EQUIVALENCE_BUDGET) noexcept {
  const detail::image_check c = detail::check_image(m, budget);
  if (!c.decided) return tribool::unknown;
  return c.injective ? tribool::yes : tribool::no;
}

/// Is the map a bijection from its domain onto the box of its results' ranges (a reshape, a transpose, a
/// tiled layout without padding)? Decided like is_injective_on_domain.
constexpr tribool is_bijective_on_domain(const indexing_map& m,
                                         index_t budget = XLAYOUT_EQUIVALENCE_BUDGET) noexcept {
  const detail::image_check c = detail::check_image(m, budget);
  if (!c.decided) return tribool::unknown;
  return c.onto_box ? tribool::yes : tribool::no;
}

}  // namespace XLAYOUT_NAMESPACE
