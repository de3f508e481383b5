// include/xlayout/tensor/runtime_tensor.hpp: tensors whose layout is known only at run time (a shape parsed
// from text, or built from the description an XLA custom call receives). The layout is compiled once into a
// flat index program, runtime_mapping, whose accessor is a short loop of shifts, masks and multiplies for
// power-of-two tiles (every tile XLA's TPU and GPU layouts use), division and modulo otherwise.
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/layout/index_program.hpp>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/layout/sizes.hpp>
#include <xlayout/layout/validate.hpp>
#include <xlayout/tensor/index_concepts.hpp>
#include <xlayout/values/element_type.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {

/// One term of a runtime_mapping: ((index[dimension] >> shift) & mask) * stride when `pow2` (divisor and
/// modulus powers of two, or no modulus: mask all ones), ((index[dimension] / divisor) % modulus) * stride
/// otherwise (modulus 0: none).
struct runtime_term {
  index_t stride = 0;
  std::uint64_t mask = ~std::uint64_t{0};
  index_t divisor = 1;
  index_t modulus = 0;
  std::uint32_t dimension = 0;
  std::uint32_t shift = 0;
};

/// The index arithmetic of a layout known at run time: what tensor_mapping is for a layout known at compile
/// time. Built by `make_runtime_mapping(shape)` (or the checked constructor of runtime_tensor), it holds the
/// extents and the layout's index program, at most max_tiled_rank terms.
class runtime_mapping {
 public:
  using index_type = index_t;

  constexpr runtime_mapping() noexcept = default;

  /// The rank and extents of the shape it was made from.
  XLAYOUT_HD constexpr std::size_t rank() const noexcept { return rank_; }
  XLAYOUT_HD constexpr index_t extent(std::size_t d) const noexcept { return extents_[d]; }
  /// Slots of the buffer the layout addresses (tile padding included), as required_span_size(shape).
  XLAYOUT_HD constexpr index_t required_span_size() const noexcept { return span_; }
  /// Logical elements: the product of the extents.
  XLAYOUT_HD constexpr index_t size() const noexcept { return size_; }
  /// Whether the layout is strided (no tiles split a dimension): then offset = sum_d index[d] * stride(d).
  XLAYOUT_HD constexpr bool is_strided() const noexcept { return strided_; }
  /// The stride of dimension d in elements. @pre is_strided()
  XLAYOUT_HD constexpr index_t stride(std::size_t d) const noexcept { return strides_[d]; }
  /// Whether each dimension has at most two digits, all powers of two (one level of power-of-two tiles): the
  /// call form then evaluates a fixed number of shifts and masks per dimension.
  XLAYOUT_HD constexpr bool uses_two_digits() const noexcept { return two_digits_; }
  /// Whether every term has a power-of-two divisor and modulus (the accessor then uses shifts and masks).
  XLAYOUT_HD constexpr bool uses_shifts() const noexcept { return pow2_; }
  /// The terms, in memory order (most major first).
  XLAYOUT_HD constexpr std::size_t term_count() const noexcept { return terms_.size(); }
  XLAYOUT_HD constexpr const runtime_term& term(std::size_t k) const noexcept { return terms_[k]; }

  /// The linear index (position in the buffer, in elements) of the element idx[0], ..., idx[rank-1].
  /// @pre 0 <= idx[d] < extent(d) for every d (checked by XLAYOUT_ASSERT; see checked_offset).
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t offset(const index_t* idx) const noexcept {
    check_range(idx);
    // One unrolled sum per term count (a shift, a mask, a multiply and an add per term). g++ 12 keeps the
    // switch inside a loop of accesses and reloads the terms per element; the call form's fixed paths below
    // avoid both where the layout allows (docs/performance.md, "Layouts known at run time").
    if (pow2_) {
      switch (terms_.size()) {
        case 1:
          return shifted_sum(idx, std::make_index_sequence<1>{});
        case 2:
          return shifted_sum(idx, std::make_index_sequence<2>{});
        case 3:
          return shifted_sum(idx, std::make_index_sequence<3>{});
        case 4:
          return shifted_sum(idx, std::make_index_sequence<4>{});
        case 5:
          return shifted_sum(idx, std::make_index_sequence<5>{});
        case 6:
          return shifted_sum(idx, std::make_index_sequence<6>{});
        case 7:
          return shifted_sum(idx, std::make_index_sequence<7>{});
        case 8:
          return shifted_sum(idx, std::make_index_sequence<8>{});
        default:
          break;
      }
    }
    return general_sum(idx);
  }

  /// offset with one index per dimension: m(i, j) == offset({i, j}).
  template <index_like... I>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t operator()(I... i) const noexcept {
    XLAYOUT_ASSERT(sizeof...(I) == rank_,
                   "[xlayout:index_rank_mismatch] runtime_mapping: give one index per dimension");
    const index_t idx[] = {detail::to_index(i)..., 0};
    if (strided_) {
      // An untiled layout (row-major, column-major, any minor_to_major, padded dimensions): one multiply-add
      // per dimension, the indices in registers.
      check_range(idx);
      return strided_sum(idx, std::make_index_sequence<sizeof...(I)>{});
    }
    if (two_digits_) {
      // At most two power-of-two digits per dimension (untiled layouts, one level of tiles): a fixed number
      // of shifts, masks and multiply-adds, the indices in registers, the constants loop-invariant.
      check_range(idx);
      return two_digit_sum(idx, std::make_index_sequence<sizeof...(I)>{});
    }
    return offset(idx);
  }

  /// The linear index of the n indices idx[0..n), or why there is none: index_rank_mismatch,
  /// index_out_of_range.
  XLAYOUT_HD constexpr result<index_t> checked_offset(const index_t* idx, std::size_t n) const noexcept {
    if (n != rank_) return error_id::index_rank_mismatch;
    for (std::size_t d = 0; d < n; ++d) {
      if (idx[d] < 0 || idx[d] >= extents_[d]) return error_id::index_out_of_range;
    }
    return offset(idx);
  }

  friend constexpr result<runtime_mapping> make_runtime_mapping(const shape& s) noexcept;

 private:
  XLAYOUT_HD constexpr void check_range([[maybe_unused]] const index_t* idx) const noexcept {
#if defined(XLAYOUT_ENABLE_ASSERTS) && XLAYOUT_ENABLE_ASSERTS
    for (std::size_t d = 0; d < rank_; ++d) {
      if (idx[d] < 0 || idx[d] >= extents_[d]) {
        if (__builtin_is_constant_evaluated()) {
          detail::xlayout_assertion_failed("[xlayout:index_out_of_range] runtime_mapping: index");
        } else {
          detail::index_out_of_range_failed(__FILE__, __LINE__, idx, extents_, rank_);
        }
      }
    }
#endif
  }

  template <std::size_t... D>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t two_digit_sum(const index_t* idx,
                                                                 std::index_sequence<D...>) const noexcept {
    return (index_t{0} + ... +
            (shifted_term(digits_[2 * D], idx[D]) + shifted_term(digits_[2 * D + 1], idx[D])));
  }
  struct digit {
    index_t stride = 0;
    std::uint64_t mask = 0;
    std::uint32_t shift = 0;
  };
  XLAYOUT_HD XLAYOUT_FORCEINLINE static constexpr index_t shifted_term(const digit& g, index_t i) noexcept {
    using U = std::uint64_t;
    return static_cast<index_t>((static_cast<U>(i) >> g.shift) & g.mask) * g.stride;
  }
  template <std::size_t... K>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t strided_sum(const index_t* idx,
                                                               std::index_sequence<K...>) const noexcept {
    return (index_t{0} + ... + (idx[K] * strides_[K]));
  }
  template <std::size_t... K>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t shifted_sum(const index_t* idx,
                                                               std::index_sequence<K...>) const noexcept {
    return (index_t{0} + ... + shifted_term(terms_[K], idx));
  }
  XLAYOUT_HD XLAYOUT_FORCEINLINE static constexpr index_t shifted_term(const runtime_term& t,
                                                                       const index_t* idx) noexcept {
    using U = std::uint64_t;
    return static_cast<index_t>((static_cast<U>(idx[t.dimension]) >> t.shift) & t.mask) * t.stride;
  }
  XLAYOUT_HD constexpr index_t general_sum(const index_t* idx) const noexcept {
    using U = std::uint64_t;
    index_t lin = 0;
    for (std::size_t k = 0; k < terms_.size(); ++k) {
      const runtime_term& t = terms_[k];
      if (pow2_) {
        lin += static_cast<index_t>((static_cast<U>(idx[t.dimension]) >> t.shift) & t.mask) * t.stride;
      } else {
        U v = static_cast<U>(idx[t.dimension]) / static_cast<U>(t.divisor);
        if (t.modulus != 0) v %= static_cast<U>(t.modulus);
        lin += static_cast<index_t>(v) * t.stride;
      }
    }
    return lin;
  }

  static_vector<runtime_term, max_tiled_rank> terms_;
  index_t extents_[XLAYOUT_MAX_RANK] = {};
  index_t strides_[XLAYOUT_MAX_RANK] = {};
  digit digits_[2 * XLAYOUT_MAX_RANK] = {};
  std::size_t rank_ = 0;
  index_t span_ = 0;
  index_t size_ = 0;
  bool pow2_ = true;
  bool strided_ = true;
  bool two_digits_ = true;
};

/// Compiles a shape's layout for run-time access. The shape must be an array with static dimensions (a
/// bounded dynamic dimension `<=N` is sized by its bound, as XLA sizes its buffer) and a valid dense layout.
/// Errors: the layout's own (find_layout_issue), dynamic_dimension (an unbounded `?`), span_overflow,
/// tile_access_unsupported (a layout whose tiles do not split into digits: linear_index still handles it).
constexpr result<runtime_mapping> make_runtime_mapping(const shape& s) noexcept {
  if (const layout_issue issue = find_layout_issue(s)) return issue.id;
  for (std::size_t d = 0; d < s.rank(); ++d) {
    if (s.dimensions[d] < 0) return error_id::dynamic_dimension;
  }
  shape sized = s;
  for (std::size_t d = 0; d < sized.rank(); ++d) sized.dynamic_dimensions[d] = false;
  const auto span = checked_required_span_size(sized);
  if (!span) return span.error();
  const auto count = checked_element_count(sized);
  if (!count) return count.error();
  const index_program program = compile_index_program(sized);
  if (!program.exact) return error_id::tile_access_unsupported;

  runtime_mapping m;
  m.rank_ = sized.rank();
  for (std::size_t d = 0; d < m.rank_; ++d) m.extents_[d] = sized.dimensions[d];
  m.span_ = *span;
  m.size_ = *count;
  for (const index_term& t : program.terms) {
    const index_t d = t.single_dimension();
    if (d < 0) return error_id::tile_access_unsupported;
    runtime_term r;
    r.dimension = static_cast<std::uint32_t>(d);
    r.stride = t.stride;
    r.divisor = t.divisor;
    r.modulus = t.modulus;
    using U = std::uint64_t;
    const int shift = is_power_of_two(t.divisor) ? std::countr_zero(static_cast<U>(t.divisor)) : -1;
    const int width = t.modulus == 0               ? 64
                      : is_power_of_two(t.modulus) ? std::countr_zero(static_cast<U>(t.modulus))
                                                   : -1;
    if (shift < 0 || width < 0) {
      m.pow2_ = false;
    } else {
      r.shift = static_cast<std::uint32_t>(shift);
      r.mask = width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
    }
    m.terms_.push_back(r);
    if (shift >= 0 && width >= 0) {
      runtime_mapping::digit* g = &m.digits_[2 * static_cast<std::size_t>(d)];
      if (g->mask != 0) ++g;
      if (g->mask != 0) {
        m.two_digits_ = false;  // a third digit in this dimension
      } else {
        g->stride = r.stride;
        g->mask = r.mask;
        g->shift = r.shift;
      }
    } else {
      m.two_digits_ = false;
    }
    if (t.divisor != 1 || t.modulus != 0 || m.strides_[d] != 0) {
      m.strided_ = false;
    } else {
      m.strides_[d] = t.stride;
    }
  }
  return m;
}

/// A Tensor whose layout is a run-time value: a data pointer and a runtime_mapping. Element is the storage
/// type of one element (float, bf16_bits, std::int8_t, ...), const for a read-only view; types narrower than
/// a byte (S4, U2, E(n) packing) are not supported here (unsupported_element_size).
///   auto s = xlayout::parse_shape(text);              // e.g. from a custom call's descriptor
///   auto t = xlayout::make_runtime_tensor(ptr, *s);   // result<runtime_tensor<float>>
///   float x = (*t)(i, j);
template <class Element>
class runtime_tensor {
 public:
  using element_type = Element;
  using reference = Element&;
  using mapping_type = runtime_mapping;
  using index_type = index_t;

  constexpr runtime_tensor() noexcept = default;
  XLAYOUT_HD constexpr runtime_tensor(Element* data, const runtime_mapping& m) noexcept
      : data_(data), m_(m) {}

  XLAYOUT_HD constexpr Element* data() const noexcept { return data_; }
  XLAYOUT_HD constexpr const runtime_mapping& mapping() const noexcept { return m_; }
  XLAYOUT_HD constexpr std::size_t rank() const noexcept { return m_.rank(); }
  XLAYOUT_HD constexpr index_t extent(std::size_t d) const noexcept { return m_.extent(d); }
  XLAYOUT_HD constexpr index_t size() const noexcept { return m_.size(); }
  XLAYOUT_HD constexpr index_t required_span_size() const noexcept { return m_.required_span_size(); }

  /// The element (i, j, ...). @pre one index per dimension, each in range (XLAYOUT_ASSERT).
  template <index_like... I>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference operator()(I... i) const noexcept {
    return data_[m_(i...)];
  }
  /// The element at idx[0..n), or why there is none (index_rank_mismatch, index_out_of_range).
  XLAYOUT_HD constexpr result<Element*> checked_at(const index_t* idx, std::size_t n) const noexcept {
    const auto k = m_.checked_offset(idx, n);
    if (!k) return k.error();
    return data_ + *k;
  }

 private:
  Element* data_ = nullptr;
  runtime_mapping m_;
};

/// A runtime_tensor over `data` laid out as `s`. Errors: make_runtime_mapping's, and
/// unsupported_element_size when Element is not as wide as one element of s (E(n) or the type's width).
template <class Element>
constexpr result<runtime_tensor<Element>> make_runtime_tensor(Element* data, const shape& s) noexcept {
  const index_t bits = element_bits(s);
  if (bits != static_cast<index_t>(sizeof(Element) * 8) || bits < 8)
    return error_id::unsupported_element_size;
  auto m = make_runtime_mapping(s);
  if (!m) return m.error();
  return runtime_tensor<Element>(data, *m);
}

}  // namespace XLAYOUT_NAMESPACE
