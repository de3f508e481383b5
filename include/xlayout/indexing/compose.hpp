// include/xlayout/indexing/compose.hpp: XLA's ComposeIndexingMaps(first, second) = second after first.
// first maps an index of A to an index of B, second maps that to an index of C; the composition maps A to C.
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

/// checked_compose on drafts: `a` (first) and `b` (second) are regular drafts whose expressions are in `ws`
/// (import_map), with first's results as many as second's dimensions; the composition is written to `d`
/// (its expressions in `ws`; not `a` or `b`). Returns the error, or error_id::none. Several compositions
/// can share one workspace (a view chain composes all its maps in one, then simplifies once).
template <std::size_t C>
constexpr error_id compose_drafts(basic_expr_workspace<C>& ws, const map_draft& a, const map_draft& b,
                                  bool implied_constraints, map_draft& d) noexcept {
  const std::size_t nd = a.num_dims;
  const std::size_t nr1 = a.num_range_vars, nr2 = b.num_range_vars;
  const std::size_t nt1 = a.num_rt_vars, nt2 = b.num_rt_vars;
  if (nd + nr1 + nr2 + nt1 + nt2 > XLAYOUT_MAX_VARS) return error_id::too_many_variables;
  d = map_draft{};
  d.kind = map_kind::regular;
  d.num_dims = static_cast<std::uint8_t>(nd);
  d.num_range_vars = static_cast<std::uint8_t>(nr1 + nr2);
  d.num_rt_vars = static_cast<std::uint8_t>(nt1 + nt2);
  d.num_results = b.num_results;
  // New ids of first's and second's variables.
  index_t id1[XLAYOUT_MAX_VARS]{}, id2[XLAYOUT_MAX_VARS]{};
  for (std::size_t v = 0; v < nd; ++v) id1[v] = static_cast<index_t>(v);
  for (std::size_t j = 0; j < nr2; ++j) id2[b.num_dims + j] = static_cast<index_t>(nd + j);
  for (std::size_t j = 0; j < nr1; ++j) id1[nd + j] = static_cast<index_t>(nd + nr2 + j);
  for (std::size_t k = 0; k < nt2; ++k) id2[b.num_dims + nr2 + k] = static_cast<index_t>(nd + nr2 + nr1 + k);
  for (std::size_t k = 0; k < nt1; ++k) id1[nd + nr1 + k] = static_cast<index_t>(nd + nr2 + nr1 + nt2 + k);
  for (std::size_t v = 0; v < a.num_vars(); ++v) {
    d.bounds[id1[v]] = a.bounds[v];
    if (!copy_name(a, v, d, static_cast<std::size_t>(id1[v]))) return error_id::capacity_exceeded;
  }
  for (std::size_t v = b.num_dims; v < b.num_vars(); ++v) {
    d.bounds[id2[v]] = b.bounds[v];
    if (!copy_name(b, v, d, static_cast<std::size_t>(id2[v]))) return error_id::capacity_exceeded;
  }
  expr_id subst1[XLAYOUT_MAX_VARS]{}, subst2[XLAYOUT_MAX_VARS]{};
  for (std::size_t v = 0; v < a.num_vars(); ++v) subst1[v] = ws.variable(id1[v]);
  expr_id first_results[XLAYOUT_MAX_RESULTS]{};
  for (std::size_t i = 0; i < a.num_results; ++i)
    first_results[i] = ws.substitute(a.results[i], subst1, a.num_vars());
  for (std::size_t v = 0; v < b.num_vars(); ++v)
    subst2[v] = v < b.num_dims ? first_results[v] : ws.variable(id2[v]);
  for (std::size_t i = 0; i < b.num_results; ++i)
    d.results[i] = ws.substitute(b.results[i], subst2, b.num_vars());
  for (std::size_t i = 0; i < b.num_constraints; ++i)
    add_constraint(ws, d, ws.substitute(b.constraint_exprs[i], subst2, b.num_vars()), b.constraint_bounds[i]);
  for (std::size_t i = 0; i < a.num_constraints; ++i)
    add_constraint(ws, d, ws.substitute(a.constraint_exprs[i], subst1, a.num_vars()), a.constraint_bounds[i]);
  for (std::size_t i = 0; i < a.num_results; ++i) {
    // Without implied_constraints, a result whose range (over the variables' bounds) lies inside the
    // dimension it feeds adds nothing: the constraint always holds, and simplifying would remove it.
    if (!implied_constraints &&
        b.bounds[i].contains(expr_range(ws.view(), first_results[i], d.bounds, d.num_vars())))
      continue;
    add_constraint(ws, d, first_results[i], b.bounds[i]);
  }
  return ws.failed() ? ws.error : error_id::none;
}

}  // namespace detail

/// second after first, as XLA composes: the dimensions are first's; the symbols are, in order, second's
/// range variables, first's range variables, second's runtime variables, first's runtime variables; the
/// results are second's with its dimensions replaced by first's results (construction folding only, no
/// simplification); the constraints are second's (substituted), first's, and `first.result[i] in
/// second.bounds[i]` for every i (a bare variable narrows its bounds instead, a constant is checked).
/// KNOWN EMPTY in either gives KNOWN EMPTY; UNDEFINED in either gives UNDEFINED. With implied_constraints
/// false, `first.result[i] in second.bounds[i]` is left out where the result's range over the variables'
/// bounds already lies inside (the views do this: the constraint always holds there).
/// Errors: variable_count_mismatch (first's results != second's dimensions), too_many_variables, capacities.
constexpr result<indexing_map> checked_compose(const indexing_map& first, const indexing_map& second,
                                               bool implied_constraints = true) noexcept {
  if (first.is_undefined() || second.is_undefined()) return indexing_map{};
  // KNOWN EMPTY composes to KNOWN EMPTY (its text carries no variables, so the counts need not match).
  const bool empty = first.is_known_empty() || second.is_known_empty();
  if (!empty && first.num_results != second.num_dims) return error_id::variable_count_mismatch;
  expr_workspace ws;
  detail::map_draft d;
  if (empty) {
    const std::size_t vars = first.num_dims + first.num_range_vars + second.num_range_vars +
                             first.num_rt_vars + second.num_rt_vars;
    if (vars > XLAYOUT_MAX_VARS) return error_id::too_many_variables;
    d.kind = map_kind::known_empty;
    d.num_dims = first.num_dims;
    d.num_range_vars = static_cast<std::uint8_t>(first.num_range_vars + second.num_range_vars);
    d.num_rt_vars = static_cast<std::uint8_t>(first.num_rt_vars + second.num_rt_vars);
    d.num_results = second.num_results;
    return detail::finish_map(ws, d);
  }
  expr_id remap1[XLAYOUT_MAX_EXPRS]{}, remap2[XLAYOUT_MAX_EXPRS]{};
  const detail::map_draft a = detail::import_map(ws, first, remap1);
  const detail::map_draft b = detail::import_map(ws, second, remap2);
  const error_id e = detail::compose_drafts(ws, a, b, implied_constraints, d);
  if (e != error_id::none) return e;
  return detail::finish_map(ws, d);
}

/// checked_compose for maps known to compose (a compile error in a constant expression otherwise).
constexpr indexing_map compose(const indexing_map& first, const indexing_map& second) noexcept {
  auto r = checked_compose(first, second);
  detail::expect_success(r.error());
  return r.value_or(indexing_map{});
}

/// What `xlayout compose` prints: second after first, simplified, unused symbols removed (XLA's fusion
/// composition does Simplify + RemoveUnusedSymbols).
constexpr result<indexing_map> checked_compose_simplified(const indexing_map& first,
                                                          const indexing_map& second,
                                                          simplify_options o = {}) noexcept {
  auto c = checked_compose(first, second);
  if (!c) return c;
  auto s = checked_simplify(*c, o);
  if (!s) return s;
  return checked_remove_unused_symbols(*s);
}

}  // namespace XLAYOUT_NAMESPACE
