// include/xlayout/tensor/mapping.hpp: where element (i, j, ...) of a tensor lives. tensor_mapping turns a
// layout's index program (layout/index_program.hpp) into inline arithmetic whose divisors, moduli and strides
// are compile-time constants; a stride that depends on a dynamic extent is a product of ceil_div(extent, t)
// factors (tensor/size_formula.hpp). Layouts the index program cannot express fall back to
// xlayout::linear_index. The index concepts and index_array are in tensor/index_concepts.hpp, included here.
#pragma once
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/layout/index_program.hpp>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/layout/tiling.hpp>
#include <xlayout/layout/validate.hpp>
#include <xlayout/static/shape.hpp>
#include <xlayout/tensor/index_concepts.hpp>
#include <xlayout/tensor/size_formula.hpp>
#include <xlayout/values/extents.hpp>
#include <xlayout/values/layout.hpp>
#include <xlayout/values/shape.hpp>

/// Placed before a function template that calls a user's callable: nvcc then does not check the callable's
/// execution space against the template's __host__ __device__ (a __device__ lambda passed from a kernel is
/// fine; the check happens where the template is instantiated). Empty for other compilers.
#if defined(__CUDACC__) && !defined(__clang__)
#define XLAYOUT_EXEC_CHECK_DISABLE _Pragma("nv_exec_check_disable")
#else
#define XLAYOUT_EXEC_CHECK_DISABLE
#endif

namespace XLAYOUT_NAMESPACE {

namespace detail {
/// for_each's callback when it takes the element alone, f(x): called as f(index, x), the index dropped.
template <class F>
struct element_only_callback {
  F& f;
  XLAYOUT_EXEC_CHECK_DISABLE
  template <class Index, class X>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void operator()(const Index&, X&& x) const {
    f(static_cast<X&&>(x));
  }
};
/// What element_callback returns for an f that takes neither form: called with anything, does nothing.
struct any_callback {
  template <class... A>
  XLAYOUT_HD constexpr void operator()(A&&...) const noexcept {}
};
inline constexpr any_callback any_callback_value{};
/// Whether G, the type element_callback returned, is the wrapper of a callback of the element alone.
template <class G>
inline constexpr bool is_element_only = false;
template <class F>
inline constexpr bool is_element_only<element_only_callback<F>> = true;
/// The callback for_each calls as g(index, element), where Index is the index it passes and Ref the element:
/// f itself when f takes both, f wrapped when it takes the element alone, and one compile error naming
/// for_each_callback when it takes neither (rather than a failed call deep in the walk).
template <class Index, class Ref, class F>
XLAYOUT_HD constexpr decltype(auto) element_callback(F& f) noexcept {
  if constexpr (std::is_invocable_v<F&, const Index&, Ref>) {
    return (f);
  } else if constexpr (std::is_invocable_v<F&, Ref>) {
    return element_only_callback<F>{f};
  } else {
    static_assert(sizeof(F) == 0,  // false: f takes neither
                  "[xlayout:for_each_callback] xlayout::for_each: f is called as f(index, element) or "
                  "f(element); check its parameters (the element is a reference for a mutable tensor, an "
                  "index_array for the index)");
    // A callable the walk can call, so that the walk's call of f adds no second error (clang 19 gave one).
    return element_only_callback<const any_callback>{any_callback_value};
  }
}

/// The accessors' run-time index check (tensor_mapping and views), given something with extent(d). With
/// assertions on: every index, then the handler with the whole index and the extents. With them off: one
/// assumption per dimension, unrolled (a loop of assumptions is left behind by g++ -O2 as an empty loop per
/// element), which turns division and modulo by powers of two into shifts and masks.
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void assume_in_range([[maybe_unused]] index_t i,
                                                              [[maybe_unused]] index_t e) noexcept {
#if !(defined(XLAYOUT_ENABLE_ASSERTS) && XLAYOUT_ENABLE_ASSERTS)
  XLAYOUT_ASSUME(i >= 0 && i < e);
#endif
}
template <class Ext, std::size_t... D>
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void expect_in_range([[maybe_unused]] const index_t* idx,
                                                              [[maybe_unused]] const Ext& ext,
                                                              std::index_sequence<D...>) noexcept {
#if defined(XLAYOUT_ENABLE_ASSERTS) && XLAYOUT_ENABLE_ASSERTS
  if (!((idx[D] >= 0 && idx[D] < ext.extent(D)) && ...)) {
    const index_t e[] = {ext.extent(D)..., 0};
    index_out_of_range_failed(__FILE__, __LINE__, idx, e, sizeof...(D));
  }
#else
  (assume_in_range(idx[D], ext.extent(D)), ...);
#endif
}

/// Digit (i / Q) mod M of an index i in [0, extent) (M = 0: no modulo). A function of Q and M alone, so that
/// every tensor with the same divisor and modulus shares it (the compiler makes one function, not one per
/// tensor and term).
template <index_t Q, index_t M>
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t term_digit(index_t i) noexcept {
  // The index is in [0, extent): unsigned arithmetic gives the same value, and division and modulo by a
  // power of two become a shift and a mask without the sign correction signed division needs.
  // A plain index stays signed: the round trip through unsigned would hide from the optimiser that the
  // arithmetic cannot overflow (signed overflow is undefined), which changes how it vectorises loops.
  if constexpr (Q == 1 && M == 0) {
    return i;
  } else {
    using U = std::uint64_t;
    U v = static_cast<U>(i);
    if constexpr (Q != 1) v /= static_cast<U>(Q);
    if constexpr (M != 0) v %= static_cast<U>(M);
    return static_cast<index_t>(v);
  }
}

/// One term of a tensor's index program, with what the accessor and for_each need beside it.
struct accessor_term {
  index_term term;        // ((e[dimension]) / divisor mod modulus) * stride, stride for the probe extents
  index_t dimension = 0;  // the logical dimension the term reads
  index_t position = 0;   // the dimension of the tiled array it indexes (0 = most major)
  size_formula stride;    // its stride as a function of the extents
};

/// A layout as the accessor evaluates it: terms sorted by position (memory order, major first). `exact` is
/// false where the index program cannot express the layout; then accessors use linear_index.
struct accessor_program {
  static_vector<accessor_term, max_tiled_rank> terms;
  size_formula span;  // the product of the tiled sizes (required_span_size before L(n); after it, if static)
  bool exact = false;
};

/// The shape with every dynamic dimension replaced by `probe`.
constexpr shape with_probe_extents(const shape& s, index_t probe) noexcept {
  shape p = s;
  for (std::size_t d = 0; d < p.rank(); ++d) {
    if (p.dimensions[d] == dyn) {
      p.dimensions[d] = probe;
      p.dynamic_dimensions[d] = false;
    }
  }
  return p;
}

/// The tiled position and the weight within it of the unit `q` of logical dimension d: the element with
/// e[d] = q and every other index 0 has exactly one non-zero tiled index. False if it has several.
constexpr bool unit_position(const shape& s, std::size_t d, index_t q, index_t& position,
                             index_t& weight) noexcept {
  index_vector e;
  e.resize(s.rank());
  e[d] = q;
  static_vector<sized_index, max_tiled_rank> tiled;
  if (!tiled_coordinates(s, e, tiled)) return false;
  position = -1;
  for (std::size_t i = 0; i < tiled.size(); ++i) {
    if (tiled[i].index == 0) continue;
    if (position >= 0) return false;
    position = static_cast<index_t>(i);
    weight = tiled[i].index;
  }
  return position >= 0;
}

/// Extents of a probe shape, for evaluating formulas.
constexpr static_vector<index_t, XLAYOUT_MAX_RANK> dimensions_of(const shape& s) noexcept {
  return s.dimensions;
}

/// A layout's terms for static extents, before they are copied into a flat_program of their number.
template <std::size_t Capacity>
struct static_terms {
  bool ok = false;
  std::size_t count = 0;
  index_t dimension[Capacity + 1]{};
  index_t divisor[Capacity + 1]{};
  index_t modulus[Capacity + 1]{};
  index_t stride[Capacity + 1]{};
  index_t span = 1;
};

/// The program of a static shape (make_accessor_program's, and static_program's where the layout has none for
/// dynamic extents: layout_program not usable, a '*' group whose tile lines up with its members' sizes only
/// for some of them, f32[3,5]{1,0:T(*,4)}, padded dimensions, tile sizes whose product passes
/// make_accessor_program's bound for its probes): the shape's own index program, where each of its terms
/// reads one dimension, in memory order (decreasing stride: a more major position has a larger stride than
/// every digit of a more minor one), and the span (L(n) included). Not `ok` where a term reads a sum of
/// dimensions (f32[4,6,5]{2,1,0:T(2,*,4)}), the layout is not valid for the shape, or the span leaves int64:
/// a tensor then compiles its program the general way (tensor_program), which also reports the error.
constexpr static_terms<max_tiled_rank> own_static_terms(const shape& s) noexcept {
  static_terms<max_tiled_rank> out;
  index_program p;
  compile_index_program_into(s, p);  // not exact where the layout is not valid for s
  if (!p.exact) return out;
  const result<index_t> span = checked_required_span_size(s);
  if (!span.has_value()) return out;
  std::size_t n = 0;
  for (const index_term& t : p.terms) {
    const index_t d = t.single_dimension();
    if (d < 0) return out;
    // Insertion in memory order: decreasing stride.
    std::size_t k = n++;
    for (; k > 0 && out.stride[k - 1] < t.stride; --k) {
      out.dimension[k] = out.dimension[k - 1];
      out.divisor[k] = out.divisor[k - 1];
      out.modulus[k] = out.modulus[k - 1];
      out.stride[k] = out.stride[k - 1];
    }
    out.dimension[k] = d;
    out.divisor[k] = t.divisor;
    out.modulus[k] = t.modulus;
    out.stride[k] = t.stride;
  }
  out.count = n;
  out.span = span.value_;
  out.ok = true;
  return out;
}

/// Compiles the layout of a shape whose dimensions are static or `?` (dyn). The terms come from
/// compile_index_program on a probe shape (each `?` replaced by a large size); their strides are then
/// re-derived as formulas of the extents and checked against a second probe.
constexpr accessor_program make_accessor_program(const shape& s) noexcept {
  accessor_program out;
  if (find_layout_issue(s)) return out;
  if (is_static(s)) {
    // Static extents: the shape's own terms, their strides constants (no probe, no bound on the tiles).
    const static_terms<max_tiled_rank> own = own_static_terms(s);
    if (!own.ok) return out;
    out.span.constant = own.span;
    for (std::size_t k = 0; k < own.count; ++k) {
      accessor_term a;
      a.term.coefficients.resize(s.rank());
      a.term.coefficients[static_cast<std::size_t>(own.dimension[k])] = 1;
      a.term.divisor = own.divisor[k];
      a.term.modulus = own.modulus[k];
      a.term.stride = own.stride[k];
      a.dimension = own.dimension[k];
      a.stride.constant = own.stride[k];
      out.terms.push_back(a);
    }
    out.exact = true;
    return out;
  }
  // Probe sizes for '?' extents: larger than every product of tile sizes, so that a dynamic dimension's
  // digits never fit inside a tile, and not multiples of them, so that the ceil_div formulas are checked.
  index_t tiles_product = 1;
  for (const tile& t : s.layout.tiles) {
    for (index_t v : t.dimensions) {
      if (v == combine_dimension) continue;
      const checked_index m = checked_mul(tiles_product, v);
      if (!m.ok || m.value > (index_t{1} << 24)) return out;
      tiles_product = m.value;
    }
  }
  const shape probe = with_probe_extents(s, 2 * tiles_product + 3);
  const index_program program = compile_index_program(probe);
  if (!program.exact) return out;
  // Memory order: the most major position first and, inside one position (the digits of a '*' group),
  // the heavier digit first (insertion sort; there are few terms).
  const auto sort_terms = [&out](auto before) {
    for (std::size_t i = 1; i < out.terms.size(); ++i) {
      for (std::size_t k = i; k > 0 && before(out.terms[k], out.terms[k - 1]); --k) {
        const accessor_term tmp = out.terms[k - 1];
        out.terms[k - 1] = out.terms[k];
        out.terms[k] = tmp;
      }
    }
  };
  static_vector<size_formula, max_tiled_rank> sizes;
  if (!symbolic_tiled_dimensions(s, sizes)) return out;
  // suffix[i] = product of the sizes after position i (the row-major stride of position i).
  static_vector<size_formula, max_tiled_rank> suffix;
  suffix.resize(sizes.size());
  size_formula running;
  for (std::size_t i = sizes.size(); i-- > 0;) {
    suffix[i] = running;
    if (!multiply(running, sizes[i])) return out;
  }
  out.span = running;

  const auto probe_dims = dimensions_of(probe);
  for (const index_term& t : program.terms) {
    const index_t d = t.single_dimension();
    if (d < 0) return out;  // a term that reads several dimensions: not produced by compile_index_program
    accessor_term a;
    a.term = t;
    a.dimension = d;
    index_t weight = 0;
    if (!unit_position(probe, static_cast<std::size_t>(d), t.divisor, a.position, weight)) return out;
    a.stride = suffix[static_cast<std::size_t>(a.position)];
    a.stride.constant *= weight;
    if (a.stride.evaluate(probe_dims) != t.stride) return out;
    out.terms.push_back(a);
  }
  {
    // The same terms must come out for a second probe, with the strides the formulas give.
    const shape probe2 = with_probe_extents(s, 4 * tiles_product + 5);
    const index_program program2 = compile_index_program(probe2);
    if (!program2.exact || program2.terms.size() != out.terms.size()) return out;
    const auto probe2_dims = dimensions_of(probe2);
    for (std::size_t k = 0; k < out.terms.size(); ++k) {
      const index_term& t2 = program2.terms[k];
      const index_term& t1 = out.terms[k].term;
      if (!(t2.coefficients == t1.coefficients) || t2.divisor != t1.divisor || t2.modulus != t1.modulus)
        return out;
      if (out.terms[k].stride.evaluate(probe2_dims) != t2.stride) return out;
    }
  }
  sort_terms([](const accessor_term& a, const accessor_term& b) {
    return a.position < b.position || (a.position == b.position && a.term.stride > b.term.stride);
  });
  out.exact = true;
  return out;
}

/// What tensor_mapping keeps of an accessor_program: its constants in arrays sized to the layout (an
/// accessor_program is about 20 KB of fixed-capacity arrays; reading constants out of it for every term is
/// most of what a tensor's accessor costs the compiler). Term k reads factors [factor_begin[k],
/// factor_begin[k + 1]); the span's factors follow the last term's.
template <std::size_t Terms, std::size_t Factors>
struct flat_program {
  static constexpr std::size_t term_count = Terms;
  bool exact = false;
  index_t dimension[Terms + 1]{};
  index_t divisor[Terms + 1]{};
  index_t modulus[Terms + 1]{};
  index_t stride_constant[Terms + 1]{};
  std::size_t factor_begin[Terms + 2]{};
  index_t factor_dimension[Factors + 1]{};
  index_t factor_divisor[Factors + 1]{};
  index_t span_constant = 1;
  /// The terms by dimension (stable: memory order within a dimension), the order the accessor adds them in.
  std::size_t by_dimension[Terms + 1]{};
};

/// Sets f.by_dimension: the terms by dimension, stable (an insertion sort: there are few terms).
template <std::size_t Terms, std::size_t Factors>
constexpr void order_by_dimension(flat_program<Terms, Factors>& f) noexcept {
  for (std::size_t k = 0; k != Terms; ++k) {  // != : no "pointless comparison" from nvcc where Terms is 0
    std::size_t j = k;
    for (; j > 0 && f.dimension[f.by_dimension[j - 1]] > f.dimension[k]; --j) {
      f.by_dimension[j] = f.by_dimension[j - 1];
    }
    f.by_dimension[j] = k;
  }
}

constexpr std::size_t factor_count(const accessor_program& p) noexcept {
  std::size_t n = p.span.factors.size();
  for (const accessor_term& t : p.terms) n += t.stride.factors.size();
  return n;
}

template <std::size_t Terms, std::size_t Factors>
constexpr flat_program<Terms, Factors> flatten(const accessor_program& p) noexcept {
  flat_program<Terms, Factors> f;
  f.exact = p.exact;
  std::size_t n = 0;
  const auto put = [&](const size_formula& s) {
    for (const extent_factor& e : s.factors) {
      f.factor_dimension[n] = e.dimension;
      f.factor_divisor[n] = e.divisor;
      ++n;
    }
  };
  for (std::size_t k = 0; k != Terms; ++k) {
    const accessor_term& t = p.terms[k];
    f.dimension[k] = t.dimension;
    f.divisor[k] = t.term.divisor;
    f.modulus[k] = t.term.modulus;
    f.stride_constant[k] = t.stride.constant;
    f.factor_begin[k] = n;
    put(t.stride);
  }
  f.factor_begin[Terms] = n;
  order_by_dimension(f);
  put(p.span);
  f.factor_begin[Terms + 1] = n;
  f.span_constant = p.span.constant;
  return f;
}

/// The accessor's constants for a shape (a constant). The program is a variable, evaluated once: a
/// constexpr local in make_flat_program cost clang 19 about 30% more per tensor.
template <const shape& S>
inline constexpr accessor_program full_program_v = make_accessor_program(S);
template <const shape& S>
constexpr auto make_flat_program() noexcept {
  return flatten<full_program_v<S>.terms.size(), factor_count(full_program_v<S>)>(full_program_v<S>);
}

/// The shape of a tensor: extents (dyn for `?`) with a layout, element type f32 as a placeholder (the index
/// arithmetic does not depend on it).
template <class Ext>
constexpr shape tensor_shape(const layout& l) noexcept {
  shape s;
  s.element_type = element_type::f32;
  for (std::size_t d = 0; d < Ext::rank(); ++d) {
    s.dimensions.push_back(Ext::static_extent(d));
    s.dynamic_dimensions.push_back(Ext::static_extent(d) == dyn);
  }
  s.layout = l;
  return s;
}
template <class Ext, class L>
inline constexpr shape tensor_shape_v = tensor_shape<Ext>(L::value);

/// A layout compiled once for rank R with every extent dynamic (make_accessor_program on `?` extents): the
/// terms' digits, and their strides and the span as formulas of the extents. Every static tensor of this
/// layout and rank then evaluates the formulas (static_program) instead of compiling its own program, which
/// was most of what a distinct Tensor type cost the compiler. `usable` is false for layouts whose rules or
/// arithmetic read the sizes (padded dimensions, split configs) and where the formulas do not exist (a '*'
/// group over a dynamic size, ...); those tensors compile their own program.
template <class L, std::size_t R>
struct layout_program {
  static constexpr bool simple =
      L::value.rank() == R && L::value.padded_dimensions.empty() && L::value.split_configs.empty();
  static constexpr accessor_program full = [] {
    if (!simple) return accessor_program{};
    shape s = any_shape_of_rank(R);
    s.layout = L::value;
    return make_accessor_program(s);
  }();
  static constexpr auto flat = flatten<full.terms.size(), factor_count(full)>(full);
  static constexpr bool usable = simple && full.exact;
  static constexpr index_t alignment = L::value.tail_padding_alignment_in_elements;
};

/// The program of a static shape from its layout's program for dynamic extents (layout_program): each
/// stride and the span evaluated for the extents e (checked: a span past int64 is not ok, and the tensor
/// then compiles its own program, which reports span_overflow); a digit that is always 0 for the extent
/// dropped, a modulo that never wraps dropped, and a digit merged with the next one of its dimension where
/// they sit next to each other in memory. That is what compile_index_program makes of the static shape
/// (tidy, coalesce_terms), term for term, in memory order (tests/tensor/static_program.cpp checks it).
/// Extents must be positive (a zero extent is left to compile_index_program).
template <std::size_t T, std::size_t F>
constexpr static_terms<T> specialize_program(const flat_program<T, F>& p, const index_t* e,
                                             index_t align) noexcept {
  static_terms<T> out;
  const auto formula = [&](std::size_t begin, std::size_t end, index_t constant, index_t& value) {
    value = constant;
    for (std::size_t f = begin; f < end; ++f) {
      const index_t x = e[p.factor_dimension[f]];
      const index_t t = p.factor_divisor[f];
      const checked_index m = checked_mul(value, t == 1 ? x : (x - 1) / t + 1);
      if (!m.ok) return false;
      value = m.value;
    }
    return true;
  };
  if (!formula(p.factor_begin[T], p.factor_begin[T + 1], p.span_constant, out.span)) return out;
  if (!checked_add(out.span, align - 1).ok) return out;
  std::size_t n = 0;
  for (std::size_t k = 0; k != T; ++k) {  // != : nvcc warns on `k < 0` for a scalar's program
    index_t stride = 0;
    if (!formula(p.factor_begin[k], p.factor_begin[k + 1], p.stride_constant[k], stride)) return out;
    const index_t top = (e[p.dimension[k]] - 1) / p.divisor[k];  // the digit's largest value, before modulo
    if (top == 0 || p.modulus[k] == 1) continue;
    out.dimension[n] = p.dimension[k];
    out.divisor[n] = p.divisor[k];
    out.modulus[n] = p.modulus[k] != 0 && top < p.modulus[k] ? 0 : p.modulus[k];
    out.stride[n] = stride;
    ++n;
  }
  // (x/q mod m)*s + (x/(q*m) mod m2)*(s*m) == (x/q mod m*m2)*s, as coalesce_terms.
  for (bool merged = true; merged;) {
    merged = false;
    for (std::size_t a = 0; a < n && !merged; ++a) {
      for (std::size_t b = 0; b < n && !merged; ++b) {
        if (a == b || out.modulus[a] == 0 || out.dimension[a] != out.dimension[b]) continue;
        const index_t m = out.modulus[a];
        const checked_index div = checked_mul(out.divisor[a], m);
        const checked_index str = checked_mul(out.stride[a], m);
        if (!div.ok || !str.ok || out.divisor[b] != div.value || out.stride[b] != str.value) continue;
        const checked_index mod = checked_mul(m, out.modulus[b]);
        if (out.modulus[b] != 0 && !mod.ok) continue;
        out.modulus[a] = out.modulus[b] == 0 ? 0 : mod.value;
        if (out.modulus[a] != 0 && (e[out.dimension[a]] - 1) / out.divisor[a] < out.modulus[a])
          out.modulus[a] = 0;
        for (std::size_t k = b; k + 1 < n; ++k) {
          out.dimension[k] = out.dimension[k + 1];
          out.divisor[k] = out.divisor[k + 1];
          out.modulus[k] = out.modulus[k + 1];
          out.stride[k] = out.stride[k + 1];
        }
        --n;
        merged = true;
      }
    }
  }
  // Memory order: decreasing stride (the strides of a static program are distinct).
  for (std::size_t i = 1; i < n; ++i) {
    for (std::size_t k = i; k > 0 && out.stride[k] > out.stride[k - 1]; --k) {
      const index_t dim = out.dimension[k], div = out.divisor[k], mod = out.modulus[k], str = out.stride[k];
      out.dimension[k] = out.dimension[k - 1];
      out.divisor[k] = out.divisor[k - 1];
      out.modulus[k] = out.modulus[k - 1];
      out.stride[k] = out.stride[k - 1];
      out.dimension[k - 1] = dim;
      out.divisor[k - 1] = div;
      out.modulus[k - 1] = mod;
      out.stride[k - 1] = str;
    }
  }
  out.count = n;
  out.ok = true;
  return out;
}

/// static_terms as the accessor reads them: a flat_program of exactly their number, every stride constant.
template <std::size_t N, std::size_t C>
constexpr flat_program<N, 0> flatten_static(const static_terms<C>& t) noexcept {
  flat_program<N, 0> f;
  f.exact = true;
  for (std::size_t k = 0; k != N; ++k) {
    f.dimension[k] = t.dimension[k];
    f.divisor[k] = t.divisor[k];
    f.modulus[k] = t.modulus[k];
    f.stride_constant[k] = t.stride[k];
  }
  order_by_dimension(f);
  f.span_constant = t.span;
  return f;
}

/// The program of a tensor with static extents Ext: its layout's program (layout_program) evaluated for the
/// extents, or where that has none, the shape's own (own_static_terms); `ok` when either applies.
template <class Ext, class L, bool Static = Ext::rank_dynamic() == 0>
struct static_program {
  static constexpr bool ok = false;
};
template <class From, class L, index_t... E>
constexpr auto static_terms_of(Extents<E...>*) noexcept {
  if constexpr (!((E > 0) && ...)) {
    return static_terms<From::flat.term_count>{};
  } else if constexpr (From::usable) {
    const index_t e[] = {E..., 0};
    return specialize_program(From::flat, e, From::alignment);
  } else {
    return own_static_terms(tensor_shape_v<Extents<E...>, L>);
  }
}
template <class Ext, class L>
struct static_program<Ext, L, true> {
  using from = layout_program<L, Ext::rank()>;
  static constexpr auto terms = static_terms_of<from, L>(static_cast<Ext*>(nullptr));
  static constexpr bool ok = terms.ok;
  static constexpr auto program = flatten_static<terms.count>(terms);
};

/// The accessor's constants for a tensor: static_program where it applies, else the shape's own
/// (make_flat_program: '?' extents, or terms that static_program does not take).
template <class Ext, class L>
constexpr auto tensor_program() noexcept {
  if constexpr (static_program<Ext, L>::ok) {
    return static_program<Ext, L>::program;
  } else {
    return make_flat_program<tensor_shape_v<Ext, L>>();
  }
}

/// The layout issue of a tensor (error_id::none when valid); a tensor that static_program takes is valid
/// (its layout's program exists for every shape of its rank, or the shape's own program is exact, and its
/// span fits int64).
template <class Ext, class L>
constexpr error_id tensor_layout_issue() noexcept {
  if constexpr (static_program<Ext, L>::ok) {
    return error_id::none;
  } else {
    return find_layout_issue(tensor_shape_v<Ext, L>).id;
  }
}

/// The index program of a static tensor whose accessor program is not exact: compile_index_program's terms,
/// some of which read a sum of several dimensions (a tile that splits a '*' group across its members'
/// digits, f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}). Instantiated only for such tensors; `exact` false
/// where there is none (compile_index_program not exact, a dynamic extent).
template <class Ext, class L, bool Static = Ext::rank_dynamic() == 0>
struct combined_program {
  static constexpr index_program program{};
};
/// The terms by the last dimension they read (stable), the order the accessor adds them in: in a loop nest
/// over the dimensions the outer loops' part of the sum is then loop-invariant (as program.by_dimension).
constexpr index_program by_last_dimension(index_program p) noexcept {
  const auto last = [](const index_term& t) {
    std::size_t d = t.coefficients.size();
    while (d > 0 && t.coefficients[d - 1] == 0) --d;
    return d;
  };
  for (std::size_t i = 1; i < p.terms.size(); ++i) {
    for (std::size_t k = i; k > 0 && last(p.terms[k]) < last(p.terms[k - 1]); --k) {
      const index_term t = p.terms[k - 1];
      p.terms[k - 1] = p.terms[k];
      p.terms[k] = t;
    }
  }
  return p;
}
template <class Ext, class L>
struct combined_program<Ext, L, true> {
  static constexpr index_program program = by_last_dimension(compile_index_program(tensor_shape_v<Ext, L>));
};

/// The accessor of a combined_program tensor: each term's sum with its coefficients as constants (the zero
/// ones vanish), then its digit and stride. (Outside tensor_mapping, so that other tensors' classes do not
/// declare these members: each declaration costs every distinct tensor compile time and memory.)
template <class Ext, class L>
struct combined_access {
  template <std::size_t K>
  static constexpr index_t divisor = combined_program<Ext, L>::program.terms[K].divisor;
  template <std::size_t K>
  static constexpr index_t modulus = combined_program<Ext, L>::program.terms[K].modulus;
  template <std::size_t K>
  static constexpr index_t stride = combined_program<Ext, L>::program.terms[K].stride;
  template <std::size_t K, std::size_t D>
  static constexpr index_t coefficient = combined_program<Ext, L>::program.terms[K].coefficients[D];
  template <std::size_t K, std::size_t... D>
  XLAYOUT_HD XLAYOUT_FORCEINLINE static constexpr index_t combination(const index_t* idx,
                                                                      std::index_sequence<D...>) noexcept {
    return (index_t{0} + ... + (coefficient<K, D> * idx[D]));
  }
  template <std::size_t... D, std::size_t... K>
  XLAYOUT_HD XLAYOUT_FORCEINLINE static constexpr index_t offset(const index_t* idx,
                                                                 std::index_sequence<D...> dims,
                                                                 std::index_sequence<K...>) noexcept {
    return (index_t{0} + ... + (term_digit<divisor<K>, modulus<K>>(combination<K>(idx, dims)) * stride<K>));
  }
};

}  // namespace detail
template <class Ext, class L>
class tensor_mapping;
namespace detail {

/// A static tensor's shape with each '*' group its first tile merges made one dimension
/// (merge_dimensions_of), as a tensor_mapping: for_each walks a combined_program tensor through it.
template <class Ext, class L>
struct merged_tensor {
  static constexpr merged_dimensions value = merge_dimensions_of(tensor_shape_v<Ext, L>);
  template <std::size_t... K>
  static Extents<value.merged.dimensions[K]...> extents_of(std::index_sequence<K...>);
  using mapping = tensor_mapping<decltype(extents_of(std::make_index_sequence<value.merged.rank()>{})),
                                 layout_type<value.merged.layout>>;
  /// The merged dimension logical dimension D belongs to, and its weight inside it.
  template <std::size_t D>
  static constexpr auto group_of = static_cast<std::size_t>(value.group[D]);
  template <std::size_t D>
  static constexpr index_t weight_of = value.weight[D];
};

/// The span of a static tensor whose program is not exact (a constant, so device code can read it).
template <class Ext, class L>
inline constexpr index_t static_span_v = required_span_size(tensor_shape_v<Ext, L>);

template <class T>
struct is_extents : std::false_type {};
template <index_t... E>
struct is_extents<Extents<E...>> : std::true_type {};

}  // namespace detail

/// The index arithmetic of a tensor: extents (only the dynamic ones take space) and a layout type. Like a
/// std::mdspan layout mapping, it maps an index to a linear index (the position in the buffer, in elements).
template <class Ext, class L>
class tensor_mapping {
  static_assert(
      detail::is_extents<Ext>::value,
      "[xlayout:tensor_arguments] xlayout::tensor_mapping: the extents must be an xlayout::Extents<...>");
  static_assert(layout_like<L>,
                "[xlayout:tensor_arguments] xlayout::tensor_mapping: the layout must be a Layout<...> type");

 public:
  using extents_type = Ext;
  using layout_type = L;
  using index_type = index_t;
  /// The number of dimensions (a function, as on Shape, Layout, IndexingMap and Tensor).
  XLAYOUT_HD static constexpr std::size_t rank() noexcept { return Ext::rank(); }

  /// The shape with `?` for each dynamic extent (element type f32: only the layout matters here).
  static constexpr shape static_shape = detail::tensor_shape_v<Ext, L>;
  static_assert(raise_if_error<detail::tensor_layout_issue<Ext, L>(), 0>);
  /// The layout compiled for the accessor (detail::flat_program).
  static constexpr auto program = detail::tensor_program<Ext, L>();
  static constexpr bool exact = program.exact;
  /// True when the accessor is index arithmetic with constant coefficients, divisors and strides: an exact
  /// program, or (static extents) an index program whose terms read sums of dimensions, for a tile that
  /// splits a '*' group across its members' digits. False where the accessor calls linear_index.
  static constexpr bool compiled() noexcept {
    if constexpr (exact) {
      return true;
    } else {
      return detail::combined_program<Ext, L>::program.exact;
    }
  }
  static constexpr std::size_t term_count = decltype(program)::term_count;
  /// Bit d: a term of dimension d divides it or takes a modulus (a tile's digit), so the accessor tells the
  /// optimiser the index's range (shifts and masks for powers of two). Every dimension where the accessor is
  /// not the exact program.
  static constexpr std::uint32_t digit_dimensions = [] {
    std::uint32_t mask = exact ? 0u : ~0u;
    for (std::size_t k = 0; exact && k < term_count; ++k) {
      if (program.divisor[k] != 1 || program.modulus[k] != 0) mask |= 1u << program.dimension[k];
    }
    return mask;
  }();

  // The constants of term K, as scalars (device code can use them).
  template <std::size_t K>
  static constexpr std::size_t term_dimension = static_cast<std::size_t>(program.dimension[K]);
  template <std::size_t K>
  static constexpr index_t term_divisor = program.divisor[K];
  template <std::size_t K>
  static constexpr index_t term_modulus = program.modulus[K];
  template <std::size_t K>
  static constexpr index_t stride_constant = program.stride_constant[K];
  template <std::size_t K>
  static constexpr std::size_t stride_factor_count = program.factor_begin[K + 1] - program.factor_begin[K];
  template <std::size_t K, std::size_t F>
  static constexpr std::size_t stride_factor_dimension =
      static_cast<std::size_t>(program.factor_dimension[program.factor_begin[K] + F]);
  template <std::size_t K, std::size_t F>
  static constexpr index_t stride_factor_divisor = program.factor_divisor[program.factor_begin[K] + F];

  constexpr tensor_mapping() noexcept = default;
  XLAYOUT_HD constexpr explicit tensor_mapping(const Ext& e) noexcept : extents_(e) {
    if constexpr (Ext::rank_dynamic() > 0) {
      for (std::size_t d = 0; d < rank(); ++d) {
        XLAYOUT_EXPECTS(e.extent(d) >= 0, negative_dimension);
      }
      XLAYOUT_EXPECTS(span_fits(), span_overflow);
    }
  }

  XLAYOUT_HD constexpr const Ext& extents() const noexcept { return extents_; }
  XLAYOUT_HD constexpr index_t extent(std::size_t d) const noexcept { return extents_.extent(d); }
  XLAYOUT_HD static constexpr bool is_static() noexcept { return Ext::is_static(); }

  /// The shape with the run-time extents: what the run-time functions (linear_index, multi_index) take.
  constexpr shape runtime_shape() const noexcept {
    shape s = static_shape;
    for (std::size_t d = 0; d < rank(); ++d) {
      s.dimensions[d] = extent(d);
      s.dynamic_dimensions[d] = false;
    }
    return s;
  }

  /// The linear index of element (i, j, ...). Each index must be inside its dimension: a compile error for
  /// a static index or in a constant expression (naming index_out_of_range), XLAYOUT_EXPECTS otherwise
  /// (XLAYOUT_ASSERT's mechanism: the handler when assertions are on; in release builds an assumption,
  /// which lets the compiler turn division and modulo by powers of two into shifts and masks).
  template <index_like... I>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t operator()(I... i) const noexcept {
    static_assert(sizeof...(I) == rank(),
                  "[xlayout:index_rank_mismatch] xlayout::tensor_mapping: give one index per dimension (the "
                  "note shows: given == rank)");
    if constexpr (sizeof...(I) != rank()) {
      return 0;  // reported above
    } else {
      if constexpr ((static_index<I> || ...)) static_assert(static_indices_checked<I...>);
      const index_t idx[] = {detail::to_index(i)..., 0};
      if (__builtin_is_constant_evaluated()) {
        // Here, not deeper: the compile error's trace then names the indices in one line.
        for (std::size_t d = 0; d < rank(); ++d) {
          if (idx[d] < 0 || idx[d] >= extent(d)) index_out_of_range(idx[d], extent(d));
        }
      }
      return offset(idx);
    }
  }

  /// The linear index of the element whose indices are idx[0], ..., idx[rank-1] (same precondition).
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t offset(const index_t* idx) const noexcept {
    if (__builtin_is_constant_evaluated()) {
      for (std::size_t d = 0; d < rank(); ++d) {
        if (idx[d] < 0 || idx[d] >= extent(d)) index_out_of_range(idx[d], extent(d));
      }
    }
    return offset_of(idx, std::make_index_sequence<rank()>{}, std::make_index_sequence<term_count>{});
  }

  /// The linear index of the element with the n indices idx[0], ..., idx[n-1], or why there is none:
  /// index_rank_mismatch, index_out_of_range.
  XLAYOUT_HD constexpr result<index_t> checked_offset(const index_t* idx, std::size_t n) const noexcept {
    if (n != rank()) return error_id::index_rank_mismatch;
    for (std::size_t d = 0; d < rank(); ++d) {
      if (idx[d] < 0 || idx[d] >= extent(d)) return error_id::index_out_of_range;
    }
    return offset(idx);
  }
  constexpr result<index_t> checked_offset(std::span<const index_t> idx) const noexcept {
    return checked_offset(idx.data(), idx.size());
  }

  /// The stride of term K for these extents.
  template <std::size_t K>
  XLAYOUT_HD constexpr index_t stride() const noexcept {
    if constexpr (stride_factor_count<K> == 0) {
      return stride_constant<K>;
    } else {
      return stride_constant<K> * factors<K>(std::make_index_sequence<stride_factor_count<K>>{});
    }
  }

  /// Slots the laid-out array spans: tile padding, padded dimensions and L(n) tail padding included.
  XLAYOUT_HD constexpr index_t required_span_size() const noexcept {
    if constexpr (exact) {
      index_t n = span_product(std::make_index_sequence<program.factor_begin[term_count + 1] -
                                                        program.factor_begin[term_count]>{});
      constexpr index_t align = L::value.tail_padding_alignment_in_elements;
      if constexpr (align > 1) {
        if (n % align != 0) n += align - n % align;  // not (n + align - 1): that can leave int64 first
      }
      return n;
    } else if constexpr (is_static()) {
      return detail::static_span_v<Ext, L>;
    } else {
      return xlayout::required_span_size(runtime_shape());
    }
  }

  /// True when required_span_size() fits in int64 (for '?' extents the constructor's precondition, which
  /// names span_overflow; static extents are checked when the type is made).
  XLAYOUT_HD constexpr bool span_fits() const noexcept {
    if constexpr (exact) {
      return span_product_fits(std::make_index_sequence<program.factor_begin[term_count + 1] -
                                                        program.factor_begin[term_count]>{});
    } else if constexpr (is_static()) {
      return true;
    } else {
#if defined(__CUDA_ARCH__)
      return true;  // device code reads exact programs only
#else
      return checked_required_span_size(runtime_shape()).has_value();
#endif
    }
  }

  /// The number of elements (the product of the extents).
  XLAYOUT_HD constexpr index_t size() const noexcept {
    index_t n = 1;
    for (std::size_t d = 0; d < rank(); ++d) n *= extent(d);
    return n;
  }

  /// True when every position of the span holds an element (no tile padding, padded dimensions or L(n)).
  XLAYOUT_HD constexpr bool is_exhaustive() const noexcept { return required_span_size() == size(); }
  /// Layouts are injective: distinct elements never share a position.
  static constexpr bool is_unique() noexcept { return true; }
  /// True when linear_index(e) = sum_d e[d] * stride(d) (for these extents).
  constexpr bool is_strided() const noexcept {
    if constexpr (is_static()) {
      return xlayout::is_strided(static_shape);
    } else {
      return xlayout::is_strided(runtime_shape());
    }
  }
  /// The stride of dimension d, in elements. @pre is_strided()
  constexpr index_t stride(std::size_t d) const noexcept {
    auto s = xlayout::strides(runtime_shape());
    XLAYOUT_EXPECTS(s.has_value(), not_strided);
    return s.has_value() ? s.value_[d] : 0;
  }

  friend constexpr bool operator==(const tensor_mapping& a, const tensor_mapping& b) noexcept {
    return a.extents_ == b.extents_;
  }

 private:
  // basic_tensor's accessor calls offset_of directly: a function fewer for the compiler per tensor.
  template <class, class, class>
  friend class basic_tensor;
  template <class... I, std::size_t... D>
  XLAYOUT_HD static constexpr void check_static_indices(std::index_sequence<D...>) noexcept {
    (check_static_index<D, I>(), ...);
  }
  template <std::size_t D, class I>
  XLAYOUT_HD static constexpr void check_static_index() noexcept {
    if constexpr (static_index<I> && Ext::static_extent(D) != dyn) {
      static_assert(
          0 <= I::value && static_cast<index_t>(I::value) < Ext::static_extent(D),
          "[xlayout:index_out_of_range] xlayout::Tensor: a static index is outside its dimension (the "
          "note shows: 0 <= index && index < extent)");
    }
  }

  // The accessor's arithmetic in one function per tensor (each function the compiler instantiates costs it
  // a pass through its optimiser, however small: a tensor's accessor used to be about fifteen). Terms read
  // their digits through term_digit, which tensors share.
  template <std::size_t... D, std::size_t... K>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t offset_of(const index_t* idx, std::index_sequence<D...>,
                                                             std::index_sequence<K...>) const noexcept {
    if (!__builtin_is_constant_evaluated()) {
#if defined(XLAYOUT_ENABLE_ASSERTS) && XLAYOUT_ENABLE_ASSERTS
      if constexpr (Ext::rank_dynamic() == 0) {
        if (!((static_cast<std::uint64_t>(idx[D]) < static_cast<std::uint64_t>(static_extent_of<D>)) &&
              ...)) {
#if defined(__CUDA_ARCH__)
          const index_t e[] = {static_extent_of<D>..., 0};
#else
          const index_t* e = detail::static_extent_list<static_extent_of<D>...>;
#endif
          detail::index_out_of_range_failed(__FILE__, __LINE__, idx, e, sizeof...(D));
        }
      } else {
        detail::expect_in_range(idx, extents_, std::index_sequence<D...>{});
      }
#else
      // One assumption per dimension whose digits divide (see detail::expect_in_range), with static extents
      // as constants. Not for a dimension that is only multiplied by a stride: there it turns nothing into
      // shifts, and clang 19 read `s(i, j)` of a row-major tensor, in a for_each callback that it unrolled,
      // as disjoint bits (adds made ors) and vectorised one row in eight: 12.9 times a hand-written relayout.
      if constexpr (Ext::rank_dynamic() == 0) {
        ((((digit_dimensions >> D) & 1u) != 0 ? detail::assume_in_range(idx[D], static_extent_of<D>)
                                              : void()),
         ...);
      } else {
        ((((digit_dimensions >> D) & 1u) != 0 ? detail::assume_in_range(idx[D], extents_.extent(D)) : void()),
         ...);
      }
#endif
    }
    // The terms are added a dimension at a time (program.by_dimension), so that in a loop nest over the
    // dimensions the outer dimensions' part of the sum is loop-invariant: the compilers then hoist it, and
    // the innermost loop computes only its own dimension's digits. Horner's form over the memory order,
    // ((v0 * r1 + v1) * r2 + v2) * ..., interleaves the dimensions and executed up to 17% more instructions
    // per element on tiled layouts (g++ 12 and clang 19: bench/cute/instructions.sh).
    if constexpr (exact && static_strides) {
      return (
          index_t{0} + ... +
          (detail::term_digit<term_divisor<program.by_dimension[K]>, term_modulus<program.by_dimension[K]>>(
               idx[term_dimension<program.by_dimension[K]>]) *
           stride_constant<program.by_dimension[K]>));
    } else if constexpr (exact) {
      return sum_terms(idx, std::index_sequence<K...>{});
    } else if constexpr (detail::combined_program<Ext, L>::program.exact) {
      return detail::combined_access<Ext, L>::offset(
          idx, std::index_sequence<D...>{},
          std::make_index_sequence<detail::combined_program<Ext, L>::program.terms.size()>{});
    } else {
      return fallback_offset(idx);
    }
  }
  template <std::size_t D>
  static constexpr index_t static_extent_of = Ext::static_extent(D);

  // Every stride a constant (no dynamic extent below a term).
  static constexpr bool static_strides = program.factor_begin[term_count] == 0;
  template <std::size_t... K>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t sum_terms([[maybe_unused]] const index_t* idx,
                                                             std::index_sequence<K...>) const noexcept {
    return (index_t{0} + ... +
            (detail::term_digit<term_divisor<program.by_dimension[K]>, term_modulus<program.by_dimension[K]>>(
                 idx[term_dimension<program.by_dimension[K]>]) *
             stride<program.by_dimension[K]>()));
  }
  template <std::size_t K, std::size_t... F>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t factors(std::index_sequence<F...>) const noexcept {
    return (index_t{1} * ... * ceil_extent<stride_factor_dimension<K, F>, stride_factor_divisor<K, F>>());
  }
  template <std::size_t D, index_t T>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t ceil_extent() const noexcept {
    using U = std::uint64_t;
    if constexpr (T == 1) {
      return extent(D);
    } else {
      return static_cast<index_t>((static_cast<U>(extent(D)) + static_cast<U>(T - 1)) / static_cast<U>(T));
    }
  }
  template <std::size_t F>
  static constexpr std::size_t span_factor_dimension =
      static_cast<std::size_t>(program.factor_dimension[program.factor_begin[term_count] + F]);
  template <std::size_t F>
  static constexpr index_t span_factor_divisor = program.factor_divisor[program.factor_begin[term_count] + F];
  template <std::size_t... F>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t span_product(std::index_sequence<F...>) const noexcept {
    return (program_span_constant * ... * ceil_extent<span_factor_dimension<F>, span_factor_divisor<F>>());
  }
  static constexpr index_t program_span_constant = program.span_constant;
  /// span_product without overflow: a factor 0 makes the span 0 whatever the others; L(n) rounds up exactly
  /// (what required_span_size computes, checked).
  template <std::size_t... F>
  XLAYOUT_HD constexpr bool span_product_fits(std::index_sequence<F...>) const noexcept {
    const index_t factors[] = {ceil_extent<span_factor_dimension<F>, span_factor_divisor<F>>()..., 1};
    for (const index_t f : factors) {
      if (f == 0) return true;
    }
    checked_index n{program_span_constant, true};
    for (const index_t f : factors) n = n.ok ? checked_mul(n.value, f) : n;
    constexpr index_t align = L::value.tail_padding_alignment_in_elements;
    if constexpr (align > 1) {
      if (n.ok && n.value % align != 0) n = checked_add(n.value, align - n.value % align);
    }
    return n.ok;
  }

  constexpr index_t fallback_offset(const index_t* idx) const noexcept {
    index_vector v;
    for (std::size_t d = 0; d < rank(); ++d) v.push_back(idx[d]);
    if constexpr (is_static()) {
      return xlayout::linear_index(static_shape, v);
    } else {
      return xlayout::linear_index(runtime_shape(), v);
    }
  }

  // Not constexpr: the index check calls it in a constant expression, so the compile error names the rule
  // (in the file that holds the check: g++ then adds no include chain to its note).
  XLAYOUT_HD static void index_out_of_range(index_t /*index*/, index_t /*extent*/) noexcept {}

  [[no_unique_address]] Ext extents_;

 public:
  /// True once the indices of types I... (integral constants among them) have been checked against the
  /// static extents (a compile error naming index_out_of_range for one outside). A constant, so that the
  /// check generates no code.
  template <class... I>
  static constexpr bool static_indices_checked =
      (check_static_indices<I...>(std::make_index_sequence<rank()>{}), true);
};

}  // namespace XLAYOUT_NAMESPACE
