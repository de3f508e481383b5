// include/xlayout/indexing/expr_workspace.hpp: the hash-consed `expr_workspace` the algorithms build
// expressions in (equal sub-expressions share one node), with XLA's construction-time folding, and the export
// of its trees into a compact expr_pool.
#pragma once
#include <cstddef>
#include <cstdint>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/indexing/expr_pool.hpp>

namespace XLAYOUT_NAMESPACE {

/// A scratch pool in which every node is unique (hash-consed: building the same node twice gives the same
/// id, so equal ids mean equal trees). Node 0 is the constant 0. When the capacity is exhausted the
/// workspace records error_id::pool_exhausted and returns node 0 from then on; check `failed()`.
template <std::size_t Capacity>
struct basic_expr_workspace {
  static constexpr std::size_t table_size = 2 * Capacity;

  expr_node nodes[Capacity]{};
  expr_id table[table_size]{};  // id + 1 of the node stored in each slot; 0 = empty
  std::size_t count = 0;
  error_id error = error_id::none;

  constexpr basic_expr_workspace() noexcept { constant(0); }

  constexpr detail::expr_view view() const noexcept { return {nodes}; }
  constexpr const expr_node& operator[](expr_id id) const noexcept { return nodes[id]; }
  constexpr bool failed() const noexcept { return error != error_id::none; }
  constexpr void fail(error_id id) noexcept {
    if (error == error_id::none) error = id;
  }
  constexpr expr_kind kind(expr_id id) const noexcept { return nodes[id].kind; }
  constexpr bool is_constant(expr_id id) const noexcept { return nodes[id].kind == expr_kind::constant; }
  constexpr index_t value(expr_id id) const noexcept { return nodes[id].value; }

  /// The node (kind, lhs, rhs, value) exactly as given, reusing an equal node if there is one.
  constexpr expr_id make(expr_kind k, expr_id lhs, expr_id rhs, index_t value) noexcept {
    if (is_binary(k)) {
      value = 0;
    } else {
      lhs = rhs = 0;
    }
    std::size_t slot = hash_slot(k, lhs, rhs, value);
    while (table[slot] != 0) {
      const expr_id id = static_cast<expr_id>(table[slot] - 1);
      const expr_node& n = nodes[id];
      if (n.kind == k && n.lhs == lhs && n.rhs == rhs && n.value == value) return id;
      slot = slot + 1 == table_size ? 0 : slot + 1;
    }
    if (count == Capacity) {
      fail(error_id::pool_exhausted);
      return 0;
    }
    const auto id = static_cast<expr_id>(count++);
    nodes[id] = expr_node{k, lhs, rhs, value};
    table[slot] = static_cast<expr_id>(id + 1);
    return id;
  }

  /// The id of an existing node, or missing (nothing is created).
  static constexpr expr_id missing = 0xffff;
  constexpr expr_id find(expr_kind k, expr_id lhs, expr_id rhs, index_t value) const noexcept {
    if (lhs == missing || rhs == missing) return missing;
    if (is_binary(k)) {
      value = 0;
    } else {
      lhs = rhs = 0;
    }
    std::size_t slot = hash_slot(k, lhs, rhs, value);
    while (table[slot] != 0) {
      const expr_id id = static_cast<expr_id>(table[slot] - 1);
      const expr_node& n = nodes[id];
      if (n.kind == k && n.lhs == lhs && n.rhs == rhs && n.value == value) return id;
      slot = slot + 1 == table_size ? 0 : slot + 1;
    }
    return missing;
  }
  static constexpr std::size_t hash_slot(expr_kind k, expr_id lhs, expr_id rhs, index_t value) noexcept {
    auto h = static_cast<std::uint64_t>(value) * 0x9E3779B97F4A7C15ull;
    h ^= (static_cast<std::uint64_t>(k) << 40) ^ (static_cast<std::uint64_t>(lhs) << 20) ^ rhs;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return static_cast<std::size_t>(h % table_size);
  }

  constexpr expr_id constant(index_t v) noexcept { return make(expr_kind::constant, 0, 0, v); }
  constexpr expr_id variable(index_t id) noexcept { return make(expr_kind::variable, 0, 0, id); }

  /// XLA's CreateSymbolicBinaryOp: constants move to the right of + * min max; x + 0 -> x; x * 0 -> 0;
  /// x * 1 -> x; (x * c1) * c2 -> x * (c1 * c2); an operation on two constants folds. No reordering of
  /// other operands (v1 + v0 stays). A sum times -1 is negate(sum), so that `(a + b) * -1` and `-(a + b)`
  /// are one tree. A constant that leaves int64 (two constants whose sum, product or quotient does not
  /// fit, or c1 * c2) records error_id::integer_overflow and gives node 0: no tree holds an operation on
  /// two constants. A constant divisor 0 stays as written (the parser and finish_map report it).
  constexpr expr_id binary(expr_kind k, expr_id l, expr_id r) noexcept {
    if ((k == expr_kind::add || k == expr_kind::mul || k == expr_kind::min || k == expr_kind::max) &&
        is_constant(l) && !is_constant(r)) {
      const expr_id t = l;
      l = r;
      r = t;
    }
    if (k == expr_kind::add && is_constant(r) && value(r) == 0) return l;
    if (k == expr_kind::mul && is_constant(r)) {
      const index_t c = value(r);
      if (c == 0) return r;
      if (c == 1) return l;
      if (c == -1 && kind(l) == expr_kind::add) return negate(l);
      if (kind(l) == expr_kind::mul && is_constant(nodes[l].rhs)) {
        const checked_index p = checked_mul(value(nodes[l].rhs), c);
        if (!p.ok) return overflow();
        return binary(expr_kind::mul, nodes[l].lhs, constant(p.value));
      }
    }
    if (is_constant(l) && is_constant(r)) {
      const checked_index v = detail::apply_op(k, value(l), value(r));
      if (v.ok) return constant(v.value);
      if (!is_division(k) || value(r) != 0) return overflow();
    }
    return make(k, l, r, 0);
  }
  static constexpr bool is_division(expr_kind k) noexcept {
    return k == expr_kind::floordiv || k == expr_kind::ceildiv || k == expr_kind::mod;
  }
  /// Records integer_overflow; node 0 stands for the value that does not exist.
  constexpr expr_id overflow() noexcept {
    fail(error_id::integer_overflow);
    return 0;
  }
  /// a * b and a + b for canonical_sum's coefficients: integer_overflow where they leave int64.
  constexpr index_t checked_coef_mul(index_t a, index_t b) noexcept {
    const checked_index p = checked_mul(a, b);
    if (!p.ok) fail(error_id::integer_overflow);
    return p.ok ? p.value : 0;
  }
  constexpr index_t checked_coef_add(index_t a, index_t b) noexcept {
    const checked_index p = checked_add(a, b);
    if (!p.ok) fail(error_id::integer_overflow);
    return p.ok ? p.value : 0;
  }

  // XLA's operators on SymbolicExpr (what C++ code building maps writes).
  constexpr expr_id add(expr_id a, expr_id b) noexcept { return binary(expr_kind::add, a, b); }
  constexpr expr_id mul(expr_id a, expr_id b) noexcept { return binary(expr_kind::mul, a, b); }
  constexpr expr_id floordiv(expr_id a, expr_id b) noexcept {
    if (is_constant(b) && value(b) == 1) return a;
    return binary(expr_kind::floordiv, a, b);
  }
  constexpr expr_id ceildiv(expr_id a, expr_id b) noexcept {
    if (is_constant(b) && value(b) == 1) return a;
    return binary(expr_kind::ceildiv, a, b);
  }
  constexpr expr_id mod(expr_id a, expr_id b) noexcept {
    if (is_constant(b) && (value(b) == 1 || value(b) == -1)) return constant(0);
    return binary(expr_kind::mod, a, b);
  }
  constexpr expr_id min(expr_id a, expr_id b) noexcept { return binary(expr_kind::min, a, b); }
  constexpr expr_id max(expr_id a, expr_id b) noexcept { return binary(expr_kind::max, a, b); }
  /// a - b = a + (-b).
  constexpr expr_id sub(expr_id a, expr_id b) noexcept { return add(a, negate(b)); }

  /// -x: XLA's (x * -1).Canonicalize() for the shapes that occur in practice: constants fold, x * c becomes
  /// x * -c, a sum is negated term by term (like terms merged, terms in XLA's order).
  constexpr expr_id negate(expr_id x) noexcept {
    const expr_node n = nodes[x];
    if (n.kind == expr_kind::constant) {
      if (n.value == index_min) {
        fail(error_id::integer_overflow);
        return 0;
      }
      return constant(-n.value);
    }
    if (n.kind == expr_kind::mul && is_constant(n.rhs)) {
      if (value(n.rhs) == index_min) {
        fail(error_id::integer_overflow);
        return 0;
      }
      return binary(expr_kind::mul, n.lhs, constant(-value(n.rhs)));
    }
    if (n.kind == expr_kind::add) return canonical_sum(x, -1);
    return make(expr_kind::mul, x, constant(-1), 0);
  }

  /// factor * (a sum), flattened: like terms merged, zero terms dropped, constants folded, the terms sorted
  /// in XLA's order and chained left to right (XLA's CanonicalizeAdd without its mod/div pairing). A
  /// coefficient or constant that leaves int64 on the way is integer_overflow.
  constexpr expr_id canonical_sum(expr_id sum, index_t factor) noexcept {
    constexpr std::size_t max_terms = 32;
    expr_id bases[max_terms]{};
    index_t coeffs[max_terms]{};
    std::size_t n = 0;
    index_t constant_part = 0;
    expr_id stack[max_terms]{};
    std::size_t top = 0;
    stack[top++] = sum;
    while (top > 0) {
      const expr_id e = stack[--top];
      if (kind(e) == expr_kind::add) {
        if (top + 2 > max_terms) return make(expr_kind::mul, sum, constant(factor), 0);
        stack[top++] = nodes[e].rhs;
        stack[top++] = nodes[e].lhs;
        continue;
      }
      expr_id base = e;
      index_t coeff = 1;
      while (kind(base) == expr_kind::mul && is_constant(nodes[base].rhs)) {
        coeff = checked_coef_mul(coeff, value(nodes[base].rhs));
        base = nodes[base].lhs;
      }
      coeff = checked_coef_mul(coeff, factor);
      if (is_constant(base)) {
        constant_part = checked_coef_add(constant_part, checked_coef_mul(coeff, value(base)));
        continue;
      }
      std::size_t i = 0;
      while (i < n && bases[i] != base) ++i;
      if (i == n) {
        if (n == max_terms) return make(expr_kind::mul, sum, constant(factor), 0);
        bases[n] = base;
        coeffs[n++] = 0;
      }
      coeffs[i] = checked_coef_add(coeffs[i], coeff);
    }
    if (failed()) return 0;
    expr_id terms[max_terms + 1]{};
    std::size_t m = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (coeffs[i] != 0) terms[m++] = binary(expr_kind::mul, bases[i], constant(coeffs[i]));
    }
    if (constant_part != 0) terms[m++] = constant(constant_part);
    return chain_sorted_sum(terms, m);
  }

  /// Sorts the terms in XLA's order and chains them: ((t0 + t1) + t2) + ... (0 when there are none).
  constexpr expr_id chain_sorted_sum(expr_id* terms, std::size_t m) noexcept {
    for (std::size_t i = 1; i < m; ++i) {  // insertion sort: the lists are short
      const expr_id t = terms[i];
      std::size_t j = i;
      while (j > 0 && detail::compare_exprs(view(), t, terms[j - 1]) < 0) {
        terms[j] = terms[j - 1];
        --j;
      }
      terms[j] = t;
    }
    if (m == 0) return constant(0);
    expr_id r = terms[0];
    for (std::size_t i = 1; i < m; ++i) r = make(expr_kind::add, r, terms[i], 0);
    return r;
  }

  /// Copies a tree of another view into this workspace node by node (structure kept exactly).
  /// `remap` must have room for the source ids; remap[i] = new id + 1 (0 = not copied yet).
  constexpr expr_id import(detail::expr_view src, expr_id id, expr_id* remap) noexcept {
    if (remap[id] != 0) return static_cast<expr_id>(remap[id] - 1);
    const expr_node& n = src[id];
    expr_id r;
    if (is_binary(n.kind)) {
      const expr_id l = import(src, n.lhs, remap);
      const expr_id rr = import(src, n.rhs, remap);
      r = make(n.kind, l, rr, 0);
    } else {
      r = make(n.kind, 0, 0, n.value);
    }
    remap[id] = static_cast<expr_id>(r + 1);
    return r;
  }

  /// Rebuilds a tree with every variable v replaced by subst[v] (no_subst: keep), folding with XLA's
  /// construction rules (XLA's ReplaceVariables).
  constexpr expr_id substitute(expr_id id, const expr_id* subst, std::size_t num_subst) noexcept {
    const expr_node n = nodes[id];
    if (n.kind == expr_kind::variable) {
      if (n.value >= 0 && static_cast<std::size_t>(n.value) < num_subst && subst[n.value] != no_subst)
        return subst[n.value];
      return id;
    }
    if (n.kind == expr_kind::constant) return id;
    const expr_id l = substitute(n.lhs, subst, num_subst);
    const expr_id r = substitute(n.rhs, subst, num_subst);
    if (l == n.lhs && r == n.rhs) return id;
    return binary(n.kind, l, r);
  }
  static constexpr expr_id no_subst = 0xffff;
};

using expr_workspace = basic_expr_workspace<XLAYOUT_MAX_WORK_EXPRS>;

namespace detail {

/// Copies the trees rooted at roots[0..n) of a workspace into a compact pool (post-order, shared nodes
/// once) and rewrites roots[] to the new ids. Returns false when the pool is too small.
template <std::size_t Capacity>
constexpr bool export_exprs(const basic_expr_workspace<Capacity>& ws, expr_id* roots, std::size_t n,
                            expr_pool& pool) noexcept {
  struct exporter {
    const basic_expr_workspace<Capacity>& ws;
    expr_pool& pool;
    expr_id remap[Capacity]{};
    bool ok = true;
    constexpr expr_id visit(expr_id id) noexcept {
      if (remap[id] != 0) return static_cast<expr_id>(remap[id] - 1);
      expr_node n = ws.nodes[id];
      if (is_binary(n.kind)) {
        n.lhs = visit(n.lhs);
        n.rhs = visit(n.rhs);
      }
      if (pool.count == XLAYOUT_MAX_EXPRS) {
        ok = false;
        return 0;
      }
      const auto r = static_cast<expr_id>(pool.count++);
      pool.nodes[r] = n;
      remap[id] = static_cast<expr_id>(r + 1);
      return r;
    }
  };
  pool = expr_pool{};
  exporter e{ws, pool};
  for (std::size_t i = 0; i < n; ++i) roots[i] = e.visit(roots[i]);
  return e.ok;
}

}  // namespace detail
}  // namespace XLAYOUT_NAMESPACE
