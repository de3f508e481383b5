// include/xlayout/indexing/simplify.hpp: the range-aware simplifier. Every expression is brought to a normal
// form: a linear form c0 + sum k_i * a_i over atoms a_i (variables, floor atoms floor(L / c) with L itself a
// normal form, and opaque atoms for what is not affine), built by smart constructors in a hash-consed
// workspace. The floor constructor divides out gcds, pulls out multiples, folds to a constant when the range
// allows, drops small remainders (carry-free split), absorbs an inner floor, and re-expresses dividends in
// mixed-radix digits. `mod` and `ceildiv` are input sugar; the printer form recovers `mod` and XLA's term
// order. simplify(map) also simplifies the constraints (XLA's IndexingMap::Simplify) and detects emptiness.
#pragma once
#include <cstddef>
#include <cstdint>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/indexing/affine_expr.hpp>
#include <xlayout/indexing/indexing_map.hpp>
#include <xlayout/indexing/interval.hpp>

namespace XLAYOUT_NAMESPACE {

/// XLA's SimplifyPointDimensions: replace variables whose range is one point by that constant (the
/// default), or keep them (XLA uses kPreserve for reshape and bitcast maps).
enum class point_variables : unsigned char { replace, preserve };

struct simplify_options {
  point_variables points = point_variables::replace;
};

namespace detail {

struct lin_term {
  expr_id atom = 0;
  index_t coef = 0;
};

/// constant + sum of coef * atom, terms sorted by atom id, no zero coefficient.
struct linear_form {
  index_t constant = 0;
  std::size_t size = 0;
  lin_term terms[XLAYOUT_MAX_TERMS]{};

  constexpr bool is_constant() const noexcept { return size == 0; }
  constexpr index_t coef_of(expr_id a) const noexcept {
    for (std::size_t i = 0; i < size; ++i) {
      if (terms[i].atom == a) return terms[i].coef;
    }
    return 0;
  }
  constexpr void erase(std::size_t i) noexcept {
    for (std::size_t j = i; j + 1 < size; ++j) terms[j] = terms[j + 1];
    terms[--size] = lin_term{};
  }
};

constexpr linear_form constant_form(index_t c) noexcept {
  linear_form f;
  f.constant = c;
  return f;
}

/// The simplifier of one workspace under one set of variable ranges. Results are linear forms; `raw`
/// stores a linear form as a canonical tree (terms by atom id, constant last) so that a floor atom is the
/// node floordiv(raw(L), c) and equal normal forms are equal node ids.
template <std::size_t C>
struct simplifier {
  static constexpr std::size_t max_floors = 128;

  basic_expr_workspace<C>& ws;
  const interval* bounds = nullptr;  // per variable
  std::size_t num_vars = 0;
  bool replace_points = true;

  expr_id memo[C]{};          // input node -> raw result + 1
  expr_id pretty_memo[C]{};   // raw node -> printer tree + 1
  interval range_cache[C]{};  // atom -> range
  bool range_known[C]{};
  expr_id floors[max_floors]{};  // floor atoms made so far (the digit basis looks here)
  std::size_t num_floors = 0;

  constexpr simplifier(basic_expr_workspace<C>& w, const interval* b, std::size_t n, bool replace) noexcept
      : ws(w), bounds(b), num_vars(n), replace_points(replace) {}

  constexpr bool failed() const noexcept { return ws.failed(); }
  constexpr expr_kind kind(expr_id id) const noexcept { return ws.nodes[id].kind; }
  constexpr const expr_node& node(expr_id id) const noexcept { return ws.nodes[id]; }

  // ---------------------------------------------------------------- linear-form arithmetic (checked)
  constexpr index_t add_checked(index_t a, index_t b) noexcept {
    const checked_index r = checked_add(a, b);
    if (!r.ok) ws.fail(error_id::integer_overflow);
    return r.value;
  }
  constexpr index_t mul_checked(index_t a, index_t b) noexcept {
    const checked_index r = checked_mul(a, b);
    if (!r.ok) ws.fail(error_id::integer_overflow);
    return r.value;
  }
  constexpr void add_term(linear_form& f, expr_id atom, index_t coef) noexcept {
    if (coef == 0) return;
    std::size_t i = 0;
    while (i < f.size && f.terms[i].atom < atom) ++i;
    if (i < f.size && f.terms[i].atom == atom) {
      f.terms[i].coef = add_checked(f.terms[i].coef, coef);
      if (f.terms[i].coef == 0) f.erase(i);
      return;
    }
    if (f.size == XLAYOUT_MAX_TERMS) {
      ws.fail(error_id::capacity_exceeded);
      return;
    }
    for (std::size_t j = f.size; j > i; --j) f.terms[j] = f.terms[j - 1];
    f.terms[i] = lin_term{atom, coef};
    ++f.size;
  }
  /// a + k * b
  constexpr linear_form add(const linear_form& a, const linear_form& b, index_t k = 1) noexcept {
    linear_form r = a;
    r.constant = add_checked(r.constant, mul_checked(k, b.constant));
    for (std::size_t i = 0; i < b.size; ++i) add_term(r, b.terms[i].atom, mul_checked(k, b.terms[i].coef));
    return r;
  }
  constexpr linear_form scale(const linear_form& a, index_t k) noexcept {
    if (k == 0) return linear_form{};
    linear_form r = a;
    r.constant = mul_checked(r.constant, k);
    for (std::size_t i = 0; i < r.size; ++i) r.terms[i].coef = mul_checked(r.terms[i].coef, k);
    return r;
  }
  constexpr linear_form atom_form(expr_id atom, index_t coef = 1) noexcept {
    linear_form f;
    add_term(f, atom, coef);
    return f;
  }

  // ---------------------------------------------------------------- raw trees
  constexpr expr_id raw(const linear_form& f) noexcept {
    if (f.size == 0) return ws.constant(f.constant);
    expr_id r = 0;
    for (std::size_t i = 0; i < f.size; ++i) {
      const expr_id t = f.terms[i].coef == 1
                            ? f.terms[i].atom
                            : ws.make(expr_kind::mul, f.terms[i].atom, ws.constant(f.terms[i].coef), 0);
      r = i == 0 ? t : ws.make(expr_kind::add, r, t, 0);
    }
    if (f.constant != 0) r = ws.make(expr_kind::add, r, ws.constant(f.constant), 0);
    return r;
  }
  /// raw(f) if that tree already exists, else missing (nothing is created).
  constexpr expr_id find_raw(const linear_form& f) const noexcept {
    constexpr expr_id missing = basic_expr_workspace<C>::missing;
    if (f.size == 0) return ws.find(expr_kind::constant, 0, 0, f.constant);
    expr_id r = 0;
    for (std::size_t i = 0; i < f.size; ++i) {
      const expr_id t = f.terms[i].coef == 1
                            ? f.terms[i].atom
                            : ws.find(expr_kind::mul, f.terms[i].atom,
                                      ws.find(expr_kind::constant, 0, 0, f.terms[i].coef), 0);
      r = i == 0 ? t : ws.find(expr_kind::add, r, t, 0);
      if (r == missing) return missing;
    }
    if (f.constant != 0) r = ws.find(expr_kind::add, r, ws.find(expr_kind::constant, 0, 0, f.constant), 0);
    return r;
  }
  /// The floor atom floor(f / c) if it already exists, else missing.
  constexpr expr_id find_floor(const linear_form& f, index_t c) const noexcept {
    return ws.find(expr_kind::floordiv, find_raw(f), ws.find(expr_kind::constant, 0, 0, c), 0);
  }

  constexpr void add_summand(linear_form& f, expr_id s) noexcept {
    const expr_node& n = node(s);
    if (n.kind == expr_kind::constant) {
      f.constant = add_checked(f.constant, n.value);
    } else if (n.kind == expr_kind::mul && kind(n.rhs) == expr_kind::constant) {
      add_term(f, n.lhs, node(n.rhs).value);
    } else {
      add_term(f, s, 1);
    }
  }
  /// The linear form a raw tree stores.
  constexpr linear_form from_raw(expr_id id) noexcept {
    linear_form f;
    while (kind(id) == expr_kind::add) {
      add_summand(f, node(id).rhs);
      id = node(id).lhs;
    }
    add_summand(f, id);
    return f;
  }

  // ---------------------------------------------------------------- ranges
  constexpr interval range_atom(expr_id a) noexcept {
    if (range_known[a]) return range_cache[a];
    const expr_node n = node(a);
    interval r = unbounded_interval;
    switch (n.kind) {
      case expr_kind::variable:
        r = static_cast<std::size_t>(n.value) < num_vars ? bounds[n.value] : unbounded_interval;
        break;
      case expr_kind::constant:
        r = {n.value, n.value};
        break;
      case expr_kind::floordiv: {
        const interval d = range_lf(from_raw(n.lhs));
        const interval c = range_lf(from_raw(n.rhs));
        if (c.is_point() && c.lower != 0) r = floor_div(d, c.lower);
        break;
      }
      case expr_kind::ceildiv: {
        const interval d = range_lf(from_raw(n.lhs));
        const interval c = range_lf(from_raw(n.rhs));
        if (c.is_point() && c.lower != 0) r = ceil_div(d, c.lower);
        break;
      }
      case expr_kind::mod: {
        const interval c = range_lf(from_raw(n.rhs));
        if (c.is_point() && c.lower != 0 && c.lower != index_min) {
          const index_t m = c.lower < 0 ? -c.lower : c.lower;
          const interval d = range_lf(from_raw(n.lhs));
          r = (d.lower >= 0 && d.upper < m) ? d : interval{0, m - 1};
        } else if (c.lower > 0) {
          r = {0, c.upper - 1};
        }
        break;
      }
      case expr_kind::mul:
        r = range_lf(from_raw(n.lhs)) * range_lf(from_raw(n.rhs));
        break;
      case expr_kind::min:
        r = min(range_lf(from_raw(n.lhs)), range_lf(from_raw(n.rhs)));
        break;
      case expr_kind::max:
        r = max(range_lf(from_raw(n.lhs)), range_lf(from_raw(n.rhs)));
        break;
      case expr_kind::add:
        r = range_lf(from_raw(a));
        break;
    }
    range_cache[a] = r;
    range_known[a] = true;
    return r;
  }

  /// Is `m * x` (x = from_raw(dividend)) part of f with the same signs and at most f's magnitudes?
  constexpr bool contains_multiple(const linear_form& f, const linear_form& x, index_t m) const noexcept {
    if (m == 0 || x.size == 0) return false;
    for (std::size_t i = 0; i < x.size; ++i) {
      const checked_index w = checked_mul(x.terms[i].coef, m);
      if (!w.ok) return false;  // beyond int64, so beyond f's magnitudes
      const index_t want = w.value;
      const index_t have = f.coef_of(x.terms[i].atom);
      if (have == 0 || (have < 0) != (want < 0)) return false;
      if (want < 0 ? have > want : have < want) return false;
    }
    return true;
  }

  /// A `mod` hidden in a linear form: m * (X mod c) = m*X - m*c*floor(X/c) (kind 0), or
  /// m * ((X / a) mod b) = m*floor(X/a) - m*b*floor(X/(a*b)) (kind 1).
  struct mod_group {
    bool found = false;
    int kind = 0;
    expr_id floor = 0;    // the floor atom the group removes (floor(X/c), or floor(X/(a*b)))
    expr_id inner = 0;    // kind 1: floor(X/a)
    index_t m = 0;        // multiplicity
    index_t modulus = 0;  // c, or b
  };

  /// The group to recover first: a positive multiplicity before a negative one, then the largest dividend
  /// (so `v0 mod 20 mod 7` is found as the outer mod), then kind 0 before kind 1, then the first term.
  constexpr mod_group find_mod_group(const linear_form& f) noexcept {
    mod_group best;
    index_t best_score = -1;
    auto consider = [&](const mod_group& g, std::size_t x_size) {
      const index_t score =
          (g.m > 0 ? 1000000 : 0) + static_cast<index_t>(x_size) * 10 + (g.kind == 0 ? 1 : 0);
      // Ties go to the smaller modulus, then to the structurally smaller floor: never to the smaller atom
      // id, which depends on the order the atoms were made in (simplify would not be idempotent:
      // `y - y mod 6 - y mod 16` printed its two mods in either order).
      const bool tie_wins = score == best_score &&
                            (g.modulus < best.modulus || (g.modulus == best.modulus &&
                                                          compare_exprs(ws.view(), g.floor, best.floor) < 0));
      if (score > best_score || tie_wins) {
        best = g;
        best_score = score;
      }
    };
    for (std::size_t i = 0; i < f.size; ++i) {
      const expr_id a = f.terms[i].atom;
      index_t c = 0;
      if (!is_floor_atom(a, c)) continue;
      const index_t k = f.terms[i].coef;
      const linear_form x = from_raw(node(a).lhs);
      if (k % c == 0 && contains_multiple(f, x, -(k / c)))
        consider(mod_group{true, 0, a, 0, -(k / c), c}, x.size);
      for (std::size_t j = 0; j < f.size; ++j) {
        const expr_id a1 = f.terms[j].atom;
        index_t d = 0;
        if (j == i || !is_floor_atom(a1, d) || node(a1).lhs != node(a).lhs || d >= c || c % d != 0) continue;
        const index_t b = c / d;
        if (k % b != 0) continue;
        const index_t m = -(k / b);
        const index_t k1 = f.terms[j].coef;
        if (m == 0 || (k1 < 0) != (m < 0) || (m < 0 ? k1 > m : k1 < m)) continue;
        consider(mod_group{true, 1, a, a1, m, b}, x.size);
      }
    }
    return best;
  }
  /// f without the group's terms.
  constexpr linear_form remove_mod_group(linear_form f, const mod_group& g) noexcept {
    drop_term(f, g.floor);
    if (g.kind == 0) return add(f, from_raw(node(g.floor).lhs), -g.m);
    add_term(f, g.inner, -g.m);
    return f;
  }
  /// The range of the group's mod (without the multiplicity).
  constexpr interval mod_group_range(const mod_group& g) noexcept {
    const interval x = g.kind == 0 ? range_lf(from_raw(node(g.floor).lhs)) : range_atom(g.inner);
    if (x.lower >= 0 && x.upper < g.modulus) return x;
    return {0, g.modulus - 1};
  }

  /// The interval of a linear form. Mod groups count with the range of the mod, which is what makes sums
  /// of digits tight: `m*X - m*c*floor(X/c)` is m * [0, c-1].
  constexpr interval range_lf(linear_form f) noexcept {
    interval r{0, 0};
    for (int guard = 0; guard < XLAYOUT_MAX_TERMS && !failed(); ++guard) {
      const mod_group g = find_mod_group(f);
      if (!g.found) break;
      r = r + xlayout::scale(mod_group_range(g), g.m);
      f = remove_mod_group(f, g);
    }
    r = r + interval{f.constant, f.constant};
    for (std::size_t i = 0; i < f.size; ++i)
      r = r + xlayout::scale(range_atom(f.terms[i].atom), f.terms[i].coef);
    return r;
  }

  // ---------------------------------------------------------------- the floor constructor
  constexpr bool fold_if_one_block(const interval& r, index_t c, index_t& q) const noexcept {
    if (r.lower == index_min || r.upper == index_max) return false;
    const index_t a = floor_div(r.lower, c), b = floor_div(r.upper, c);
    if (a != b) return false;
    q = a;
    return true;
  }

  /// Is `a` a floor atom (floordiv by a constant), and which divisor?
  constexpr bool is_floor_atom(expr_id a, index_t& c) const noexcept {
    if (kind(a) != expr_kind::floordiv || kind(node(a).rhs) != expr_kind::constant) return false;
    c = node(node(a).rhs).value;
    return c > 1;
  }

  /// floor(L / c) in normal form (c >= 1). With allow_new = false it fails (ok = false) instead of making
  /// a new floor atom (the digit-basis search uses that). The rewrite rules below are tried in this order;
  /// the first that applies gives the result.
  constexpr linear_form floor_lf(linear_form L, index_t c, bool allow_new, bool& ok, int depth = 0) noexcept {
    ok = true;
    linear_form out;
    if (failed()) return out;
    if (depth > 24) {
      ok = false;
      return out;
    }
    if (floor_rule_reduce(L, c, out)) return out;
    if (floor_rule_half(L, c, allow_new, out)) return out;
    if (floor_rule_one_block(L, c, out)) return out;
    if (floor_rule_residues(L, c, out)) return out;
    if (floor_rule_carry_free_split(L, c, allow_new, ok, depth, out)) return out;
    if (floor_rule_absorb_inner(L, c, allow_new, depth, out)) return out;
    if (floor_rule_two_points(L, c, out)) return out;
    if (floor_rule_same_step(L, c, allow_new, out)) return out;
    if (floor_rule_digits(L, c, allow_new, depth, out)) return out;
    if (!allow_new) {
      ok = false;
      return out;
    }
    const expr_id atom = intern_floor(L, c);
    add_term(out, atom, 1);
    return out;
  }

  // Each rule of floor_lf: it either gives floor(L / c) (true; the result is in `out`, which holds the part
  // already pulled out of the floor) or leaves the floor to the next rule (false).

  /// Divides L and c by the gcd of c and L's coefficients and constant, pulls out the terms whose
  /// coefficient c divides and the whole part of the constant, until nothing changes. Done when c becomes 1
  /// or L a constant; otherwise L's constant is in [0, c).
  constexpr bool floor_rule_reduce(linear_form& L, index_t& c, linear_form& out) noexcept {
    for (int iter = 0; iter < 16; ++iter) {
      if (c == 1) {
        out = add(out, L);
        return true;
      }
      if (L.size == 0) {
        out.constant = add_checked(out.constant, floor_div(L.constant, c));
        return true;
      }
      index_t g = gcd(c, L.constant);
      for (std::size_t i = 0; i < L.size; ++i) g = gcd(g, L.terms[i].coef);
      if (g > 1) {
        for (std::size_t i = 0; i < L.size; ++i) L.terms[i].coef /= g;
        L.constant /= g;
        c /= g;
        continue;
      }
      bool pulled = false;
      for (std::size_t i = L.size; i-- > 0;) {
        if (L.terms[i].coef % c == 0) {
          add_term(out, L.terms[i].atom, L.terms[i].coef / c);
          L.erase(i);
          pulled = true;
        }
      }
      const index_t q = floor_div(L.constant, c);
      out.constant = add_checked(out.constant, q);
      // The remainder directly: q * c leaves int64 for a constant near INT64_MIN (floor(INT64_MIN / 100) *
      // 100 < INT64_MIN; fuzz map_text), the remainder does not.
      L.constant = floor_mod(L.constant, c);
      if (!pulled) break;
    }
    if (c == 1) {
      out = add(out, L);
      return true;
    }
    return L.size == 0;  // 0 <= L.constant < c
  }

  /// Divisor 2: floor((L + 1) / 2) = L - floor(L / 2), and back, when the other floor is already an atom of
  /// this simplification (so that x / 2 and (x + 1) / 2 cancel; otherwise the form is kept).
  constexpr bool floor_rule_half(const linear_form& L, index_t c, bool allow_new, linear_form& out) noexcept {
    if (c == 2 && allow_new) {
      linear_form other = L;
      other.constant = L.constant == 1 ? 0 : 1;
      const expr_id f = find_floor(other, 2);
      if (f != basic_expr_workspace<C>::missing && is_registered(f) && !is_registered(find_floor(L, 2))) {
        linear_form r = L.constant == 1 ? other : L;
        add_term(r, f, -1);
        out = add(out, r);
        return true;
      }
    }
    return false;
  }

  /// L's range lies in one block [q c, (q + 1) c): the floor is q.
  constexpr bool floor_rule_one_block(const linear_form& L, index_t c, linear_form& out) noexcept {
    index_t q = 0;
    if (fold_if_one_block(range_lf(L), c, q)) {
      out.constant = add_checked(out.constant, q);
      return true;
    }
    return false;
  }

  /// Reduce each coefficient to the residue of least magnitude; fold when that lands in one block.
  constexpr bool floor_rule_residues(const linear_form& L, index_t c, linear_form& out) noexcept {
    linear_form rest = constant_form(L.constant);
    linear_form quot;
    bool any = false;
    for (std::size_t i = 0; i < L.size; ++i) {
      const index_t k = L.terms[i].coef;
      // k = c * q + r with r of least magnitude; q from floor_div (k - r overflows for k near the limits).
      index_t r = floor_mod(k, c);
      index_t q = floor_div(k, c);
      if (r > c - r) {
        r -= c;
        ++q;
      }
      if (k != r) {
        any = true;
        add_term(quot, L.terms[i].atom, q);
      }
      add_term(rest, L.terms[i].atom, r);
    }
    index_t q = 0;
    if (any && fold_if_one_block(range_lf(rest), c, q)) {
      quot.constant = q;
      out = add(out, quot);
      return true;
    }
    return false;
  }

  /// Carry-free split: L = big + small with g = gcd(c, big's coefficients) > 1 and small in [0, g-1]:
  /// floor(L / c) = floor((big / g) / (c / g)). Largest g first. Where the smaller floor fails, so does
  /// this one (ok = false).
  constexpr bool floor_rule_carry_free_split(const linear_form& L, index_t c, bool allow_new, bool& ok,
                                             int depth, linear_form& out) noexcept {
    index_t cand[XLAYOUT_MAX_TERMS]{};
    std::size_t nc = 0;
    for (std::size_t i = 0; i < L.size; ++i) {
      const index_t g = gcd(c, L.terms[i].coef);
      if (g <= 1) continue;
      std::size_t j = 0;
      while (j < nc && cand[j] != g) ++j;
      if (j == nc) cand[nc++] = g;
    }
    for (std::size_t i = 1; i < nc; ++i) {
      const index_t t = cand[i];
      std::size_t j = i;
      while (j > 0 && cand[j - 1] < t) {
        cand[j] = cand[j - 1];
        --j;
      }
      cand[j] = t;
    }
    for (std::size_t ci = 0; ci < nc; ++ci) {
      const index_t g = cand[ci];
      linear_form big, small = constant_form(L.constant);
      for (std::size_t i = 0; i < L.size; ++i) {
        if (L.terms[i].coef % g == 0) {
          add_term(big, L.terms[i].atom, L.terms[i].coef / g);
        } else {
          add_term(small, L.terms[i].atom, L.terms[i].coef);
        }
      }
      const interval sr = range_lf(small);
      if (sr.lower >= 0 && sr.upper <= g - 1) {
        bool sub_ok = true;
        const linear_form r = floor_lf(big, c / g, allow_new, sub_ok, depth + 1);
        if (!sub_ok) {
          ok = false;
          return true;
        }
        out = add(out, r);
        return true;
      }
    }
    return false;
  }

  /// Absorb an inner floor: floor((floor(X / a) + R) / c) = floor((X + a * R) / (a * c)) for any integer R.
  /// Done for the one inner floor with coefficient 1 (XLA), or for the one with the smallest divisor when
  /// every inner floor divides the same X (the others become a mod of X: digits).
  constexpr bool floor_rule_absorb_inner(const linear_form& L, index_t c, bool allow_new, int depth,
                                         linear_form& out) noexcept {
    if (!allow_new) return false;
    std::size_t found = L.size;
    std::size_t num_floors_in_l = 0;
    bool same_dividend = true;
    index_t a = 0;
    expr_id first_dividend = 0;
    for (std::size_t i = 0; i < L.size; ++i) {
      index_t d = 0;
      if (is_floor_atom(L.terms[i].atom, d)) {
        // Each floor against the first floor's dividend. (Compared with term 0 while no floor with
        // coefficient 1 was seen, which need not be a floor, the rule depended on the order the atoms were
        // made in, and a simplified map read back simplified further: fuzz map_text and map_algebra.)
        if (num_floors_in_l == 0)
          first_dividend = node(L.terms[i].atom).lhs;
        else if (node(L.terms[i].atom).lhs != first_dividend)
          same_dividend = false;
        ++num_floors_in_l;
        if (L.terms[i].coef == 1 && (found == L.size || d < a)) {
          found = i;
          a = d;
        }
      }
    }
    if (found < L.size && num_floors_in_l > 1) {
      for (std::size_t i = 0; i < L.size && same_dividend; ++i) {
        index_t d = 0;
        if (is_floor_atom(L.terms[i].atom, d) && node(L.terms[i].atom).lhs != node(L.terms[found].atom).lhs)
          same_dividend = false;
      }
    }
    if (found < L.size && (num_floors_in_l == 1 || same_dividend)) {
      const checked_index ac = checked_mul(a, c);
      const expr_id f = L.terms[found].atom;
      linear_form rest = L;
      rest.erase(found);
      const linear_form x = from_raw(node(f).lhs);
      if (ac.ok) {
        const linear_form joined = add(x, rest, a);
        if (!failed()) {
          bool sub_ok = true;
          const linear_form r = floor_lf(joined, ac.value, true, sub_ok, depth + 1);
          out = add(out, r);
          return true;
        }
      }
    }
    return false;
  }

  /// L = k x + b with one atom x that takes two values, lo and lo + 1: floor(L / c) is the line through its
  /// two values, f(lo) + (f(lo + 1) - f(lo)) (x - lo). Before the digit rule, which rewrites a floor into an
  /// equal floor made earlier: on d0 in [0, 1], (d0 + 4610) / 4611 and (d0 + 6001) / 6002 are both d0, and
  /// the result must not depend on which of them was simplified first (fuzz map_algebra: simplify was not
  /// idempotent). Not applied where the arithmetic would leave int64.
  constexpr bool floor_rule_two_points(const linear_form& L, index_t c, linear_form& out) noexcept {
    if (L.size != 1) return false;
    const expr_id x = L.terms[0].atom;
    const interval r = range_atom(x);
    if (r.lower == index_min || r.upper == index_max || r.lower == index_max || r.upper != r.lower + 1) {
      return false;
    }
    const auto sub = [](index_t a, index_t b) {
      return b == index_min ? checked_index{0, false} : checked_add(a, -b);
    };
    const index_t k = L.terms[0].coef;
    const checked_index k_lo = checked_mul(k, r.lower);
    if (!k_lo.ok) return false;
    const checked_index v0 = checked_add(k_lo.value, L.constant);
    if (!v0.ok) return false;
    const checked_index v1 = checked_add(v0.value, k);
    if (!v1.ok) return false;
    const index_t f0 = floor_div(v0.value, c), f1 = floor_div(v1.value, c);
    const index_t slope = f1 - f0;  // |slope| <= |k| / c + 1: no overflow
    const checked_index s_lo = checked_mul(slope, r.lower);
    if (!s_lo.ok) return false;
    const checked_index offset = sub(f0, s_lo.value);
    if (!offset.ok) return false;
    const checked_index constant = checked_add(out.constant, offset.value);
    const checked_index coef = checked_add(out.coef_of(x), slope);
    if (!constant.ok || !coef.ok) return false;
    add_term(out, x, slope);
    out.constant = constant.value;
    return true;
  }

  /// One step of floor(L / c) for L = k x + b with one atom x over [lo, hi], c >= 2: f(lo) before the
  /// first point t whose value differs, f(hi) = f(lo) +- 1 from t on. f is monotone, so it has one step
  /// exactly when f(hi) - f(lo) is +-1; the step height is then +-1. False otherwise, or where the
  /// arithmetic would leave int64 (|f| <= 2^62 for c >= 2, so differences of values do not).
  struct step {
    index_t t = 0, f_lo = 0, f_hi = 0;
  };
  constexpr bool one_step(const linear_form& L, index_t c, step& st) noexcept {
    if (L.size != 1) return false;
    const interval r = range_atom(L.terms[0].atom);
    if (r.lower == index_min || r.upper == index_max || r.lower >= r.upper) return false;
    if (!checked_add(r.upper, -r.lower).ok) return false;  // the search below halves hi - lo
    const index_t k = L.terms[0].coef;
    const auto value = [&](index_t v, index_t& f) {
      const checked_index kv = checked_mul(k, v);
      if (!kv.ok) return false;
      const checked_index sum = checked_add(kv.value, L.constant);
      if (!sum.ok) return false;
      f = floor_div(sum.value, c);
      return true;
    };
    if (!value(r.lower, st.f_lo) || !value(r.upper, st.f_hi)) return false;
    if (st.f_hi - st.f_lo != 1 && st.f_lo - st.f_hi != 1) return false;
    // Bisection. Invariant: f(a) = f(lo), f(t) = f(hi).
    index_t a = r.lower;
    st.t = r.upper;
    while (st.t - a > 1) {
      const index_t mid = a + (st.t - a) / 2;
      index_t f_mid = 0;
      if (!value(mid, f_mid)) return false;
      (f_mid == st.f_lo ? a : st.t) = mid;
    }
    return true;
  }

  /// A floor that takes two values, as an earlier floor of the same atom with the same step: on d0 in
  /// [0, 2], (d0 + 4610) / 4611 and (d0 + 6001) / 6002 are both 0, 1, 1. The digit rule rewrote the second
  /// into the first when the first had been made already, but not the other way round, so a map kept both
  /// spellings where they came in one order and simplified again to one (fuzz map_algebra: simplify was not
  /// idempotent). Every such floor now takes the spelling of the first floor of its step, in either order:
  /// floor(L / c) = f(lo) + h h' (F - f'(lo)) for the earlier floor F, with step heights h and h' (+-1).
  constexpr bool floor_rule_same_step(const linear_form& L, index_t c, bool allow_new,
                                      linear_form& out) noexcept {
    step st;
    if (!allow_new || !one_step(L, c, st)) return false;
    for (std::size_t i = 0; i < num_floors; ++i) {
      const expr_id f = floors[i];
      const linear_form earlier = from_raw(node(f).lhs);
      step other;
      if (earlier.size != 1 || earlier.terms[0].atom != L.terms[0].atom ||
          !one_step(earlier, node(node(f).rhs).value, other) || other.t != st.t)
        continue;
      const index_t coef = (st.f_hi - st.f_lo) * (other.f_hi - other.f_lo);
      const checked_index shift = checked_mul(coef, other.f_lo);
      if (!shift.ok) continue;
      const checked_index constant = checked_add(st.f_lo, -shift.value);
      if (!constant.ok) continue;
      const checked_index total = checked_add(out.constant, constant.value);
      if (!total.ok || !checked_add(out.coef_of(f), coef).ok) continue;
      add_term(out, f, coef);
      out.constant = total.value;
      return true;
    }
    return false;
  }

  /// Mixed-radix digits of the dividends of known floors (digit_floor).
  constexpr bool floor_rule_digits(const linear_form& L, index_t c, bool allow_new, int depth,
                                   linear_form& out) noexcept {
    if (allow_new && depth < 8) {
      bool found = false;
      const linear_form r = digit_floor(L, c, found);
      if (found) {
        out = add(out, r);
        return true;
      }
    }
    return false;
  }

  /// q = a / b when a is a non-zero multiple of b and the quotient fits: not INT64_MIN / -1 (a coefficient
  /// INT64_MIN of a dividend's variable whose coefficient is -1; UBSan: fuzz map_text). Nor a quotient
  /// INT64_MIN, which the digit rule negates.
  static constexpr bool exact_quotient(index_t a, index_t b, index_t& q) noexcept {
    if (a == 0 || b == 0 || (a == index_min && b == -1) || a % b != 0 || a / b == index_min) return false;
    q = a / b;
    return true;
  }
  /// f without the term of `atom`. (Not add_term(f, atom, -coef): a coefficient INT64_MIN has no negation;
  /// UBSan: fuzz map_text.)
  static constexpr void drop_term(linear_form& f, expr_id atom) noexcept {
    for (std::size_t i = 0; i < f.size; ++i) {
      if (f.terms[i].atom == atom) {
        f.erase(i);
        return;
      }
    }
  }

  constexpr expr_id intern_floor(const linear_form& L, index_t c) noexcept {
    const std::size_t before = ws.count;
    const expr_id dividend = raw(L);
    const expr_id atom = ws.make(expr_kind::floordiv, dividend, ws.constant(c), 0);
    if (ws.count != before || !is_registered(atom)) register_floor(atom);
    return atom;
  }
  constexpr bool is_registered(expr_id a) const noexcept {
    for (std::size_t i = 0; i < num_floors; ++i) {
      if (floors[i] == a) return true;
    }
    return false;
  }
  constexpr void register_floor(expr_id a) noexcept {
    if (num_floors < max_floors && !is_registered(a)) floors[num_floors++] = a;
  }

  // ---------------------------------------------------------------- digit basis
  /// For the dividends X of known floor atoms floor(X / c_i) that L uses (through X or the floors), writes
  /// X in mixed-radix digits X = D0 + c_1 D1 + ... + c_k T (each digit a fresh atom with an exact range),
  /// computes floor(L / c) in that basis without new floor atoms, and maps the digits back. found = false
  /// when that does not work.
  constexpr linear_form digit_floor(const linear_form& L, index_t c, bool& found) noexcept {
    found = false;
    constexpr std::size_t max_bases = 4, max_chain = 6;
    struct base {
      expr_id x = 0;  // raw dividend
      index_t div[max_chain]{};
      expr_id fl[max_chain]{};
      std::size_t n = 0;
    };
    base bases[max_bases]{};
    std::size_t nb = 0;
    // Which dividends are relevant: a floor of L, or a dividend L contains.
    for (std::size_t i = 0; i < num_floors && nb < max_bases; ++i) {
      const expr_id f = floors[i];
      const expr_id x = node(f).lhs;
      bool seen = false;
      for (std::size_t b = 0; b < nb; ++b) seen = seen || bases[b].x == x;
      if (seen) continue;
      bool relevant = L.coef_of(f) != 0;
      if (!relevant) {
        const linear_form xf = from_raw(x);
        if (xf.size > 0) {
          index_t m = 0;
          if (exact_quotient(L.coef_of(xf.terms[0].atom), xf.terms[0].coef, m))
            relevant = proportional(L, xf, m);
        }
      }
      if (!relevant) continue;
      // The chain of divisors of x among the known floors (each divides the next).
      base bs;
      bs.x = x;
      index_t divs[max_floors]{};
      expr_id fls[max_floors]{};
      std::size_t nd = 0;
      for (std::size_t j = 0; j < num_floors; ++j) {
        if (node(floors[j]).lhs != x) continue;
        const index_t d = node(node(floors[j]).rhs).value;
        std::size_t k = nd;
        while (k > 0 && divs[k - 1] > d) {
          divs[k] = divs[k - 1];
          fls[k] = fls[k - 1];
          --k;
        }
        divs[k] = d;
        fls[k] = floors[j];
        ++nd;
      }
      for (std::size_t j = 0; j < nd && bs.n < max_chain; ++j) {
        if (bs.n == 0 || divs[j] % bs.div[bs.n - 1] == 0) {
          bs.div[bs.n] = divs[j];
          bs.fl[bs.n] = fls[j];
          ++bs.n;
        }
      }
      // Every floor of x that L uses must be on the chain.
      bool usable = bs.n > 0;
      for (std::size_t j = 0; j < nd && usable; ++j) {
        if (L.coef_of(fls[j]) == 0) continue;
        bool on = false;
        for (std::size_t k = 0; k < bs.n; ++k) on = on || bs.fl[k] == fls[j];
        usable = on;
      }
      if (usable) bases[nb++] = bs;
    }
    if (nb == 0) return linear_form{};
    // Rewrite L in digits.
    linear_form Ld = L;
    expr_id digit_atoms[max_bases][max_chain]{};  // digit i of base b (the top is the last floor itself)
    for (std::size_t b = 0; b < nb; ++b) {
      const base& bs = bases[b];
      // digits: D0 = x mod div0; Di = fl[i-1] mod (div[i]/div[i-1]); top = fl[n-1]
      for (std::size_t i = 0; i < bs.n; ++i) {
        if (i == 0) {
          digit_atoms[b][0] = ws.make(expr_kind::mod, bs.x, ws.constant(bs.div[0]), 0);
        } else {
          digit_atoms[b][i] =
              ws.make(expr_kind::mod, bs.fl[i - 1], ws.constant(bs.div[i] / bs.div[i - 1]), 0);
        }
      }
      // floor_i = sum_{j >= i} (div_j / div_i) D_j' ... expressed with D_{j} for j > i and top.
      // Replace each floor of the chain used by L.
      for (std::size_t i = 0; i < bs.n; ++i) {
        const index_t k = Ld.coef_of(bs.fl[i]);
        if (k == 0) continue;
        drop_term(Ld, bs.fl[i]);
        Ld = add(Ld, expand_floor(bs, digit_atoms[b], i), k);
      }
      // Replace m * x.
      const linear_form xf = from_raw(bs.x);
      if (xf.size > 0) {
        index_t m = 0;
        if (exact_quotient(Ld.coef_of(xf.terms[0].atom), xf.terms[0].coef, m)) {
          if (proportional(Ld, xf, m)) {
            linear_form x_digits = atom_form(digit_atoms[b][0]);
            x_digits = add(x_digits, expand_floor(bs, digit_atoms[b], 0), bs.div[0]);
            Ld = add(Ld, xf, -m);  // m * X goes, constant included: x_digits is all of X
            Ld = add(Ld, x_digits, m);
          }
        }
      }
    }
    if (failed()) return linear_form{};
    bool ok = true;
    linear_form r = floor_lf(Ld, c, false, ok, 1);
    if (!ok || failed()) return linear_form{};
    // Map the digits back.
    for (std::size_t b = 0; b < nb; ++b) {
      const base& bs = bases[b];
      for (std::size_t i = 0; i < bs.n; ++i) {
        const index_t k = r.coef_of(digit_atoms[b][i]);
        if (k == 0) continue;
        drop_term(r, digit_atoms[b][i]);
        linear_form back;
        if (i == 0) {
          back = from_raw(bs.x);
          add_term(back, bs.fl[0], -bs.div[0]);
        } else {
          back = atom_form(bs.fl[i - 1]);
          add_term(back, bs.fl[i], -(bs.div[i] / bs.div[i - 1]));
        }
        r = add(r, back, k);
      }
    }
    found = !failed();
    return r;
  }
  template <class Base>
  constexpr linear_form expand_floor(const Base& bs, const expr_id* digits, std::size_t i) noexcept {
    // floor(x / div_i) = D_{i+1} + (div_{i+1}/div_i)... : fl[i] = D_{i+1} + r_{i+1} * fl[i+1], top = fl[n-1]
    linear_form f;
    if (i + 1 == bs.n) return atom_form(bs.fl[i]);
    index_t scale_k = 1;
    for (std::size_t j = i + 1; j < bs.n; ++j) {
      add_term(f, digits[j], scale_k);
      scale_k = mul_checked(scale_k, bs.div[j] / bs.div[j - 1]);
    }
    add_term(f, bs.fl[bs.n - 1], scale_k);
    return f;
  }
  constexpr bool proportional(const linear_form& f, const linear_form& x, index_t m) const noexcept {
    if (m == 0) return false;
    for (std::size_t i = 0; i < x.size; ++i) {
      const checked_index want = checked_mul(x.terms[i].coef, m);
      if (!want.ok || f.coef_of(x.terms[i].atom) != want.value) return false;
    }
    return true;
  }

  // ---------------------------------------------------------------- expressions -> normal form
  constexpr expr_id order_pair_kind(expr_kind k, expr_id a, expr_id b) noexcept {
    if (compare_exprs(ws.view(), b, a) < 0) {
      const expr_id t = a;
      a = b;
      b = t;
    }
    return ws.make(k, a, b, 0);
  }

  /// The normal form of any tree of the workspace.
  constexpr linear_form simplify_tree(expr_id id) noexcept {
    if (failed()) return linear_form{};
    if (memo[id] != 0) return from_raw(static_cast<expr_id>(memo[id] - 1));
    const linear_form r = simplify_tree_uncached(id);
    if (!failed()) memo[id] = static_cast<expr_id>(raw(r) + 1);
    return r;
  }

  constexpr linear_form simplify_tree_uncached(expr_id id) noexcept {
    const expr_node n = node(id);
    switch (n.kind) {
      case expr_kind::constant:
        return constant_form(n.value);
      case expr_kind::variable: {
        if (replace_points && static_cast<std::size_t>(n.value) < num_vars && bounds[n.value].is_point())
          return constant_form(bounds[n.value].lower);
        return atom_form(id);
      }
      case expr_kind::add: {
        // Operands in order: node ids must not depend on the compiler's argument evaluation order.
        const linear_form l = simplify_tree(n.lhs);
        return add(l, simplify_tree(n.rhs));
      }
      case expr_kind::mul: {
        const linear_form l = simplify_tree(n.lhs);
        return multiply(l, simplify_tree(n.rhs));
      }
      default:
        break;
    }
    const linear_form a = simplify_tree(n.lhs);
    const linear_form b = simplify_tree(n.rhs);
    if (failed()) return linear_form{};
    if (n.kind == expr_kind::min || n.kind == expr_kind::max) {
      const interval d = range_lf(add(a, b, -1));
      const bool is_min = n.kind == expr_kind::min;
      if (d.upper <= 0) return is_min ? a : b;
      if (d.lower >= 0) return is_min ? b : a;
      const expr_id ra = raw(a);
      return atom_form(order_pair_kind(n.kind, ra, raw(b)));
    }
    if (a.is_constant() && b.is_constant() && b.constant != 0) {
      // Two constants fold, as the parser folds them: `1 / -9223372036854775808` is -1 (an opaque atom kept
      // it as written, and its text read back as -1: fuzz map_algebra).
      const checked_index v = apply_op(n.kind, a.constant, b.constant);
      if (!v.ok) ws.fail(error_id::integer_overflow);
      return constant_form(v.value);
    }
    if (!b.is_constant() || b.constant == 0 || b.constant == index_min) {
      // Not affine: an opaque atom over the normalised operands.
      const expr_id ra = raw(a);
      const expr_id rb = raw(b);
      return atom_form(ws.make(n.kind, ra, rb, 0));
    }
    const index_t c = b.constant;
    bool ok = true;
    switch (n.kind) {
      case expr_kind::floordiv:
        return c > 0 ? floor_lf(a, c, true, ok) : floor_lf(scale(a, -1), -c, true, ok);
      case expr_kind::ceildiv:
        if (c > 0) {
          // ceil(a / c) = floor((a + c - 1) / c); where adding c - 1 to a's constant overflows (near
          // INT64_MAX), ceil(a / c) = -floor(-a / c) instead.
          const interval ra = range_lf(a);
          if (add_overflows(a.constant, c - 1) || ra.upper == index_max || add_overflows(ra.upper, c - 1))
            return scale(floor_lf(scale(a, -1), c, true, ok), -1);
          linear_form shifted = a;
          shifted.constant = shifted.constant + (c - 1);
          return floor_lf(shifted, c, true, ok);
        }
        return scale(floor_lf(a, -c, true, ok), -1);
      case expr_kind::mod: {
        const index_t m = c < 0 ? -c : c;
        return add(a, floor_lf(a, m, true, ok), -m);
      }
      default:
        return linear_form{};
    }
  }

  constexpr linear_form multiply(const linear_form& a, const linear_form& b) noexcept {
    if (a.is_constant()) return scale(b, a.constant);
    if (b.is_constant()) return scale(a, b.constant);
    // (sum a_i)(sum b_j): distribute into products of atoms (XLA distributes * over +).
    linear_form r = constant_form(mul_checked(a.constant, b.constant));
    linear_form av = a, bv = b;
    av.constant = 0;
    bv.constant = 0;
    r = add(r, av, b.constant);
    r = add(r, bv, a.constant);
    for (std::size_t i = 0; i < a.size; ++i) {
      for (std::size_t j = 0; j < b.size; ++j) {
        const expr_id p = order_pair_kind(expr_kind::mul, a.terms[i].atom, b.terms[j].atom);
        add_term(r, p, mul_checked(a.terms[i].coef, b.terms[j].coef));
      }
    }
    return r;
  }

  // ---------------------------------------------------------------- printer form
  /// Dividend constants chosen by the printer: the floor atom floor((X + r) / c) printed as
  /// `(X + k) / c` (k = r + q * c, the constant q of the sum moved inside). A mod of the same dividend
  /// prints with the same k, so `(d0 - 1) / 2` and `(d0 - 1) mod 2 in [0, 0]` stay as XLA wrote them.
  static constexpr std::size_t max_chosen = 16;
  expr_id chosen_atom[max_chosen]{};
  index_t chosen_constant[max_chosen]{};
  std::size_t num_chosen = 0;

  constexpr index_t dividend_constant(expr_id floor_atom, index_t r) const noexcept {
    for (std::size_t i = 0; i < num_chosen; ++i)
      if (chosen_atom[i] == floor_atom) return chosen_constant[i];
    return r;
  }

  /// `floor(x / c)` as XLA prints it: a dividend whose terms are all negative (and constant <= 0) prints as
  /// `(-x) / -c`.
  constexpr expr_id pretty_floor(const linear_form& x, expr_id divisor) noexcept {
    // (Not for the divisor INT64_MIN, which has no negation: fuzz map_algebra.)
    bool all_negative = x.size > 0 && x.constant <= 0 && node(divisor).value != index_min;
    for (std::size_t i = 0; i < x.size; ++i) all_negative = all_negative && x.terms[i].coef < 0;
    if (all_negative)
      return ws.make(expr_kind::floordiv, pretty(scale(x, -1)), ws.constant(-node(divisor).value), 0);
    return ws.make(expr_kind::floordiv, pretty(x), divisor, 0);
  }

  /// The tree XLA would print for a normal form: `L - c * floor(L / c)` groups become `L mod c`,
  /// `floor(X / a) - b * floor(X / (a * b))` groups become `(X / a) mod b`, terms in XLA's order
  /// (composite terms, then variables by id, then the constant), `x * k` for coefficients.
  /// XLA pulls out of a division only constants that are multiples of the divisor (SymbolicExpr
  /// canonicalisation), so the constant q of `floor((X + r) / c) + q` (0 < r < c) goes back inside:
  /// `(X + r + q * c) / c`, when that floor is the only one with coefficient 1 and a non-zero r. With
  /// `leftover`, the constant is not printed but returned (constraints move it into their interval).
  constexpr expr_id pretty(const linear_form& f0, index_t* leftover = nullptr) noexcept {
    if (failed()) return 0;
    linear_form f = f0;
    expr_id parts[XLAYOUT_MAX_TERMS + 1]{};
    std::size_t np = 0;
    // mod groups
    for (int guard = 0; guard < XLAYOUT_MAX_TERMS && !failed(); ++guard) {
      const mod_group g = find_mod_group(f);
      if (!g.found) break;
      expr_id x = 0;
      if (g.kind == 0) {
        linear_form dividend = from_raw(node(g.floor).lhs);
        dividend.constant = dividend_constant(g.floor, dividend.constant);
        x = pretty(dividend);
      } else {
        x = pretty_atom(g.inner);
      }
      const expr_id mod = ws.make(expr_kind::mod, x, ws.constant(g.modulus), 0);
      parts[np++] = g.m == 1 ? mod : ws.make(expr_kind::mul, mod, ws.constant(g.m), 0);
      f = remove_mod_group(f, g);
    }
    // The floor that takes the constant back, if there is exactly one candidate.
    std::size_t absorb = f.size;
    if (f.constant != 0 && leftover == nullptr) {
      std::size_t found = 0;
      for (std::size_t i = 0; i < f.size; ++i) {
        index_t c = 0;
        if (f.terms[i].coef != 1 || !is_floor_atom(f.terms[i].atom, c)) continue;
        if (from_raw(node(f.terms[i].atom).lhs).constant == 0) continue;
        absorb = i;
        ++found;
      }
      if (found != 1) absorb = f.size;
    }
    for (std::size_t i = 0; i < f.size; ++i) {
      if (i == absorb) {
        const expr_id a = f.terms[i].atom;
        linear_form x = from_raw(node(a).lhs);
        const checked_index shift = checked_mul(f.constant, node(node(a).rhs).value);
        const checked_index k = checked_add(x.constant, shift.value);
        if (shift.ok && k.ok) {
          x.constant = k.value;
          parts[np++] = pretty_floor(x, node(a).rhs);
          if (num_chosen < max_chosen && dividend_constant(a, 0) == 0) {
            chosen_atom[num_chosen] = a;
            chosen_constant[num_chosen++] = k.value;
          }
          f.constant = 0;
          continue;
        }
      }
      const expr_id t = pretty_atom(f.terms[i].atom);
      parts[np++] = f.terms[i].coef == 1 ? t : ws.make(expr_kind::mul, t, ws.constant(f.terms[i].coef), 0);
    }
    if (leftover != nullptr) {
      *leftover = f.constant;
    } else if (f.constant != 0) {
      parts[np++] = ws.constant(f.constant);
    }
    return ws.chain_sorted_sum(parts, np);
  }

  constexpr expr_id pretty_atom(expr_id a) noexcept {
    if (pretty_memo[a] != 0) return static_cast<expr_id>(pretty_memo[a] - 1);
    const expr_node n = node(a);
    expr_id r = a;
    if (n.kind == expr_kind::floordiv && kind(n.rhs) == expr_kind::constant) {
      r = pretty_floor(from_raw(n.lhs), n.rhs);
    } else if (is_binary(n.kind)) {
      expr_id l = pretty(from_raw(n.lhs));
      expr_id rr = pretty(from_raw(n.rhs));
      if ((n.kind == expr_kind::mul || n.kind == expr_kind::min || n.kind == expr_kind::max) &&
          compare_exprs(ws.view(), rr, l) < 0) {
        const expr_id t = l;
        l = rr;
        rr = t;
      }
      r = ws.make(n.kind, l, rr, 0);
    }
    pretty_memo[a] = static_cast<expr_id>(r + 1);
    return r;
  }

  /// Simplified printer tree of any workspace tree.
  constexpr expr_id simplify_expr(expr_id id) noexcept { return pretty(simplify_tree(id)); }

  /// Forgets the printer trees made so far (not the chosen constants), so that a second printing pass
  /// prints every mod with the constant a division chose in the first: a mod nested in a division printed
  /// before that choice would otherwise keep its first printing (fuzz map_algebra: `(d0 + 1) mod 2`
  /// inside one division beside `(d0 - 1) / 2` in another, in an order set by the atoms' ids).
  constexpr void forget_printing() noexcept {
    for (std::size_t i = 0; i < ws.count; ++i) pretty_memo[i] = 0;
  }
};

/// Whether `e + c in r` can become `e in r - c` with the same points: a finite bound must stay in int64 and
/// must not land on the value that reads as unbounded (INT64_MIN below, INT64_MAX above); `d0 * 2 +
/// (2^63 - 2) in [-2, 100]` moved its lower bound onto INT64_MIN and lost it.
constexpr bool shift_keeps_bounds(const interval& r, index_t c) noexcept {
  if (c == index_min) return false;
  const bool lo_ok = r.lower == index_min || (!add_overflows(r.lower, -c) && r.lower - c != index_min);
  const bool hi_ok = r.upper == index_max || (!add_overflows(r.upper, -c) && r.upper - c != index_max);
  return lo_ok && hi_ok;
}

/// Moves arithmetic from a constraint expression into its interval (XLA's SimplifyConstraintRange):
/// `e + c in [a, b]` -> `e in [a - c, b - c]`; a common factor k -> `[ceil(a/k), floor(b/k)]` (flipped for
/// negative k); `floor(X / k) in [a, b]` -> `X in [a*k, b*k + k - 1]`; and `big + small in [a, b]` with
/// big a multiple of g, small in [0, g-1], a = 0 mod g, b = g-1 mod g -> `big in [a, b - g + 1]`.
template <std::size_t C>
constexpr void normalize_constraint(simplifier<C>& s, linear_form& f, interval& r) noexcept {
  for (int iter = 0; iter < 32 && !s.failed(); ++iter) {
    if (r.is_empty() || f.size == 0) return;
    bool changed = false;
    // The moves below must keep the set of points exactly: where a bound would leave int64 (saturating
    // and then adding back gave `floor(-d0 / INT64_MAX) in [-5, -2]` -> `-d0 in [INT64_MIN, -2]`, a wider
    // domain), the constraint stays as it is.
    if (f.constant != 0) {
      const index_t c = f.constant;
      if (!shift_keeps_bounds(r, c)) return;
      r = {r.lower == index_min ? index_min : r.lower - c, r.upper == index_max ? index_max : r.upper - c};
      f.constant = 0;
      changed = true;
    }
    bool all_negative = true;
    for (std::size_t i = 0; i < f.size; ++i) all_negative = all_negative && f.terms[i].coef < 0;
    if (all_negative) {
      // -f in [-b, -a]. An exact upper bound INT64_MIN has no negation in int64, and a finite lower bound
      // -(2^63 - 1) would become an upper bound INT64_MAX, which reads as unbounded: the constraint stays.
      if (r.upper == index_min || r.lower == -index_max) return;
      f = s.scale(f, -1);
      r = {r.upper == index_max ? index_min : -r.upper, r.lower == index_min ? index_max : -r.lower};
      changed = true;
    }
    index_t g = 0;
    for (std::size_t i = 0; i < f.size; ++i) g = gcd(g, f.terms[i].coef);
    if (g > 1) {
      for (std::size_t i = 0; i < f.size; ++i) f.terms[i].coef /= g;
      r = {r.lower == index_min ? index_min : ceil_div(r.lower, g),
           r.upper == index_max ? index_max : floor_div(r.upper, g)};
      changed = true;
    }
    index_t k = 0;
    if (f.size == 1 && f.terms[0].coef == 1 && s.is_floor_atom(f.terms[0].atom, k)) {
      const expr_id a = f.terms[0].atom;
      const checked_index lo = checked_mul(r.lower, k), hi_k = checked_mul(r.upper, k);
      const checked_index hi = checked_add(hi_k.value, k - 1);
      // A finite bound that lands on INT64_MIN or INT64_MAX would read as unbounded: the constraint stays.
      if ((r.lower != index_min && (!lo.ok || lo.value == index_min)) ||
          (r.upper != index_max && (!hi_k.ok || !hi.ok || hi.value == index_max)))
        return;
      f = s.from_raw(s.node(a).lhs);
      r = {r.lower == index_min ? index_min : lo.value, r.upper == index_max ? index_max : hi.value};
      changed = true;
    }
    if (!changed && f.size > 1) {
      index_t cand[XLAYOUT_MAX_TERMS]{};
      std::size_t nc = 0;
      for (std::size_t i = 0; i < f.size; ++i) {
        for (std::size_t j = 0; j < f.size; ++j) {
          // gcd takes magnitudes itself (a coefficient INT64_MIN has none in int64; its gcd with itself,
          // 2^63, comes back negative and is skipped).
          const index_t gg = gcd(f.terms[i].coef, f.terms[j].coef);
          if (gg <= 1) continue;
          std::size_t q = 0;
          while (q < nc && cand[q] != gg) ++q;
          if (q == nc && nc < XLAYOUT_MAX_TERMS) cand[nc++] = gg;
        }
      }
      index_t best = 0;
      for (std::size_t q = 0; q < nc; ++q) {
        const index_t gg = cand[q];
        if (gg <= best) continue;
        if (!(r.lower == index_min || floor_mod(r.lower, gg) == 0)) continue;
        if (!(r.upper == index_max || floor_mod(r.upper, gg) == gg - 1)) continue;
        linear_form small;
        std::size_t nbig = 0;
        for (std::size_t i = 0; i < f.size; ++i) {
          if (f.terms[i].coef % gg == 0) {
            ++nbig;
          } else {
            s.add_term(small, f.terms[i].atom, f.terms[i].coef);
          }
        }
        if (nbig == 0 || small.size == 0) continue;
        const interval sr = s.range_lf(small);
        if (sr.lower >= 0 && sr.upper <= gg - 1) best = gg;
      }
      if (best > 1) {
        linear_form big;
        for (std::size_t i = 0; i < f.size; ++i) {
          if (f.terms[i].coef % best == 0) s.add_term(big, f.terms[i].atom, f.terms[i].coef);
        }
        f = big;
        if (r.upper != index_max) r.upper = r.upper - best + 1;
        changed = true;
      }
    }
    if (!changed) return;
  }
}

/// The printed form of a normalised constraint `f in r`: the constant that printing leaves beside the mods
/// (`(d0 + 1) mod 2 - 1`) moves into the interval, as XLA's SimplifyConstraintRange moves `e + c`.
template <std::size_t C>
constexpr expr_id pretty_constraint(simplifier<C>& s, const linear_form& f, interval& r) noexcept {
  index_t c = 0;
  const expr_id e = s.pretty(f, &c);
  if (c == 0) return e;
  if (!shift_keeps_bounds(r, c)) return s.pretty(f);
  r = {r.lower == index_min ? index_min : r.lower - c, r.upper == index_max ? index_max : r.upper - c};
  return e;
}

/// x = r1 (mod m1) and x = r2 (mod m2) -> x = r (mod lcm). False when inconsistent or too large.
constexpr bool merge_residues(index_t m1, index_t r1, index_t m2, index_t r2, index_t& m, index_t& r,
                              bool& inconsistent) noexcept {
  inconsistent = false;
  const index_t g = gcd(m1, m2);
  if (floor_mod(r2 - r1, g) != 0) {
    inconsistent = true;
    return false;
  }
  const checked_index l = checked_mul(m1 / g, m2);
  if (!l.ok || m2 / g > 1000000) return false;
  for (index_t t = 0; t < m2 / g; ++t) {
    const index_t cand = r1 + t * m1;
    if (floor_mod(cand, m2) == r2) {
      m = l.value;
      r = floor_mod(cand, m);
      return true;
    }
  }
  return false;
}

/// An affine sum c_0 * v_0 + ... + constant (simplify_affine's linear form over the map's variables).
struct affine_sum {
  index_t coef[XLAYOUT_MAX_VARS]{};
  index_t constant = 0;
  constexpr bool is_constant() const noexcept {
    for (index_t c : coef) {
      if (c != 0) return false;
    }
    return true;
  }
};

/// The affine sum of an expression built of constants, variables, additions and multiplications in which
/// one side is constant; false for any other expression, or where the simplifier's own arithmetic
/// (simplifier::add, scale, multiply: the same checked operations in the same order, bottom up) overflows.
/// A variable whose bounds are one point is that constant when `replace` (as simplify_tree reads it).
template <std::size_t C>
constexpr bool affine_sum_of(const basic_expr_workspace<C>& ws, expr_id id, const map_draft& d, bool replace,
                             affine_sum& out) noexcept {
  const expr_node& n = ws[id];
  out = affine_sum{};
  if (n.kind == expr_kind::constant) {
    out.constant = n.value;
    return true;
  }
  if (n.kind == expr_kind::variable) {
    const auto v = static_cast<std::size_t>(n.value);
    if (n.value < 0 || v >= d.num_vars()) return false;
    if (replace && d.bounds[v].is_point()) {
      out.constant = d.bounds[v].lower;
    } else {
      out.coef[v] = 1;
    }
    return true;
  }
  if (n.kind != expr_kind::add && n.kind != expr_kind::mul) return false;
  affine_sum l, r;
  if (!affine_sum_of(ws, n.lhs, d, replace, l) || !affine_sum_of(ws, n.rhs, d, replace, r)) return false;
  if (n.kind == expr_kind::add) {
    const checked_index k = checked_add(l.constant, r.constant);
    if (!k.ok) return false;
    out.constant = k.value;
    for (std::size_t v = 0; v < XLAYOUT_MAX_VARS; ++v) {
      const checked_index c = checked_add(l.coef[v], r.coef[v]);
      if (!c.ok) return false;
      out.coef[v] = c.value;
    }
    return true;
  }
  // A product: one side must be a constant k (the simplifier's scale: k = 0 gives 0 unchecked).
  const bool l_constant = l.is_constant();
  if (!l_constant && !r.is_constant()) return false;
  const index_t k = l_constant ? l.constant : r.constant;
  const affine_sum& f = l_constant ? r : l;
  if (k == 0) return true;
  const checked_index c0 = checked_mul(f.constant, k);
  if (!c0.ok) return false;
  out.constant = c0.value;
  for (std::size_t v = 0; v < XLAYOUT_MAX_VARS; ++v) {
    const checked_index c = checked_mul(f.coef[v], k);
    if (!c.ok) return false;
    out.coef[v] = c.value;
  }
  return true;
}

/// Whether the printed results of a simplification must be read again to reach the fixpoint (simplify_draft):
/// true unless every division node in them (floordiv, ceildiv, mod) has the same dividend and divisor and
/// none holds another division.
/// (Trees of more than 256 nodes, counting shared ones each time, are read again.)
template <std::size_t C>
constexpr bool needs_reread(const basic_expr_workspace<C>& ws, const expr_id* results,
                            std::size_t n) noexcept {
  expr_id stack[64]{};
  std::size_t top = 0, visits = 0;
  expr_id lhs = 0, rhs = 0;
  bool seen = false;  // a division, of dividend lhs and divisor rhs
  for (std::size_t i = 0; i < n; ++i) {
    stack[top++] = results[i];
    while (top > 0) {
      if (++visits > 256) return true;
      const expr_id id = stack[--top];
      const expr_node& e = ws[id];
      if (!is_binary(e.kind)) continue;
      if (basic_expr_workspace<C>::is_division(e.kind)) {
        if (seen && (e.lhs != lhs || e.rhs != rhs)) return true;
        if (!seen) {
          seen = true;
          lhs = e.lhs;
          rhs = e.rhs;
          // Its operands: no division inside (walked once, below the division).
          if (top + 2 > 64) return true;
          stack[top++] = e.lhs;
          stack[top++] = e.rhs;
        }
        continue;
      }
      if (top + 2 > 64) return true;
      stack[top++] = e.lhs;
      stack[top++] = e.rhs;
    }
  }
  return false;
}

/// simplify_draft of a map without constraints whose results are all affine sums (affine_sum_of): each result
/// is its terms, c * v (v when c is 1) and the constant, in the sorted chain pretty() builds; what the
/// simplifier gives such a map, with none of its machinery (which costs a compile-time evaluation about
/// 17 million g++ instructions even for a map of two results). False, and nothing changed, otherwise.
/// tests/indexing/simplify_affine.cpp compares the two on random affine maps.
template <std::size_t C>
constexpr bool simplify_affine(basic_expr_workspace<C>& ws, map_draft& d, bool replace) noexcept {
  if (d.num_constraints != 0) return false;
  const std::size_t nv = d.num_vars();
  affine_sum sums[XLAYOUT_MAX_RESULTS]{};
  for (std::size_t i = 0; i < d.num_results; ++i) {
    if (!affine_sum_of(ws, d.results[i], d, replace, sums[i])) return false;
  }
  for (std::size_t i = 0; i < d.num_results; ++i) {
    expr_id parts[XLAYOUT_MAX_VARS + 1]{};
    std::size_t np = 0;
    for (std::size_t v = 0; v < nv; ++v) {
      const index_t c = sums[i].coef[v];
      if (c == 0) continue;
      const expr_id t = ws.variable(static_cast<index_t>(v));
      parts[np++] = c == 1 ? t : ws.make(expr_kind::mul, t, ws.constant(c), 0);
    }
    if (sums[i].constant != 0) parts[np++] = ws.constant(sums[i].constant);
    d.results[i] = ws.chain_sorted_sum(parts, np);
  }
  return true;
}

/// XLA's IndexingMap::Simplify on a draft in a workspace: constraints are simplified with the variable
/// bounds, their arithmetic is moved into their intervals, constraints on a variable narrow its bounds,
/// implied constraints are dropped, `v mod c in [r, r]` constraints are merged and narrow v's bounds, an
/// infeasible constraint makes the map KNOWN EMPTY; then the results are simplified with the final bounds.
/// A map that simplify_affine takes is done there (affine_shortcut = false: always the whole way, for tests).
template <std::size_t C>
constexpr void simplify_draft(basic_expr_workspace<C>& ws, map_draft& d, simplify_options o,
                              bool affine_shortcut = true, bool settle = true) noexcept {
  if (d.kind != map_kind::regular) return;
  const bool replace = o.points == point_variables::replace;
  const std::size_t nv = d.num_vars();
  for (std::size_t v = 0; v < nv; ++v) {
    if (d.bounds[v].is_empty()) {
      d.kind = map_kind::known_empty;
      return;
    }
  }
  if (affine_shortcut && simplify_affine(ws, d, replace)) return;
  for (int round = 0; round < 8 && !ws.failed(); ++round) {
    bool changed = false;
    simplifier<C> s(ws, d.bounds, nv, replace);
    map_draft next = d;
    next.num_constraints = 0;
    for (std::size_t i = 0; i < d.num_constraints && next.kind == map_kind::regular; ++i) {
      linear_form f = s.simplify_tree(d.constraint_exprs[i]);
      interval r = d.constraint_bounds[i];
      normalize_constraint(s, f, r);
      if (s.failed()) return;
      if (r.is_empty()) {
        next.kind = map_kind::known_empty;
        break;
      }
      if (f.size == 0) {
        if (!r.contains(f.constant)) next.kind = map_kind::known_empty;
        changed = true;
        continue;
      }
      // A bare variable narrows its bounds; not `v + c` whose c normalize_constraint left (moving it would
      // take a bound past int64: `d0 - 9223372036854775806 in [2, 3]` has no int64 point; fuzz map_text).
      if (f.size == 1 && f.terms[0].coef == 1 && f.constant == 0 &&
          ws.kind(f.terms[0].atom) == expr_kind::variable) {
        const auto v = static_cast<std::size_t>(ws.value(f.terms[0].atom));
        const interval nb = next.bounds[v].intersect(r);
        if (!(nb == next.bounds[v])) next.bounds[v] = nb;
        if (nb.is_empty()) next.kind = map_kind::known_empty;
        changed = true;
        continue;
      }
      const interval range = s.range_lf(f);
      if (r.contains(range)) {
        changed = true;
        continue;
      }
      if (range.intersect(r).is_empty()) {
        next.kind = map_kind::known_empty;
        break;
      }
      const expr_id e = pretty_constraint(s, f, r);
      if (e != d.constraint_exprs[i] || !(r == d.constraint_bounds[i])) changed = true;
      add_constraint(ws, next, e, r);
    }
    if (ws.failed()) return;
    // Merge `v mod c in [r, r]` constraints of one variable and narrow v's bounds to the residue class.
    if (next.kind == map_kind::regular) {
      for (std::size_t v = 0; v < nv && next.kind == map_kind::regular; ++v) {
        index_t m = 1, res = 0;
        std::size_t count = 0;
        bool mergeable = true;
        for (std::size_t i = 0; i < next.num_constraints; ++i) {
          const expr_node& n = ws[next.constraint_exprs[i]];
          if (n.kind != expr_kind::mod || ws.kind(n.lhs) != expr_kind::variable ||
              ws.value(n.lhs) != static_cast<index_t>(v) || !ws.is_constant(n.rhs) ||
              !next.constraint_bounds[i].is_point() || ws.value(n.rhs) == index_min)
            continue;
          const index_t c = ws.value(n.rhs) < 0 ? -ws.value(n.rhs) : ws.value(n.rhs);
          const index_t rr = next.constraint_bounds[i].lower;
          if (c <= 1 || rr < 0 || rr >= c) continue;
          bool inconsistent = false;
          index_t nm = 0, nr = 0;
          if (count == 0) {
            m = c;
            res = rr;
          } else if (merge_residues(m, res, c, rr, nm, nr, inconsistent)) {
            m = nm;
            res = nr;
          } else {
            if (inconsistent) next.kind = map_kind::known_empty;
            mergeable = false;
          }
          ++count;
        }
        if (count == 0 || !mergeable || next.kind != map_kind::regular) continue;
        if (count > 1) {
          // Replace them by one constraint.
          std::size_t w = 0;
          for (std::size_t i = 0; i < next.num_constraints; ++i) {
            const expr_node& n = ws[next.constraint_exprs[i]];
            const bool is_mod_of_v = n.kind == expr_kind::mod && ws.kind(n.lhs) == expr_kind::variable &&
                                     ws.value(n.lhs) == static_cast<index_t>(v) && ws.is_constant(n.rhs) &&
                                     next.constraint_bounds[i].is_point();
            if (is_mod_of_v) continue;
            next.constraint_exprs[w] = next.constraint_exprs[i];
            next.constraint_bounds[w] = next.constraint_bounds[i];
            ++w;
          }
          next.num_constraints = static_cast<std::uint8_t>(w);
          const expr_id var = ws.variable(static_cast<index_t>(v));
          const expr_id merged = ws.make(expr_kind::mod, var, ws.constant(m), 0);
          add_constraint(ws, next, merged, interval{res, res});
          changed = true;
        }
        interval& b = next.bounds[v];
        if (b.lower != index_min && b.upper != index_max) {
          const interval nb{b.lower + floor_mod(res - b.lower, m), b.upper - floor_mod(b.upper - res, m)};
          if (!(nb == b)) {
            b = nb;
            changed = true;
          }
          if (b.is_empty()) next.kind = map_kind::known_empty;
        }
      }
    }
    d = next;
    if (d.kind != map_kind::regular) return;
    for (std::size_t v = 0; v < nv; ++v) {
      if (d.bounds[v].is_empty()) {
        d.kind = map_kind::known_empty;
        return;
      }
    }
    if (!changed) break;
  }
  simplifier<C> s(ws, d.bounds, nv, replace);
  expr_id inputs[XLAYOUT_MAX_RESULTS]{};
  for (std::size_t i = 0; i < d.num_results; ++i) inputs[i] = d.results[i];
  for (std::size_t i = 0; i < d.num_results; ++i) d.results[i] = s.simplify_expr(inputs[i]);
  // Once more when a division took a constant, so that a mod of the same dividend in an earlier result
  // prints with it too.
  if (s.num_chosen > 0) {
    s.forget_printing();
    for (std::size_t i = 0; i < d.num_results; ++i) d.results[i] = s.simplify_expr(inputs[i]);
  }
  // A printed result can simplify further when it is read back: `(d0 * 200) / 12 mod 10` over [0, 8] prints
  // as `((d0 * 5) / 3) * -10 + (d0 * 50) / 3`, two floors of one divisor whose dividends differ by a factor,
  // which a second reading turns into `((d0 * 5) mod 3) * 3` (fuzz map_text). Read the results again until
  // they stop changing, as XLA's Simplify loops to a fixpoint, so that simplify is idempotent.
  // Not when the printed results hold no division, or divisions of one dividend by one divisor only (a
  // reshape's `x / c` and `x mod c`), with no division inside: such a result reads back as it was printed
  // (tests/indexing/simplify_laws.cpp checks idempotence on random maps, regressions.cpp on such results),
  // and the reading costs a third of the simplification of a reshape's map at compile time.
  const bool reread = needs_reread(ws, d.results, d.num_results);
  for (int again = 0; again < 4 && reread && !ws.failed(); ++again) {
    simplifier<C> s2(ws, d.bounds, nv, replace);
    expr_id next[XLAYOUT_MAX_RESULTS]{};
    for (std::size_t i = 0; i < d.num_results; ++i) next[i] = s2.simplify_expr(d.results[i]);
    if (s2.num_chosen > 0) {
      s2.forget_printing();
      for (std::size_t i = 0; i < d.num_results; ++i) next[i] = s2.simplify_expr(d.results[i]);
    }
    bool changed = false;
    for (std::size_t i = 0; i < d.num_results; ++i) changed = changed || next[i] != d.results[i];
    if (!changed) break;
    for (std::size_t i = 0; i < d.num_results; ++i) d.results[i] = next[i];
  }
  // The results chose the constants inside their divisions; a constraint's mod of the same dividend
  // prints with the same constant (`(d0 - 1) / 2` beside `(d0 - 1) mod 2 in [0, 0]`).
  if (s.num_chosen == 0) return;
  bool rewritten = false;
  for (std::size_t i = 0; i < d.num_constraints && !ws.failed(); ++i) {
    linear_form f = s.simplify_tree(d.constraint_exprs[i]);
    interval r = d.constraint_bounds[i];
    normalize_constraint(s, f, r);
    if (f.size == 0) continue;
    const expr_id e = pretty_constraint(s, f, r);
    if (r == d.constraint_bounds[i] && e != d.constraint_exprs[i]) {
      d.constraint_exprs[i] = e;
      rewritten = true;
    }
  }
  // A constraint printed anew can say more when read again: `(d0 * 9) mod 6 in [0, 1]` became
  // `d0 mod 2 in [0, 0]` here, which narrows d0's bounds to even values on the next reading (audit). One
  // more simplification settles it, so that simplify is idempotent.
  if (rewritten && settle && !ws.failed()) simplify_draft(ws, d, o, affine_shortcut, false);
}

}  // namespace detail

/// The simplified map (XLA's IndexingMap::Simplify, with this library's normal form): deterministic and
/// idempotent; the result agrees with the map at every point of the domain. Errors: pool_exhausted,
/// capacity_exceeded (too many terms), integer_overflow.
constexpr result<indexing_map> checked_simplify(const indexing_map& m, simplify_options o = {}) noexcept {
  if (m.kind != map_kind::regular) return m;
  expr_workspace ws;
  expr_id remap[XLAYOUT_MAX_EXPRS]{};
  detail::map_draft d = detail::import_map(ws, m, remap);
  detail::simplify_draft(ws, d, o);
  return detail::finish_map(ws, d);
}

/// checked_simplify for maps known to fit (a compile error in a constant expression otherwise).
constexpr indexing_map simplify(const indexing_map& m, simplify_options o = {}) noexcept {
  auto r = checked_simplify(m, o);
  detail::expect_success(r.error());
  return r.value_or(m);
}

/// Simplifies an expression whose variables range over `bounds` (all of int64 when empty: XLA's
/// range-free Canonicalize territory).
constexpr result<affine_expr> checked_simplify(const affine_expr& e, const interval* bounds = nullptr,
                                               std::size_t num_bounds = 0) noexcept {
  expr_workspace ws;
  expr_id remap[XLAYOUT_MAX_EXPRS]{};
  const expr_id root = ws.import(e.view(), e.root, remap);
  interval vars[XLAYOUT_MAX_VARS]{};
  for (std::size_t v = 0; v < XLAYOUT_MAX_VARS; ++v)
    vars[v] = v < num_bounds ? bounds[v] : unbounded_interval;
  detail::simplifier<XLAYOUT_MAX_WORK_EXPRS> s(ws, vars, XLAYOUT_MAX_VARS, true);
  const expr_id r = s.simplify_expr(root);
  return make_affine_expr(ws, r);
}

constexpr affine_expr simplify(const affine_expr& e) noexcept {
  auto r = checked_simplify(e);
  detail::expect_success(r.error());
  return r.value_or(e);
}

}  // namespace XLAYOUT_NAMESPACE
