// include/xlayout/tensor/runtime_tensor.hpp: tensors whose layout is known only at run time (a shape parsed
// from text, or built from the description an XLA custom call receives). The layout is compiled once into a
// flat index program, runtime_mapping, whose accessor is a short loop of shifts, masks and multiplies for
// power-of-two tiles (every tile XLA's TPU and GPU layouts use), division and modulo otherwise.
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
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
#include <xlayout/tensor/element.hpp>
#include <xlayout/tensor/index_concepts.hpp>
#include <xlayout/tensor/mapping.hpp>
#include <xlayout/text/parse_shape.hpp>
#include <xlayout/values/element_type.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {

/// One term of a runtime_mapping: ((index[dimension] >> shift) & mask) * stride when `pow2` (divisor and
/// modulus powers of two, or no modulus: mask all ones), ((index[dimension] / divisor) % modulus) * stride
/// otherwise (modulus 0: none). `dimension` is one of the mapping's program dimensions: the shape's own
/// unless the mapping merges dimensions (basic_runtime_mapping::merges_dimensions).
struct runtime_term {
  index_t stride = 0;
  std::uint64_t mask = ~std::uint64_t{0};
  index_t divisor = 1;
  index_t modulus = 0;
  std::uint32_t dimension = 0;
  std::uint32_t shift = 0;
  friend constexpr bool operator==(const runtime_term&, const runtime_term&) = default;
};

namespace detail {
/// One digit slot of a runtime mapping's digit paths (basic_runtime_mapping::digit_stride and the others),
/// and the path the call form of a static rank takes: one type for every capacity, copied between them.
struct runtime_digit {
  index_t stride = 0;
  std::uint64_t mask = 0;
  std::uint32_t shift = 0;
  std::uint64_t coefficient = 0;  // see digit_coefficient
  friend constexpr bool operator==(const runtime_digit&, const runtime_digit&) = default;
};
// merged_digits: the three-digit path over the program index of a mapping that merges dimensions.
enum class runtime_path : std::uint8_t { strided, two_digits, three_digits, merged_digits, general };
}  // namespace detail

template <std::size_t MaxRank>
class basic_runtime_mapping;
/// The runtime_mapping of any rank up to XLAYOUT_MAX_RANK (what make_runtime_mapping(shape) returns).
using runtime_mapping = basic_runtime_mapping<XLAYOUT_MAX_RANK>;
template <std::size_t MaxRank = XLAYOUT_MAX_RANK>
constexpr result<basic_runtime_mapping<MaxRank>> make_runtime_mapping(const shape& s) noexcept;

/// The index arithmetic of a layout known at run time: what tensor_mapping is for a layout known at compile
/// time. Built by `make_runtime_mapping(shape)` (or the checked constructor of runtime_tensor), it holds the
/// extents and the layout's index program. MaxRank is the largest rank it holds: its arrays are sized by it
/// (MaxRank * (XLAYOUT_MAX_TILES + 1) terms, 3 * MaxRank digit slots), so a runtime_tensor of static rank R
/// holds a basic_runtime_mapping<R>: 664 bytes at rank 2 where runtime_mapping (MaxRank XLAYOUT_MAX_RANK,
/// 12) takes 3,800 (x86-64), which every copy of the tensor, every view of it and a kernel parameter pay. In
/// CUDA device code that size decided whether nvcc 13 compiled a kernel making a view of the tensor in
/// seconds or in minutes (docs/views.md).
template <std::size_t MaxRank>
class basic_runtime_mapping {
  static_assert(MaxRank >= 1 && MaxRank <= XLAYOUT_MAX_RANK,
                "[xlayout:rank_too_large] basic_runtime_mapping: MaxRank must be in [1, XLAYOUT_MAX_RANK]");

 public:
  using index_type = index_t;
  /// The largest rank this mapping holds, and its capacity in terms.
  static constexpr std::size_t max_rank = MaxRank;
  static constexpr std::size_t max_terms = MaxRank * (XLAYOUT_MAX_TILES + 1);

  constexpr basic_runtime_mapping() noexcept = default;
  /// The same mapping in another capacity. @pre m.rank() <= MaxRank (XLAYOUT_ASSERT).
  template <std::size_t M>
    requires(M != MaxRank)
  XLAYOUT_HD constexpr explicit(M > MaxRank) basic_runtime_mapping(const basic_runtime_mapping<M>& m) noexcept
      : rank_(m.rank_ <= MaxRank ? m.rank_ : MaxRank),
        span_(m.span_),
        size_(m.size_),
        pow2_(m.pow2_),
        strided_(m.strided_),
        two_digits_(m.two_digits_),
        three_digits_(m.three_digits_),
        path_(m.path_),
        program_rank_(m.program_rank_ <= MaxRank ? m.program_rank_ : std::uint8_t{MaxRank}) {
    XLAYOUT_ASSERT(m.rank_ <= MaxRank,
                   "[xlayout:rank_too_large] basic_runtime_mapping: the rank is above MaxRank");
    for (std::size_t k = 0; k < m.terms_.size() && k < max_terms; ++k) terms_.push_back(m.terms_[k]);
    for (std::size_t d = 0; d < rank_; ++d) {
      extents_[d] = m.extents_[d];
      strides_[d] = m.strides_[d];
      for (std::size_t k = 0; k < 3; ++k) digits_[3 * d + k] = m.digits_[3 * d + k];
      group_[d] = m.group_[d];
    }
  }

  /// Equal when made from the same extents and layout (every member compared: two layouts that place an
  /// element differently compare unequal).
  friend constexpr bool operator==(const basic_runtime_mapping&, const basic_runtime_mapping&) = default;

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
  /// Whether each dimension has at most two digits, all powers of two (one level of power-of-two tiles), a
  /// low one (shift 0) and a high one with no modulus: the call form then evaluates a multiply-add and a
  /// shift-multiply-add per dimension (slots 0 and 2, digit_coefficient and digit_shift).
  XLAYOUT_HD constexpr bool uses_two_digits() const noexcept { return two_digits_; }
  /// Whether each dimension has at most three digits, all powers of two (two levels of power-of-two tiles,
  /// such as T(8,128)(2,1)): the call form of a runtime_tensor of static rank then evaluates a multiply-add
  /// and two shift-multiply-adds per dimension.
  XLAYOUT_HD constexpr bool uses_three_digits() const noexcept { return three_digits_; }
  /// Whether every term has a power-of-two divisor and modulus (the accessor then uses shifts and masks).
  XLAYOUT_HD constexpr bool uses_shifts() const noexcept { return pow2_; }
  /// The path the call form of a static rank takes (runtime_tensor::visit dispatches on it): 1 strided (a
  /// multiply-add per dimension), 2 or 3 (at most that many power-of-two digits per dimension), 0 the general
  /// loop over the terms.
  XLAYOUT_HD constexpr int fixed_path() const noexcept {
    return path_ == path::strided ? 1 : path_ == path::two_digits ? 2 : path_ == path::three_digits ? 3 : 0;
  }
  /// Slot k (k < 3) of dimension d on the digit paths: its low digit (k 0, shift 0), middle digit (1) and
  /// high digit (2, no mask), each ((index >> shift) & mask) * stride; mask and stride 0 for a digit the
  /// dimension does not have (a dimension of one digit has it in slot 0, of two in slots 0 and 2).
  XLAYOUT_HD constexpr index_t digit_stride(std::size_t d, std::size_t k) const noexcept {
    return digits_[3 * d + k].stride;
  }
  /// What the digit paths multiply slot k's (index >> shift) by, so that no digit needs its mask: the
  /// digits of a dimension are consecutive bit fields of its index (each mask reaches the next digit's
  /// shift), so ((i >> s1) & m1) * t1 + (i >> s2) * t2 == (i >> s1) * t1 + (i >> s2) * (t2 - t1 * 2^(s2 -
  /// s1)), the coefficients taken modulo 2^64 (the sum is exact there, and fits). The low digit's shift is 0:
  /// its term i * c is what a loop over i strength-reduces to an addition.
  XLAYOUT_HD constexpr std::uint64_t digit_coefficient(std::size_t d, std::size_t k) const noexcept {
    return digits_[3 * d + k].coefficient;
  }
  XLAYOUT_HD constexpr std::uint32_t digit_shift(std::size_t d, std::size_t k) const noexcept {
    return digits_[3 * d + k].shift;
  }
  XLAYOUT_HD constexpr std::uint64_t digit_mask(std::size_t d, std::size_t k) const noexcept {
    return digits_[3 * d + k].mask;
  }
  /// Whether the terms read groups of dimensions merged into one: a tile that splits a '*' group across its
  /// members' digits (XLA's T(*,*,2,*,3) over f32[2,7,8,11,10]{4,3,2,1,0}: dimensions 0-2 and 3-4 read as
  /// one dimension each, of 112 and 110). Dimension d is then part of program dimension group(d), with the
  /// weight group_weight(d) inside it (row-major in the logical order, or in the physical order where the
  /// group's members are not neighbours in ascending logical order): program index k is the sum over its
  /// dimensions of index[d] * group_weight(d), and the terms' `dimension` is k. Such a layout takes neither
  /// fixed path (fixed_path() is 0): the call form of a static rank forms k and, where each of its
  /// dimensions has at most three power-of-two digits, sums the digits of k (the digit_* slots are then k's
  /// dimensions'); otherwise the general loop over the terms.
  XLAYOUT_HD constexpr bool merges_dimensions() const noexcept { return program_rank_ != rank_; }
  /// The dimensions the terms read: rank() and extent(k) unless merges_dimensions() (then the product of
  /// the extents of the group's dimensions).
  XLAYOUT_HD constexpr std::size_t program_rank() const noexcept { return program_rank_; }
  XLAYOUT_HD constexpr index_t program_extent(std::size_t k) const noexcept {
    index_t n = 1;
    for (std::size_t d = 0; d < rank_; ++d) n *= group_[d] == k ? extents_[d] : 1;
    return n;
  }
  XLAYOUT_HD constexpr std::size_t group(std::size_t d) const noexcept { return group_[d]; }
  /// Dimension d's weight in its group: the product of the extents of the group's dimensions more minor
  /// than d (in the logical order, or in the physical order where the group's members are not neighbours in
  /// ascending logical order); 1 without merged groups.
  XLAYOUT_HD constexpr index_t group_weight(std::size_t d) const noexcept {
    return program_rank_ != rank_ ? strides_[d] : 1;
  }
  /// The terms, in memory order (most major first).
  XLAYOUT_HD constexpr std::size_t term_count() const noexcept { return terms_.size(); }
  XLAYOUT_HD constexpr const runtime_term& term(std::size_t k) const noexcept { return terms_[k]; }

  /// The linear index (position in the buffer, in elements) of the element idx[0], ..., idx[rank-1].
  /// @pre 0 <= idx[d] < extent(d) for every d (checked by XLAYOUT_ASSERT; see checked_offset).
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t offset(const index_t* idx) const noexcept {
    check_range(idx);
    if (program_rank_ != rank_) return merged_offset(idx);
    return program_offset(idx);
  }
  /// The linear index of program index k[0], ..., k[program_rank() - 1] (the terms' sum; offset(idx) when
  /// merges_dimensions() is false).
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t program_offset(const index_t* idx) const noexcept {
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
      // of shifts and multiply-adds, the indices in registers, the constants loop-invariant.
      check_range(idx);
      return two_digit_sum(idx, std::make_index_sequence<sizeof...(I)>{});
    }
    return offset(idx);
  }

  /// offset with the rank R known at compile time (what runtime_tensor<T, R> calls): the path (strided, two
  /// or three power-of-two digits per dimension, or the general loop) is chosen by an if-chain on a value set
  /// when the layout was compiled, each path a fixed sequence of R multiply-adds, or R multiply-adds and R or
  /// 2R shift-multiply-adds (digit_coefficient), the indices in registers. @pre rank() == R, each index in
  /// range (XLAYOUT_ASSERT; an optimiser assumption with assertions off, as for the static accessor).
  template <std::size_t R, index_like... I>
    requires(sizeof...(I) == R)
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t fixed_offset(I... i) const noexcept {
    XLAYOUT_ASSERT(R == rank_, "[xlayout:index_rank_mismatch] runtime_mapping: give one index per dimension");
    const index_t idx[] = {detail::to_index(i)..., 0};
    detail::expect_in_range(idx, *this, std::make_index_sequence<R>{});
    // An if-chain, not a switch: a compiler unswitches a loop of accesses on an invariant condition (g++ 12
    // not on a switch), so the path is chosen once per loop and each path's constants stay in registers.
    // g++ unswitches only a loop whose body is small (max-unswitch-insns, 50 of its size units): the rare
    // paths are calls, out of line and pure, so that the loop fits (docs/performance.md, "Layouts known at
    // run time"). The strides read on every path (where the loop is not unswitched, it then keeps them in
    // registers: loads made only on one path are not hoisted).
    const index_t lin = strided_sum(idx, std::make_index_sequence<R>{});
    if (path_ == path::strided) return lin;
    if (path_ == path::two_digits) return two_digit_sum(idx, std::make_index_sequence<R>{});
#if defined(__clang__) || defined(__CUDA_ARCH__)
    // clang unswitches the loop with the three-digit path inline (out of line it cost T(8,128)(2,1) 2.4x);
    // device code keeps it inline as before.
    if (path_ == path::three_digits) return three_digit_sum(idx, std::make_index_sequence<R>{});
#else
    // g++: a rank-2 loop fits with the three-digit path as its own call; at rank 3 it fits only with one
    // call for the three-digit and the general path.
    if constexpr (R <= 2) {
      if (path_ == path::three_digits) return three_digit_offset(detail::to_index(i)...);
    }
#endif
    return rare_offset(detail::to_index(i)...);
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

  template <std::size_t M>
  friend constexpr result<basic_runtime_mapping<M>> make_runtime_mapping(const shape& s) noexcept;
  template <std::size_t>
  friend class basic_runtime_mapping;

 private:
  XLAYOUT_HD constexpr void check_range([[maybe_unused]] const index_t* idx) const noexcept {
#if defined(XLAYOUT_ENABLE_ASSERTS) && XLAYOUT_ENABLE_ASSERTS
    // d < MaxRank is implied (rank_ <= MaxRank); said, it keeps g++ 12 -O2 from warning (-Warray-bounds)
    // that a mapping of capacity 1 reads idx[1].
    for (std::size_t d = 0; d < rank_ && d < MaxRank; ++d) {
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

  // offset() of a layout whose terms read merged groups: the program index first (out of line: the other
  // layouts' paths keep their size).
#if defined(__GNUC__)
  __attribute__((noinline, pure))
#endif
  XLAYOUT_HD constexpr index_t
  merged_offset(const index_t* idx) const noexcept {
    index_t k[MaxRank] = {};
    for (std::size_t d = 0; d < rank_; ++d) k[group_[d]] += idx[d] * strides_[d];  // the weights
    return program_offset(k);
  }
  template <std::size_t... D>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t two_digit_sum(const index_t* idx,
                                                                 std::index_sequence<D...>) const noexcept {
    using U = std::uint64_t;
    return static_cast<index_t>(
        (U{0} + ... + (low_term(digits_[3 * D], idx[D]) + high_term(digits_[3 * D + 2], idx[D]))));
  }
  template <std::size_t... D>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t three_digit_sum(const index_t* idx,
                                                                   std::index_sequence<D...>) const noexcept {
    using U = std::uint64_t;
    return static_cast<index_t>((U{0} + ... +
                                 (low_term(digits_[3 * D], idx[D]) + high_term(digits_[3 * D + 1], idx[D]) +
                                  high_term(digits_[3 * D + 2], idx[D]))));
  }
  using digit = detail::runtime_digit;
  // The digit paths' terms, in unsigned arithmetic (digit_coefficient): the low slot's shift is 0; a missing
  // digit has coefficient and shift 0 (its term is 0).
  XLAYOUT_HD XLAYOUT_FORCEINLINE static constexpr std::uint64_t low_term(const digit& g, index_t i) noexcept {
    return static_cast<std::uint64_t>(i) * g.coefficient;
  }
  XLAYOUT_HD XLAYOUT_FORCEINLINE static constexpr std::uint64_t high_term(const digit& g,
                                                                          index_t i) noexcept {
    return (static_cast<std::uint64_t>(i) >> g.shift) * g.coefficient;
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
  // fixed_offset's paths out of line, pure (they read the mapping and write nothing: a call that may write
  // memory would make the inline paths reload their constants per access), the indices by value. Inlined,
  // the general path's loop over the terms made the loop of accesses a nest g++ 12 does not unswitch.
  template <class... I>
#if defined(__GNUC__)
  __attribute__((noinline, pure))
#endif
  XLAYOUT_HD constexpr index_t
  three_digit_offset(I... i) const noexcept {
    const index_t idx[] = {i..., 0};
    return three_digit_sum(idx, std::make_index_sequence<sizeof...(I)>{});
  }
  // The three-digit path (g++ at rank 3 and above) or the general one. The general path is its own call, so
  // that the three-digit one keeps the indices in registers.
  template <class... I>
#if defined(__GNUC__)
  __attribute__((noinline, pure))
#endif
  XLAYOUT_HD constexpr index_t
  rare_offset(I... i) const noexcept {
    if (path_ == path::three_digits) {
      const index_t idx[] = {i..., 0};
      return three_digit_sum(idx, std::make_index_sequence<sizeof...(I)>{});
    }
    if (path_ == path::merged_digits) {
      // The program index (program_rank() <= rank entries; the digits of the others are 0), then the
      // digits of its dimensions: no loop over the terms, no call.
      const index_t idx[] = {i..., 0};
      index_t k[sizeof...(I)] = {};
      for (std::size_t d = 0; d < sizeof...(I); ++d) k[group_[d]] += idx[d] * strides_[d];
      return three_digit_sum(k, std::make_index_sequence<sizeof...(I)>{});
    }
    return general_offset(index_array<sizeof...(I)>{{i...}});
  }
  template <std::size_t R>
#if defined(__GNUC__)
  __attribute__((noinline, pure))
#endif
  XLAYOUT_HD constexpr index_t
  general_offset(index_array<R> idx) const noexcept {
    return offset(idx.values);
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

  static_vector<runtime_term, max_terms> terms_;
  index_t extents_[MaxRank] = {};
  index_t strides_[MaxRank] = {};
  using path = detail::runtime_path;
  digit digits_[3 * MaxRank] = {};  // three slots per dimension, unused ones 0
  std::size_t rank_ = 0;
  index_t span_ = 0;
  index_t size_ = 0;
  bool pow2_ = true;
  bool strided_ = true;
  bool two_digits_ = true;
  bool three_digits_ = true;
  path path_ = path::strided;
  // The dimensions the terms read (merges_dimensions): program_rank_ of them, dimension d of the shape part
  // of program dimension group_[d], with the weight strides_[d] (unused as a stride: such a layout is not
  // strided). Without merged groups program_rank_ == rank_ and group_[d] == d. Bytes, after the flags: at
  // rank 2 the mapping's size does not change.
  std::uint8_t program_rank_ = 0;
  std::uint8_t group_[MaxRank] = {};
};

/// Compiles a shape's layout for run-time access. The shape must be an array with static dimensions (a
/// bounded dynamic dimension `<=N` is sized by its bound, as XLA sizes its buffer) and a valid dense layout.
/// Errors: invalid_element_type (token, opaque), the layout's own (find_layout_issue), dynamic_dimension (an
/// unbounded `?`), span_overflow,
/// tile_access_unsupported (no exact index program: a later tile that cuts an earlier tile's size it does
/// not divide, a '*' over padded dimensions, a '*' in a later tile that splits what the earlier one made;
/// linear_index handles them); make_runtime_mapping<MaxRank> also rank_too_large for a shape of rank above
/// MaxRank. A tile that splits a '*' group across its members' digits (XLA's T(*,*,2,*,3)) is compiled as the
/// shape with the group merged, behind a step that forms the merged index (merges_dimensions()).
template <std::size_t MaxRank>
constexpr result<basic_runtime_mapping<MaxRank>> make_runtime_mapping(const shape& s) noexcept {
  using mapping = basic_runtime_mapping<MaxRank>;
  if (!is_array_type(s.element_type)) return error_id::invalid_element_type;  // token[], opaque[]: no buffer
  if (s.rank() > MaxRank) return error_id::rank_too_large;
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
  mapping m;
  m.rank_ = sized.rank();
  m.program_rank_ = static_cast<std::uint8_t>(m.rank_);  // rank <= MaxRank <= XLAYOUT_MAX_RANK
  for (std::size_t d = 0; d < m.rank_; ++d) {
    m.extents_[d] = sized.dimensions[d];
    m.group_[d] = static_cast<std::uint8_t>(d);
  }
  m.span_ = *span;
  m.size_ = *count;
  // No element: nothing to place (an index program of such a shape may not exist: a tile over an extent of
  // 0); the strided path with no term, which no valid index reaches.
  if (*count == 0) return m;
  index_program program;  // written in place: a program is 7.7 KB of stack, and this runs on microcontrollers
  detail::compile_index_program_into(sized, program);
  if (!program.exact) return error_id::tile_access_unsupported;
  bool merged = false;
  for (const index_term& t : program.terms) merged = merged || t.single_dimension() < 0;
  detail::merged_dimensions g;
  if (merged) {
    // Terms of several dimensions (a tile that splits a '*' group): the program of the shape with the groups
    // merged, whose terms read one (merged) dimension each, behind a step that forms the merged index.
    detail::merge_dimensions_into(sized, g);
    if (!g.exact) return error_id::tile_access_unsupported;
    program = g.program;
    m.program_rank_ = static_cast<std::uint8_t>(g.merged.rank());
    for (std::size_t d = 0; d < m.rank_; ++d) m.group_[d] = static_cast<std::uint8_t>(g.group[d]);
  }
  // At most XLAYOUT_MAX_TILES + 1 digits per dimension (each level of tiles splits a dimension once).
  if (program.terms.size() > mapping::max_terms) return error_id::capacity_exceeded;

  for (const index_term& t : program.terms) {
    const index_t d = t.single_dimension();
    if (d < 0) return error_id::tile_access_unsupported;
    runtime_term r;
    r.dimension = static_cast<std::uint32_t>(d);
    r.stride = t.stride;
    r.divisor = t.divisor;
    r.modulus = t.modulus;
    // A modulus no in-range index reaches is dropped (T(*,2,128) of f32[8,100,1000]: the digit j / 2 of
    // the combined dimension, modulus 50): the term keeps its value and may take a faster path.
    const index_t extent = m.program_extent(static_cast<std::size_t>(d));
    if (t.modulus != 0 && extent > 0 && (extent - 1) / t.divisor < t.modulus) r.modulus = 0;
    using U = std::uint64_t;
    const int shift = is_power_of_two(t.divisor) ? std::countr_zero(static_cast<U>(t.divisor)) : -1;
    const int width = r.modulus == 0               ? 64
                      : is_power_of_two(r.modulus) ? std::countr_zero(static_cast<U>(r.modulus))
                                                   : -1;
    if (shift < 0 || width < 0) {
      m.pow2_ = false;
    } else {
      r.shift = static_cast<std::uint32_t>(shift);
      r.mask = width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
    }
    m.terms_.push_back(r);
    if (shift >= 0 && width >= 0) {
      detail::runtime_digit* g = &m.digits_[3 * static_cast<std::size_t>(d)];
      if (g->mask != 0) ++g;
      if (g->mask != 0) {
        m.two_digits_ = false;  // a third digit in this dimension
        ++g;
      }
      if (g->mask != 0) {
        m.three_digits_ = false;  // a fourth digit in this dimension
      } else {
        g->stride = r.stride;
        g->mask = r.mask;
        g->shift = r.shift;
      }
    } else {
      m.two_digits_ = false;
      m.three_digits_ = false;
    }
    if (t.divisor != 1 || r.modulus != 0 || m.strides_[d] != 0) {
      m.strided_ = false;
    } else {
      m.strides_[d] = t.stride;
    }
  }
  // The digit paths read dimension d's slots as i * c0 + (i >> s1) * c1 + (i >> s2) * c2 (the two-digit
  // path: slots 0 and 2), the coefficients telescoped so that no digit needs its mask (digit_coefficient):
  // the low term is an induction variable in a loop over i, and a shift by a variable is two instructions
  // on x86-64 without BMI2. The digits go into the slots by shift, a missing one (mask, stride and
  // coefficient 0) giving 0; a dimension whose lowest digit is shifted, whose highest is masked, or whose
  // digits are not consecutive bit fields takes the general path. (The index program's digits always fit;
  // checked, not assumed.)
  if (m.two_digits_ || m.three_digits_) {
    const auto before = [](const detail::runtime_digit& a, const detail::runtime_digit& b) {
      return b.mask == 0 ? a.mask != 0 : a.mask != 0 && a.shift < b.shift;  // by shift, missing ones last
    };
    for (std::size_t d = 0; d < m.program_rank_; ++d) {  // the terms' dimensions
      detail::runtime_digit* g = &m.digits_[3 * d];
      for (std::size_t i = 1; i < 3; ++i) {  // an insertion sort of three
        for (std::size_t j = i; j > 0 && before(g[j], g[j - 1]); --j) {
          const detail::runtime_digit t = g[j];
          g[j] = g[j - 1];
          g[j - 1] = t;
        }
      }
      if (g[1].mask != 0 && g[2].mask == 0) {  // two digits: low and high, no middle one
        g[2] = g[1];
        g[1] = detail::runtime_digit{};
      }
      // The low term is unshifted (i * c0): the lowest digit must have shift 0.
      if (g[0].mask != 0 && g[0].shift != 0) m.two_digits_ = m.three_digits_ = false;
      // The coefficients: each present digit's mask must reach the next one's shift (the last has no mask).
      // A digit no in-range index reaches (a padded dimension's: f32[7]{0:T(8)pad(10)}'s i / 8, after a
      // low digit whose modulus was dropped) is 0 throughout: coefficient 0.
      using U = std::uint64_t;
      const detail::runtime_digit* prev = nullptr;
      for (std::size_t k = 0; k < 3; ++k) {
        detail::runtime_digit& h = g[k];
        if (h.mask == 0) continue;
        if (static_cast<U>(m.program_extent(d) - 1) >> h.shift == 0 && k > 0) continue;
        if (prev != nullptr) {
          const std::uint32_t gap = h.shift - prev->shift;
          if (h.shift <= prev->shift || gap >= 64 || prev->mask != (U{1} << gap) - 1) {
            m.two_digits_ = m.three_digits_ = false;
            break;
          }
          h.coefficient = static_cast<U>(h.stride) - (static_cast<U>(prev->stride) << gap);
        } else {
          h.coefficient = static_cast<U>(h.stride);
        }
        prev = &h;
      }
      if (prev != nullptr && prev->mask != ~U{0}) m.two_digits_ = m.three_digits_ = false;
    }
  }
  using P = detail::runtime_path;
  if (merged) {
    // The digits read the program index (merged_digits, where each of its dimensions has at most three);
    // the other paths read the shape's indices. The strides' slots hold the weights of the dimensions in
    // their groups (group_weight).
    m.path_ = m.three_digits_ ? P::merged_digits : P::general;
    m.strided_ = m.two_digits_ = m.three_digits_ = false;
    for (std::size_t d = 0; d < m.rank_; ++d) m.strides_[d] = g.weight[d];
    return m;
  }
  m.path_ = m.strided_        ? P::strided
            : m.two_digits_   ? P::two_digits
            : m.three_digits_ ? P::three_digits
                              : P::general;
  return m;
}

/// make_runtime_mapping of a shape's text as XLA prints it: parse_shape's error (with its column), or
/// make_runtime_mapping's.
///   const auto m = xlayout::make_runtime_mapping("f32[3,5]{1,0:T(2,2)}");
template <std::size_t MaxRank = XLAYOUT_MAX_RANK>
constexpr result<basic_runtime_mapping<MaxRank>> make_runtime_mapping(std::string_view text) noexcept {
  const result<shape> s = parse_shape(text);
  if (!s) return s.error();
  return make_runtime_mapping<MaxRank>(*s);
}

/// The Rank argument of a runtime_tensor whose rank is a run-time value too.
inline constexpr std::size_t dynamic_rank = ~std::size_t{0};

namespace detail {
/// Extents<dyn, ...> with Rank entries: the extents type of a runtime_tensor of static rank (what a view of
/// it reads); void for dynamic_rank.
template <class Seq>
struct dynamic_extents_of;
template <std::size_t... D>
struct dynamic_extents_of<std::index_sequence<D...>> {
  using type = Extents<(static_cast<void>(D), dyn)...>;
};
template <std::size_t Rank>
struct runtime_extents {
  using type = typename dynamic_extents_of<std::make_index_sequence<Rank>>::type;
};
template <>
struct runtime_extents<dynamic_rank> {
  using type = void;
};
/// How a runtime_tensor's at() reaches an element (checked_reference's Access): a plain C++ element.
template <class Element>
struct plain_access {
  using value_type = std::remove_cv_t<Element>;
  using reference = Element&;
  using data_handle_type = Element*;
  static constexpr bool is_const = std::is_const_v<Element>;
  XLAYOUT_HD static constexpr reference access(data_handle_type p, index_t k) noexcept { return p[k]; }
};
}  // namespace detail

/// What runtime_tensor<Element, Rank>::visit hands to its function on the fixed paths: the tensor with its
/// access path in its type (Digits 1: a multiply-add per dimension; 2 or 3: a multiply-add and one or two
/// shift-multiply-adds per dimension, runtime_mapping::digit_coefficient) and the path's constants as
/// members, so that a loop written over it keeps them in registers and the compiler strength-reduces it as it
/// does for a static Tensor. Element access (t(i, j, ...), with runtime_tensor's precondition and check),
/// extent, rank and data.
template <class Element, std::size_t Rank, std::size_t Digits>
class fixed_path_tensor {
  static_assert(Rank >= 1 && Digits >= 1 && Digits <= 3);

 public:
  using element_type = Element;
  using reference = Element&;
  using index_type = index_t;
  /// The digits per dimension (1: a plain multiply-add).
  static constexpr std::size_t digits = Digits;

  /// @pre m.fixed_path() == Digits and m.rank() == Rank.
  template <std::size_t M>
  XLAYOUT_HD constexpr fixed_path_tensor(Element* data, const basic_runtime_mapping<M>& m) noexcept
      : data_(data) {
    for (std::size_t d = 0; d < Rank; ++d) {
      extents_[d] = m.extent(d);
      if constexpr (Digits == 1) {
        stride_[d] = m.stride(d);
      } else {
        for (std::size_t k = 0; k < Digits; ++k) {
          const std::size_t slot = Digits == 2 && k == 1 ? 2 : k;  // the two-digit path: low and high slots
          coefficient_[d * Digits + k] = m.digit_coefficient(d, slot);
          shift_[d * Digits + k] = m.digit_shift(d, slot);
        }
      }
    }
  }

  XLAYOUT_HD static constexpr std::size_t rank() noexcept { return Rank; }
  XLAYOUT_HD constexpr index_t extent(std::size_t d) const noexcept { return extents_[d]; }
  XLAYOUT_HD constexpr Element* data() const noexcept { return data_; }

  /// The element (i, j, ...). @pre each index in range (XLAYOUT_ASSERT; an optimiser assumption with
  /// assertions off).
  template <index_like... I>
    requires(sizeof...(I) == Rank)
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference operator()(I... i) const noexcept {
    const index_t idx[] = {detail::to_index(i)...};
    detail::expect_in_range(idx, *this, std::make_index_sequence<Rank>{});
    return data_[offset(idx, std::make_index_sequence<Rank * Digits>{})];
  }

 private:
  // The sum over the digits g = d * Digits + k, unrolled (a loop over k stayed a loop at g++ -O2).
  template <std::size_t... G>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t offset(const index_t* idx,
                                                          std::index_sequence<G...>) const noexcept {
    using U = std::uint64_t;
    if constexpr (Digits == 1) {
      return (index_t{0} + ... + (idx[G] * stride_[G]));
    } else {
      // i * c0 + (i >> s1) * c1 (+ (i >> s2) * c2) per dimension, its low digit's term unshifted (see
      // runtime_mapping::digit_coefficient): no mask, and a loop over i adds c0 where it multiplied.
      return static_cast<index_t>((U{0} + ... +
                                   ((G % Digits == 0 ? static_cast<U>(idx[G / Digits])
                                                     : static_cast<U>(idx[G / Digits]) >> shift_[G]) *
                                    coefficient_[G])));
    }
  }

  Element* data_ = nullptr;
  index_t extents_[Rank] = {};
  index_t stride_[Digits == 1 ? Rank : 1] = {};
  std::uint64_t coefficient_[Digits == 1 ? 1 : Rank * Digits] = {};
  std::uint32_t shift_[Digits == 1 ? 1 : Rank * Digits] = {};
};

/// A Tensor whose layout is a run-time value: a data pointer and a runtime_mapping (of capacity Rank where
/// the rank is static: basic_runtime_mapping<Rank>, its mapping_type). Element is the storage type of one
/// element (float, bf16_bits, std::int8_t, ...), const for a read-only view; types narrower than a byte (S4,
/// U2, E(n) packing) are not supported here (unsupported_element_size). Rank, when given, is the rank the
/// shape must have (make_runtime_tensor<Rank> checks it): the call form then takes exactly Rank indices and
/// evaluates a fixed, unrolled sequence per path (runtime_mapping::fixed_offset).
///   auto s = xlayout::parse_shape(text);                 // e.g. from a custom call's descriptor
///   auto t = xlayout::make_runtime_tensor<2>(ptr, *s);   // result<runtime_tensor<float, 2>>
///   float x = (*t)(i, j);
template <class Element, std::size_t Rank = dynamic_rank>
class runtime_tensor {
 public:
  using element_type = Element;
  using value_type = std::remove_cv_t<Element>;
  using reference = Element&;
  using data_handle_type = Element*;
  using mapping_type = basic_runtime_mapping<Rank == dynamic_rank ? XLAYOUT_MAX_RANK : Rank == 0 ? 1 : Rank>;
  using index_type = index_t;
  /// Extents<dyn, ...>, Rank of them (void for dynamic_rank): every extent is known at run time only.
  using extents_type = typename detail::runtime_extents<Rank>::type;
  /// What at() returns inside its result: the element's handle (as Tensor::at's).
  using checked_reference_type = checked_reference<detail::plain_access<Element>>;
  /// The XLA element type of Element (f32 for float, bf16 for bf16_bits); element_type::invalid for a C++
  /// type that names none (std::uint16_t holding bf16). What a view's to_string() prints.
  static constexpr xlayout::element_type xla_element_type = element_type_of_tensor<Element>;
  /// Rank, or dynamic_rank.
  static constexpr std::size_t static_rank = Rank;

  constexpr runtime_tensor() noexcept = default;
  /// @pre Rank is dynamic_rank or m.rank() (XLAYOUT_ASSERT). m is a mapping of any capacity (a
  /// runtime_mapping, or the mapping_type make_runtime_mapping<Rank> gives), copied into mapping_type.
  template <std::size_t M>
  XLAYOUT_HD constexpr runtime_tensor(Element* data, const basic_runtime_mapping<M>& m) noexcept
      : data_(data), m_(m) {
    XLAYOUT_ASSERT(Rank == dynamic_rank || Rank == m.rank(),
                   "[xlayout:index_rank_mismatch] runtime_tensor: the mapping's rank is not Rank");
  }

  XLAYOUT_HD constexpr Element* data() const noexcept { return data_; }
  XLAYOUT_HD constexpr const mapping_type& mapping() const noexcept { return m_; }
  /// The rank: a constant (static) for a static Rank, as a Tensor's, so that views take the tensor.
  XLAYOUT_HD static constexpr std::size_t rank() noexcept
    requires(Rank != dynamic_rank)
  {
    return Rank;
  }
  XLAYOUT_HD constexpr std::size_t rank() const noexcept
    requires(Rank == dynamic_rank)
  {
    return m_.rank();
  }
  /// Every extent is dynamic ('?' to a view).
  XLAYOUT_HD static constexpr std::size_t rank_dynamic() noexcept
    requires(Rank != dynamic_rank)
  {
    return Rank;
  }
  XLAYOUT_HD static constexpr index_t static_extent(std::size_t) noexcept
    requires(Rank != dynamic_rank)
  {
    return dyn;
  }
  XLAYOUT_HD constexpr index_t extent(std::size_t d) const noexcept { return m_.extent(d); }
  XLAYOUT_HD constexpr extents_type extents() const noexcept
    requires(Rank != dynamic_rank)
  {
    return make_extents(std::make_index_sequence<Rank>{});
  }
  XLAYOUT_HD constexpr index_t size() const noexcept { return m_.size(); }
  XLAYOUT_HD constexpr index_t required_span_size() const noexcept { return m_.required_span_size(); }

  /// The element (i, j, ...). @pre one index per dimension, each in range (XLAYOUT_ASSERT).
  template <index_like... I>
    requires(Rank == dynamic_rank || sizeof...(I) == Rank)
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference operator()(I... i) const noexcept {
    if constexpr (Rank == dynamic_rank) {
      return data_[m_(i...)];
    } else {
      return data_[m_.template fixed_offset<Rank>(i...)];
    }
  }
  /// Another number of indices than a static Rank: one compile error naming the id (as Tensor's).
  template <index_like... I>
    requires(Rank != dynamic_rank && sizeof...(I) != Rank)
  XLAYOUT_HD constexpr reference operator()(I...) const noexcept {
    static_assert(sizeof...(I) == Rank,
                  "[xlayout:index_rank_mismatch] xlayout::runtime_tensor: give one index per dimension (the "
                  "note shows: given == Rank)");
    return data_[0];  // reported above
  }
  /// An index that is no integer (a double, a bool, a pointer): one compile error naming the id.
  template <class... I>
    requires(detail::not_index_arguments<I...>)
  XLAYOUT_HD constexpr reference operator()(I...) const noexcept {
    static_assert(sizeof...(I) == 0,  // false: some index is no integer
                  "[xlayout:invalid_index_type] xlayout::runtime_tensor: indices are integers (not bool) or "
                  "integral constants (std::integral_constant), one per dimension");
    return data_[0];  // reported above
  }
  /// Calls f with this tensor on its access path, chosen once here instead of per element: a
  /// fixed_path_tensor<Element, Rank, 1, 2 or 3> (strided, or two or three power-of-two digits per
  /// dimension), or *this where the layout needs the general loop; returns what f returns (the same type for
  /// each). The loop goes inside f, which the compiler then compiles once per path, each with its constants
  /// in registers (docs/performance.md: with g++ 12 the plain t(i, j) in a loop re-chooses the path per
  /// element):
  ///   sum = t.visit([](const auto& a) { float s = 0; for (...) for (...) s += a(i, j); return s; });
  /// With a rank known only at run time there is no fixed path: f(*this), so that code generic over the rank
  /// may call visit on any runtime_tensor.
  XLAYOUT_EXEC_CHECK_DISABLE
  template <class F>
  XLAYOUT_HD constexpr decltype(auto) visit(F&& f) const {
    if constexpr (Rank == dynamic_rank) {
      return f(*this);
    } else {
      return visit_fixed(f);
    }
  }
  /// Checked access, as Tensor::at: the element's handle, or index_rank_mismatch / index_out_of_range.
  template <index_like... I>
  XLAYOUT_HD constexpr result<checked_reference_type> at(I... i) const noexcept {
    const index_t idx[] = {detail::to_index(i)..., 0};
    return at(idx, sizeof...(I));
  }
  template <class... I>
    requires(detail::not_index_values<I...>)
  XLAYOUT_HD constexpr result<checked_reference_type> at(I...) const noexcept {
    static_assert(sizeof...(I) == 0,  // false: some index is no integer
                  "[xlayout:invalid_index_type] xlayout::runtime_tensor::at: indices are integers (not bool) "
                  "or integral constants (std::integral_constant), one per dimension");
    return error_id::invalid_index_type;  // reported above
  }
  XLAYOUT_HD constexpr result<checked_reference_type> at(const index_t* idx, std::size_t n) const noexcept {
    const auto k = m_.checked_offset(idx, n);
    if (!k) return k.error();
    return checked_reference_type(data_, *k);
  }
  /// The element at idx[0..Rank) (what a view of the tensor reads). @pre each index in range.
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference element_of(const index_t* idx) const noexcept
    requires(Rank != dynamic_rank)
  {
    return element_at(idx, std::make_index_sequence<Rank>{});
  }

 private:
  XLAYOUT_EXEC_CHECK_DISABLE
  template <class F>
  XLAYOUT_HD constexpr decltype(auto) visit_fixed(F& f) const {
    switch (m_.fixed_path()) {
      case 1:
        return f(fixed_path_tensor<Element, Rank, 1>(data_, m_));
      case 2:
        return f(fixed_path_tensor<Element, Rank, 2>(data_, m_));
      case 3:
        return f(fixed_path_tensor<Element, Rank, 3>(data_, m_));
      default:
        return f(*this);
    }
  }
  template <std::size_t... D>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference element_at(const index_t* idx,
                                                                std::index_sequence<D...>) const noexcept {
    return data_[m_.template fixed_offset<Rank>(idx[D]...)];
  }
  template <std::size_t... D>
  XLAYOUT_HD constexpr extents_type make_extents(std::index_sequence<D...>) const noexcept {
    return extents_type(m_.extent(D)...);
  }

  Element* data_ = nullptr;
  mapping_type m_;
};

namespace detail {
/// The runtime_tensor T over `data` laid out as `s`, its mapping made at T's capacity: what both forms of
/// make_runtime_tensor return.
template <class T, class Element>
constexpr result<T> make_runtime_tensor_as(Element* data, const shape& s) noexcept {
  if (!is_array_type(s.element_type)) return error_id::invalid_element_type;  // before its width (0)
  const index_t bits = element_bits(s);
  if (bits != static_cast<index_t>(sizeof(Element) * 8) || bits < 8)
    return error_id::unsupported_element_size;
  // E(n) other than its own width for a type of 8 bits or more (f32[3]{0:E(8)} over std::uint8_t*: audit), as
  // the static Tensor refuses it: only sub-byte types are packed into slots of another width.
  if (!is_sub_byte(s.element_type) && bits != bit_width(s.element_type))
    return error_id::unsupported_element_size;
  // A pointer to another XLA type's storage is a type mix-up (float* for s32, std::int32_t* for f32: audit),
  // refused as the static Tensor refuses it; an unsigned integer of the width (raw bits: std::uint16_t* for
  // bf16) and a type xlayout does not know (__nv_bfloat16*, __half*) are taken at their width.
  constexpr element_type pointed = element_type_of_tensor<Element>;
  if (pointed != element_type::invalid && pointed != s.element_type && !is_unsigned_integral(pointed))
    return error_id::tensor_data_type;
  const auto m = make_runtime_mapping<T::mapping_type::max_rank>(s);
  if (!m) return m.error();
  return T(data, *m);
}
}  // namespace detail

/// A runtime_tensor over `data` laid out as `s`. Errors: make_runtime_mapping's, unsupported_element_size
/// when Element is not as wide as one element of s (E(n) or the type's width) or a type of a byte or more has
/// an E(n) other than its width (f32[3]{0:E(8)}), and tensor_data_type when
/// Element is the storage of another XLA type (float for s32; unsigned integers, raw bits, are taken for any
/// type of their width, as are types xlayout does not know).
template <class Element>
constexpr result<runtime_tensor<Element>> make_runtime_tensor(Element* data, const shape& s) noexcept {
  return detail::make_runtime_tensor_as<runtime_tensor<Element>>(data, s);
}

/// make_runtime_tensor with the rank known at compile time: make_runtime_tensor<2>(ptr, s) is a
/// result<runtime_tensor<Element, 2>>. Errors: make_runtime_tensor's, and index_rank_mismatch when s's rank
/// is not Rank.
template <std::size_t Rank, class Element>
  requires(Rank != dynamic_rank)
constexpr result<runtime_tensor<Element, Rank>> make_runtime_tensor(Element* data, const shape& s) noexcept {
  if (s.rank() != Rank) return error_id::index_rank_mismatch;
  return detail::make_runtime_tensor_as<runtime_tensor<Element, Rank>>(data, s);
}

/// Both forms of make_runtime_tensor from a shape's text as XLA prints it, as a custom call may receive it:
/// parse_shape's error (with its column), or make_runtime_tensor's.
///   auto t = xlayout::make_runtime_tensor<2>(ptr, "f32[3,5]{1,0:T(2,2)}");  // runtime_tensor<float, 2>
template <class Element>
constexpr result<runtime_tensor<Element>> make_runtime_tensor(Element* data, std::string_view text) noexcept {
  const result<shape> s = parse_shape(text);
  if (!s) return s.error();
  return make_runtime_tensor(data, *s);
}
template <std::size_t Rank, class Element>
  requires(Rank != dynamic_rank)
constexpr result<runtime_tensor<Element, Rank>> make_runtime_tensor(Element* data,
                                                                   std::string_view text) noexcept {
  const result<shape> s = parse_shape(text);
  if (!s) return s.error();
  return make_runtime_tensor<Rank>(data, *s);
}

namespace detail {
/// The number of trailing zero bits of v > 0: std::countr_zero, which CUDA device code may not call (there a
/// loop; on the host the loop made g++ 12 compile the index-using walk of T(2,2) into 4.5 % more
/// instructions, bench/callgrind).
XLAYOUT_HD constexpr std::uint32_t trailing_zeros(std::uint64_t v) noexcept {
#if defined(__CUDA_ARCH__)
  std::uint32_t n = 0;
  for (; (v & 1) == 0 && n < 64; v >>= 1) ++n;
  return n;
#else
  return static_cast<std::uint32_t>(std::countr_zero(v));
#endif
}

/// The high 64 bits of a * b for b < 2^32, in two 64-bit products (no 128-bit type: constant evaluation,
/// CUDA device code and every host compiler alike).
XLAYOUT_HD constexpr std::uint64_t high_product(std::uint64_t a, std::uint64_t b) noexcept {
  return ((a >> 32) * b + (((a & 0xffffffffu) * b) >> 32)) >> 32;  // < 2^64: no wraparound
}

/// n / d by a multiplication, for n < 2^32 and 2 <= d < 2^32: the high 64 bits of n * magic, magic =
/// floor((2^64 - 1) / d) + 1 (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019).
struct small_divisor {
  std::uint64_t magic = 0;
  std::uint64_t d = 1;
  XLAYOUT_HD constexpr explicit small_divisor(index_t divisor = 1) noexcept
      : magic(divisor >= 2 ? ~std::uint64_t{0} / static_cast<std::uint64_t>(divisor) + 1 : 0),
        d(static_cast<std::uint64_t>(divisor)) {}
  XLAYOUT_HD constexpr std::uint64_t divide(std::uint64_t n) const noexcept {
    return d == 1 ? n : high_product(magic, n);
  }
};

/// One loop of the memory-order walk of a runtime_mapping: term k, a digit of dimension `dimension`. It runs
/// over the values v that keep e[dimension] + v * divisor below the extent, at most `modulus` of them: all
/// `modulus` when e[dimension] + full_reach < extent (no division), else a division.
struct walk_loop {
  index_t stride = 0;
  index_t divisor = 0;  // 0 (with modulus 1): a loop of one iteration that the layout does not have
  index_t modulus = 1;  // 0: no modulus
  index_t full_reach = 0;
  index_t extent = index_max;
  std::uint32_t dimension = 0;
  std::uint32_t shift = 0;
  bool pow2 = true;
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t count(index_t base) const noexcept {
    using U = std::uint64_t;
    if (modulus != 0 && base + full_reach < extent) return modulus;
    const U left = static_cast<U>(extent - base) + static_cast<U>(divisor - 1);
    const auto n = static_cast<index_t>(pow2 ? left >> shift : left / static_cast<U>(divisor));
    return modulus != 0 && n > modulus ? modulus : n;
  }
};

/// The innermost three loops of the walk (walk_block), a loop the layout lacks running once.
struct walk_inner {
  walk_loop a, b, c;
  const index_t* e;  // the index at the block's start; the loops add their digits to it
  bool c_follows_b;  // loop c is a digit of b's dimension: its count changes with b's digit

  /// C, loop c's dimension as a template argument (c.dimension), or any_dimension where it is read at run
  /// time.
  static constexpr std::size_t any_dimension = ~std::size_t{0};
  /// f(index, offset) for the element at digits va, vb, vc of loops a, b, c. The index is built for f in a
  /// local array, from e and the digits, with constant subscripts only: where f does not read it (a sum of
  /// the elements), the compilers drop it, as they do for the static for_each. With C known, loop c's digit
  /// goes to one element only, and the compilers vectorise what f computes from the index (clang 19 did not
  /// while each element's dimension was compared with c.dimension at run time).
  template <std::size_t N, std::size_t C, class F>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void call(index_t va, index_t vb, index_t vc, index_t offset,
                                                     F& f) const {
    index_t idx[N];
    for (std::size_t d = 0; d < N; ++d) {
      const bool in_c = C == any_dimension ? d == c.dimension : d == C;
      idx[d] = e[d] + va * index_t{d == a.dimension} + vb * index_t{d == b.dimension} + (in_c ? vc : 0);
    }
    f(static_cast<const index_t*>(idx), offset);
  }
  /// Loop c, two values, unrolled.
  template <std::size_t N, std::size_t C, class F>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void pair(index_t va, index_t vb, index_t oc, F& f) const {
    call<N, C>(va, vb, 0, oc, f);
    call<N, C>(va, vb, c.divisor, oc + c.stride, f);
  }
  /// The shapes of loops b and c that bc runs without a test per element: kind() picks one for counts nb
  /// and nc, once per block, and bc<K> is compiled per shape (each loop with its own registers).
  enum class block_shape { general, two_by_two, unit_stride, pairs, runs_of_four };
  XLAYOUT_HD constexpr block_shape kind(index_t nb, index_t nc) const noexcept {
    if (c_follows_b) return block_shape::general;
    if (nb == 2 && nc == 2) return block_shape::two_by_two;
    if (c.stride != 1 || c.divisor != 1) return block_shape::general;
    // Loop c runs over consecutive elements, a digit of 1 each: written as a loop whose stride the compilers
    // know is 1, they vectorise it, as they do the static for_each's.
    return nc == 2 && b.stride == 2 ? block_shape::pairs : block_shape::unit_stride;
  }
  /// Loops b and c at digit va of loop a, from offset ob: nb iterations of b, nc of c (unless c_follows_b,
  /// where c's count is taken per digit of b from c_base), in the shape K that kind(nb, nc) returned.
  template <block_shape K, std::size_t N, std::size_t C, class F>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void bc(index_t va, index_t ob, index_t nb, index_t c_base,
                                                   index_t nc, F& f) const {
    if constexpr (K == block_shape::two_by_two) {
      pair<N, C>(va, 0, ob, f);
      pair<N, C>(va, b.divisor, ob + b.stride, f);
    } else if constexpr (K == block_shape::pairs) {
      // The (2,1) tiles of 16-bit types: one run of 2 nb elements. The index of element q of pair ib is
      // off[q] + ib * kb per dimension, formed once (with call(), clang 19 executed 2.02 times the static
      // walk's instructions for the index-using walk of bf16 T(8,128)(2,1), and 1.24 so; g++ 12 0.89, 0.82).
      index_t kb[N], off[2][N];
      for (std::size_t d = 0; d < N; ++d) {
        kb[d] = d == b.dimension ? b.divisor : 0;
        const bool in_c = C == any_dimension ? d == c.dimension : d == C;
        off[0][d] = e[d] + (d == a.dimension ? va : 0);
        off[1][d] = off[0][d] + (in_c ? 1 : 0);
      }
      for (index_t ib = 0; ib < nb; ++ib) {
        for (std::size_t q = 0; q < 2; ++q) {
          index_t idx[N];
          for (std::size_t d = 0; d < N; ++d) idx[d] = off[q][d] + ib * kb[d];
          f(static_cast<const index_t*>(idx), ob + 2 * ib + static_cast<index_t>(q));
        }
      }
    } else if constexpr (K == block_shape::unit_stride) {
      index_t vb = 0, oc0 = ob;
      for (index_t ib = 0; ib < nb; ++ib) {
        // Unrolled (the vector loop with g++, its interleave with clang): the sum of the untiled layouts in
        // 0.76 of the static walk's instructions with g++ 12 and 1.01 with clang 19, against 1.00 and 1.20
        // (bench/callgrind; performance.md).
        XLAYOUT_UNROLL4
        for (index_t ic = 0; ic < nc; ++ic) call<N, C>(va, vb, ic, oc0 + ic, f);
        vb += b.divisor;
        oc0 += b.stride;
      }
    } else {
      index_t vb = 0, oc0 = ob;
      for (index_t ib = 0; ib < nb; ++ib) {
        const index_t n = c_follows_b ? c.count(c_base + vb) : nc;
        if (n == 2) {  // the (2,1) tiles of 16-bit types
          pair<N, C>(va, vb, oc0, f);
        } else {
          index_t oc = oc0;
          for (index_t ic = 0; ic < n; ++ic) {
            call<N, C>(va, vb, ic * c.divisor, oc, f);
            oc += c.stride;
          }
        }
        vb += b.divisor;
        oc0 += b.stride;
      }
    }
  }
  /// Iterations [ia, na) of loop a with loops b and c of counts nb and nc throughout, in shape K.
  /// block_shape::runs_of_four: 2 x 2 blocks one after another (strides 4, 2, 1 and c's digit 1), as T(2,2)'s
  /// inner tiles lie: one run of consecutive elements, which the compilers vectorise. The index of element q
  /// of block ia is off[q] + ia * ka, per dimension: the block's four corners and loop a's digit per
  /// iteration, formed once, so that no element compares a dimension with the loops' (with the comparisons,
  /// g++ 12 executed 2.54 times the static walk's instructions for T(2,2)'s index-using walk; with C a
  /// template argument instead, it left f out of line in a translation unit with many walks, 2.4 times
  /// slower; this form: 1.02 with g++ 12, 1.02 with clang 19, bench/callgrind).
  template <block_shape K, std::size_t N, std::size_t C, class F>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void run(index_t ia, index_t na, index_t o, index_t nb,
                                                    index_t c_base, index_t nc, F& f) const {
    if constexpr (K == block_shape::runs_of_four) {
      index_t ka[N], off[4][N];
      for (std::size_t d = 0; d < N; ++d) {
        ka[d] = d == a.dimension ? a.divisor : 0;
        const index_t kb = d == b.dimension ? b.divisor : 0, kc = d == c.dimension ? 1 : 0;
        for (std::size_t q = 0; q < 4; ++q) off[q][d] = e[d] + (q < 2 ? 0 : kb) + ((q & 1) != 0 ? kc : 0);
      }
      for (; ia < na; ++ia) {
        const index_t oa = o + 4 * ia;
        // One call in a loop the compilers unroll, rather than four: g++ 12 left four calls of f out of line
        // in a translation unit with many walks (--param inline-unit-growth), even in the flattened walk.
        for (std::size_t q = 0; q < 4; ++q) {
          index_t idx[N];
          for (std::size_t d = 0; d < N; ++d) idx[d] = off[q][d] + ia * ka[d];
          f(static_cast<const index_t*>(idx), oa + static_cast<index_t>(q));
        }
      }
    } else {
      for (; ia < na; ++ia) bc<K, N, C>(ia * a.divisor, o + ia * a.stride, nb, c_base, nc, f);
    }
  }
  /// run<K, N, C>(0, na, ...) with C = c.dimension, one instantiation per dimension of a rank up to 4 (above,
  /// the code would grow with the rank for little: C read at run time). clang 19 only: each instantiation
  /// calls f in more places, and g++ 12 then left some of them out of line in a translation unit with many
  /// walks (bench/runtime: T(2,2)'s index-using walk took 6.9 times the static walk's time), while it
  /// compiled the walk with C read at run time into as few instructions.
  template <block_shape K, std::size_t N, class F>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void run_by_dimension(index_t na, index_t o, index_t nb,
                                                                 index_t c_base, index_t nc, F& f) const {
#if defined(__clang__)
    constexpr bool by_dimension = N <= 4;
#else
    constexpr bool by_dimension = false;
#endif
    if constexpr (by_dimension) {
      run_by_dimension<K, N>(std::make_index_sequence<N>{}, na, o, nb, c_base, nc, f);
    } else {
      run<K, N, any_dimension>(0, na, o, nb, c_base, nc, f);
    }
  }
  template <block_shape K, std::size_t N, std::size_t... C, class F>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void run_by_dimension(std::index_sequence<C...>, index_t na,
                                                                 index_t o, index_t nb, index_t c_base,
                                                                 index_t nc, F& f) const {
    // c.dimension < N: loop c is a term of the layout (walk_loops puts the loops of one iteration first).
    (void)((c.dimension == C ? (run<K, N, C>(0, na, o, nb, c_base, nc, f), true) : false) || ...);
  }
};

/// The innermost three loops of the walk, nested, from the index e and offset o: f(index, offset) for each
/// element. e stays as it is: the loops count in registers (walk_inner::call builds each index).
template <std::size_t N, class F>
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void walk_block(const walk_loop* in, const index_t* e, index_t o,
                                                         F& f) {
  const walk_loop a = in[0], b = in[1], c = in[2];
  // Where loop b or c starts, and how many iterations it runs, depends on the outer loops' digits only where
  // they are digits of one dimension. A loop of one iteration (divisor 0: a layout with fewer than three
  // terms) adds no digit: its `dimension` (0) says nothing, and taken at its word it sent the walk of every
  // layout of two terms whose loop b is dimension 0 (row-major f32[1000,1000]{1,0}) down the general path.
  const bool b_follows_a = a.divisor != 0 && b.dimension == a.dimension;
  const bool c_follows_a = a.divisor != 0 && c.dimension == a.dimension;
  // The block's index in a local array: through the odometer's `e`, clang 19 read it from memory again at
  // each element, f's stores (a sum of int64 by reference) possibly writing it.
  index_t block_index[N];
  for (std::size_t d = 0; d < N; ++d) block_index[d] = e[d];
  e = block_index;
  const walk_inner w{a, b, c, e, b.divisor != 0 && c.dimension == b.dimension};
  const index_t na = a.count(e[a.dimension]);
  index_t ia = 0;
  if (!b_follows_a) {
    // Loop b's count does not change with a; loop c's changes only on the iterations of a that reach past
    // c's extent (the last tile of a dimension), so the ones before run with c's count computed once.
    const index_t nb = b.count(e[b.dimension]);
    const index_t c_base = e[c.dimension];
    index_t full = na;  // the iterations of a at whose digit c runs all its modulus
    if (c_follows_a && !w.c_follows_b) {
      const index_t room = c.modulus != 0 ? c.extent - c_base - c.full_reach : 0;  // full while va < room
      full = room <= 0 ? 0 : a.divisor == 0 ? na : (room - 1) / a.divisor + 1;
      if (full > na) full = na;
    }
    const index_t nc_full = c.count(c_base);
    using block_shape = walk_inner::block_shape;
    switch (w.kind(nb, nc_full)) {
      case block_shape::two_by_two:
        // Runs of 2 x 2 blocks are told apart here rather than in kind(): tested there, g++ 12 compiled the
        // index-using walk of T(2,2) into 6 % more instructions.
        if (a.stride == 4 && b.stride == 2 && c.stride == 1 && c.divisor == 1) {
          w.template run<block_shape::runs_of_four, N, walk_inner::any_dimension>(0, full, o, nb, c_base,
                                                                                  nc_full, f);
        } else {
          w.template run<block_shape::two_by_two, N, walk_inner::any_dimension>(0, full, o, nb, c_base,
                                                                                nc_full, f);
        }
        break;
      case block_shape::pairs:
        w.template run_by_dimension<block_shape::pairs, N>(full, o, nb, c_base, nc_full, f);
        break;
      case block_shape::unit_stride:
        w.template run_by_dimension<block_shape::unit_stride, N>(full, o, nb, c_base, nc_full, f);
        break;
      default:
        w.template run<block_shape::general, N, walk_inner::any_dimension>(0, full, o, nb, c_base, nc_full,
                                                                           f);
    }
    ia = full;
  }
  for (; ia < na; ++ia) {
    const index_t va = ia * a.divisor;
    const index_t nb = b.count(e[b.dimension] + (b_follows_a ? va : 0));
    const index_t c_base = e[c.dimension] + (c_follows_a ? va : 0);
    const index_t nc = c.count(c_base);
    // The last tile of a dimension, a shorter run of consecutive elements (runs of 104 in
    // f32[8,100,1000]{2,1,0:T(*,2,128)}): as a vectorised loop, clang 19's index-using walk of that layout
    // executes 0.91 of the instructions it did element by element, T(8,128)'s 0.93 (bench/callgrind).
    if (w.kind(nb, nc) == walk_inner::block_shape::unit_stride) {
      w.template bc<walk_inner::block_shape::unit_stride, N, walk_inner::any_dimension>(va, o + ia * a.stride,
                                                                                        nb, c_base, nc, f);
    } else {
      w.template bc<walk_inner::block_shape::general, N, walk_inner::any_dimension>(va, o + ia * a.stride, nb,
                                                                                    c_base, nc, f);
    }
  }
}

/// The loops of the memory-order walk of a runtime_mapping, after `pad` loops of one iteration: its terms,
/// major first (by decreasing stride; the program does not keep its terms sorted: a term of an extent-1
/// dimension, for one, may come first). Returns the number of loops, pad + term_count().
template <std::size_t M>
XLAYOUT_HD constexpr std::size_t walk_loops(const basic_runtime_mapping<M>& m, walk_loop* loops,
                                            std::size_t pad) {
  const std::size_t terms = m.term_count();
  const bool merged = m.merges_dimensions();
  for (std::size_t k = 0; k < terms; ++k) {
    const runtime_term& t = m.term(k);
    walk_loop l;
    l.stride = t.stride;
    l.divisor = t.divisor;
    l.modulus = t.modulus;
    l.dimension = t.dimension;
    l.extent = merged ? m.program_extent(t.dimension) : m.extent(t.dimension);
    l.full_reach = t.modulus != 0 ? (t.modulus - 1) * t.divisor : 0;
    l.pow2 = is_power_of_two(t.divisor);
    l.shift = l.pow2 ? trailing_zeros(static_cast<std::uint64_t>(t.divisor)) : 0;
    std::size_t j = pad + k;
    for (; j > pad && loops[j - 1].stride < l.stride; --j) loops[j] = loops[j - 1];
    loops[j] = l;
  }
  return pad + terms;
}

/// Every combination of the digits of loops[0, outer) (outer >= 1), the last fastest: body(offset) with e
/// (the program index) and offset at that combination. MaxLoops bounds outer. A loop entered runs at least
/// once: the digits above it keep its dimension's index below the extent.
template <std::size_t MaxLoops, class Body>
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void walk_odometer(const walk_loop* loops, std::size_t outer,
                                                            index_t* e, Body&& body) {
  index_t count[MaxLoops] = {};  // iterations of loop k at its current entry
  index_t left[MaxLoops] = {};   // iterations still to run
  index_t base[MaxLoops] = {};   // e[d] at the entry of loop k
  const auto enter = [&](std::size_t k) {
    base[k] = e[loops[k].dimension];
    count[k] = left[k] = loops[k].count(base[k]);
  };
  index_t offset = 0;
  std::size_t k = 0;
  enter(0);
  for (;;) {
    while (k + 1 < outer) enter(++k);
    body(offset);
    // Step the innermost loop that has iterations left.
    for (;;) {
      const walk_loop& l = loops[k];
      if (--left[k] > 0) {
        e[l.dimension] += l.divisor;
        offset += l.stride;
        break;
      }
      // Loop k is done: restore its dimension and its share of the offset.
      e[l.dimension] = base[k];
      offset -= (count[k] - 1) * l.stride;
      if (k == 0) return;
      --k;
    }
  }
}

/// The memory-order walk of a runtime_mapping: its terms as loops, major first (by decreasing stride). The
/// innermost three are nested loops (walk_block), the others an odometer that steps once per block. Calls
/// f(e, offset) for every element, offsets increasing; no division per element. Where m.merges_dimensions(),
/// e is the program index (walk_merged).
template <std::size_t N, std::size_t M, class F>
XLAYOUT_FLATTEN XLAYOUT_HD constexpr void walk_runtime(const basic_runtime_mapping<M>& m, F f) {
  constexpr std::size_t max_terms = basic_runtime_mapping<M>::max_terms;
  const std::size_t rank = m.rank();
  const std::size_t terms = m.term_count();
  for (std::size_t d = 0; d < rank; ++d) {
    if (m.extent(d) <= 0) return;
  }
  index_t e[N == 0 ? 1 : N] = {};
  if (terms == 0) {
    f(static_cast<const index_t*>(e), index_t{0});
    return;
  }
  // Three loops of one iteration first: at least three loops for walk_block and one for the odometer, so
  // that f is inlined in one walk_block only.
  constexpr std::size_t pad = 3;
  walk_loop loops[max_terms + pad] = {};
  const std::size_t total = walk_loops(m, loops, pad);
  const std::size_t outer = total - 3;  // the odometer's loops: loops[0, outer)
  const walk_loop* inner = loops + outer;
  walk_odometer<max_terms>(loops, outer, e,
                           [&](index_t offset) { walk_block<N == 0 ? 1 : N>(inner, e, offset, f); });
}

/// The walk of a mapping that merges dimensions (merges_dimensions()): walk_runtime over the program index
/// (one dimension per merged group), each element's index formed from it, with a division and a modulo for a
/// dimension of a merged group. Where f does not read the index (a sum of the elements), the compilers drop
/// them and vectorise walk_runtime's inner loops as for the other layouts. (An odometer stepped per element
/// before: the sum of f32[8,100,1000]{2,1,0:T(*,8,128)} took 10.4 times the static for_each's time with
/// g++ 12 and 5.6 with clang 19, now 1.03 and 1.08; with the index used 12.4 and 13.8, now 3.3 and 5.8
/// with the divisions as multiplications, 8.1 and 9.1 with them as divisions: bench/runtime,
/// sum/split_group.) Out of line, so that the callers' other path (walk_runtime with f) compiles as it did
/// without it. Such a mapping has elements and terms (make_runtime_mapping merges only then); N >= rank() >=
/// program_rank().
template <std::size_t N, std::size_t M, class F>
#if defined(__GNUC__)
__attribute__((noinline))
#endif
XLAYOUT_HD constexpr void
walk_merged(const basic_runtime_mapping<M>& m, F f) {
  // Where every program extent is below 2^32 (so are the indices, weights and extents), the divisions are
  // multiplications (small_divisor).
  constexpr index_t small = index_t{1} << 32;
  bool by_multiplication = true;
  for (std::size_t g = 0; g < m.program_rank(); ++g) by_multiplication &= m.program_extent(g) < small;
  small_divisor weight[N], extent[N];  // dimension d: its index is k[group[d]] / weight % extent
  std::size_t group[N] = {};
  bool alone[N];  // a group of one dimension (its index is the program's), or d >= rank()
  for (std::size_t d = 0; d < N; ++d) alone[d] = true;
  for (std::size_t d = 0; d < m.rank(); ++d) {
    weight[d] = small_divisor(m.group_weight(d));
    extent[d] = small_divisor(m.extent(d));
    group[d] = m.group(d);
    alone[d] = m.group_weight(d) == 1 && m.extent(d) == m.program_extent(group[d]);
  }
  walk_runtime<N>(m, [&](const index_t* k, index_t offset) {
    // Over N, not rank(): with the bound a constant, g++ 12 drops the loop where f does not read the index
    // (with rank(), it kept the walk's inner loop scalar: the sum took 3.2 times the static for_each's time).
    // A cache of the last program index per dimension took clang 19's index-using walk from 8 to 2 times the
    // static walk's time in a small test, but made the sum's loop scalar in bench/runtime's (14 times), and
    // with g++ 12 everywhere.
    index_t idx[N];
    for (std::size_t d = 0; d < N; ++d) {
      const index_t kd = k[group[d]];
      if (alone[d]) {
        idx[d] = kd;
      } else if (by_multiplication) {
        const std::uint64_t q = weight[d].divide(static_cast<std::uint64_t>(kd));
        idx[d] = static_cast<index_t>(q - extent[d].divide(q) * extent[d].d);
      } else {
        idx[d] = kd / static_cast<index_t>(weight[d].d) % static_cast<index_t>(extent[d].d);
      }
    }
    f(static_cast<const index_t*>(idx), offset);
  });
}

/// for_each's callback of walk_runtime for a runtime_tensor of static rank: the index as an index_array. A
/// class, not a lambda, so that CUDA device code may call it with a __device__ f; the data pointer by
/// reference, as the lambda captured it (by value, the index-using walk of T(2,2) took 4.5 % more
/// instructions with g++ 12).
template <class Element, std::size_t Rank, class F>
struct runtime_element_visitor {
  Element* const& data;
  F& f;
  XLAYOUT_EXEC_CHECK_DISABLE
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void operator()(const index_t* e, index_t offset) const {
    index_array<Rank> idx;
    for (std::size_t d = 0; d < Rank; ++d) idx[d] = e[d];
    f(static_cast<const index_array<Rank>&>(idx), data[offset]);
  }
};
}  // namespace detail

/// Calls f(index, element) for every element of t in memory order (increasing linear index, tile by tile),
/// padding skipped, as for_each does for a Tensor: index is an index_array<Rank> for a tensor of static rank,
/// a std::span<const index_t> of rank() indices otherwise; or f(element) when f takes the element alone. No
/// division or modulo per element. With f(element) and a layout without padding (every slot of the buffer an
/// element: size() == required_span_size()), one loop over the slots.
XLAYOUT_EXEC_CHECK_DISABLE
template <class Element, std::size_t Rank, class F>
XLAYOUT_HD constexpr void for_each(const runtime_tensor<Element, Rank>& t, F&& f_or_element_only) {
  using Index = std::conditional_t<Rank == dynamic_rank, std::span<const index_t>, index_array<Rank>>;
  auto&& f = detail::element_callback<Index, Element&>(f_or_element_only);
  using F2 = std::remove_reference_t<decltype(f)>;
  Element* const data = t.data();
  if constexpr (detail::is_element_only<std::remove_cv_t<F2>>) {
    // The elements fill the buffer, so memory order is the order of the slots: the walk's loops, which
    // build each element's index, are not needed (the sum of f32[50,60,70]{0,2,1} through them: 1.70 times
    // the static for_each's instructions, bench/callgrind).
    const index_t n = t.mapping().size();
    if (n == t.mapping().required_span_size()) {
      XLAYOUT_UNROLL4
      for (index_t i = 0; i < n; ++i) f.f(data[i]);
      return;
    }
  }
  if constexpr (Rank == dynamic_rank) {
    const std::size_t rank = t.rank();
    const auto visit = [&](const index_t* e, index_t offset) {
      f(std::span<const index_t>(e, rank), data[offset]);
    };
    if (t.mapping().merges_dimensions()) {
      detail::walk_merged<XLAYOUT_MAX_RANK>(t.mapping(), visit);
      return;
    }
    detail::walk_runtime<XLAYOUT_MAX_RANK>(t.mapping(), visit);
  } else {
    // A mapping that merges dimensions is told apart here: in walk_runtime the test made g++ 12 compile the
    // index-using walks of the other layouts into up to twice the instructions (bench/callgrind).
    if (t.mapping().merges_dimensions()) {
      detail::walk_merged<Rank == 0 ? 1 : Rank>(t.mapping(),
                                                detail::runtime_element_visitor<Element, Rank, F2>{data, f});
      return;
    }
    detail::walk_runtime<Rank>(t.mapping(), detail::runtime_element_visitor<Element, Rank, F2>{data, f});
  }
}

}  // namespace XLAYOUT_NAMESPACE
