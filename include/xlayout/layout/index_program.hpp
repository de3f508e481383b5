// include/xlayout/layout/index_program.hpp: a layout compiled into a flat sum of terms
//   linear_index(e) = sum over terms of ((sum_d c_d * e_d) / divisor mod modulus) * stride,
// the arithmetic a careful person writes by hand for a tiled layout. Accessors evaluate it with constant
// terms; is_strided and strides read it. Compilation follows every tile as a mixed-radix digit split and
// reports `exact = false` when a split does not line up with the digits (then use linear_index).
#pragma once
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/layout/tiling.hpp>
#include <xlayout/layout/validate.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {

/// One term: ((sum_d coefficients[d] * e[d]) / divisor mod modulus) * stride; modulus 0 = no modulo.
struct index_term {
  static_vector<index_t, XLAYOUT_MAX_RANK> coefficients;  // one per logical dimension
  index_t divisor = 1;
  index_t modulus = 0;
  index_t stride = 1;

  /// The single logical dimension the term reads, or -1 when it combines several.
  constexpr index_t single_dimension() const noexcept {
    index_t found = -1;
    for (std::size_t d = 0; d < coefficients.size(); ++d) {
      if (coefficients[d] == 0) continue;
      if (found >= 0 || coefficients[d] != 1) return -1;
      found = static_cast<index_t>(d);
    }
    return found;
  }
  friend constexpr bool operator==(const index_term&, const index_term&) = default;
};

/// A layout compiled to terms. `exact` is false when the layout could not be expressed this way.
struct index_program {
  static_vector<index_term, max_tiled_rank> terms;
  bool exact = false;

  /// Evaluates the program (it must be exact).
  template <class Index>
  XLAYOUT_HD constexpr index_t operator()(const Index& e) const noexcept {
    index_t lin = 0;
    for (const index_term& t : terms) {
      index_t v = 0;
      for (std::size_t d = 0; d < t.coefficients.size(); ++d)
        v += t.coefficients[d] * static_cast<index_t>(e[d]);
      if (t.divisor != 1) v /= t.divisor;
      if (t.modulus != 0) v %= t.modulus;
      lin += v * t.stride;
    }
    return lin;
  }
};

namespace detail {

/// A mixed-radix digit of a tiled dimension's index: ((lc) / divisor mod modulus), value in [0, radix).
struct program_digit {
  static_vector<index_t, XLAYOUT_MAX_RANK> coefficients;
  index_t divisor = 1;
  index_t modulus = 0;
  index_t radix = 1;
  index_t max_value = 0;  // the largest value the digit takes (<= radix - 1)
};
/// The digits of one dimension, least significant first.
using digit_list = static_vector<program_digit, max_tiled_rank>;

/// The largest value of sum_d c_d * e_d over the shape (coefficients are non-negative here).
constexpr index_t max_combination(const shape& s,
                                  const static_vector<index_t, XLAYOUT_MAX_RANK>& c) noexcept {
  index_t m = 0;
  for (std::size_t d = 0; d < c.size(); ++d) m += c[d] * (laid_out_extent(s, d) - 1);
  return m;
}

/// Drops a modulo that never wraps and recomputes the digit's largest value.
constexpr void tidy(const shape& s, program_digit& g) noexcept {
  index_t top = max_combination(s, g.coefficients) / g.divisor;
  if (g.modulus != 0 && top < g.modulus) g.modulus = 0;
  g.max_value = g.modulus != 0 ? g.modulus - 1 : top;
}

/// Splits a dimension's digits by tile size t into (inner = value mod t, outer = value / t).
/// Returns false when the split does not line up with the digits.
constexpr bool split_digits(const shape& s, const digit_list& x, index_t t, digit_list& outer,
                            digit_list& inner) noexcept {
  outer.clear();
  inner.clear();
  index_t product = 1;
  std::size_t k = 0;
  for (; k < x.size(); ++k) {
    if (product == t) break;
    const program_digit& g = x[k];
    const bool top = k + 1 == x.size();
    if (g.radix == 0) return false;  // a zero-sized dimension: no element to compile for (f32[0]{0:T(*,4)})
    if (t % product != 0) return false;
    const index_t u = t / product;  // what is left of t to take from this digit
    if (u >= g.radix && !(top && u > g.radix) && u % g.radix == 0) {  // the whole digit goes inside
      inner.push_back(g);
      product *= g.radix;
      continue;
    }
    if (top && g.max_value < u) {  // the top digit fits inside the remaining tile: all of it is inner
      program_digit whole = g;
      whole.radix = u;  // it occupies the rest of the tile, padding included
      inner.push_back(whole);
      product = t;
      ++k;
      break;
    }
    // Splitting the digit into (value mod u, value / u) keeps the digit form only when u divides the
    // digit's period, and, below the top digit, the slots it occupies.
    if ((g.modulus != 0 && g.modulus % u != 0) || (!top && g.radix % u != 0)) return false;
    program_digit low = g, high = g;
    low.modulus = u;
    low.radix = u;
    const checked_index divisor = checked_mul(g.divisor, u);
    if (!divisor.ok) return false;
    high.divisor = divisor.value;
    high.modulus = g.modulus == 0 ? 0 : g.modulus / u;
    high.radix = g.radix / u + (g.radix % u != 0 ? 1 : 0);  // ceil(radix / u): radix + u - 1 may overflow
    tidy(s, low);
    tidy(s, high);
    inner.push_back(low);
    outer.push_back(high);
    product = t;
    ++k;
    break;
  }
  for (; k < x.size(); ++k) outer.push_back(x[k]);
  // Keep the invariant that a dimension's digit radices multiply to its size: slots that hold only tile
  // padding get a digit that is always 0. The products are checked: next to a dimension of size 0 the
  // others may multiply past int64 (f32[0,8,2^62,2,10]{...:T(*,*,*,2,3)}: 2 * 2^62; fuzz shape_text), and
  // the program is then not exact.
  const auto radix_product = [](const digit_list& l, index_t& out) {
    out = 1;
    for (const program_digit& g : l) {
      const checked_index p = checked_mul(out, g.radix);
      if (!p.ok) return false;
      out = p.value;
    }
    return true;
  };
  index_t slots = 1, inner_slots = 1, outer_slots = 1;
  if (!radix_product(x, slots) || !radix_product(inner, inner_slots) || !radix_product(outer, outer_slots))
    return false;
  const auto pad = [&](digit_list& l, index_t have, index_t want) {
    if (have == want) return true;
    if (have > want || want % have != 0) return false;
    program_digit filler;
    filler.coefficients.resize(s.rank());
    filler.radix = want / have;
    return l.try_push_back(filler);
  };
  return pad(inner, inner_slots, t) && pad(outer, outer_slots, ceil_div(slots, t));
}

/// Merges a low digit and the next digit of the same combination when they sit next to each other in
/// memory: (x/q mod m)*s + (x/(q*m) mod m2)*(s*m) == (x/q mod m*m2)*s. (j/128)*128 + j mod 128 becomes j.
constexpr void coalesce_terms(const shape& s, index_program& prog) noexcept {
  bool changed = true;
  while (changed) {
    changed = false;
    for (std::size_t a = 0; a < prog.terms.size() && !changed; ++a) {
      for (std::size_t b = 0; b < prog.terms.size() && !changed; ++b) {
        index_term& lo = prog.terms[a];
        const index_term& hi = prog.terms[b];
        if (a == b || lo.modulus == 0 || !(lo.coefficients == hi.coefficients)) continue;
        // Checked: a product that leaves int64 is no digit's divisor or stride (and no merged modulus).
        const checked_index div = checked_mul(lo.divisor, lo.modulus);
        const checked_index str = checked_mul(lo.stride, lo.modulus);
        if (!div.ok || !str.ok || hi.divisor != div.value || hi.stride != str.value) continue;
        const checked_index mod = checked_mul(lo.modulus, hi.modulus);
        if (hi.modulus != 0 && !mod.ok) continue;
        lo.modulus = hi.modulus == 0 ? 0 : mod.value;
        if (lo.modulus != 0 && max_combination(s, lo.coefficients) / lo.divisor < lo.modulus) lo.modulus = 0;
        prog.terms.erase(b);
        changed = true;
      }
    }
  }
}

/// One dimension of the shape being tiled, as compile_index_program follows it: its digits (least
/// significant first; their radices multiply to the size) and its size.
struct sized_digits {
  digit_list digits;
  index_t size = 1;
};

/// The tile step's number kind for index programs (layout/tiling.hpp's apply_tile): merging a '*' group
/// puts the more-minor dimension's digits below the major one's, splitting by a tile size is split_digits
/// (which fails where the split does not line up with the digits: the program is then not exact).
struct digit_arithmetic {
  using value_type = sized_digits;
  const shape& s;

  constexpr sized_digits unit() const noexcept {
    program_digit one;
    one.coefficients.resize(s.rank());
    one.radix = 1;
    sized_digits u;
    u.digits.push_back(one);
    return u;
  }
  constexpr bool merge(sized_digits& major, const sized_digits& minor) const noexcept {
    digit_list merged = minor.digits;  // the most-minor member's digits are least significant
    for (const program_digit& g : major.digits) {
      if (!merged.try_push_back(g)) return false;
    }
    const checked_index ms = checked_mul(major.size, minor.size);
    if (!ms.ok) return false;  // inexact: linear_index handles it (span_overflow)
    major.digits = merged;
    major.size = ms.value;
    return true;
  }
  constexpr bool split(const sized_digits& merged, index_t t, sized_digits& count,
                       sized_digits& within) const noexcept {
    count = sized_digits{};
    within = sized_digits{};
    if (!split_digits(s, merged.digits, t, count.digits, within.digits)) return false;
    count.size = ceil_div(merged.size, t);
    within.size = t;
    return true;
  }
};

}  // namespace detail

/// Compiles the layout of a static, valid shape into terms. Not exact (use linear_index) when a tile
/// splits a combined group or a digit in a way that does not line up, e.g. T(*,3) over [2,5].
constexpr index_program compile_index_program(const shape& s) noexcept {
  index_program prog;
  if (!is_static(s) || find_layout_issue(s)) return prog;
  using detail::program_digit;
  static_vector<detail::sized_digits, max_tiled_rank> dims;  // the current dimensions, major first
  for (std::size_t j = 0; j < s.rank(); ++j) {
    const std::size_t d = detail::physical_to_logical(s, j);
    program_digit g;
    g.coefficients.resize(s.rank());
    g.coefficients[d] = 1;
    g.radix = laid_out_extent(s, d);
    detail::tidy(s, g);
    detail::sized_digits x;
    x.digits.push_back(g);
    x.size = laid_out_extent(s, d);
    dims.push_back(x);
  }
  detail::digit_arithmetic k{s};
  if (!detail::apply_tiles(k, dims, s.layout)) return prog;
  // Row-major strides of the tiled shape, then each digit's weight inside its dimension. Checked: a shape
  // with a zero-sized dimension has span 0 however large the others are, and their strides may still
  // overflow; such a program is not exact (linear_index and strides() then answer).
  index_t stride = 1;
  for (std::size_t i = dims.size(); i-- > 0;) {
    index_t weight = 1;
    for (const program_digit& g : dims[i].digits) {
      if (g.max_value > 0) {
        index_term term;
        term.coefficients = g.coefficients;
        term.divisor = g.divisor;
        term.modulus = g.modulus;
        const checked_index ts = checked_mul(weight, stride);
        if (!ts.ok) return prog;
        term.stride = ts.value;
        if (!prog.terms.try_push_back(term)) return prog;
      }
      const checked_index w = checked_mul(weight, g.radix);
      if (!w.ok) return prog;
      weight = w.value;
    }
    const checked_index st = checked_mul(stride, dims[i].size);
    if (!st.ok) return prog;
    stride = st.value;
  }
  detail::coalesce_terms(s, prog);
  prog.exact = true;
  return prog;
}

/// True when linear_index(e) == sum_d e[d] * stride[d] for every element (no tiling that reorders,
/// or tiles that leave the order unchanged; padded_dimensions are strided).
constexpr bool is_strided(const shape& s) noexcept {
  const index_program p = compile_index_program(s);
  if (!p.exact) return false;
  for (const index_term& t : p.terms) {
    if (t.single_dimension() < 0 || t.divisor != 1 || t.modulus != 0) return false;
  }
  return true;
}

/// The stride of each logical dimension, in elements, for a strided layout; error otherwise
/// (dynamic_dimension, or not_strided).
constexpr result<index_vector> strides(const shape& s) noexcept {
  if (!is_static(s)) return error_id::dynamic_dimension;
  if (!is_strided(s)) return error_id::not_strided;
  index_vector out;
  out.resize(s.rank());
  for (const index_term& t : compile_index_program(s).terms)
    out[static_cast<std::size_t>(t.single_dimension())] += t.stride;
  // A dimension of size 1 contributes no term and any stride fits it; give it XLA's: the stride of the
  // next more-minor dimension times that dimension's extent.
  index_t next = 1;
  for (index_t d : s.layout.minor_to_major) {
    const auto i = static_cast<std::size_t>(d);
    if (out[i] == 0) out[i] = next;
    const checked_index n = checked_mul(out[i], laid_out_extent(s, i));
    next = n.ok ? n.value : index_max;  // only a stride of a later size-1 dimension reads it
  }
  return out;
}

}  // namespace XLAYOUT_NAMESPACE
