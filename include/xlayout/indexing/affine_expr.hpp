// include/xlayout/indexing/affine_expr.hpp: XLA's symbolic expressions (constants, variables, +, *, floor
// division, ceildiv, mod, min, max) as nodes in fixed-capacity pools: the compact `expr_pool` a value holds,
// and the hash-consed `expr_workspace` the algorithms build in (equal sub-expressions share one node). Also
// XLA's construction-time folding, its total order of expressions, its printer, and evaluation.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/fixed_string.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/indexing/interval.hpp>

/// Nodes in the expression pool of one indexing_map or affine_expr value (its results and constraints).
#ifndef XLAYOUT_MAX_EXPRS
#define XLAYOUT_MAX_EXPRS 192
#endif
/// Nodes in the scratch workspace of one operation (parse, simplify, compose, equivalent).
#ifndef XLAYOUT_MAX_WORK_EXPRS
#define XLAYOUT_MAX_WORK_EXPRS 2048
#endif
/// Variables (dimensions + range variables + runtime variables) of one indexing map.
#ifndef XLAYOUT_MAX_VARS
#define XLAYOUT_MAX_VARS 16
#endif

namespace xlayout {

/// The index of a node in a pool.
using expr_id = std::uint16_t;

/// The kinds of XLA's SymbolicExpr, in XLA's order (the order sorts the terms of a canonical sum).
enum class expr_kind : std::uint8_t { add, mul, mod, floordiv, ceildiv, max, min, variable, constant };

/// One node: a binary operation on two earlier nodes, a variable (value = its id: dimensions first, then
/// range variables, then runtime variables) or a constant (value).
struct expr_node {
  expr_kind kind = expr_kind::constant;
  expr_id lhs = 0;
  expr_id rhs = 0;
  index_t value = 0;
  friend constexpr bool operator==(const expr_node&, const expr_node&) = default;
};

constexpr bool is_binary(expr_kind k) noexcept { return k < expr_kind::variable; }

static_assert(XLAYOUT_MAX_EXPRS >= 2 && XLAYOUT_MAX_EXPRS < 0xffff,
              "[xlayout:capacity_exceeded] XLAYOUT_MAX_EXPRS must be in [2, 65534]");
static_assert(XLAYOUT_MAX_WORK_EXPRS >= 16 && XLAYOUT_MAX_WORK_EXPRS < 0x7fff,
              "[xlayout:capacity_exceeded] XLAYOUT_MAX_WORK_EXPRS must be in [16, 32766]");

/// The nodes of one value, children before parents, nothing unreachable (a structural type).
struct expr_pool {
  expr_node nodes[XLAYOUT_MAX_EXPRS]{};
  std::uint16_t count = 0;
  friend constexpr bool operator==(const expr_pool& a, const expr_pool& b) noexcept {
    if (a.count != b.count) return false;
    for (std::size_t i = 0; i < a.count; ++i) {
      if (!(a.nodes[i] == b.nodes[i])) return false;
    }
    return true;
  }
};

namespace detail {

/// Read access to an array of nodes (a pool or a workspace).
struct expr_view {
  const expr_node* nodes = nullptr;
  constexpr const expr_node& operator[](expr_id id) const noexcept { return nodes[id]; }
  constexpr expr_kind kind(expr_id id) const noexcept { return nodes[id].kind; }
  constexpr bool is_constant(expr_id id) const noexcept { return nodes[id].kind == expr_kind::constant; }
  constexpr bool is_constant(expr_id id, index_t v) const noexcept {
    return nodes[id].kind == expr_kind::constant && nodes[id].value == v;
  }
};

/// XLA's operator< on expressions (symbolic_expr.cc): kind first, then the value of a leaf, then the left
/// and right operands. Returns <0, 0 or >0. The two ids may live in different views.
constexpr int compare_exprs(expr_view va, expr_id a, expr_view vb, expr_id b) noexcept {
  // The same node of the same pool: equal. A shortcut at run time only: comparing the addresses of two
  // distinct constexpr objects is not a constant expression for g++ with -fsanitize=address.
  if (!__builtin_is_constant_evaluated() && va.nodes == vb.nodes && a == b) return 0;
  const expr_node& x = va[a];
  const expr_node& y = vb[b];
  if (x.kind != y.kind) return x.kind < y.kind ? -1 : 1;
  if (!is_binary(x.kind)) return x.value < y.value ? -1 : (x.value > y.value ? 1 : 0);
  if (int c = compare_exprs(va, x.lhs, vb, y.lhs); c != 0) return c;
  return compare_exprs(va, x.rhs, vb, y.rhs);
}

/// compare_exprs for two ids of one pool, where equal ids are equal expressions (hash-consing), also in
/// constant evaluation.
constexpr int compare_exprs(expr_view v, expr_id a, expr_id b) noexcept {
  if (a == b) return 0;
  const expr_node& x = v[a];
  const expr_node& y = v[b];
  if (x.kind != y.kind) return x.kind < y.kind ? -1 : 1;
  if (!is_binary(x.kind)) return x.value < y.value ? -1 : (x.value > y.value ? 1 : 0);
  if (int c = compare_exprs(v, x.lhs, y.lhs); c != 0) return c;
  return compare_exprs(v, x.rhs, y.rhs);
}

/// True when every variable id of the tree is below `limit`.
constexpr bool uses_only_variables_below(expr_view v, expr_id id, index_t limit) noexcept {
  const expr_node& n = v[id];
  if (n.kind == expr_kind::variable) return n.value < limit;
  if (!is_binary(n.kind)) return true;
  return uses_only_variables_below(v, n.lhs, limit) && uses_only_variables_below(v, n.rhs, limit);
}

/// Marks used[var] for every variable of the tree.
constexpr void collect_variables(expr_view v, expr_id id, bool* used) noexcept {
  const expr_node& n = v[id];
  if (n.kind == expr_kind::variable) {
    used[n.value] = true;
  } else if (is_binary(n.kind)) {
    collect_variables(v, n.lhs, used);
    collect_variables(v, n.rhs, used);
  }
}

/// XLA's GetLargestKnownDivisor (structural; 1 for variables).
constexpr index_t largest_known_divisor(expr_view v, expr_id id) noexcept {
  const expr_node& n = v[id];
  switch (n.kind) {
    case expr_kind::variable:
      return 1;
    case expr_kind::constant:
      return n.value == index_min ? index_max : (n.value < 0 ? -n.value : n.value);
    case expr_kind::add:
    case expr_kind::mod:
    case expr_kind::min:
    case expr_kind::max:
      return gcd(largest_known_divisor(v, n.lhs), largest_known_divisor(v, n.rhs));
    case expr_kind::mul:
      return saturating_mul(largest_known_divisor(v, n.lhs), largest_known_divisor(v, n.rhs));
    case expr_kind::floordiv:
    case expr_kind::ceildiv: {
      if (!v.is_constant(n.rhs) || v[n.rhs].value == 0) return 1;
      const index_t d = v[n.rhs].value < 0 ? -v[n.rhs].value : v[n.rhs].value;
      const index_t l = largest_known_divisor(v, n.lhs);
      return l % d == 0 ? l / d : 1;
    }
  }
  return 1;
}

/// The value of one operation on two numbers with XLA's semantics: floor division, ceiling division, and
/// `mod` whose result lies in [0, |m| - 1] (XLA's Evaluate: (a % m + |m|) % m). ok = false on division by
/// zero or int64 overflow.
constexpr checked_index apply_op(expr_kind k, index_t a, index_t b) noexcept {
  switch (k) {
    case expr_kind::add:
      return checked_add(a, b);
    case expr_kind::mul:
      return checked_mul(a, b);
    case expr_kind::floordiv:
      if (b == 0 || (a == index_min && b == -1)) return {0, false};
      return {floor_div(a, b), true};
    case expr_kind::ceildiv:
      if (b == 0 || (a == index_min && b == -1)) return {0, false};
      return {ceil_div(a, b), true};
    case expr_kind::mod:
      if (b == 0) return {0, false};
      // |INT64_MIN| = 2^63 is no int64, but a mod 2^63 is: a, or a + 2^63 for negative a.
      if (b == index_min) return {a >= 0 ? a : a - index_min, true};
      return {floor_mod(a, b < 0 ? -b : b), true};
    case expr_kind::min:
      return {a < b ? a : b, true};
    case expr_kind::max:
      return {a > b ? a : b, true};
    default:
      return {0, false};
  }
}

/// Evaluates a tree at a point (vars[i] = value of variable i). ok = false on division by zero, overflow,
/// or a variable without a value.
constexpr checked_index evaluate_expr(expr_view v, expr_id id, const index_t* vars,
                                      std::size_t num_vars) noexcept {
  const expr_node& n = v[id];
  if (n.kind == expr_kind::constant) return {n.value, true};
  if (n.kind == expr_kind::variable) {
    if (n.value < 0 || static_cast<std::size_t>(n.value) >= num_vars) return {0, false};
    return {vars[n.value], true};
  }
  const checked_index a = evaluate_expr(v, n.lhs, vars, num_vars);
  if (!a.ok) return a;
  const checked_index b = evaluate_expr(v, n.rhs, vars, num_vars);
  if (!b.ok) return b;
  return apply_op(n.kind, a.value, b.value);
}

/// The interval of a tree given the intervals of its variables (XLA's RangeEvaluator without constraints).
constexpr interval expr_range(expr_view v, expr_id id, const interval* vars, std::size_t num_vars) noexcept {
  const expr_node& n = v[id];
  switch (n.kind) {
    case expr_kind::constant:
      return {n.value, n.value};
    case expr_kind::variable:
      return static_cast<std::size_t>(n.value) < num_vars ? vars[n.value] : unbounded_interval;
    default:
      break;
  }
  const interval a = expr_range(v, n.lhs, vars, num_vars);
  const interval b = expr_range(v, n.rhs, vars, num_vars);
  switch (n.kind) {
    case expr_kind::add:
      return a + b;
    case expr_kind::mul:
      return a * b;
    case expr_kind::min:
      return min(a, b);
    case expr_kind::max:
      return max(a, b);
    case expr_kind::floordiv:
      if (b.is_point() && b.lower != 0) return floor_div(a, b.lower);
      return unbounded_interval;
    case expr_kind::ceildiv:
      if (b.is_point() && b.lower != 0) return ceil_div(a, b.lower);
      return unbounded_interval;
    case expr_kind::mod:
      if (b.is_point() && b.lower != 0 && b.lower != index_min) {
        const index_t m = b.lower < 0 ? -b.lower : b.lower;
        if (a.lower >= 0 && a.upper < m) return a;
        return {0, m - 1};
      }
      return unbounded_interval;
    default:
      return unbounded_interval;
  }
}

}  // namespace detail

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
  /// other operands (v1 + v0 stays).
  constexpr expr_id binary(expr_kind k, expr_id l, expr_id r) noexcept {
    // (Two constants keep their order: they fold, or, where folding overflows, stay as written, so that the
    // printed text parses back to the same tree.)
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
      if (kind(l) == expr_kind::mul && is_constant(nodes[l].rhs)) {
        const checked_index p = checked_mul(value(nodes[l].rhs), c);
        if (p.ok) return binary(expr_kind::mul, nodes[l].lhs, constant(p.value));
      }
    }
    if (is_constant(l) && is_constant(r)) {
      const checked_index v = detail::apply_op(k, value(l), value(r));
      if (v.ok) return constant(v.value);
    }
    return make(k, l, r, 0);
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
  /// in XLA's order and chained left to right (XLA's CanonicalizeAdd without its mod/div pairing).
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
        coeff = saturating_mul(coeff, value(nodes[base].rhs));
        base = nodes[base].lhs;
      }
      coeff = saturating_mul(coeff, factor);
      if (is_constant(base)) {
        constant_part = saturating_add(constant_part, saturating_mul(coeff, value(base)));
        continue;
      }
      std::size_t i = 0;
      while (i < n && bases[i] != base) ++i;
      if (i == n) {
        if (n == max_terms) return make(expr_kind::mul, sum, constant(factor), 0);
        bases[n] = base;
        coeffs[n++] = 0;
      }
      coeffs[i] = saturating_add(coeffs[i], coeff);
    }
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

/// XLA's expression printer (symbolic_map_serialization.cc). `Names` appends the name of variable v:
/// names(out, v). Precedence: + is 1, * / mod ceildiv are 2; a child is parenthesised when its precedence
/// is lower than its parent's, or equal with a different operator, or the same operator on the right
/// (except *), or a sum right of a printed minus. `x * -1` prints `-x`; `a + b` with a negative leading
/// term in b prints `a - (-b)`.
template <class Out, class Names>
struct expr_printer {
  expr_view v;
  Out& out;
  const Names& names;

  static constexpr int precedence(expr_kind k) noexcept {
    return k == expr_kind::add ? 1
           : (k == expr_kind::mul || k == expr_kind::floordiv || k == expr_kind::ceildiv ||
              k == expr_kind::mod)
               ? 2
               : 3;
  }
  static constexpr std::string_view op_string(expr_kind k) noexcept {
    switch (k) {
      case expr_kind::add:
        return "+";
      case expr_kind::mul:
        return "*";
      case expr_kind::floordiv:
        return "/";
      case expr_kind::ceildiv:
        return "ceildiv";
      case expr_kind::mod:
        return "mod";
      case expr_kind::min:
        return "min";
      case expr_kind::max:
        return "max";
      default:
        return "?";
    }
  }

  /// XLA's IsNegativeTerm: the leftmost summand is a negative constant or has a negative constant factor.
  constexpr bool is_negative_term(expr_id e) const noexcept {
    while (v.kind(e) == expr_kind::add) e = v[e].lhs;
    if (v.kind(e) == expr_kind::constant) return v[e].value < 0;
    if (v.kind(e) == expr_kind::mul) {
      const expr_node& n = v[e];
      return (v.is_constant(n.lhs) && v[n.lhs].value < 0) || (v.is_constant(n.rhs) && v[n.rhs].value < 0);
    }
    return false;
  }

  /// Can every summand of e be printed negated? Not a constant INT64_MIN or a product with it: its negation
  /// does not exist in int64 (such a sum prints `a + -9223372036854775808`, which parses back).
  constexpr bool negatable(expr_id e) const noexcept {
    const expr_node& n = v[e];
    if (n.kind == expr_kind::add) return negatable(n.lhs) && negatable(n.rhs);
    if (n.kind == expr_kind::constant) return n.value != index_min;
    if (n.kind == expr_kind::mul) return !v.is_constant(n.lhs, index_min) && !v.is_constant(n.rhs, index_min);
    return true;
  }

  constexpr bool needs_parens(expr_kind k, int parent, bool is_rhs, bool is_rhs_of_minus) const noexcept {
    const int prec = precedence(k);
    const int parent_prec = parent < 0 ? 0 : precedence(static_cast<expr_kind>(parent));
    if (prec < parent_prec) return true;
    if (prec == parent_prec) {
      if (static_cast<expr_kind>(parent) != k) return true;
      if (k == expr_kind::add) return is_rhs_of_minus;
      if (k != expr_kind::mul) return is_rhs;
    }
    return false;
  }

  constexpr void print(expr_id e, int parent = -1, bool is_rhs = false, bool is_rhs_of_minus = false) {
    const expr_node& n = v[e];
    switch (n.kind) {
      case expr_kind::constant:
        out.append_int(n.value);
        return;
      case expr_kind::variable:
        names(out, n.value);
        return;
      case expr_kind::min:
      case expr_kind::max:
        out.append(op_string(n.kind)).append('(');
        print(n.lhs);
        out.append(", ");
        print(n.rhs);
        out.append(')');
        return;
      default:
        break;
    }
    if (n.kind == expr_kind::mul && (v.is_constant(n.lhs, -1) || v.is_constant(n.rhs, -1))) {
      // `-x` right of `/`, `mod` or `ceildiv` is parenthesised: `d0 / -d0 * d1` would parse as
      // `(d0 / -d0) * d1`. So is `-(a * b)` left of them: `-a * b / c` parses as `((-a) * b) / c`, the same
      // value, but that prints `(-a * b) / c`.
      const expr_id negated = v.is_constant(n.lhs, -1) ? n.rhs : n.lhs;
      const bool parens = (is_rhs || v.kind(negated) == expr_kind::mul) && parent >= 0 &&
                          precedence(static_cast<expr_kind>(parent)) == 2 &&
                          static_cast<expr_kind>(parent) != expr_kind::mul;
      if (parens) out.append('(');
      out.append('-');
      print(negated, static_cast<int>(expr_kind::mul), false, false);
      if (parens) out.append(')');
      return;
    }
    const bool parens = needs_parens(n.kind, parent, is_rhs, is_rhs_of_minus);
    if (parens) out.append('(');
    print(n.lhs, static_cast<int>(n.kind), false, false);
    if (n.kind == expr_kind::add && is_negative_term(n.rhs) && negatable(n.rhs)) {
      out.append(" - ");
      print_negated(n.rhs);
    } else {
      out.append(' ').append(op_string(n.kind)).append(' ');
      print(n.rhs, static_cast<int>(n.kind), true, false);
    }
    if (parens) out.append(')');
  }

  /// Prints -e (e is a negative term) as XLA prints `-e` right of a minus, without building it.
  constexpr void print_negated(expr_id e) {
    const expr_node& n = v[e];
    if (n.kind == expr_kind::constant) {
      if (n.value == index_min) {
        out.append("9223372036854775808");
      } else {
        out.append_int(-n.value);
      }
      return;
    }
    if (n.kind == expr_kind::mul) {
      const bool const_left = v.is_constant(n.lhs) && v[n.lhs].value < 0;
      const expr_id other = const_left ? n.rhs : n.lhs;
      const index_t k = v[const_left ? n.lhs : n.rhs].value;
      if (k == -1) {
        print(other, static_cast<int>(expr_kind::add), true, true);
        return;
      }
      print(other, static_cast<int>(expr_kind::mul), false, false);
      out.append(" * ");
      if (k == index_min) {
        out.append("9223372036854775808");
      } else {
        out.append_int(-k);
      }
      return;
    }
    // A sum whose leftmost term is negative: -(a + b + ...) = -a - b - ...
    out.append('(');
    print_negated_sum(e, true);
    out.append(')');
  }
  constexpr void print_negated_sum(expr_id e, bool first) {
    const expr_node& n = v[e];
    if (n.kind == expr_kind::add) {
      print_negated_sum(n.lhs, first);
      print_negated_sum(n.rhs, false);
      return;
    }
    if (first) {
      print_negated(e);
    } else if (is_negative_term(e)) {
      out.append(" + ");
      print_negated(e);
    } else {
      out.append(" - ");
      print(e, static_cast<int>(expr_kind::add), true, true);
    }
  }
};

/// Names variables v0, v1, ... (no dimension/symbol split) or d<i> / s<j> given the number of dimensions.
struct default_var_names {
  index_t num_dims = -1;
  template <class Out>
  constexpr void operator()(Out& out, index_t v) const noexcept {
    if (num_dims < 0) {
      out.append('v').append_int(v);
    } else if (v < num_dims) {
      out.append('d').append_int(v);
    } else {
      out.append('s').append_int(v - num_dims);
    }
  }
};

}  // namespace detail

/// Longest text `to_string` produces for one expression or map.
#ifndef XLAYOUT_MAX_TEXT
#define XLAYOUT_MAX_TEXT 1536
#endif
using expr_text = static_string<XLAYOUT_MAX_TEXT>;

/// One expression with its own pool (a structural value): the result of parse_affine_expr and of the
/// expression-level functions. Variables are numbered v0, v1, ... (XLA's one id space).
struct affine_expr {
  expr_pool pool;
  expr_id root = 0;

  constexpr detail::expr_view view() const noexcept { return {pool.nodes}; }
  constexpr const expr_node& node() const noexcept { return pool.nodes[root]; }
  constexpr bool is_constant() const noexcept { return node().kind == expr_kind::constant; }
  friend constexpr bool operator==(const affine_expr& a, const affine_expr& b) noexcept {
    return detail::compare_exprs(a.view(), a.root, b.view(), b.root) == 0;
  }
};

/// Builds an affine_expr from a tree in a workspace. Errors: pool_exhausted.
template <std::size_t Capacity>
constexpr result<affine_expr> make_affine_expr(const basic_expr_workspace<Capacity>& ws,
                                               expr_id root) noexcept {
  if (ws.failed()) return ws.error;
  affine_expr e;
  expr_id r = root;
  if (!detail::export_exprs(ws, &r, 1, e.pool)) return error_id::pool_exhausted;
  e.root = r;
  return e;
}

/// XLA's printing of an expression: variables as v0, v1, ... (num_dims < 0) or d0.. then s0.. .
constexpr expr_text to_string(const affine_expr& e, index_t num_dims = -1) noexcept {
  expr_text s;
  const detail::default_var_names names{num_dims};
  detail::expr_printer<expr_text, detail::default_var_names> p{e.view(), s, names};
  p.print(e.root);
  return s;
}

/// The value of an expression at a point (vars[i] = value of variable i). Errors: integer_overflow (also
/// for a division by zero and a missing variable).
constexpr result<index_t> checked_evaluate(const affine_expr& e, const index_t* vars,
                                           std::size_t n) noexcept {
  const checked_index r = detail::evaluate_expr(e.view(), e.root, vars, n);
  if (!r.ok) return error_id::integer_overflow;
  return r.value;
}

/// XLA's IsMultipleOf (from GetLargestKnownDivisor): structural, true for `factor` dividing the largest
/// divisor the structure guarantees.
constexpr bool is_multiple_of(const affine_expr& e, index_t factor) noexcept {
  if (factor == 0) return false;
  const index_t d = detail::largest_known_divisor(e.view(), e.root);
  return d % (factor < 0 ? -factor : factor) == 0;
}

}  // namespace xlayout
