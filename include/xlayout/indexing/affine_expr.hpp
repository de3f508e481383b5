// include/xlayout/indexing/affine_expr.hpp: one of XLA's symbolic expressions as a value (`affine_expr`, with
// its own pool), built from a workspace, printed, evaluated. It includes the pieces it is made of, so
// including it gives them all: indexing/expr_pool.hpp (nodes, the compact pool, order, evaluation),
// indexing/expr_workspace.hpp (the hash-consed workspace the algorithms build in, with XLA's
// construction-time folding) and indexing/expr_print.hpp (XLA's printer).
#pragma once
#include <cstddef>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/fixed_string.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/indexing/expr_pool.hpp>
#include <xlayout/indexing/expr_print.hpp>
#include <xlayout/indexing/expr_workspace.hpp>

namespace XLAYOUT_NAMESPACE {

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

}  // namespace XLAYOUT_NAMESPACE
