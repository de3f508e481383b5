// include/xlayout/indexing/variables.hpp: operations on the variables of a map: XLA's RemoveUnusedSymbols
// and RemoveUnusedVars, RescaleSymbols, ConvertSymbolsToDimensions and ConvertRangeVariablesToDimensions.
// Expressions are rebuilt with XLA's construction rules only (no simplification), as XLA does.
#pragma once
#include <cstddef>
#include <cstdint>

#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/indexing/affine_expr.hpp>
#include <xlayout/indexing/indexing_map.hpp>

namespace XLAYOUT_NAMESPACE {

/// Which variables an operation removed (by old variable id).
using removed_variables = static_vector<bool, XLAYOUT_MAX_VARS>;

namespace detail {

/// Rebuilds a map with its variables renumbered: new_id[v] is the new id of old variable v (-1: removed;
/// then nothing may use it), and the new map has the given counts. Constraints with keep_constraint[i] ==
/// false are dropped. Expressions are rebuilt with XLA's construction rules.
constexpr result<indexing_map> renumber_variables(const indexing_map& m, const index_t* new_id,
                                                  std::size_t nd, std::size_t nr, std::size_t nt,
                                                  const bool* keep_constraint) noexcept {
  expr_workspace ws;
  expr_id remap[XLAYOUT_MAX_EXPRS]{};
  map_draft src = import_map(ws, m, remap);
  map_draft d;
  d.kind = m.kind;
  d.num_dims = static_cast<std::uint8_t>(nd);
  d.num_range_vars = static_cast<std::uint8_t>(nr);
  d.num_rt_vars = static_cast<std::uint8_t>(nt);
  expr_id subst[XLAYOUT_MAX_VARS]{};
  for (std::size_t v = 0; v < m.num_vars(); ++v) {
    subst[v] = new_id[v] >= 0 ? ws.variable(new_id[v]) : ws.constant(0);
    if (new_id[v] >= 0) {
      d.bounds[new_id[v]] = m.bounds[v];
      if (!copy_name(m, v, d, static_cast<std::size_t>(new_id[v]))) return error_id::capacity_exceeded;
    }
  }
  d.num_results = m.num_results;
  for (std::size_t i = 0; i < m.num_results; ++i)
    d.results[i] = ws.substitute(src.results[i], subst, m.num_vars());
  for (std::size_t i = 0; i < m.num_constraints; ++i) {
    if (keep_constraint != nullptr && !keep_constraint[i]) continue;
    d.constraint_exprs[d.num_constraints] = ws.substitute(src.constraint_exprs[i], subst, m.num_vars());
    d.constraint_bounds[d.num_constraints] = m.constraint_bounds[i];
    ++d.num_constraints;
  }
  return finish_map(ws, d);
}

/// XLA's ComputeUnusedVars: a variable is used when a result uses it, or a constraint uses it together
/// with a used variable (or with a variable that is not a candidate for removal).
constexpr void compute_used(const indexing_map& m, const bool* candidate, bool* used,
                            bool* keep_constraint) noexcept {
  const std::size_t nv = m.num_vars();
  bool in_results[XLAYOUT_MAX_VARS]{};
  used_variables(m, in_results);
  for (std::size_t v = 0; v < nv; ++v) used[v] = !candidate[v] || in_results[v];
  bool changed = true;
  while (changed) {
    changed = false;
    for (std::size_t i = 0; i < m.num_constraints; ++i) {
      bool uses[XLAYOUT_MAX_VARS]{};
      collect_variables(m.view(), m.constraint_exprs[i], uses);
      bool any_used = false;
      for (std::size_t v = 0; v < nv; ++v) any_used = any_used || (uses[v] && used[v]);
      if (!any_used) continue;
      for (std::size_t v = 0; v < nv; ++v) {
        if (uses[v] && !used[v]) {
          used[v] = true;
          changed = true;
        }
      }
    }
  }
  for (std::size_t i = 0; i < m.num_constraints; ++i) {
    bool uses[XLAYOUT_MAX_VARS]{};
    collect_variables(m.view(), m.constraint_exprs[i], uses);
    bool any_used = false;
    for (std::size_t v = 0; v < nv; ++v) any_used = any_used || (uses[v] && used[v]);
    keep_constraint[i] = any_used;
  }
}

constexpr result<indexing_map> remove_unused(const indexing_map& m, bool dims_too,
                                             removed_variables* removed) noexcept {
  const std::size_t nv = m.num_vars();
  if (removed != nullptr) removed->resize(nv, false);
  if (m.kind != map_kind::regular) return m;
  bool candidate[XLAYOUT_MAX_VARS]{};
  for (std::size_t v = 0; v < nv; ++v) candidate[v] = dims_too || v >= m.num_dims;
  bool used[XLAYOUT_MAX_VARS]{};
  bool keep[XLAYOUT_MAX_CONSTRAINTS]{};
  compute_used(m, candidate, used, keep);
  index_t new_id[XLAYOUT_MAX_VARS]{};
  std::size_t counts[3]{};
  index_t next = 0;
  for (std::size_t v = 0; v < nv; ++v) {
    if (!used[v]) {
      new_id[v] = -1;
      if (removed != nullptr) (*removed)[v] = true;
      continue;
    }
    new_id[v] = next++;
    ++counts[static_cast<int>(m.kind_of(v))];
  }
  return renumber_variables(m, new_id, counts[0], counts[1], counts[2], keep);
}

}  // namespace detail

/// XLA's RemoveUnusedSymbols: drops range and runtime variables the results do not use. A constraint that
/// uses only such variables is dropped with them; any other constraint keeps its variables. Survivors are
/// renumbered (custom names are kept). `removed`, when given, flags the removed variables by old id.
constexpr result<indexing_map> checked_remove_unused_symbols(const indexing_map& m,
                                                             removed_variables* removed = nullptr) noexcept {
  return detail::remove_unused(m, false, removed);
}
constexpr indexing_map remove_unused_symbols(const indexing_map& m) noexcept {
  auto r = checked_remove_unused_symbols(m);
  detail::expect_success(r.error());
  return r.value_or(m);
}

/// XLA's RemoveUnusedVars: the same for dimensions and symbols.
constexpr result<indexing_map> checked_remove_unused_variables(
    const indexing_map& m, removed_variables* removed = nullptr) noexcept {
  return detail::remove_unused(m, true, removed);
}
constexpr indexing_map remove_unused_variables(const indexing_map& m) noexcept {
  auto r = checked_remove_unused_variables(m);
  detail::expect_success(r.error());
  return r.value_or(m);
}

/// XLA's ConvertSymbolsToDimensions: every range and runtime variable becomes a dimension (appended in
/// order; the variable ids do not change).
constexpr indexing_map convert_symbols_to_dimensions(indexing_map m) noexcept {
  if (m.kind != map_kind::regular) return m;
  m.num_dims = static_cast<std::uint8_t>(m.num_vars());
  m.num_range_vars = 0;
  m.num_rt_vars = 0;
  return m;
}

/// XLA's ConvertRangeVariablesToDimensions: the listed range variables (indices among the range variables)
/// become dimensions appended after the existing ones, in index order. Errors: dimension_out_of_range.
constexpr result<indexing_map> convert_range_variables_to_dimensions(const indexing_map& m,
                                                                     const index_t* indices,
                                                                     std::size_t n) noexcept {
  if (m.kind != map_kind::regular) return m;
  bool convert[XLAYOUT_MAX_VARS]{};
  for (std::size_t i = 0; i < n; ++i) {
    if (indices[i] < 0 || indices[i] >= m.num_range_vars) return error_id::dimension_out_of_range;
    convert[indices[i]] = true;
  }
  index_t new_id[XLAYOUT_MAX_VARS]{};
  index_t next = 0;
  for (std::size_t v = 0; v < m.num_dims; ++v) new_id[v] = next++;
  std::size_t converted = 0;
  for (std::size_t j = 0; j < m.num_range_vars; ++j) {
    if (convert[j]) {
      new_id[m.num_dims + j] = next++;
      ++converted;
    }
  }
  for (std::size_t j = 0; j < m.num_range_vars; ++j) {
    if (!convert[j]) new_id[m.num_dims + j] = next++;
  }
  for (std::size_t k = 0; k < m.num_rt_vars; ++k) new_id[m.num_dims + m.num_range_vars + k] = next++;
  return detail::renumber_variables(m, new_id, m.num_dims + converted, m.num_range_vars - converted,
                                    m.num_rt_vars, nullptr);
}
constexpr result<indexing_map> convert_range_variables_to_dimensions(
    const indexing_map& m, std::initializer_list<index_t> indices) noexcept {
  return convert_range_variables_to_dimensions(m, indices.begin(), indices.size());
}

/// XLA's RescaleSymbols: a range variable s with a constraint `s mod c in [r, r]` is replaced by s * c + r
/// (its bounds become [ceil((lo - r) / c), floor((hi - r) / c)]) and the constraint is dropped. Constraints
/// `s mod c_i in [r, r]` with the same residue are merged first (lcm); of constraints with different residues
/// the first one is used. `changed` tells whether anything was rescaled.
constexpr result<indexing_map> checked_rescale_symbols(const indexing_map& m,
                                                       bool* changed = nullptr) noexcept {
  if (changed != nullptr) *changed = false;
  if (m.kind != map_kind::regular) return m;
  expr_workspace ws;
  expr_id remap[XLAYOUT_MAX_EXPRS]{};
  detail::map_draft d = detail::import_map(ws, m, remap);
  expr_id subst[XLAYOUT_MAX_VARS]{};
  for (std::size_t v = 0; v < XLAYOUT_MAX_VARS; ++v) subst[v] = expr_workspace::no_subst;
  bool drop[XLAYOUT_MAX_CONSTRAINTS]{};
  bool any = false;
  for (std::size_t j = 0; j < m.num_range_vars; ++j) {
    const auto v = static_cast<index_t>(m.num_dims + j);
    index_t modulus = 0, residue = 0;
    for (std::size_t i = 0; i < d.num_constraints; ++i) {
      const expr_node& n = ws[d.constraint_exprs[i]];
      if (n.kind != expr_kind::mod || ws.kind(n.lhs) != expr_kind::variable || ws.value(n.lhs) != v ||
          !ws.is_constant(n.rhs) || ws.value(n.rhs) <= 0 || !d.constraint_bounds[i].is_point())
        continue;
      const index_t c = ws.value(n.rhs);
      const index_t r = d.constraint_bounds[i].lower;
      if (modulus == 0) {
        modulus = c;
        residue = r;
        drop[i] = true;
      } else if (r == residue) {
        const checked_index l = checked_mul(modulus / gcd(modulus, c), c);
        if (!l.ok) continue;
        modulus = l.value;
        drop[i] = true;
      }
    }
    if (modulus == 0) continue;
    any = true;
    const expr_id var = ws.variable(v);
    const expr_id scaled = ws.mul(var, ws.constant(modulus));
    subst[v] = ws.add(scaled, ws.constant(residue));
    const interval b = m.bounds[v];
    d.bounds[v] = {b.lower == index_min ? index_min : ceil_div(b.lower - residue, modulus),
                   b.upper == index_max ? index_max : floor_div(b.upper - residue, modulus)};
  }
  if (!any) return m;
  if (changed != nullptr) *changed = true;
  for (std::size_t i = 0; i < d.num_results; ++i)
    d.results[i] = ws.substitute(d.results[i], subst, m.num_vars());
  std::size_t w = 0;
  for (std::size_t i = 0; i < d.num_constraints; ++i) {
    if (drop[i]) continue;
    d.constraint_exprs[w] = ws.substitute(d.constraint_exprs[i], subst, m.num_vars());
    d.constraint_bounds[w] = d.constraint_bounds[i];
    ++w;
  }
  d.num_constraints = static_cast<std::uint8_t>(w);
  return detail::finish_map(ws, d);
}
constexpr indexing_map rescale_symbols(const indexing_map& m) noexcept {
  auto r = checked_rescale_symbols(m);
  detail::expect_success(r.error());
  return r.value_or(m);
}

}  // namespace XLAYOUT_NAMESPACE
