// include/xlayout/indexing/indexing_map.hpp: XLA's IndexingMap as a structural value: result expressions
// over dimensions d_i, range variables s_j and runtime variables rt_k; a closed interval per variable;
// constraints `expr in [lo, hi]`; and the special maps KNOWN EMPTY and UNDEFINED. Also evaluation, XLA's
// equality, variable names, and the draft/finish steps every operation uses to build a map.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/indexing/affine_expr.hpp>
#include <xlayout/indexing/interval.hpp>

namespace XLAYOUT_NAMESPACE {

static_assert(XLAYOUT_MAX_VARS > 0 && XLAYOUT_MAX_VARS <= 255,
              "[xlayout:capacity_exceeded] XLAYOUT_MAX_VARS");
static_assert(XLAYOUT_MAX_RESULTS > 0 && XLAYOUT_MAX_RESULTS <= 255,
              "[xlayout:capacity_exceeded] XLAYOUT_MAX_RESULTS");
static_assert(XLAYOUT_MAX_CONSTRAINTS > 0 && XLAYOUT_MAX_CONSTRAINTS <= 255,
              "[xlayout:capacity_exceeded] XLAYOUT_MAX_CONSTRAINTS");
static_assert(XLAYOUT_MAX_NAME_CHARS > 0 && XLAYOUT_MAX_NAME_CHARS <= 255,
              "[xlayout:capacity_exceeded] XLAYOUT_MAX_NAME_CHARS");

/// What a map is: an ordinary map, XLA's KNOWN EMPTY (no point satisfies the domain), or XLA's UNDEFINED
/// (the indexing is not known; a default-constructed map).
enum class map_kind : std::uint8_t { undefined, regular, known_empty };

/// The three kinds of variables, in the order of XLA's one variable id space.
enum class variable_kind : std::uint8_t { dimension, range, runtime };

/// Custom names of variables (XLA keeps a name per variable; the default names d<i>, s<j>, rt<k> are not
/// stored). length[v] == 0: the default name.
struct variable_names {
  std::uint8_t offset[XLAYOUT_MAX_VARS]{};
  std::uint8_t length[XLAYOUT_MAX_VARS]{};
  char chars[XLAYOUT_MAX_NAME_CHARS]{};
  std::uint8_t used = 0;
  friend constexpr bool operator==(const variable_names&, const variable_names&) = default;
};

/// An indexing map (XLA's IndexingMap): a structural value, usable as a template argument. Variables are
/// numbered in one id space: dimensions 0..num_dims-1, then range variables, then runtime variables. The
/// expression ids index `pool`. Read it through the member functions; build it with parse_indexing_map,
/// the algorithms, or a map_draft.
struct indexing_map {
  map_kind kind = map_kind::undefined;
  std::uint8_t num_dims = 0;
  std::uint8_t num_range_vars = 0;
  std::uint8_t num_rt_vars = 0;
  std::uint8_t num_results = 0;
  std::uint8_t num_constraints = 0;
  interval bounds[XLAYOUT_MAX_VARS]{};
  expr_id results[XLAYOUT_MAX_RESULTS]{};
  expr_id constraint_exprs[XLAYOUT_MAX_CONSTRAINTS]{};
  interval constraint_bounds[XLAYOUT_MAX_CONSTRAINTS]{};
  variable_names names;
  expr_pool pool;

  constexpr bool is_undefined() const noexcept { return kind == map_kind::undefined; }
  constexpr bool is_known_empty() const noexcept { return kind == map_kind::known_empty; }
  constexpr std::size_t num_symbols() const noexcept { return num_range_vars + num_rt_vars; }
  constexpr std::size_t num_vars() const noexcept { return num_dims + num_symbols(); }
  constexpr detail::expr_view view() const noexcept { return {pool.nodes}; }

  constexpr variable_kind kind_of(std::size_t v) const noexcept {
    return v < num_dims ? variable_kind::dimension
                        : (v < num_dims + num_range_vars ? variable_kind::range : variable_kind::runtime);
  }
  /// The custom name of variable v, empty when it has the default name.
  constexpr std::string_view custom_name(std::size_t v) const noexcept {
    return {names.chars + names.offset[v], names.length[v]};
  }
  /// Appends the printed name of variable v: its custom name, else d<i>, s<j> or rt<k>.
  template <class Out>
  constexpr void append_name(Out& out, std::size_t v) const noexcept {
    if (names.length[v] != 0) {
      out.append(custom_name(v));
    } else if (v < num_dims) {
      out.append('d').append_int(static_cast<index_t>(v));
    } else if (v < num_dims + num_range_vars) {
      out.append('s').append_int(static_cast<index_t>(v - num_dims));
    } else {
      out.append("rt").append_int(static_cast<index_t>(v - num_dims - num_range_vars));
    }
  }

  /// XLA's operator==: the same variable counts and bounds, the same result expressions, the same set of
  /// constraints. Names are ignored.
  friend constexpr bool operator==(const indexing_map& a, const indexing_map& b) noexcept {
    if (a.kind != b.kind || a.num_dims != b.num_dims || a.num_range_vars != b.num_range_vars ||
        a.num_rt_vars != b.num_rt_vars || a.num_results != b.num_results ||
        a.num_constraints != b.num_constraints)
      return false;
    if (a.kind == map_kind::undefined) return true;
    for (std::size_t v = 0; v < a.num_vars(); ++v) {
      if (!(a.bounds[v] == b.bounds[v])) return false;
    }
    for (std::size_t i = 0; i < a.num_results; ++i) {
      if (detail::compare_exprs(a.view(), a.results[i], b.view(), b.results[i]) != 0) return false;
    }
    for (std::size_t i = 0; i < a.num_constraints; ++i) {
      bool found = false;
      for (std::size_t j = 0; j < b.num_constraints && !found; ++j) {
        found = a.constraint_bounds[i] == b.constraint_bounds[j] &&
                detail::compare_exprs(a.view(), a.constraint_exprs[i], b.view(), b.constraint_exprs[j]) == 0;
      }
      if (!found) return false;
    }
    return true;
  }
};

/// Every member equal, names and constraint order included (what makes two template arguments the same).
constexpr bool identical(const indexing_map& a, const indexing_map& b) noexcept {
  if (!(a == b) || !(a.names == b.names) || !(a.pool == b.pool)) return false;
  for (std::size_t i = 0; i < a.num_constraints; ++i) {
    if (a.constraint_exprs[i] != b.constraint_exprs[i]) return false;
  }
  return true;
}

/// XLA's IndexingMap::GetUndefined().
constexpr indexing_map undefined_indexing_map() noexcept { return indexing_map{}; }

/// The values of a map's results at one point.
using index_values = static_vector<index_t, XLAYOUT_MAX_RESULTS>;

namespace detail {

/// Copies the custom name of variable `from` of `src` to variable `to` of `dst`. False when full.
constexpr bool copy_name(const indexing_map& src, std::size_t from, indexing_map& dst,
                         std::size_t to) noexcept {
  const std::uint8_t len = src.names.length[from];
  dst.names.length[to] = 0;
  dst.names.offset[to] = 0;
  if (len == 0) return true;
  // Reuse an equal stored name (common after composition) before appending.
  for (std::size_t v = 0; v < XLAYOUT_MAX_VARS; ++v) {
    if (dst.names.length[v] == len &&
        std::string_view(dst.names.chars + dst.names.offset[v], len) == src.custom_name(from)) {
      dst.names.offset[to] = dst.names.offset[v];
      dst.names.length[to] = len;
      return true;
    }
  }
  if (dst.names.used + len > XLAYOUT_MAX_NAME_CHARS) return false;
  dst.names.offset[to] = dst.names.used;
  for (std::size_t i = 0; i < len; ++i)
    dst.names.chars[dst.names.used++] = src.names.chars[src.names.offset[from] + i];
  dst.names.length[to] = len;
  return true;
}

/// Stores `name` as the name of variable v unless it is the default name of v. False when full.
constexpr bool set_name(indexing_map& m, std::size_t v, std::string_view name) noexcept {
  m.names.length[v] = 0;
  m.names.offset[v] = 0;
  // Is it the default name?
  std::string_view prefix = v < m.num_dims ? "d" : (v < m.num_dims + m.num_range_vars ? "s" : "rt");
  const std::size_t index =
      v < m.num_dims
          ? v
          : (v < m.num_dims + m.num_range_vars ? v - m.num_dims : v - m.num_dims - m.num_range_vars);
  if (detail::substring(name, 0, prefix.size()) == prefix && name.size() > prefix.size()) {
    std::size_t n = 0;
    bool digits = true;
    for (std::size_t i = prefix.size(); i < name.size(); ++i) {
      if (name[i] < '0' || name[i] > '9' || n > 100000) {
        digits = false;
        break;
      }
      n = n * 10 + static_cast<std::size_t>(name[i] - '0');
    }
    const bool canonical_digits = name.size() == prefix.size() + 1 || name[prefix.size()] != '0';
    if (digits && canonical_digits && n == index) return true;
  }
  if (name.size() > 255 || m.names.used + name.size() > XLAYOUT_MAX_NAME_CHARS) return false;
  m.names.offset[v] = m.names.used;
  for (char c : name) m.names.chars[m.names.used++] = c;
  m.names.length[v] = static_cast<std::uint8_t>(name.size());
  return true;
}

/// Is `name` the printed name of variable w (its custom name, else d<i>, s<j> or rt<k>)?
constexpr bool prints_as(const indexing_map& m, std::size_t w, std::string_view name) noexcept {
  if (m.names.length[w] != 0) return m.custom_name(w) == name;
  const std::size_t nd = m.num_dims, nr = m.num_range_vars;
  const std::string_view prefix = w < nd ? "d" : (w < nd + nr ? "s" : "rt");
  std::size_t index = w < nd ? w : (w < nd + nr ? w - nd : w - nd - nr);
  if (name.size() <= prefix.size() || detail::substring(name, 0, prefix.size()) != prefix) return false;
  // The decimal digits of index, compared from the right.
  std::size_t i = name.size();
  do {
    if (i == prefix.size() || name[i - 1] != static_cast<char>('0' + index % 10)) return false;
    --i;
    index /= 10;
  } while (index != 0);
  return i == prefix.size();
}

/// Makes the printed names of a map's variables unique, so that its text parses back: a custom name that
/// another variable also prints (two maps composed with the same custom name, or a custom `s1` that became
/// the default name of another symbol when variables were renumbered: fuzz map_algebra) is dropped, last
/// variables first, and its variable prints its default name. Default names never clash with each other.
constexpr void make_names_unique(indexing_map& m) noexcept {
  const std::size_t nv = m.num_vars();
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t v = nv; v-- > 0;) {
      if (m.names.length[v] == 0) continue;
      bool clash = false;
      for (std::size_t w = 0; w < nv && !clash; ++w) clash = w != v && prints_as(m, w, m.custom_name(v));
      if (!clash) continue;
      m.names.length[v] = 0;
      m.names.offset[v] = 0;
      changed = true;
    }
  }
}

/// A map under construction: an indexing_map whose expression ids refer to a workspace (its pool is
/// unused until finish_map). The algorithms fill one and call finish_map.
using map_draft = indexing_map;

/// XLA's AddConstraint on a draft: a constraint on a bare variable narrows its bounds, a constant
/// constraint is dropped or makes the map KNOWN EMPTY, an equal expression intersects its interval.
/// Returns false (and records capacity_exceeded... in ws) when there is no room.
template <std::size_t C>
constexpr void add_constraint(basic_expr_workspace<C>& ws, map_draft& d, expr_id e, interval range) noexcept {
  if (d.kind == map_kind::known_empty) return;
  if (range.is_empty()) {
    d.kind = map_kind::known_empty;
    return;
  }
  const expr_node& n = ws[e];
  if (n.kind == expr_kind::variable) {
    const auto v = static_cast<std::size_t>(n.value);
    d.bounds[v] = d.bounds[v].intersect(range);
    if (d.bounds[v].is_empty()) d.kind = map_kind::known_empty;
    return;
  }
  if (n.kind == expr_kind::constant) {
    if (!range.contains(n.value)) d.kind = map_kind::known_empty;
    return;
  }
  for (std::size_t i = 0; i < d.num_constraints; ++i) {
    if (d.constraint_exprs[i] == e) {
      d.constraint_bounds[i] = d.constraint_bounds[i].intersect(range);
      if (d.constraint_bounds[i].is_empty()) d.kind = map_kind::known_empty;
      return;
    }
  }
  if (d.num_constraints == XLAYOUT_MAX_CONSTRAINTS) {
    ws.fail(error_id::too_many_constraints);
    return;
  }
  d.constraint_exprs[d.num_constraints] = e;
  d.constraint_bounds[d.num_constraints] = range;
  ++d.num_constraints;
}

/// Moves a draft's expressions out of the workspace into its own pool. A KNOWN EMPTY draft becomes XLA's
/// known-empty map (results 0, bounds [0, -1], no constraints). Errors: the workspace's error, or
/// pool_exhausted when the map's pool is too small.
/// Does a tree divide by the constant 0 (floordiv, ceildiv or mod)?
template <std::size_t C>
constexpr bool divides_by_zero(const basic_expr_workspace<C>& ws, expr_id e) noexcept {
  const expr_node& n = ws[e];
  if (!is_binary(n.kind)) return false;
  if ((n.kind == expr_kind::floordiv || n.kind == expr_kind::ceildiv || n.kind == expr_kind::mod) &&
      ws.is_constant(n.rhs) && ws.value(n.rhs) == 0)
    return true;
  return divides_by_zero(ws, n.lhs) || divides_by_zero(ws, n.rhs);
}

template <std::size_t C>
constexpr result<indexing_map> finish_map(basic_expr_workspace<C>& ws, map_draft d) noexcept {
  if (ws.failed()) return ws.error;
  // A divisor that became the constant 0 (composition substituted 0 for a variable divisor, simplification
  // folded one): no point of the domain has a value, and the text `x / 0` would not parse. An error value.
  if (d.kind == map_kind::regular) {
    for (std::size_t i = 0; i < d.num_results; ++i) {
      if (divides_by_zero(ws, d.results[i])) return error_id::invalid_divisor;
    }
    for (std::size_t i = 0; i < d.num_constraints; ++i) {
      if (divides_by_zero(ws, d.constraint_exprs[i])) return error_id::invalid_divisor;
    }
  }
  if (d.kind == map_kind::undefined) return indexing_map{};
  make_names_unique(d);
  for (std::size_t v = 0; v < d.num_vars(); ++v) {
    if (d.bounds[v].is_empty()) d.kind = map_kind::known_empty;
  }
  if (d.kind == map_kind::known_empty) {
    const expr_id zero = ws.constant(0);
    for (std::size_t i = 0; i < d.num_results; ++i) d.results[i] = zero;
    d.num_constraints = 0;
    for (std::size_t v = 0; v < XLAYOUT_MAX_VARS; ++v) {
      d.bounds[v] =
          v < d.num_dims + d.num_range_vars ? interval{0, -1} : (v < d.num_vars() ? d.bounds[v] : interval{});
      if (v >= d.num_vars()) d.bounds[v] = interval{};
    }
  }
  expr_id roots[XLAYOUT_MAX_RESULTS + XLAYOUT_MAX_CONSTRAINTS]{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < d.num_results; ++i) roots[n++] = d.results[i];
  for (std::size_t i = 0; i < d.num_constraints; ++i) roots[n++] = d.constraint_exprs[i];
  if (!export_exprs(ws, roots, n, d.pool)) return error_id::pool_exhausted;
  n = 0;
  for (std::size_t i = 0; i < XLAYOUT_MAX_RESULTS; ++i) d.results[i] = i < d.num_results ? roots[n++] : 0;
  for (std::size_t i = 0; i < XLAYOUT_MAX_CONSTRAINTS; ++i) {
    d.constraint_exprs[i] = i < d.num_constraints ? roots[n++] : 0;
    if (i >= d.num_constraints) d.constraint_bounds[i] = interval{};
  }
  return d;
}

/// Copies the expressions of a map into a workspace; the returned draft refers to the workspace.
/// `remap` needs XLAYOUT_MAX_EXPRS entries, zero-initialised.
template <std::size_t C>
constexpr map_draft import_map(basic_expr_workspace<C>& ws, const indexing_map& m, expr_id* remap) noexcept {
  map_draft d = m;
  d.pool = expr_pool{};
  for (std::size_t i = 0; i < m.num_results; ++i) d.results[i] = ws.import(m.view(), m.results[i], remap);
  for (std::size_t i = 0; i < m.num_constraints; ++i)
    d.constraint_exprs[i] = ws.import(m.view(), m.constraint_exprs[i], remap);
  return d;
}

}  // namespace detail

/// The values of the results at a point: dims then symbols (range variables, then runtime variables). Like
/// XLA's Evaluate it ignores the domain. Errors: variable_count_mismatch, integer_overflow (also division
/// by zero).
constexpr result<index_values> checked_evaluate(const indexing_map& m, const index_t* dims,
                                                std::size_t num_dims, const index_t* symbols,
                                                std::size_t num_symbols) noexcept {
  if (num_dims != m.num_dims || num_symbols != m.num_symbols()) return error_id::variable_count_mismatch;
  index_t vars[XLAYOUT_MAX_VARS]{};
  for (std::size_t i = 0; i < num_dims; ++i) vars[i] = dims[i];
  for (std::size_t i = 0; i < num_symbols; ++i) vars[num_dims + i] = symbols[i];
  index_values out;
  for (std::size_t i = 0; i < m.num_results; ++i) {
    const checked_index r = detail::evaluate_expr(m.view(), m.results[i], vars, m.num_vars());
    if (!r.ok) return error_id::integer_overflow;
    out.push_back(r.value);
  }
  return out;
}

/// evaluate(map, {dims...}, {symbols...}): the values of the results (XLA's Evaluate).
/// @pre the counts match the map and no operation overflows
constexpr index_values evaluate(const indexing_map& m, std::initializer_list<index_t> dims,
                                std::initializer_list<index_t> symbols = {}) noexcept {
  auto r = checked_evaluate(m, dims.begin(), dims.size(), symbols.begin(), symbols.size());
  detail::expect_success(r.error());
  return r.value_or(index_values{});
}
template <class Dims, class Symbols>
constexpr index_values evaluate(const indexing_map& m, const Dims& dims,
                                const Symbols& symbols) noexcept requires requires {
  dims.size();
  symbols.size();
}
{
  index_t d[XLAYOUT_MAX_VARS]{}, s[XLAYOUT_MAX_VARS]{};
  std::size_t nd = 0, ns = 0;
  for (auto x : dims) {
    if (nd < XLAYOUT_MAX_VARS) d[nd] = static_cast<index_t>(x);
    ++nd;
  }
  for (auto x : symbols) {
    if (ns < XLAYOUT_MAX_VARS) s[ns] = static_cast<index_t>(x);
    ++ns;
  }
  XLAYOUT_ASSERT(nd <= XLAYOUT_MAX_VARS && ns <= XLAYOUT_MAX_VARS, "xlayout::evaluate: too many values");
  auto r = checked_evaluate(m, d, nd, s, ns);
  detail::expect_success(r.error());
  return r.value_or(index_values{});
}

/// XLA's ConstraintsSatisfied: every constraint holds at the point (variable bounds are not checked).
constexpr bool constraints_satisfied(const indexing_map& m, const index_t* vars, std::size_t n) noexcept {
  if (m.is_known_empty()) return false;
  for (std::size_t i = 0; i < m.num_constraints; ++i) {
    const checked_index r = detail::evaluate_expr(m.view(), m.constraint_exprs[i], vars, n);
    if (!r.ok || !m.constraint_bounds[i].contains(r.value)) return false;
  }
  return true;
}

/// True when the point (all variables) lies in the domain: inside every bound and every constraint.
constexpr bool in_domain(const indexing_map& m, const index_t* vars, std::size_t n) noexcept {
  if (m.kind != map_kind::regular || n != m.num_vars()) return false;
  for (std::size_t v = 0; v < n; ++v) {
    if (!m.bounds[v].contains(vars[v])) return false;
  }
  return constraints_satisfied(m, vars, n);
}

/// The ids of the dimensions and symbols the results use (XLA's GetUsedParameters); used[v] for each v.
constexpr void used_variables(const indexing_map& m, bool* used, bool with_constraints = false) noexcept {
  for (std::size_t v = 0; v < m.num_vars(); ++v) used[v] = false;
  for (std::size_t i = 0; i < m.num_results; ++i) detail::collect_variables(m.view(), m.results[i], used);
  if (with_constraints) {
    for (std::size_t i = 0; i < m.num_constraints; ++i)
      detail::collect_variables(m.view(), m.constraint_exprs[i], used);
  }
}

/// The interval of result i from the variable bounds (XLA's RangeEvaluator, constraint-blind).
constexpr interval result_range(const indexing_map& m, std::size_t i) noexcept {
  return detail::expr_range(m.view(), m.results[i], m.bounds, m.num_vars());
}

/// Builds a map from C++ code: dims/range/rt counts and their bounds, then expressions built in the
/// workspace with XLA's construction rules (ws.add, ws.mul, ws.floordiv, ...), then finish().
///
///   map_builder b(2, 0);               // (d0, d1)
///   b.set_bounds(0, {0, 9}); b.set_bounds(1, {0, 19});
///   b.add_result(b.dim(1)); b.add_result(b.dim(0));
///   indexing_map m = b.finish().value();
struct map_builder {
  expr_workspace ws;
  detail::map_draft draft;

  constexpr map_builder(std::size_t num_dims, std::size_t num_range_vars,
                        std::size_t num_rt_vars = 0) noexcept {
    if (num_dims + num_range_vars + num_rt_vars > XLAYOUT_MAX_VARS) {
      ws.fail(error_id::too_many_variables);
      return;
    }
    draft.kind = map_kind::regular;
    draft.num_dims = static_cast<std::uint8_t>(num_dims);
    draft.num_range_vars = static_cast<std::uint8_t>(num_range_vars);
    draft.num_rt_vars = static_cast<std::uint8_t>(num_rt_vars);
    for (std::size_t v = 0; v < draft.num_vars(); ++v) draft.bounds[v] = unbounded_interval;
  }
  constexpr expr_id dim(std::size_t i) noexcept { return ws.variable(static_cast<index_t>(i)); }
  constexpr expr_id range_var(std::size_t j) noexcept {
    return ws.variable(static_cast<index_t>(draft.num_dims + j));
  }
  constexpr expr_id rt_var(std::size_t k) noexcept {
    return ws.variable(static_cast<index_t>(draft.num_dims + draft.num_range_vars + k));
  }
  constexpr expr_id constant(index_t c) noexcept { return ws.constant(c); }
  constexpr void set_bounds(std::size_t v, interval b) noexcept {
    if (v < draft.num_vars()) draft.bounds[v] = b;
  }
  /// Dimension i ranges over [0, size - 1] (XLA's FromTensorSizes). A size that is not one (a `?` extent,
  /// dyn, reaching a map from a shape) fails the map with dynamic_dimension.
  constexpr void set_size(std::size_t v, index_t size) noexcept {
    if (size < 0) {
      ws.fail(error_id::dynamic_dimension);
      return;
    }
    set_bounds(v, {0, size - 1});
  }
  constexpr void set_name(std::size_t v, std::string_view name) noexcept {
    if (v < draft.num_vars() && !detail::set_name(draft, v, name)) ws.fail(error_id::capacity_exceeded);
  }
  constexpr void add_result(expr_id e) noexcept {
    if (draft.num_results == XLAYOUT_MAX_RESULTS) {
      ws.fail(error_id::too_many_results);
      return;
    }
    draft.results[draft.num_results++] = e;
  }
  constexpr void add_constraint(expr_id e, interval range) noexcept {
    detail::add_constraint(ws, draft, e, range);
  }
  constexpr result<indexing_map> finish() noexcept { return detail::finish_map(ws, draft); }
};

/// XLA's IndexingMap::AddConstraint on a value: `e in range` (e numbered in the map's variable id space).
/// A bare variable narrows its bounds; a constant is checked (the map may become KNOWN EMPTY).
/// Errors: variable_count_mismatch (e uses a variable the map lacks), too_many_constraints, pool_exhausted.
constexpr result<indexing_map> checked_add_constraint(const indexing_map& m, const affine_expr& e,
                                                      interval range) noexcept {
  if (m.kind != map_kind::regular) return m;
  if (!detail::uses_only_variables_below(e.view(), e.root, static_cast<index_t>(m.num_vars())))
    return error_id::variable_count_mismatch;
  expr_workspace ws;
  expr_id remap[XLAYOUT_MAX_EXPRS]{}, remap_e[XLAYOUT_MAX_EXPRS]{};
  detail::map_draft d = detail::import_map(ws, m, remap);
  detail::add_constraint(ws, d, ws.import(e.view(), e.root, remap_e), range);
  return detail::finish_map(ws, d);
}

/// The interval of an expression (numbered in the map's variable id space) over the map's variable bounds
/// (XLA's RangeEvaluator::ComputeExpressionRange without constraints).
constexpr interval range_of(const indexing_map& m, const affine_expr& e) noexcept {
  return detail::expr_range(e.view(), e.root, m.bounds, m.num_vars());
}

/// XLA's IndexingMap::FromTensorSizes: the map's expressions with dimension i in [0, dim_sizes[i] - 1] and
/// range variable j in [0, symbol_sizes[j] - 1]. Errors: variable_count_mismatch when the counts differ
/// from the map's dimensions / range variables.
constexpr result<indexing_map> checked_from_tensor_sizes(indexing_map m, const index_t* dim_sizes,
                                                         std::size_t nd, const index_t* symbol_sizes,
                                                         std::size_t ns) noexcept {
  if (nd != m.num_dims || ns != m.num_range_vars) return error_id::variable_count_mismatch;
  if (m.kind == map_kind::undefined) m.kind = map_kind::regular;
  for (std::size_t v = 0; v < nd; ++v) m.bounds[v] = {0, dim_sizes[v] - 1};
  for (std::size_t j = 0; j < ns; ++j) m.bounds[nd + j] = {0, symbol_sizes[j] - 1};
  for (std::size_t v = 0; v < nd + ns; ++v) {
    if (m.bounds[v].is_empty()) m.kind = map_kind::known_empty;
  }
  return m;
}
constexpr result<indexing_map> checked_from_tensor_sizes(
    const indexing_map& m, std::initializer_list<index_t> dims,
    std::initializer_list<index_t> symbols = {}) noexcept {
  return checked_from_tensor_sizes(m, dims.begin(), dims.size(), symbols.begin(), symbols.size());
}

/// XLA's VariableKind: what a dimension variable of a GPU map stands for, with XLA's names.
enum class gpu_variable_kind : unsigned char {
  none,
  thread_x,
  thread_y,
  thread_z,
  block_x,
  block_y,
  block_z,
  warp,
  warp_thread
};
constexpr std::string_view to_string(gpu_variable_kind k) noexcept {
  switch (k) {
    case gpu_variable_kind::thread_x:
      return "th_x";
    case gpu_variable_kind::thread_y:
      return "th_y";
    case gpu_variable_kind::thread_z:
      return "th_z";
    case gpu_variable_kind::block_x:
      return "bl_x";
    case gpu_variable_kind::block_y:
      return "bl_y";
    case gpu_variable_kind::block_z:
      return "bl_z";
    case gpu_variable_kind::warp:
      return "warp";
    case gpu_variable_kind::warp_thread:
      return "th_w";
    case gpu_variable_kind::none:
      break;
  }
  return "default";
}
/// The kind a variable name stands for (none for any other name).
constexpr gpu_variable_kind gpu_variable_kind_from_name(std::string_view name) noexcept {
  for (int k = 1; k <= static_cast<int>(gpu_variable_kind::warp_thread); ++k) {
    if (to_string(static_cast<gpu_variable_kind>(k)) == name) return static_cast<gpu_variable_kind>(k);
  }
  return gpu_variable_kind::none;
}

// --- printing (XLA's IndexingMap::ToString) ----------------------------------------------------------------

namespace detail {
/// Names the variables of a map when printing its expressions.
struct map_var_names {
  const indexing_map& m;
  template <class Out>
  constexpr void operator()(Out& out, index_t v) const noexcept {
    m.append_name(out, static_cast<std::size_t>(v));
  }
};

template <class Out>
constexpr void print_map_expr(Out& out, const indexing_map& m, expr_id e) noexcept {
  const map_var_names names{m};
  expr_printer<Out, map_var_names> p{m.view(), out, names};
  p.print(e);
}

/// Length of the prefix of constraint texts used to sort them (longer constraints tie-break by position).
inline constexpr std::size_t constraint_sort_key_size = 256;
}  // namespace detail

/// Prints one expression of a map with the map's variable names.
constexpr expr_text to_string(const indexing_map& m, expr_id e) noexcept {
  expr_text s;
  detail::print_map_expr(s, m, e);
  return s;
}

/// XLA's text of the map (IndexingMap::ToString): `UNDEFINED`, `KNOWN EMPTY`, or
/// `(dims)[range vars]{rt vars} -> (results), domain: var in [lo, hi], ..., constraints sorted as strings`.
constexpr expr_text to_string(const indexing_map& m) noexcept {
  expr_text s;
  if (m.is_undefined()) return s.append("UNDEFINED"), s;
  if (m.is_known_empty()) return s.append("KNOWN EMPTY"), s;
  s.append('(');
  for (std::size_t v = 0; v < m.num_dims; ++v) {
    if (v > 0) s.append(", ");
    m.append_name(s, v);
  }
  s.append(')');
  if (m.num_range_vars > 0) {
    s.append('[');
    for (std::size_t v = m.num_dims; v < m.num_dims + m.num_range_vars; ++v) {
      if (v > m.num_dims) s.append(", ");
      m.append_name(s, v);
    }
    s.append(']');
  }
  if (m.num_rt_vars > 0) {
    s.append('{');
    for (std::size_t v = m.num_dims + m.num_range_vars; v < m.num_vars(); ++v) {
      if (v > m.num_dims + m.num_range_vars) s.append(", ");
      m.append_name(s, v);
    }
    s.append('}');
  }
  s.append(" -> (");
  for (std::size_t i = 0; i < m.num_results; ++i) {
    if (i > 0) s.append(", ");
    detail::print_map_expr(s, m, m.results[i]);
  }
  s.append(')');
  if (m.num_vars() == 0 && m.num_constraints == 0) return s;
  s.append(", domain: ");
  for (std::size_t v = 0; v < m.num_vars(); ++v) {
    if (v > 0) s.append(", ");
    m.append_name(s, v);
    s.append(" in [").append_int(m.bounds[v].lower).append(", ").append_int(m.bounds[v].upper).append(']');
  }
  // Constraints sorted as strings (XLA sorts the printed constraints).
  std::size_t order[XLAYOUT_MAX_CONSTRAINTS]{};
  static_string<detail::constraint_sort_key_size> keys[XLAYOUT_MAX_CONSTRAINTS]{};
  for (std::size_t i = 0; i < m.num_constraints; ++i) {
    order[i] = i;
    detail::print_map_expr(keys[i], m, m.constraint_exprs[i]);
    keys[i].append(" in [").append_int(m.constraint_bounds[i].lower).append(", ");
    keys[i].append_int(m.constraint_bounds[i].upper).append(']');
  }
  for (std::size_t i = 1; i < m.num_constraints; ++i) {
    const std::size_t t = order[i];
    std::size_t j = i;
    while (j > 0 && keys[t].view() < keys[order[j - 1]].view()) {
      order[j] = order[j - 1];
      --j;
    }
    order[j] = t;
  }
  for (std::size_t i = 0; i < m.num_constraints; ++i) {
    const std::size_t c = order[i];
    if (m.num_vars() > 0 || i > 0) s.append(", ");
    detail::print_map_expr(s, m, m.constraint_exprs[c]);
    s.append(" in [").append_int(m.constraint_bounds[c].lower).append(", ");
    s.append_int(m.constraint_bounds[c].upper).append(']');
  }
  return s;
}

/// The symbolic-map part of the text only: `(dims)[range vars]{rt vars} -> (results)` (XLA's SymbolicMap
/// printing with the map's variable names).
constexpr expr_text to_symbolic_map_string(const indexing_map& m) noexcept {
  expr_text full = to_string(m);
  if (m.kind != map_kind::regular) return full;
  const std::string_view v = full.view();
  const std::size_t at = v.find(", domain: ");
  return at == std::string_view::npos ? full : expr_text(detail::substring(v, 0, at));
}

}  // namespace XLAYOUT_NAMESPACE
