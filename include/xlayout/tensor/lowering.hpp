// include/xlayout/tensor/lowering.hpp: an indexing map lowered to straight-line arithmetic. The map is a
// compile-time value (a map_holder: a type with `static constexpr indexing_map value`, as IndexingMap<"...">
// is); lowered_map<H>::result<R>(vars) evaluates result R by compile-time recursion over its expression
// nodes (one `if constexpr` per node kind), so that after inlining only the arithmetic remains. Where the
// interval of a dividend over the map's domain is non-negative, floordiv, ceildiv and mod are unsigned
// (shifts and masks for powers of two), as tensor_mapping's digits are; a mod whose dividend already lies
// in [0, m) is no operation at all. The interpreter (evaluate(map, ...)) computes the same values.
#pragma once
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <utility>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/indexing/expr_pool.hpp>
#include <xlayout/indexing/indexing_map.hpp>
#include <xlayout/indexing/interval.hpp>
#include <xlayout/tensor/index_concepts.hpp>

namespace XLAYOUT_NAMESPACE {

/// A type that carries an indexing map as `static constexpr indexing_map value`: IndexingMap<"..."> is one,
/// map_constant<m> makes one of a value.
template <class H>
concept map_holder = requires {
  { H::value } -> std::convertible_to<const indexing_map&>;
};

/// An indexing map value as a map_holder: map_constant<indexing_map_v<"...">>.
template <indexing_map M>
struct map_constant {
  static constexpr indexing_map value = M;
};

namespace detail {

/// The interval of node `id` of H's map over the map's variable bounds.
template <class H>
constexpr interval lowered_range(expr_id id) noexcept {
  return expr_range(H::value.view(), id, H::value.bounds, H::value.num_vars());
}

/// log2(v) for a power of two v, else -1.
constexpr int exact_log2(index_t v) noexcept {
  if (v <= 0 || (v & (v - 1)) != 0) return -1;
  int k = 0;
  while ((index_t{1} << k) != v) ++k;
  return k;
}

template <class H, expr_id Id>
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t lowered_node(const index_t* vars) noexcept;

/// An affine subexpression (sums of variables times constants, and constants) as its terms, left to right,
/// and its constant: lowered as one sum (one function for the compiler to instantiate, not one per node).
struct affine_form {
  bool ok = true;
  std::size_t size = 0;
  index_t constant = 0;
  index_t var[2 * XLAYOUT_MAX_VARS]{};
  index_t coef[2 * XLAYOUT_MAX_VARS]{};
};
constexpr void add_affine(const indexing_map& m, expr_id id, index_t scale, affine_form& f) noexcept {
  const expr_node& n = m.pool.nodes[id];
  if (!f.ok) return;
  if (n.kind == expr_kind::constant) {
    const checked_index c = checked_mul(n.value, scale);
    const checked_index sum = checked_add(f.constant, c.value);
    f.ok = c.ok && sum.ok;
    f.constant = sum.value;
  } else if (n.kind == expr_kind::variable) {
    if (f.size == 2 * XLAYOUT_MAX_VARS) {
      f.ok = false;
      return;
    }
    f.var[f.size] = n.value;
    f.coef[f.size++] = scale;
  } else if (n.kind == expr_kind::add) {
    add_affine(m, n.lhs, scale, f);
    add_affine(m, n.rhs, scale, f);
  } else if (n.kind == expr_kind::mul && m.pool.nodes[n.rhs].kind == expr_kind::constant) {
    const checked_index c = checked_mul(scale, m.pool.nodes[n.rhs].value);
    f.ok = c.ok;
    add_affine(m, n.lhs, c.value, f);
  } else {
    f.ok = false;
  }
}
constexpr affine_form affine_of(const indexing_map& m, expr_id id) noexcept {
  affine_form f;
  add_affine(m, id, 1, f);
  return f;
}
template <class H, expr_id Id>
inline constexpr affine_form affine_v = affine_of(H::value, Id);

/// a + b and a * b (every corner) for intervals, false where a bound leaves int64: the checked forms of
/// interval arithmetic, which saturates instead.
constexpr bool fits_add(const interval& a, const interval& b, interval& out) noexcept {
  const checked_index lo = checked_add(a.lower, b.lower), hi = checked_add(a.upper, b.upper);
  out = {lo.value, hi.value};
  return lo.ok && hi.ok;
}
constexpr bool fits_mul(const interval& a, const interval& b, interval& out) noexcept {
  const index_t x[] = {a.lower, a.upper}, y[] = {b.lower, b.upper};
  for (std::size_t k = 0; k < 4; ++k) {
    const checked_index p = checked_mul(x[k / 2], y[k % 2]);
    if (!p.ok) return false;
    if (k == 0 || p.value < out.lower) out.lower = p.value;
    if (k == 0 || p.value > out.upper) out.upper = p.value;
  }
  return true;
}

/// The interval of node `id` of m as the lowered arithmetic computes it (lowered_node's steps: an affine
/// node's terms and partial sums left to right), every variable inside its bounds; false where a step may
/// leave int64 or divide by zero. Where it is true, no value of the lowered map overflows at a point inside
/// the bounds.
constexpr bool lowered_interval(const indexing_map& m, expr_id id, interval& out) noexcept {
  const expr_node& n = m.pool.nodes[id];
  if (n.kind == expr_kind::constant) {
    out = {n.value, n.value};
    return true;
  }
  if (n.kind == expr_kind::variable) {
    out = static_cast<std::size_t>(n.value) < m.num_vars() ? m.bounds[n.value] : unbounded_interval;
    return true;
  }
  if (n.kind == expr_kind::add || n.kind == expr_kind::mul) {
    const affine_form f = affine_of(m, id);
    if (f.ok) {
      out = {0, 0};
      for (std::size_t k = 0; k < f.size; ++k) {
        interval t;
        if (!fits_mul(m.bounds[f.var[k]], {f.coef[k], f.coef[k]}, t) || !fits_add(out, t, out)) return false;
      }
      return fits_add(out, {f.constant, f.constant}, out);
    }
  }
  interval a, b;
  if (!lowered_interval(m, n.lhs, a) || !lowered_interval(m, n.rhs, b)) return false;
  switch (n.kind) {
    case expr_kind::add:
      return fits_add(a, b, out);
    case expr_kind::mul:
      return fits_mul(a, b, out);
    case expr_kind::min:
      out = min(a, b);
      return true;
    case expr_kind::max:
      out = max(a, b);
      return true;
    case expr_kind::floordiv:
    case expr_kind::ceildiv: {
      // No divisor 0, no index_min / -1; the extremes of a quotient whose divisor keeps its sign lie at the
      // corners.
      if (b.lower <= 0 && b.upper >= 0) return false;
      if (a.lower == index_min && b.lower <= -1 && b.upper >= -1) return false;
      const index_t x[] = {a.lower, a.upper}, y[] = {b.lower, b.upper};
      for (std::size_t k = 0; k < 4; ++k) {
        const index_t q =
            n.kind == expr_kind::floordiv ? floor_div(x[k / 2], y[k % 2]) : ceil_div(x[k / 2], y[k % 2]);
        if (k == 0 || q < out.lower) out.lower = q;
        if (k == 0 || q > out.upper) out.upper = q;
      }
      return true;
    }
    case expr_kind::mod: {
      if (b.lower <= 0 && b.upper >= 0) return false;
      // [0, |b| - 1] for the largest |b| (index_min's remainders reach index_max); a itself where it is
      // already a remainder of a constant divisor.
      const index_t top = b.lower == index_min ? index_max : (b.lower < 0 ? -b.lower - 1 : b.upper - 1);
      out = b.is_point() && a.lower >= 0 && a.upper <= top ? a : interval{0, top};
      return true;
    }
    default:
      return false;
  }
}

/// Node Id (affine) at vars: its terms added left to right, then its constant.
template <class H, expr_id Id, std::size_t... K>
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t lowered_affine(const index_t* vars,
                                                                std::index_sequence<K...>) noexcept {
  // The form's terms as constants of this function: CUDA device code may not subscript affine_v (a host
  // variable) itself.
  constexpr std::size_t var[] = {static_cast<std::size_t>(affine_v<H, Id>.var[K])..., 0};
  constexpr index_t coef[] = {affine_v<H, Id>.coef[K]..., 0};
  constexpr index_t c = affine_v<H, Id>.constant;
  if constexpr (c == 0) {
    return (index_t{0} + ... + (vars[var[K]] * coef[K]));
  } else {
    return (index_t{0} + ... + (vars[var[K]] * coef[K])) + c;
  }
}

/// A division or modulo whose divisor is known only at run time (a symbol), with XLA's semantics: floor
/// division, ceiling division, and a remainder in [0, |b| - 1]. @pre b != 0
XLAYOUT_HD constexpr index_t lowered_runtime_op(expr_kind k, index_t a, index_t b) noexcept {
  if (k == expr_kind::floordiv) return floor_div(a, b);
  if (k == expr_kind::ceildiv) return ceil_div(a, b);
  if (b == index_min) return a >= 0 ? a : a - index_min;
  return floor_mod(a, b < 0 ? -b : b);
}

/// For a dividend whose interval reaches below 0 (but not far): the multiple of C that, added to it, makes
/// it non-negative without overflow, so that the division is unsigned: floor((a + K*C) / C) - K. 0 when
/// there is none.
constexpr index_t lowered_shift(interval r, index_t c) noexcept {
  if (c <= 0 || r.lower >= 0 || r.lower == index_min || r.upper == index_max) return 0;
  const index_t k = ceil_div(-r.lower, c);
  const checked_index kc = checked_mul(k, c);
  if (!kc.ok || r.upper > index_max - kc.value) return 0;
  return k;
}

// The compile-time facts the arithmetic below branches on, as variable templates: nvcc does not let a
// host-device function call a constexpr host function, even in a constant expression.
template <class H, expr_id Id>
inline constexpr interval range_v = lowered_range<H>(Id);
template <index_t C>
inline constexpr int log2_v = exact_log2(C);
template <class H, expr_id Lhs, index_t C>
inline constexpr index_t shift_v = lowered_shift(range_v<H, Lhs>, C);

/// floor(a / C) and a mod C through a + K*C >= 0 (C > 0).
template <index_t C, index_t K>
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t lowered_floordiv_shifted(index_t a) noexcept {
  using U = std::uint64_t;
  const U v = static_cast<U>(a + K * C);
  if constexpr (log2_v<C> >= 0) {
    return static_cast<index_t>(v >> log2_v<C>) - K;
  } else {
    return static_cast<index_t>(v / static_cast<U>(C)) - K;
  }
}
template <index_t C, index_t K>
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t lowered_mod_shifted(index_t a) noexcept {
  using U = std::uint64_t;
  const U v = static_cast<U>(a + K * C);
  if constexpr (log2_v<C> >= 0) {
    return static_cast<index_t>(v & static_cast<U>(C - 1));
  } else {
    return static_cast<index_t>(v % static_cast<U>(C));
  }
}

/// floor(a / C) for a in the interval of node Lhs.
template <class H, expr_id Lhs, index_t C>
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t lowered_floordiv(const index_t* vars) noexcept {
  using U = std::uint64_t;
  constexpr interval r = range_v<H, Lhs>;
  const index_t a = lowered_node<H, Lhs>(vars);
  if constexpr (C == 1) {
    return a;
  } else if constexpr (C > 0 && r.lower >= 0) {
    if constexpr (r.upper < C) {
      return 0;
    } else if constexpr (log2_v<C> >= 0) {
      return static_cast<index_t>(static_cast<U>(a) >> log2_v<C>);
    } else {
      return static_cast<index_t>(static_cast<U>(a) / static_cast<U>(C));
    }
  } else if constexpr (constexpr index_t k = shift_v<H, Lhs, C>; k != 0) {
    return lowered_floordiv_shifted<C, k>(a);
  } else {
    return floor_div(a, C);
  }
}

/// ceil(a / C).
template <class H, expr_id Lhs, index_t C>
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t lowered_ceildiv(const index_t* vars) noexcept {
  using U = std::uint64_t;
  constexpr interval r = range_v<H, Lhs>;
  const index_t a = lowered_node<H, Lhs>(vars);
  if constexpr (C == 1) {
    return a;
  } else if constexpr (C > 0 && r.lower >= 0 && r.upper <= index_max - C) {
    if constexpr (log2_v<C> >= 0) {
      return static_cast<index_t>((static_cast<U>(a) + static_cast<U>(C - 1)) >> log2_v<C>);
    } else {
      return static_cast<index_t>((static_cast<U>(a) + static_cast<U>(C - 1)) / static_cast<U>(C));
    }
  } else {
    return ceil_div(a, C);
  }
}

/// a mod C with XLA's semantics (the result in [0, |C| - 1]).
template <class H, expr_id Lhs, index_t C>
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t lowered_mod(const index_t* vars) noexcept {
  using U = std::uint64_t;
  constexpr interval r = range_v<H, Lhs>;
  const index_t a = lowered_node<H, Lhs>(vars);
  if constexpr (C == 1 || C == -1) {
    return 0;
  } else if constexpr (C > 0 && r.lower >= 0) {
    if constexpr (r.upper < C) {
      return a;  // already a remainder
    } else if constexpr (log2_v<C> >= 0) {
      return static_cast<index_t>(static_cast<U>(a) & static_cast<U>(C - 1));
    } else {
      return static_cast<index_t>(static_cast<U>(a) % static_cast<U>(C));
    }
  } else if constexpr (constexpr index_t k = shift_v<H, Lhs, C>; k != 0) {
    return lowered_mod_shifted<C, k>(a);
  } else {
    return lowered_runtime_op(expr_kind::mod, a, C);
  }
}

/// The value of node Id of H's map at vars (dims, then range variables, then runtime variables).
template <class H, expr_id Id>
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t lowered_node(const index_t* vars) noexcept {
  constexpr expr_node n = H::value.pool.nodes[Id];
  if constexpr (n.kind == expr_kind::constant) {
    return n.value;
  } else if constexpr (n.kind == expr_kind::variable) {
    return vars[n.value];
  } else if constexpr ((n.kind == expr_kind::add || n.kind == expr_kind::mul) && affine_v<H, Id>.ok) {
    return lowered_affine<H, Id>(vars, std::make_index_sequence<affine_v<H, Id>.size>{});
  } else {
    constexpr expr_node rhs = H::value.pool.nodes[n.rhs];
    if constexpr (n.kind == expr_kind::add) {
      return lowered_node<H, n.lhs>(vars) + lowered_node<H, n.rhs>(vars);
    } else if constexpr (n.kind == expr_kind::mul && rhs.kind == expr_kind::constant && rhs.value == -1) {
      return -lowered_node<H, n.lhs>(vars);
    } else if constexpr (n.kind == expr_kind::mul) {
      return lowered_node<H, n.lhs>(vars) * lowered_node<H, n.rhs>(vars);
    } else if constexpr (rhs.kind == expr_kind::constant && rhs.value != 0 && n.kind == expr_kind::floordiv) {
      return lowered_floordiv<H, n.lhs, rhs.value>(vars);
    } else if constexpr (rhs.kind == expr_kind::constant && rhs.value != 0 && n.kind == expr_kind::ceildiv) {
      return lowered_ceildiv<H, n.lhs, rhs.value>(vars);
    } else if constexpr (rhs.kind == expr_kind::constant && rhs.value != 0 && n.kind == expr_kind::mod) {
      return lowered_mod<H, n.lhs, rhs.value>(vars);
    } else if constexpr (n.kind == expr_kind::min) {
      const index_t a = lowered_node<H, n.lhs>(vars), b = lowered_node<H, n.rhs>(vars);
      return a < b ? a : b;
    } else if constexpr (n.kind == expr_kind::max) {
      const index_t a = lowered_node<H, n.lhs>(vars), b = lowered_node<H, n.rhs>(vars);
      return a > b ? a : b;
    } else {
      // A divisor that is not a constant (a symbol): XLA's semantics at run time.
      return lowered_runtime_op(n.kind, lowered_node<H, n.lhs>(vars), lowered_node<H, n.rhs>(vars));
    }
  }
}

}  // namespace detail

/// The map of H lowered to inline arithmetic: result<R>(vars) is result R at the point vars (num_dims
/// dimensions, then the symbols: range variables, then runtime variables). Like XLA's Evaluate it ignores
/// the domain's constraints; the interval analysis that picks unsigned division assumes each variable
/// lies within its bounds (a precondition). H must hold a regular map (not undefined, not KNOWN EMPTY).
template <map_holder H>
struct lowered_map {
  static_assert(H::value.kind == map_kind::regular,
                "[xlayout:view_map_mismatch] xlayout::lowered_map: the map is undefined or KNOWN EMPTY");
  static constexpr std::size_t num_dims = H::value.num_dims;
  static constexpr std::size_t num_symbols = H::value.num_symbols();
  static constexpr std::size_t num_vars = H::value.num_vars();
  static constexpr std::size_t num_results = H::value.num_results;

  /// Result R at vars[0..num_vars).
  template <std::size_t R>
  XLAYOUT_HD XLAYOUT_FORCEINLINE static constexpr index_t result(const index_t* vars) noexcept {
    static_assert(R < num_results, "xlayout::lowered_map::result: R is not a result of the map");
    constexpr expr_id id = H::value.results[R];
    constexpr expr_node n = H::value.pool.nodes[id];
    // A variable or an affine result directly (one function fewer to instantiate), others node by node.
    if constexpr (n.kind == expr_kind::variable) {
      return vars[n.value];
    } else if constexpr ((n.kind == expr_kind::add || n.kind == expr_kind::mul) &&
                         detail::affine_v<H, id>.ok) {
      return detail::lowered_affine<H, id>(vars, std::make_index_sequence<detail::affine_v<H, id>.size>{});
    } else {
      return detail::lowered_node<H, id>(vars);
    }
  }
  /// Every result at vars[0..num_vars), as an index_array.
  XLAYOUT_HD XLAYOUT_FORCEINLINE static constexpr index_array<num_results> evaluate(
      const index_t* vars) noexcept {
    return evaluate_all(vars, std::make_index_sequence<num_results>{});
  }
  /// Every result at the point (dims..., symbols...): one value per variable.
  template <index_like... I>
  XLAYOUT_HD XLAYOUT_FORCEINLINE static constexpr index_array<num_results> evaluate(I... v) noexcept {
    static_assert(sizeof...(I) == num_vars,
                  "[xlayout:variable_count_mismatch] xlayout::lowered_map::evaluate: give one value per "
                  "dimension and symbol (the note shows: given == variables)");
    const index_t vars[] = {detail::to_index(v)..., 0};
    return evaluate(vars);
  }

 private:
  template <std::size_t... R>
  XLAYOUT_HD XLAYOUT_FORCEINLINE static constexpr index_array<num_results> evaluate_all(
      [[maybe_unused]] const index_t* vars, std::index_sequence<R...>) noexcept {
    return index_array<num_results>{{result<R>(vars)...}};
  }
};

/// True when H's map sends every point to itself: as many results as dimensions, result i is d_i, no
/// symbols used (what the simplified composition of a reshape and its inverse is).
template <map_holder H>
inline constexpr bool is_identity_map_v = [] {
  const indexing_map& m = H::value;
  if (m.kind != map_kind::regular || m.num_results != m.num_dims) return false;
  for (std::size_t i = 0; i < m.num_results; ++i) {
    const expr_node& n = m.pool.nodes[m.results[i]];
    if (n.kind != expr_kind::variable || n.value != static_cast<index_t>(i)) return false;
  }
  return true;
}();

}  // namespace XLAYOUT_NAMESPACE
