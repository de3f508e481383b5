// include/xlayout/indexing/expr_pool.hpp: the nodes of XLA's symbolic expressions (constants, variables, +,
// *, floor division, ceildiv, mod, min, max) and the compact `expr_pool` a value holds (children before
// parents, a structural type); read access to an array of nodes and what is computed on one: XLA's total
// order of expressions, the variables a tree uses, its largest known divisor, evaluation and its interval.
#pragma once
#include <cstddef>
#include <cstdint>

#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/indexing/interval.hpp>

namespace XLAYOUT_NAMESPACE {

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

}  // namespace XLAYOUT_NAMESPACE
