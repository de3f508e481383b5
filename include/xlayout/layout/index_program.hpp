// include/xlayout/layout/index_program.hpp: a layout compiled into a flat sum of terms
//   linear_index(e) = sum over terms of ((sum_d c_d * e_d) / divisor mod modulus) * stride,
// the arithmetic a careful person writes by hand for a tiled layout. Accessors evaluate it with constant
// terms; is_strided and strides read it. Compilation follows every tile as a mixed-radix digit split and
// reports `exact = false` when a split does not line up with the digits (then use linear_index). Also here:
// the canonical offset form built from it (the slot as a mixed-radix function of the row-major position),
// which is_strided reads where the program is not exact and is_bitcast (bitcast.hpp) compares.
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

/// A mixed-radix digit of a tiled dimension's index: (e[dim] / divisor mod modulus), value in [0, radix);
/// dim -1 for a digit that is always 0 (a slot of tile padding). Following the tiles digit by digit, a digit
/// only ever reads one logical dimension: a '*' puts whole digits side by side, and a tile cuts a digit
/// into two of the same dimension.
struct program_digit {
  index_t dim = -1;
  index_t divisor = 1;
  index_t modulus = 0;
  index_t radix = 1;
  index_t max_value = 0;  // the largest value the digit takes (<= radix - 1)
};

/// The largest value of sum_d c_d * e_d over the shape (coefficients are non-negative here).
constexpr index_t max_combination(const shape& s,
                                  const static_vector<index_t, XLAYOUT_MAX_RANK>& c) noexcept {
  index_t m = 0;
  for (std::size_t d = 0; d < c.size(); ++d) m += c[d] * (laid_out_extent(s, d) - 1);
  return m;
}

/// Drops a modulo that never wraps and recomputes the digit's largest value.
constexpr void tidy(const shape& s, program_digit& g) noexcept {
  const index_t top = g.dim < 0 ? 0 : (laid_out_extent(s, static_cast<std::size_t>(g.dim)) - 1) / g.divisor;
  if (g.modulus != 0 && top < g.modulus) g.modulus = 0;
  g.max_value = g.modulus != 0 ? g.modulus - 1 : top;
}

/// The digits of every dimension being tiled, in one array: each dimension owns a run of it (sized_digits).
/// Sized for what realistic layouts need, not for every dimension holding the most digits any can: that
/// was 60 x 60 digits, 490 KB of stack for one compilation (an audit on a Cortex-M4). A layout that needs
/// more gets an inexact program (linear_index answers).
inline constexpr std::size_t digit_pool_capacity = 2 * max_tiled_rank;
struct digit_pool {
  program_digit digits[digit_pool_capacity]{};
  std::size_t used = 0;
};

/// One dimension of the shape being tiled, as compile_tiled_program follows it: its digits (least
/// significant first; their radices multiply to the size), digits [first, first + count) of the pool, and
/// its size.
struct sized_digits {
  std::size_t first = 0;
  std::size_t count = 0;
  index_t size = 1;
};

/// Splits digits x of the pool by tile size t into (inner = value mod t, outer = value / t), appended to the
/// pool. Returns false when the split does not line up with the digits, or the pool is full.
constexpr bool split_digits(const shape& s, digit_pool& pool, const sized_digits& x, index_t t,
                            sized_digits& outer, sized_digits& inner) noexcept {
  // inner takes at most x.count + 1 digits (a filler), outer as many; outer moves down after inner below.
  if (pool.used + 2 * (x.count + 1) > digit_pool_capacity) return false;
  inner = {pool.used, 0, 0};
  outer = {pool.used + x.count + 1, 0, 0};
  const auto push = [&](sized_digits& l, const program_digit& g) { pool.digits[l.first + l.count++] = g; };
  index_t product = 1;
  std::size_t k = 0;
  for (; k < x.count; ++k) {
    if (product == t) break;
    const program_digit g = pool.digits[x.first + k];
    const bool top = k + 1 == x.count;
    if (g.radix == 0) return false;  // a zero-sized dimension: no element to compile for (f32[0]{0:T(*,4)})
    if (t % product != 0) return false;
    const index_t u = t / product;  // what is left of t to take from this digit
    if (u >= g.radix && !(top && u > g.radix) && u % g.radix == 0) {  // the whole digit goes inside
      push(inner, g);
      product *= g.radix;
      continue;
    }
    if (top && g.max_value < u) {  // the top digit fits inside the remaining tile: all of it is inner
      program_digit whole = g;
      whole.radix = u;  // it occupies the rest of the tile, padding included
      push(inner, whole);
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
    push(inner, low);
    push(outer, high);
    product = t;
    ++k;
    break;
  }
  for (; k < x.count; ++k) push(outer, pool.digits[x.first + k]);
  // Keep the invariant that a dimension's digit radices multiply to its size: slots that hold only tile
  // padding get a digit that is always 0. The products are checked: next to a dimension of size 0 the
  // others may multiply past int64 (f32[0,8,2^62,2,10]{...:T(*,*,*,2,3)}: 2 * 2^62; fuzz shape_text), and
  // the program is then not exact.
  const auto radix_product = [&](const sized_digits& l, index_t& out) {
    out = 1;
    for (std::size_t i = 0; i < l.count; ++i) {
      const checked_index p = checked_mul(out, pool.digits[l.first + i].radix);
      if (!p.ok) return false;
      out = p.value;
    }
    return true;
  };
  index_t slots = 1, inner_slots = 1, outer_slots = 1;
  if (!radix_product(x, slots) || !radix_product(inner, inner_slots) || !radix_product(outer, outer_slots))
    return false;
  const auto pad = [&](sized_digits& l, index_t have, index_t want) {
    if (have == want) return true;
    if (have > want || want % have != 0) return false;
    program_digit filler;
    filler.radix = want / have;
    push(l, filler);
    return true;
  };
  if (!pad(inner, inner_slots, t) || !pad(outer, outer_slots, ceil_div(slots, t))) return false;
  // Outer's digits right after inner's, and the pool's end after them.
  const std::size_t to = inner.first + inner.count;
  for (std::size_t i = 0; i < outer.count; ++i) pool.digits[to + i] = pool.digits[outer.first + i];
  outer.first = to;
  pool.used = to + outer.count;
  return true;
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

/// The tile step's number kind for index programs (layout/tiling.hpp's apply_tile): merging a '*' group
/// puts the more-minor dimension's digits below the major one's, splitting by a tile size is split_digits
/// (which fails where the split does not line up with the digits: the program is then not exact). Every
/// result is a new run at the end of the pool; compile_tiled_program compacts the pool between tiles.
struct digit_arithmetic {
  using value_type = sized_digits;
  const shape& s;
  digit_pool& pool;
  bool full = false;  // unit() found no room: the program is not exact

  constexpr sized_digits unit() noexcept {
    if (pool.used == digit_pool_capacity) {
      full = true;
      return {};
    }
    pool.digits[pool.used] = program_digit{};  // reads nothing, radix 1
    return {pool.used++, 1, 1};
  }
  constexpr bool merge(sized_digits& major, const sized_digits& minor) noexcept {
    if (full || pool.used + major.count + minor.count > digit_pool_capacity) return false;
    const checked_index ms = checked_mul(major.size, minor.size);
    if (!ms.ok) return false;  // inexact: linear_index handles it (span_overflow)
    const std::size_t first = pool.used;
    // The most-minor member's digits are least significant.
    for (std::size_t i = 0; i < minor.count; ++i) pool.digits[pool.used++] = pool.digits[minor.first + i];
    for (std::size_t i = 0; i < major.count; ++i) pool.digits[pool.used++] = pool.digits[major.first + i];
    major = {first, minor.count + major.count, ms.value};
    return true;
  }
  constexpr bool split(const sized_digits& merged, index_t t, sized_digits& count,
                       sized_digits& within) noexcept {
    if (full || !split_digits(s, pool, merged, t, count, within)) return false;
    count.size = ceil_div(merged.size, t);
    within.size = t;
    return true;
  }
};

/// Moves the runs of `dims` to the start of the pool, in order, dropping what earlier steps left behind.
template <std::size_t N>
constexpr void compact(digit_pool& pool, static_vector<sized_digits, N>& dims) noexcept {
  std::size_t to = 0;
  // The runs do not overlap; taken in the order they lie in the pool, each moves down (or stays).
  for (std::size_t done = 0; done < dims.size(); ++done) {
    std::size_t next = dims.size();
    for (std::size_t i = 0; i < dims.size(); ++i) {
      if (dims[i].first >= to && dims[i].count > 0 &&
          (next == dims.size() || dims[i].first < dims[next].first))
        next = i;
    }
    if (next == dims.size()) break;
    sized_digits& d = dims[next];
    for (std::size_t i = 0; i < d.count; ++i) pool.digits[to + i] = pool.digits[d.first + i];
    d.first = to;
    to += d.count;
  }
  pool.used = to;
}

}  // namespace detail

namespace detail {
/// compile_index_program without its second attempt: the tiles followed digit by digit, each term one
/// logical dimension's digit (what the canonical offset form reads). Not exact where a tile splits a
/// combined group or a digit in a way that does not line up, e.g. T(*,3) over [2,5]. Written into `prog`
/// (its terms are cleared first): the callers keep one program, not a copy per step (a program is 7.7 KB,
/// and these functions also run on microcontrollers' stacks).
constexpr void compile_tiled_program_into(const shape& s, index_program& prog) noexcept {
  prog.terms.clear();
  prog.exact = false;
  if (!is_static(s) || find_layout_issue(s)) return;
  using detail::program_digit;
  detail::digit_pool pool;
  static_vector<detail::sized_digits, max_tiled_rank> dims;  // the current dimensions, major first
  for (std::size_t j = 0; j < s.rank(); ++j) {
    const std::size_t d = detail::physical_to_logical(s, j);
    program_digit g;
    g.dim = static_cast<index_t>(d);
    g.radix = laid_out_extent(s, d);
    detail::tidy(s, g);
    pool.digits[pool.used] = g;
    dims.push_back({pool.used++, 1, laid_out_extent(s, d)});
  }
  detail::digit_arithmetic k{s, pool};
  for (const tile& t : s.layout.tiles) {
    detail::compact(pool, dims);
    if (!detail::apply_tile(k, dims, t) || k.full) return;
  }
  // Row-major strides of the tiled shape, then each digit's weight inside its dimension. Checked: a shape
  // with a zero-sized dimension has span 0 however large the others are, and their strides may still
  // overflow; such a program is not exact (linear_index and strides() then answer).
  index_t stride = 1;
  for (std::size_t i = dims.size(); i-- > 0;) {
    index_t weight = 1;
    for (std::size_t n = 0; n < dims[i].count; ++n) {
      const program_digit& g = pool.digits[dims[i].first + n];
      if (g.max_value > 0) {
        index_term term;
        term.coefficients.resize(s.rank());
        term.coefficients[static_cast<std::size_t>(g.dim)] = 1;
        term.divisor = g.divisor;
        term.modulus = g.modulus;
        const checked_index ts = checked_mul(weight, stride);
        if (!ts.ok) return;
        term.stride = ts.value;
        if (!prog.terms.try_push_back(term)) return;
      }
      const checked_index w = checked_mul(weight, g.radix);
      if (!w.ok) return;
      weight = w.value;
    }
    const checked_index st = checked_mul(stride, dims[i].size);
    if (!st.ok) return;
    stride = st.value;
  }
  detail::coalesce_terms(s, prog);
  prog.exact = true;
}
constexpr index_program compile_tiled_program(const shape& s) noexcept {
  index_program prog;
  compile_tiled_program_into(s, prog);
  return prog;
}

// --- The canonical offset form (is_strided here; is_bitcast and physical_equivalent in bitcast.hpp) -------

/// One digit of a canonical offset form: ((x / weight) mod radix) * stride, where x is the row-major
/// position p for a full digit, and the variable of its group for a digit of a bounded group. A bounded
/// group (`bound` > 0 on each of its digits, `first` on its least significant one) is a variable in
/// [0, bound) whose digits' radices multiply to more than `bound`: a tile that does not divide its
/// dimension leaves padding between the elements that no plain digit describes.
struct offset_digit {
  index_t radix = 1;
  index_t stride = 0;
  index_t bound = 0;
  bool first = false;
  friend constexpr bool operator==(const offset_digit&, const offset_digit&) = default;
};

/// The slot of every element as a function of its logical row-major position p, in a canonical
/// mixed-radix form: digits least significant first; digits that continue each other (stride * radix ==
/// the next stride) merged, digits of radix 1 dropped, the top digit of a bounded group cut to the values
/// it takes, the low digits of a bounded group that divide its bound split off, and a full digit just below
/// a bounded group that continues it absorbed into it. Two layouts put every element at the same slot iff
/// their forms are equal (forms with `exact` false say nothing: the index program was not exact).
struct offset_form {
  static_vector<offset_digit, max_tiled_rank> digits;
  bool exact = false;
  friend constexpr bool operator==(const offset_form&, const offset_form&) = default;
};

/// Appends a full digit, merged into the digit below when that is a full digit it continues.
constexpr void append_full_digit(offset_form& f, index_t radix, index_t stride) noexcept {
  if (radix <= 1) return;
  if (!f.digits.empty() && f.digits.back().bound == 0) {
    offset_digit& last = f.digits.back();
    const checked_index next = checked_mul(last.stride, last.radix);
    if (next.ok && next.value == stride) {
      last.radix *= radix;  // <= the element count: fits
      return;
    }
  }
  f.digits.push_back({radix, stride, 0, false});
}

/// Appends the digits `g` (least significant first, at least two, radices > 1) of a variable in
/// [0, bound), bound < their product, absorbing a full digit below that continues the lowest one.
constexpr void append_bounded_group(offset_form& f, static_vector<offset_digit, max_tiled_rank> g,
                                    index_t bound) noexcept {
  if (!f.digits.empty() && f.digits.back().bound == 0) {
    const offset_digit last = f.digits.back();
    const checked_index next = checked_mul(last.stride, last.radix);
    if (next.ok && next.value == g[0].stride) {
      f.digits.pop_back();
      bound *= last.radix;
      g[0].radix *= last.radix;
      g[0].stride = last.stride;
    }
  }
  for (std::size_t i = 0; i < g.size(); ++i) f.digits.push_back({g[i].radix, g[i].stride, bound, i == 0});
}

/// Appends the digits of logical dimension d (its index e in [0, n)) to `f`: the terms of the program that
/// read d, which must be a mixed-radix split of e (divisors 1, r0, r0 * r1, ...), normalised.
/// False when they are not (the caller then has no form).
constexpr bool append_dimension(offset_form& f, const index_program& prog, std::size_t d,
                                index_t n) noexcept {
  static_vector<offset_digit, max_tiled_rank> g;  // radix in .radix, divisor in .bound while collecting
  for (const index_term& t : prog.terms) {
    const index_t td = t.single_dimension();
    if (td < 0) return false;
    if (static_cast<std::size_t>(td) != d) continue;
    std::size_t at = g.size();  // sorted by divisor
    while (at > 0 && g[at - 1].bound > t.divisor) --at;
    g.insert(at, {t.modulus, t.stride, t.divisor, false});
  }
  if (n <= 1) return true;
  // Check the chain of divisors and give the top digit (no modulus) its radix; merge continuing digits.
  index_t weight = 1;
  static_vector<offset_digit, max_tiled_rank> digits;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (weight >= n) break;  // this digit and those above are 0 on every element (padded_dimensions)
    if (g[i].bound != weight) return false;
    const index_t radix = g[i].radix != 0 ? g[i].radix : ceil_div(n, weight);
    const checked_index w = checked_mul(weight, radix);
    weight = w.ok ? w.value : index_max;
    if (radix == 1) continue;
    if (!digits.empty()) {
      offset_digit& last = digits.back();
      const checked_index next = checked_mul(last.stride, last.radix);
      if (next.ok && next.value == g[i].stride) {
        last.radix *= radix;
        continue;
      }
    }
    digits.push_back({radix, g[i].stride, 0, false});
  }
  if (weight < n) return false;  // the digits do not cover the dimension
  // Split off low digits that divide what is left, cut the top digit to the values it takes.
  while (true) {
    index_t below_top = 1;
    for (std::size_t i = 0; i + 1 < digits.size(); ++i) below_top *= digits[i].radix;
    while (!digits.empty() && below_top >= n) {
      digits.pop_back();
      below_top = 1;
      for (std::size_t i = 0; i + 1 < digits.size(); ++i) below_top *= digits[i].radix;
    }
    if (n <= 1 || digits.empty()) return true;
    digits.back().radix = ceil_div(n, below_top);
    if (digits.size() == 1) {
      append_full_digit(f, n, digits[0].stride);
      return true;
    }
    if (n % digits[0].radix != 0) {
      append_bounded_group(f, digits, n);
      return true;
    }
    append_full_digit(f, digits[0].radix, digits[0].stride);
    n /= digits[0].radix;
    digits.erase(0);
  }
}

/// The canonical form of where `s` puts each element, as a function of its row-major position. No form
/// (`exact` false) for a shape without elements: its other dimensions may multiply past int64, which the
/// digits' arithmetic assumes they do not (every radix product stays <= the element count).
constexpr offset_form offset_form_of(const shape& s, const index_program& prog) noexcept {
  offset_form f;
  if (!prog.exact) return f;
  const result<index_t> n = checked_element_count(s);
  if (!n || *n == 0) return f;
  for (std::size_t d = s.rank(); d-- > 0;) {
    if (!append_dimension(f, prog, d, s.dimensions[d])) return f;
  }
  f.exact = true;
  return f;
}

/// A shape with the same slot for every row-major position as `s`, where each '*' of the first tile that
/// merges two dimensions consecutive in both the logical and the physical order (or a size-1 dimension the
/// tile prepends) is replaced by one dimension of their product: T(*,3) over [2,5] becomes T(3) over [10],
/// whose index program is exact where the first is not. Later tiles act on what the first produced, which
/// does not change. Padded dimensions: no merge.
/// `groups`, when given, receives the dimensions of `s` each dimension of the result stands for: dimension
/// k of the result is the row-major index of dimensions [first[k], first[k + 1]) of `s` (rank + 1 entries).
constexpr shape merge_combined_dimensions(
    shape s, static_vector<index_t, XLAYOUT_MAX_RANK + 1>* groups = nullptr) noexcept {
  if (groups != nullptr) {
    groups->clear();
    for (std::size_t d = 0; d <= s.rank(); ++d) groups->push_back(static_cast<index_t>(d));
  }
  if (s.layout.tiles.empty() || !s.layout.padded_dimensions.empty()) return s;
  for (bool changed = true; changed;) {
    changed = false;
    tile& t = s.layout.tiles[0];
    const std::size_t r = s.rank(), k = t.rank();
    for (std::size_t q = 0; q + 1 < k && !changed; ++q) {
      if (t.dimensions[q] != combine_dimension) continue;
      if (q + r < k) {  // a prepended size-1 dimension merged into the next: the entry does nothing
        t.dimensions.erase(q);
        changed = true;
        continue;
      }
      const std::size_t j = q + r - k;  // physical dimensions j and j + 1, merged
      const index_t major = s.layout.minor_to_major[r - 1 - j], minor = s.layout.minor_to_major[r - 2 - j];
      if (minor != major + 1) continue;
      const checked_index size = checked_mul(s.dimensions[static_cast<std::size_t>(major)],
                                             s.dimensions[static_cast<std::size_t>(minor)]);
      if (!size.ok) continue;
      s.dimensions[static_cast<std::size_t>(major)] = size.value;
      s.dimensions.erase(static_cast<std::size_t>(minor));
      if (groups != nullptr) groups->erase(static_cast<std::size_t>(minor));
      // Rebuilt rather than erased in place: g++ 12 -O3 took the in-place shift of this copy's flags for a
      // read of uninitialised memory (-Wmaybe-uninitialized, the release preset).
      decltype(s.dynamic_dimensions) flags;
      for (std::size_t d = 0; d < s.dynamic_dimensions.size(); ++d) {
        if (d != static_cast<std::size_t>(minor)) flags.push_back(s.dynamic_dimensions[d]);
      }
      s.dynamic_dimensions = flags;
      s.layout.minor_to_major.erase(r - 2 - j);
      for (index_t& d : s.layout.minor_to_major) d -= d > minor ? 1 : 0;
      t.dimensions.erase(q);
      changed = true;
    }
  }
  return s;
}

/// The canonical form of `s`, through merge_combined_dimensions when its own index program is not exact.
constexpr offset_form offset_form_of(const shape& s) noexcept {
  index_program prog;
  compile_tiled_program_into(s, prog);
  if (prog.exact || s.layout.tiles.empty()) return offset_form_of(s, prog);
  const shape merged = merge_combined_dimensions(s);
  compile_tiled_program_into(merged, prog);
  return offset_form_of(merged, prog);
}

/// The canonical form of where `s` puts the elements of dimension d alone: linear_index of e * unit(d),
/// as a function of e.
constexpr offset_form dimension_offset_form(const shape& s, const index_program& prog,
                                            std::size_t d) noexcept {
  offset_form f;
  f.exact = prog.exact && append_dimension(f, prog, d, s.dimensions[d]);
  return f;
}

/// The strides of s read from its canonical offset form, where s is strided: each digit of the form (least
/// significant first) must be whole logical dimensions of size > 1, consecutive from the last, whose sizes
/// multiply to its radix (the canonical form of e -> sum_d e[d] * stride[d] is exactly that); the
/// dimensions of one digit then have strides stride, stride * n, ... `ok` false otherwise, or where the form
/// is not exact (the index program is not exact even after merge_combined_dimensions). Size-1 dimensions
/// get 0.
struct strided_reading {
  bool ok = false;
  index_vector stride;
};
/// The sizes in physical (major-to-minor) order with the default layout: the same slot for each element
/// (descending_layout_with_same_physical_layout, operations.hpp, is this).
constexpr shape in_physical_order(const shape& s) noexcept {
  const std::size_t r = s.rank();
  shape p = s;
  for (std::size_t k = 0; k < r; ++k) {
    const auto from = static_cast<std::size_t>(s.layout.minor_to_major[r - 1 - k]);
    p.dimensions[k] = s.dimensions[from];
    p.dynamic_dimensions[k] = s.dynamic_dimensions[from];
    if (!s.layout.padded_dimensions.empty()) p.layout.padded_dimensions[k] = s.layout.padded_dimensions[from];
    p.layout.minor_to_major[k] = static_cast<index_t>(r - 1 - k);
  }
  return p;
}
/// A shape with the '*' groups its first tile splits merged into one dimension each
/// (merge_combined_dimensions), and how the shape's dimensions make up the merged ones: dimension d of the
/// shape adds index[d] * weight[d] to dimension group[d] of `merged`. The groups are merged in the logical
/// order where each group's members are neighbours there in ascending order, else in the physical order (the
/// shape in_physical_order, where a '*' always combines neighbours: f32[2,7,8,11,10]{0,1,2,3,4:T(*,*,2,*,3)}
/// merges (4, 3, 2) and (1, 0)).
/// `exact`: a group was merged and `program`, the merged shape's digit-by-digit program, is exact.
struct merged_dimensions {
  shape merged;
  static_vector<index_t, XLAYOUT_MAX_RANK> group;
  static_vector<index_t, XLAYOUT_MAX_RANK> weight;
  index_program program;
  bool exact = false;
};
/// merge_dimensions_of, written into `m`.
constexpr void merge_dimensions_into(const shape& s, merged_dimensions& m) noexcept {
  m.exact = false;
  const std::size_t r = s.rank();
  for (int attempt = 0; attempt < 2; ++attempt) {
    const shape from = attempt == 0 ? s : in_physical_order(s);
    if (from.layout.tiles.empty()) return;
    static_vector<index_t, XLAYOUT_MAX_RANK + 1> first;
    m.merged = merge_combined_dimensions(from, &first);
    if (m.merged.rank() == r && m.merged.layout.tiles[0].rank() == from.layout.tiles[0].rank()) continue;
    compile_tiled_program_into(m.merged, m.program);
    if (!m.program.exact) continue;
    m.exact = true;
    m.group.resize(r);
    m.weight.resize(r);
    for (std::size_t k = 0; k + 1 < first.size() && m.exact; ++k) {
      // The row-major weight inside the group. Checked: with a 0 more major in the group, the merged size
      // fits but a weight may not (f32[0,8,2^62,2,10]{4,3,2,1,0:T(*,*,*,1,3)}: 2 * 2^62); no program then.
      index_t w = 1;
      for (auto q = static_cast<std::size_t>(first[k + 1]); q-- > static_cast<std::size_t>(first[k]);) {
        const auto d = attempt == 0 ? q : static_cast<std::size_t>(s.layout.minor_to_major[r - 1 - q]);
        m.group[d] = static_cast<index_t>(k);
        m.weight[d] = w;
        const checked_index next = checked_mul(w, from.dimensions[q]);
        if (!next.ok) {
          m.exact = false;
          break;
        }
        w = next.value;
      }
    }
    if (m.exact) return;
  }
  m.exact = false;
}
constexpr merged_dimensions merge_dimensions_of(const shape& s) noexcept {
  merged_dimensions m;
  merge_dimensions_into(s, m);
  return m;
}

/// The program of merge_dimensions_of(s) (g.exact) as a program of s: a term's coefficient c on dimension k
/// of the merged shape becomes c * weight[d] on each dimension d of group k; a term without divisor and
/// modulus is then split into one term per dimension. Not exact where a coefficient or stride leaves int64.
constexpr void program_of_groups_into(const shape& s, const merged_dimensions& g,
                                      index_program& out) noexcept {
  out.terms.clear();
  out.exact = false;
  for (const index_term& m : g.program.terms) {
    index_term t;
    t.coefficients.resize(s.rank());
    t.divisor = m.divisor;
    t.modulus = m.modulus;
    t.stride = m.stride;
    for (std::size_t d = 0; d < s.rank(); ++d) {
      const checked_index c = checked_mul(m.coefficients[static_cast<std::size_t>(g.group[d])], g.weight[d]);
      if (!c.ok) return;
      t.coefficients[d] = c.value;
    }
    if (t.divisor != 1 || t.modulus != 0) {
      if (!out.terms.try_push_back(t)) return;
      continue;
    }
    for (std::size_t d = 0; d < s.rank(); ++d) {  // c * x * stride: the term x * (c * stride)
      if (t.coefficients[d] == 0 || s.dimensions[d] <= 1) continue;
      index_term u;
      u.coefficients.resize(s.rank());
      u.coefficients[d] = 1;
      const checked_index st = checked_mul(t.coefficients[d], t.stride);
      if (!st.ok || !out.terms.try_push_back(u)) return;
      out.terms.back().stride = st.value;
    }
  }
  out.exact = true;
}

constexpr strided_reading strides_from_form(const shape& s) noexcept {
  strided_reading out;
  if (structure_issue(s) != error_id::none) return out;  // a shape that was not validated
  // Read in physical order, where merge_combined_dimensions can merge any two dimensions a '*' combines.
  const std::size_t r = s.rank();
  const shape p = in_physical_order(s);
  const offset_form f = offset_form_of(p);
  if (!f.exact) return out;
  out.stride.resize(r);
  std::size_t d = r;  // the dimensions of p not yet covered: [0, d)
  for (const offset_digit& g : f.digits) {
    if (g.bound != 0) return out;  // a bounded group: padding between elements
    index_t covered = 1;
    while (covered < g.radix) {
      while (d > 0 && p.dimensions[d - 1] <= 1) --d;
      if (d == 0) return out;
      --d;
      const checked_index st = checked_mul(g.stride, covered), next = checked_mul(covered, p.dimensions[d]);
      if (!st.ok || !next.ok) return out;
      out.stride[static_cast<std::size_t>(s.layout.minor_to_major[r - 1 - d])] = st.value;
      covered = next.value;
    }
    if (covered != g.radix) return out;  // a digit that splits a dimension
  }
  for (; d > 0; --d) {
    if (p.dimensions[d - 1] > 1) return out;  // a dimension no digit covers
  }
  out.ok = true;
  return out;
}

/// The fast answer: an exact index program whose every term is one dimension times its stride.
constexpr bool strided_program(const index_program& p) noexcept {
  if (!p.exact) return false;
  for (const index_term& t : p.terms) {
    if (t.single_dimension() < 0 || t.divisor != 1 || t.modulus != 0) return false;
  }
  return true;
}

}  // namespace detail

namespace detail {
/// compile_index_program, written into `prog` (one program on the stack, not one per attempt).
constexpr void compile_index_program_into(const shape& s, index_program& prog) noexcept {
  compile_tiled_program_into(s, prog);
  if (prog.exact || s.layout.tiles.empty() || !is_static(s) || find_layout_issue(s)) return;
  {
    merged_dimensions g;
    merge_dimensions_into(s, g);
    if (g.exact) {
      program_of_groups_into(s, g, prog);
      if (prog.exact) {
        coalesce_terms(s, prog);
        return;
      }
    }
  }
  // A strided layout whose strides only the canonical offset form shows (a '*' over dimensions consecutive
  // in the physical order alone: s32[9,3]{0,1:T(*,2)}): one term per dimension.
  prog.terms.clear();
  prog.exact = false;
  const strided_reading r = strides_from_form(s);
  if (!r.ok) return;
  for (std::size_t d = 0; d < s.rank(); ++d) {
    if (s.dimensions[d] <= 1) continue;
    index_term t;
    t.coefficients.resize(s.rank());
    t.coefficients[d] = 1;
    t.stride = r.stride[d];
    prog.terms.push_back(t);  // at most rank terms
  }
  prog.exact = true;
}

}  // namespace detail

/// Compiles the layout of a static, valid shape into terms. Where following the tiles digit by digit does
/// not line up (a tile that splits a '*'-combined group across its members' digits: T(*,3) over [2,5]),
/// the program of the shape with the group merged into one dimension (merge_dimensions_of: T(3) over [10],
/// in the logical or else the physical order) is read back in the shape's dimensions: terms of several
/// dimensions ((5 * e0 + e1) / 3 ...) where a digit crosses them, one term per dimension where it does not.
/// Not exact (use linear_index) where neither works and the layout is not strided either (strided: one term
/// per dimension, the strides read from the canonical offset form), e.g. a later tile that cuts an earlier
/// tile's size it does not divide, a '*' over padded dimensions, or a '*' in a later tile.
constexpr index_program compile_index_program(const shape& s) noexcept {
  index_program prog;
  detail::compile_index_program_into(s, prog);
  return prog;
}

namespace detail {
/// A static shape with a dimension of size 0: it has no element, so every layout of it is strided.
constexpr bool has_no_element(const shape& s) noexcept {
  const result<index_t> n = checked_element_count(s);
  return n.has_value() && n.value_ == 0;
}
}  // namespace detail

/// True when linear_index(e) == sum_d e[d] * stride[d] for every element (no tiling that reorders,
/// or tiles that leave the order unchanged; padded_dimensions are strided; a shape without elements,
/// whatever its tiles): on the index program, else on the canonical offset form. Never a wrong yes; may
/// answer no where neither is exact (a '*' in a later tile, or a '*' over padded dimensions).
constexpr bool is_strided(const shape& s) noexcept {
  if (detail::has_no_element(s)) return detail::structure_issue(s) == error_id::none;
  return detail::strided_program(compile_index_program(s)) || detail::strides_from_form(s).ok;
}

/// The stride of each logical dimension, in elements, for a strided layout; error otherwise
/// (dynamic_dimension, or not_strided; for a shape that was not validated, tiled_dimensions' ids for its
/// structure).
constexpr result<index_vector> strides(const shape& s) noexcept {
  if (const error_id issue = detail::structure_issue(s); issue != error_id::none) return issue;
  if (!is_static(s)) return error_id::dynamic_dimension;
  index_vector out;
  const index_program p = detail::has_no_element(s) ? index_program{} : compile_index_program(s);
  if (detail::has_no_element(s)) {
    out.resize(s.rank());  // no element: every stride fits; XLA's below, as for a size-1 dimension
  } else if (detail::strided_program(p)) {
    out.resize(s.rank());
    for (const index_term& t : p.terms) out[static_cast<std::size_t>(t.single_dimension())] += t.stride;
  } else {
    const detail::strided_reading r = detail::strides_from_form(s);
    if (!r.ok) return error_id::not_strided;
    out = r.stride;
  }
  // A dimension of size 1 contributes no term and any stride fits it (every dimension, in a shape without
  // elements); give it XLA's: the stride of the next more-minor dimension times that dimension's extent.
  index_t next = 1;
  for (index_t d : s.layout.minor_to_major) {
    const auto i = static_cast<std::size_t>(d);
    if (out[i] == 0) out[i] = next;
    const checked_index n = checked_mul(out[i], laid_out_extent(s, i));
    next = n.ok ? n.value : index_max;  // read only by later size-1 dimensions (any stride fits them)
  }
  return out;
}

}  // namespace XLAYOUT_NAMESPACE
