// include/xlayout/tensor/tensor.hpp: Tensor, a non-owning view of a laid-out array: a data handle and a
// tensor_mapping, in every spelling of the design card (Tensor<"f32[3,5]{1,0:T(2,2)}">,
// Tensor<F32, Extents<3, 5>, Layout<1, 0, T(2, 2)>>, ...). Static tensors are one pointer; each dynamic
// extent adds one index_t.
#pragma once
#include <array>
#include <concepts>
#include <cstddef>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/fixed_string.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/static/shape.hpp>
#include <xlayout/tensor/element.hpp>
#include <xlayout/tensor/mapping.hpp>
#include <xlayout/text/parse_shape.hpp>
#include <xlayout/text/scanner.hpp>
#include <xlayout/values/element_type.hpp>
#include <xlayout/values/extents.hpp>
#include <xlayout/values/layout.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {

/// A tensor as a CUDA kernel parameter: the data handle and the dynamic extents, in a type without
/// class-type template arguments (nvcc 13 cannot name those in a kernel's host-side launch stub, so spell
/// the parameter as kernel_arg<...> itself, not through the tensor type):
///   __global__ void scale(kernel_arg<bf16_bits*, 1> a) { const Batch t(a); ... }
///   scale<<<blocks, threads>>>(kernel_arg_of(batch));
template <class Handle, std::size_t DynamicRank = 0>
struct kernel_arg {
  Handle data;
  index_t dynamic_extents[DynamicRank == 0 ? 1 : DynamicRank];
};

/// A view of the elements of a laid-out array: the mdspan of xlayout. Element is what tensor_element_t
/// gives (float, bf16_bits, element_tag<element_type::s4>, ...), const for a read-only view; Ext is an
/// Extents<...>; L a Layout<...> type. Kernel authors spell it Tensor<...> or ConstTensor<...>.
template <class Element, class Ext, class L>
class basic_tensor {
  using access = detail::element_access<Element, L::value.element_size_in_bits>;
  static_assert(access::type != xlayout::element_type::invalid &&
                    std::is_same_v<std::remove_cv_t<Element>, tensor_element_t<access::type>>,
                "[xlayout:tensor_arguments] xlayout::basic_tensor: the element must be "
                "tensor_element_t<E> (float, bf16_bits, element_tag<element_type::s4>, ...), const or not");
  static_assert(raise_if_error < access::supported ? error_id::none : error_id::unsupported_element_size,
                0 >);

 public:
  using element_type = Element;
  using value_type = typename access::value_type;
  using storage_type = typename access::storage_type;
  using reference = typename access::reference;
  using data_handle_type = typename access::data_handle_type;
  using extents_type = Ext;
  using layout_type = L;
  using mapping_type = tensor_mapping<Ext, L>;
  using index_type = index_t;
  using checked_reference_type = checked_reference<access>;
  /// The read-only view of the same elements.
  using const_tensor = basic_tensor<const Element, Ext, L>;

  /// The XLA element type (element_type::bf16 for a BF16 tensor).
  static constexpr xlayout::element_type xla_element_type = access::type;
  /// Bits of one element in memory (E(n) when the layout sets it).
  static constexpr index_t element_bits = access::slot_bits;
  /// The shape, with `?` for each dynamic extent.
  static constexpr xlayout::shape static_shape = [] {
    xlayout::shape s = mapping_type::static_shape;
    s.element_type = access::type;
    return s;
  }();

  XLAYOUT_HD static constexpr std::size_t rank() noexcept { return Ext::rank(); }
  XLAYOUT_HD static constexpr std::size_t rank_dynamic() noexcept { return Ext::rank_dynamic(); }
  XLAYOUT_HD static constexpr index_t static_extent(std::size_t d) noexcept { return Ext::static_extent(d); }
  /// XLA's text of static_shape (`?` for each dynamic extent), as Shape<"...">::to_string() gives it.
  static constexpr auto to_string() noexcept { return xlayout::to_string(static_shape); }

  /// A tensor with no data (static extents; dynamic ones are 0).
  constexpr basic_tensor() noexcept = default;
  /// A view of the array at p (static extents). (A template, so that a C array takes the constructor below,
  /// which checks its size: against a plain pointer parameter, the array's decay would tie and win.)
  template <class P>
  requires(Ext::rank_dynamic() == 0 && std::is_convertible_v<P, data_handle_type>) XLAYOUT_HD
      constexpr explicit basic_tensor(P p) noexcept
      : data_(p) {}
  /// A view of a C array (static extents), which must hold the layout's slots: `float buf[15]` for
  /// f32[3,5]{1,0:T(2,2)}, which spans 24, is a compile error naming tensor_buffer_too_small.
  template <class U, std::size_t N>
  requires(Ext::rank_dynamic() == 0 && std::is_convertible_v<U*, data_handle_type>) XLAYOUT_HD
      constexpr explicit basic_tensor(U (&a)[N]) noexcept
      : data_(a) {
    static_assert(
        N >= detail::storage_units<access>(mapping_type{}.required_span_size()),
        "[xlayout:tensor_buffer_too_small] xlayout::Tensor: the array holds fewer elements than the "
        "layout's slots, tile padding included (required_span_size; bytes for sub-byte types)");
  }
  /// Data of the wrong kind: a pointer or array of another element type, or a container (std::vector,
  /// std::array, ...) in place of the pointer. One compile error naming the id, not a list of constructors.
  template <class P, class... A>
  requires(!std::is_convertible_v<std::decay_t<P>, data_handle_type> &&
           (std::is_pointer_v<std::decay_t<P>> ||
            (
                std::is_class_v<std::remove_cvref_t<P>> &&
                !requires { typename std::remove_cvref_t<P>::mapping_type; } &&
                requires(P & c) { c.data(); }))) XLAYOUT_HD
      constexpr explicit basic_tensor(P&&, A&&...) noexcept {
    static_assert(std::is_convertible_v<std::decay_t<P>, data_handle_type>,
                  "[xlayout:tensor_data_type] xlayout::Tensor: the data must point to the element's storage: "
                  "float* for f32, bf16_bits* for bf16, std::uint8_t* for the sub-byte types (tensors.md); "
                  "a const pointer makes a ConstTensor; for a container, pass its .data()");
  }
  /// A view of the array at p; one size per dynamic extent, in order: Tensor<"bf16[?,256]"> d(ptr, batch).
  /// (Static extents alone take the constructors above.)
  template <std::integral... I>
  XLAYOUT_HD constexpr explicit basic_tensor(data_handle_type p, I... dynamic_extents) noexcept
      requires(Ext::rank_dynamic() != 0 || sizeof...(I) != 0)
      : data_(p), mapping_(make_extents(dynamic_extents...)) {}
  XLAYOUT_HD constexpr basic_tensor(data_handle_type p, const Ext& e) noexcept : data_(p), mapping_(e) {}
  XLAYOUT_HD constexpr basic_tensor(data_handle_type p, const mapping_type& m) noexcept
      : data_(p), mapping_(m) {}
  /// The tensor a kernel receives as kernel_arg(t) (a template, so that the kernel's parameter type is the
  /// first to name kernel_arg<...> in a CUDA translation unit).
  template <class H, std::size_t N>
    requires(std::is_same_v<H, data_handle_type> && N == Ext::rank_dynamic())
  XLAYOUT_HD constexpr explicit basic_tensor(const xlayout::kernel_arg<H, N>& a) noexcept
      : data_(a.data), mapping_(from_kernel_arg(a.dynamic_extents, std::make_index_sequence<N>{})) {}
  /// A mutable tensor converts to its read-only view.
  template <class Other>
    requires(std::is_same_v<const Other, Element> && !std::is_const_v<Other>)
  XLAYOUT_HD constexpr basic_tensor(
      const basic_tensor<Other, Ext, L>& t) noexcept  // NOLINT: implicit on purpose
      : data_(t.data()), mapping_(t.mapping()) {}

  /// Element (i, j, ...): a reference (a packed_reference for sub-byte types). Indices are any integers or
  /// integral constants, one per dimension (a compile error naming index_rank_mismatch otherwise); each
  /// must be inside its dimension (XLAYOUT_EXPECTS; a compile error for a static index or in a constant
  /// expression, naming index_out_of_range).
  template <index_like... I>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference operator()(I... i) const noexcept {
    static_assert(sizeof...(I) == Ext::rank(),
                  "[xlayout:index_rank_mismatch] xlayout::Tensor: give one index per dimension (the note "
                  "shows: given == rank)");
    if constexpr (sizeof...(I) != Ext::rank()) {
      return access::access(data_, 0);  // reported above
    } else {
      if constexpr ((static_index<I> || ...))
        static_assert(mapping_type::template static_indices_checked<I...>);
      const index_t idx[] = {detail::to_index(i)..., 0};
      if (__builtin_is_constant_evaluated()) {
        // Here, not deeper: the compile error's trace then names the indices in one line.
        for (std::size_t d = 0; d != Ext::rank(); ++d) {  // != : nvcc warns on `d < 0` at rank 0
          if (idx[d] < 0 || idx[d] >= extent(d)) index_out_of_range(idx[d], extent(d));
        }
      }
      return access::access(data_, mapping_.offset_of(idx, std::make_index_sequence<Ext::rank()>{},
                                                      std::make_index_sequence<mapping_type::term_count>{}));
    }
  }
  /// An index that is no integer (a double, a pointer): one compile error naming the id.
  template <class... I>
    requires(detail::not_index_arguments<I...>)
  XLAYOUT_HD constexpr reference operator()(I...) const noexcept {
    static_assert(
        sizeof...(I) == 0,  // false: some index is no integer
        "[xlayout:invalid_index_type] xlayout::Tensor: indices are integers (not bool) or integral constants "
        "(std::integral_constant), one per dimension");
    return access::access(data_, 0);  // reported above
  }
  /// Element idx (an index_array, std::array or std::span of rank() integers).
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference operator()(const index_array<Ext::rank()>& idx) const noexcept {
    return access::access(data_, mapping_.offset(idx.values));
  }
  template <std::integral I>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference operator()(const std::array<I, Ext::rank()>& idx) const noexcept {
    return (*this)(to_index_array(idx));
  }
  template <std::integral I>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference operator()(std::span<I, Ext::rank()> idx) const noexcept {
    return (*this)(to_index_array(idx));
  }
  /// An index array of another length than the rank: one compile error naming the id (not a list of
  /// overloads that do not match).
  template <detail::index_array_of_other_length<Ext::rank()> A>
  XLAYOUT_HD constexpr reference operator()(const A&) const noexcept {
    static_assert(detail::index_array_length<A> == Ext::rank(),
                  "[xlayout:index_rank_mismatch] xlayout::Tensor: the index array needs one index per "
                  "dimension (the note shows: its length == rank)");
    return access::access(data_, 0);  // reported above
  }
#if defined(__cpp_multidimensional_subscript) && __cpp_multidimensional_subscript >= 202110L
  /// t[i, j] where the compiler has multidimensional subscripts (C++23).
  template <index_like... I>
  XLAYOUT_HD constexpr reference operator[](I... i) const noexcept {
    static_assert(sizeof...(I) == Ext::rank(),
                  "[xlayout:index_rank_mismatch] xlayout::Tensor: give one index per dimension (the note "
                  "shows: given == rank)");
    if constexpr (sizeof...(I) != Ext::rank()) {
      return access::access(data_, 0);  // reported above
    } else {
      return (*this)(i...);
    }
  }
#else
  template <index_like I>
  XLAYOUT_HD constexpr reference operator[](I i) const noexcept {
    static_assert(Ext::rank() == 1,
                  "[xlayout:index_rank_mismatch] xlayout::Tensor: t[i] takes one index, for a rank-1 tensor; "
                  "write t(i, j, ...) (the note shows: rank == 1)");
    if constexpr (Ext::rank() != 1) {
      return access::access(data_, 0);  // reported above
    } else {
      return (*this)(i);
    }
  }
#endif
  XLAYOUT_HD constexpr reference operator[](const index_array<Ext::rank()>& idx) const noexcept {
    return (*this)(idx);
  }
  template <std::integral I>
  XLAYOUT_HD constexpr reference operator[](const std::array<I, Ext::rank()>& idx) const noexcept {
    return (*this)(to_index_array(idx));
  }

  /// Checked access: the element, or index_out_of_range. Never asserts. One index per dimension (a compile
  /// error naming index_rank_mismatch otherwise; at(idx, n) takes a count known only at run time).
  template <index_like... I>
  XLAYOUT_HD constexpr result<checked_reference_type> at(I... i) const noexcept {
    static_assert(sizeof...(I) == Ext::rank(),
                  "[xlayout:index_rank_mismatch] xlayout::Tensor::at: give one index per dimension (the note "
                  "shows: given == rank)");
    const index_t idx[] = {detail::to_index(i)..., 0};
    return at(idx, sizeof...(I));
  }
  template <class... I>
    requires(detail::not_index_values<I...>)
  XLAYOUT_HD constexpr result<checked_reference_type> at(I...) const noexcept {
    static_assert(
        sizeof...(I) == 0,  // false: some index is no integer
        "[xlayout:invalid_index_type] xlayout::Tensor::at: indices are integers (not bool) or integral "
        "constants (std::integral_constant), one per dimension");
    return error_id::invalid_index_type;  // reported above
  }
  /// Checked access with n indices: index_rank_mismatch when n != rank(), or index_out_of_range.
  XLAYOUT_HD constexpr result<checked_reference_type> at(const index_t* idx, std::size_t n) const noexcept {
    const result<index_t> off = mapping_.checked_offset(idx, n);
    if (!off.has_value()) return off.error();
    return checked_reference_type(data_, off.value_);
  }
  constexpr result<checked_reference_type> at(std::span<const index_t> idx) const noexcept {
    return at(idx.data(), idx.size());
  }

  XLAYOUT_HD constexpr data_handle_type data() const noexcept { return data_; }
  XLAYOUT_HD constexpr const mapping_type& mapping() const noexcept { return mapping_; }
  XLAYOUT_HD constexpr const Ext& extents() const noexcept { return mapping_.extents(); }
  XLAYOUT_HD constexpr index_t extent(std::size_t d) const noexcept { return mapping_.extent(d); }
  /// The number of elements.
  XLAYOUT_HD constexpr index_t size() const noexcept { return mapping_.size(); }
  XLAYOUT_HD constexpr bool empty() const noexcept { return mapping_.size() == 0; }
  /// Elements the buffer must hold (tile padding, padded dimensions and L(n) included).
  XLAYOUT_HD constexpr index_t required_span_size() const noexcept { return mapping_.required_span_size(); }
  /// The shape with the run-time extents (for the run-time functions: linear_index, multi_index, ...).
  constexpr xlayout::shape shape() const noexcept {
    xlayout::shape s = mapping_.runtime_shape();
    s.element_type = access::type;
    return s;
  }

 private:
  // A view reads its base through element_of: one function, without operator()'s index checks (the view
  // checks its own indices; the base's are its lowered map's results, and offset_of keeps its check).
  template <class, class>
  friend class tensor_view;
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference element_of(const index_t* idx) const noexcept {
    return access::access(data_, mapping_.offset_of(idx, std::make_index_sequence<Ext::rank()>{},
                                                    std::make_index_sequence<mapping_type::term_count>{}));
  }
  // Not constexpr: the index check calls it in a constant expression, so the compile error names the rule
  // (in the file that holds the check: g++ then adds no include chain to its note).
  XLAYOUT_HD static void index_out_of_range(index_t /*index*/, index_t /*extent*/) noexcept {}

  template <class... I>
  XLAYOUT_HD static constexpr Ext make_extents(I... dynamic_extents) noexcept {
    static_assert(raise_if_error < sizeof...(I) == Ext::rank_dynamic() ? error_id::none
                                                                       : error_id::dynamic_extent_count,
                  0 >);
    if constexpr (sizeof...(I) == 0 || sizeof...(I) != Ext::rank_dynamic()) {
      return Ext{};  // (a wrong count is reported above, once)
    } else {
      return Ext(static_cast<index_t>(dynamic_extents)...);
    }
  }
  template <std::size_t... K>
  XLAYOUT_HD static constexpr Ext from_kernel_arg([[maybe_unused]] const index_t* dynamic_extents,
                                                  std::index_sequence<K...>) noexcept {
    return make_extents(dynamic_extents[K]...);
  }
  template <class A>
  XLAYOUT_HD static constexpr index_array<Ext::rank()> to_index_array(const A& a) noexcept {
    index_array<Ext::rank()> idx;
    for (std::size_t d = 0; d < Ext::rank(); ++d) idx[d] = static_cast<index_t>(a[d]);
    return idx;
  }

  data_handle_type data_ = nullptr;
  // Default-initialised: value-initialising an empty member beside data_ makes g++ 12 clear data_ in constant
  // evaluation (the mapping of static extents is empty and trivial).
  [[no_unique_address]] mapping_type mapping_;
};

/// The data handle and dynamic extents of t, for a CUDA kernel's parameter list (see kernel_arg):
/// kernel_arg(t) is a kernel_arg<data handle, number of dynamic extents>.
template <class Element, class Ext, class L>
XLAYOUT_HD constexpr auto kernel_arg_of(const basic_tensor<Element, Ext, L>& t) noexcept {
  kernel_arg<typename basic_tensor<Element, Ext, L>::data_handle_type, Ext::rank_dynamic()> a{t.data(), {}};
  std::size_t k = 0;
  for (std::size_t d = 0; d < Ext::rank(); ++d) {
    if (Ext::static_extent(d) == dyn) a.dynamic_extents[k++] = t.extent(d);
  }
  return a;
}

/// The first argument of Tensor<...>: XLA shape text ("f32[3,5]{1,0:T(2,2)}", "bf16[?,256]"), an element
/// type's name ("f32"), or an element tag (F32). A structural value, so that a string literal can be a
/// template argument (the text is parsed once per distinct text, when the Tensor type is formed).
template <std::size_t N>
struct tensor_spec {
  char text[N]{};                                                  // the text; "" for a tag
  xlayout::element_type element = xlayout::element_type::invalid;  // the tag's type; invalid for text

  constexpr tensor_spec(const char (&s)[N]) noexcept {  // NOLINT: implicit on purpose
    for (std::size_t i = 0; i < N; ++i) text[i] = s[i];
  }
  /// The text of a fixed_string, so that generic code holding one passes it on:
  /// template <fixed_string S> ... Shape<S> ... Tensor<S> (the same type as Tensor<"..."> of that text).
  constexpr tensor_spec(const fixed_string<N>& s) noexcept {  // NOLINT: implicit on purpose
    for (std::size_t i = 0; i < N; ++i) text[i] = s.chars_[i];
  }
  template <xlayout::element_type E>
  constexpr tensor_spec(element_tag<E>) noexcept : element(E) {}  // NOLINT: implicit on purpose
  // The value member by member, as nvcc's host pass re-prints a tensor_spec it has met before:
  // tensor_spec<20>{{'f', '3', '2', ...}, element_type::invalid}.
  constexpr tensor_spec(const char (&s)[N], xlayout::element_type e) noexcept : element(e) {
    for (std::size_t i = 0; i < N; ++i) text[i] = s[i];
  }
  constexpr std::string_view view() const noexcept { return {text, N - 1}; }
};
template <std::size_t N>
tensor_spec(const char (&)[N]) -> tensor_spec<N>;
template <std::size_t N>
tensor_spec(const fixed_string<N>&) -> tensor_spec<N>;
template <xlayout::element_type E>
tensor_spec(element_tag<E>) -> tensor_spec<1>;

namespace detail {

/// What a tensor_spec says: an element type (a tag or a type name such as "f32"), or a shape.
template <tensor_spec S>
struct tensor_spec_info {
  static constexpr bool is_tag = S.element != xlayout::element_type::invalid;
  static constexpr xlayout::element_type by_name =
      is_tag ? xlayout::element_type::invalid : element_type_from_name(S.view());
  static constexpr bool is_text = !is_tag && by_name == xlayout::element_type::invalid;
  static constexpr result<shape> parsed = is_text ? parse_shape(S.view()) : result<shape>{};
  static constexpr xlayout::element_type element =
      is_tag ? S.element : (is_text ? parsed.value_.element_type : by_name);
};

/// Why Tensor<S, A, B> is not a tensor (error_id::none when it is); position: the column in the text.
template <class Info, class A, class B>
constexpr error tensor_spec_error() noexcept {
  if constexpr (Info::is_text) {
    if (!Info::parsed.has_value()) return Info::parsed.error();
    if (!std::is_void_v<A> || !std::is_void_v<B>) return {error_id::tensor_arguments, -1};
    const shape& s = Info::parsed.value_;
    for (std::size_t d = 0; d != s.rank(); ++d) {  // != : nvcc warns on `d < 0` for a scalar
      if (s.dynamic_dimensions[d] && s.dimensions[d] != dyn) return {error_id::bounded_dimension, -1};
    }
  } else {
    if constexpr (!is_extents<A>::value) return {error_id::tensor_arguments, -1};
    if constexpr (!std::is_void_v<B>) {
      if constexpr (!layout_like<B>) return {error_id::tensor_arguments, -1};
    }
  }
  if (!is_array_type(Info::element)) return {error_id::invalid_element_type, -1};
  return {};
}

template <shape V, std::size_t... I>
Extents<V.dimensions[I]...> extents_of_shape(std::index_sequence<I...>);

/// An Extents<...> that has reported its own error (a negative size, more sizes than XLAYOUT_MAX_RANK): the
/// Tensor made of it reports nothing more. (sizeof: an Extents reports when it is instantiated.)
template <class A>
inline constexpr bool extents_reported = false;
template <index_t... E>
inline constexpr bool extents_reported<Extents<E...>> = (!((E >= 0 || E == dyn) && ...) ||
                                                         sizeof...(E) > XLAYOUT_MAX_RANK) &&
                                                        sizeof(Extents<E...>) != 0;

/// What Tensor<...> becomes after its error has been reported (bad text, bad arguments, a Layout<...> that
/// reported its own error): every use compiles, so that one mistake gives one error.
template <class Element>
class invalid_tensor {
 public:
  using element_type = Element;
  using value_type = std::remove_cv_t<Element>;
  using reference = Element&;
  using data_handle_type = Element*;
  using extents_type = Extents<>;
  using layout_type = detail::invalid_layout_type;
  using index_type = index_t;
  using const_tensor = invalid_tensor<const Element>;
  static constexpr xlayout::element_type xla_element_type = xlayout::element_type::invalid;
  static constexpr index_t element_bits = 0;
  static constexpr xlayout::shape static_shape{};

  XLAYOUT_HD static constexpr std::size_t rank() noexcept { return 0; }
  XLAYOUT_HD static constexpr std::size_t rank_dynamic() noexcept { return 0; }
  XLAYOUT_HD static constexpr index_t static_extent(std::size_t) noexcept { return 0; }
  static constexpr auto to_string() noexcept { return xlayout::to_string(static_shape); }
  constexpr invalid_tensor() noexcept = default;
  template <class... T>
  XLAYOUT_HD constexpr explicit invalid_tensor(const T&...) noexcept {}
  template <class... T>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference operator()(const T&...) const noexcept {
    return *data_;
  }
  template <class T>
  XLAYOUT_HD constexpr reference operator[](const T&) const noexcept {
    return *data_;
  }
  // A value, not a reference: result<T&> does not exist (a use of at() on the fallback once added an error).
  template <class... T>
  XLAYOUT_HD constexpr result<value_type> at(const T&...) const noexcept {
    return error_id::index_out_of_range;
  }
  // The members of a view (tensor_view), for a view whose mistake has been reported: base_index gives as
  // many zeros as any rank can ask for.
  template <class... T>
  XLAYOUT_HD constexpr index_t offset(const T&...) const noexcept {
    return 0;
  }
  template <class... T>
  XLAYOUT_HD constexpr index_array<XLAYOUT_MAX_RANK> base_index(const T&...) const noexcept {
    return {};
  }
  XLAYOUT_HD constexpr index_t stored_symbol(std::size_t) const noexcept { return 0; }
  XLAYOUT_HD constexpr const invalid_tensor& base() const noexcept { return *this; }
  XLAYOUT_HD constexpr data_handle_type data() const noexcept { return data_; }
  XLAYOUT_HD constexpr index_t extent(std::size_t) const noexcept { return 0; }
  XLAYOUT_HD constexpr index_t size() const noexcept { return 0; }
  XLAYOUT_HD constexpr bool empty() const noexcept { return true; }
  XLAYOUT_HD constexpr index_t required_span_size() const noexcept { return 0; }
  constexpr xlayout::shape shape() const noexcept { return {}; }

 private:
  data_handle_type data_ = nullptr;
};

}  // namespace detail

/// The walks over an invalid_tensor (a Tensor or a view whose mistake has been reported) compile and do
/// nothing, so that `for_each(transpose<1, 1>(t), f)` gives the transpose's error alone.
template <class Element, class F>
XLAYOUT_HD constexpr void for_each(const detail::invalid_tensor<Element>&, F&&) noexcept {}
template <class Element, class F>
XLAYOUT_HD constexpr void for_each_static(const detail::invalid_tensor<Element>&, F&&) noexcept {}
template <class Element, class F>
XLAYOUT_HD constexpr void for_each_tile(const detail::invalid_tensor<Element>&, F&&) noexcept {}

namespace detail {

/// Tensor<"f32[3,40]{1,0:T(8,128)}">'s text split in one pass without building a shape: the element type,
/// the dimensions, and where the layout starts. `ok` only for the plain form (a type name, static sizes
/// written as digits without spaces, and nothing or a layout after them); any other text is parsed by
/// parse_shape, which also gives the errors.
struct quick_shape_text {
  bool ok = false;
  xlayout::element_type element = xlayout::element_type::invalid;
  std::size_t rank = 0;
  index_t dimensions[XLAYOUT_MAX_RANK]{};
  std::size_t layout_begin = 0;  // the layout's '{', or the text's size when there is none
};

constexpr quick_shape_text quick_split(std::string_view t) noexcept {
  quick_shape_text q;
  const std::size_t n = t.size();
  std::size_t i = 0;
  while (i < n && t[i] != '[') ++i;
  if (i == n) return q;
  q.element = element_type_from_name(detail::substring(t, 0, i));
  if (!is_array_type(q.element)) return q;
  ++i;
  if (i < n && t[i] == ']') {
    ++i;
  } else {
    for (;;) {
      index_t v = 0;
      std::size_t digits = 0;
      for (; i < n && t[i] >= '0' && t[i] <= '9'; ++i, ++digits) v = v * 10 + (t[i] - '0');
      if (digits == 0 || digits > 15 || q.rank == XLAYOUT_MAX_RANK) return q;  // 15 digits cannot overflow
      q.dimensions[q.rank++] = v;
      if (i < n && t[i] == ',') {
        ++i;
      } else if (i < n && t[i] == ']') {
        ++i;
        break;
      } else {
        return q;
      }
    }
  }
  q.layout_begin = i;
  if (i < n) {  // as parse_shape: a '{' starts a layout when a digit or ':' follows it (after spaces)
    if (t[i] != '{') return q;
    std::size_t j = i + 1;
    while (j < n && text::is_space(t[j])) ++j;
    if (j == n || !((t[j] >= '0' && t[j] <= '9') || t[j] == ':')) return q;
  }
  q.ok = true;
  return q;
}

/// A layout's text in a Tensor's text, parsed once per distinct text. `ok` when it is valid for every shape
/// of its rank and has none of the properties whose rules read the sizes (padded dimensions, split configs).
template <layout_key K>
struct text_layout {
  static constexpr result<layout> parsed = parse_layout(K.view());
  static constexpr bool ok = [] {
    if (!parsed.has_value()) return false;
    const layout& l = parsed.value_;
    if (!l.padded_dimensions.empty() || !l.split_configs.empty()) return false;
    shape s = any_shape_of_rank(l.rank());
    s.layout = l;
    return !find_layout_issue(s);
  }();
};

/// The layout text of S (from Begin) as keyed_by_chars, which forms its layout_key (for nvcc: see there).
template <tensor_spec S, std::size_t Begin, std::size_t... I>
keyed_by_chars<S.text[Begin + I]...> layout_chars_in(std::index_sequence<I...>);

template <const quick_shape_text& Q, std::size_t... I>
Extents<Q.dimensions[I]...> extents_of_quick(std::index_sequence<I...>);

template <tensor_spec S>
struct quick_text {
  static constexpr quick_shape_text value = quick_split(S.view());
};

/// Whether static_program applies to a quick_tensor (asked only when its layout is one).
template <bool LayoutOk, class Ext, class L>
struct quick_program_ok : std::bool_constant<static_program<Ext, L>::ok> {};
template <class Ext, class L>
struct quick_program_ok<false, Ext, L> : std::false_type {};

/// quick_tensor's layout type: 0 the default layout of the rank, 1 the text's, 2 none (not taken).
template <class FromText, std::size_t Rank, int Kind>
struct quick_layout {
  using type = layout_type<default_layout(static_cast<index_t>(Rank))>;
};
template <class FromText, std::size_t Rank>
struct quick_layout<FromText, Rank, 1> {
  using type = layout_type<FromText::parsed.value_>;
};
template <class FromText, std::size_t Rank>
struct quick_layout<FromText, Rank, 2> {
  using type = invalid_layout_type;
};

/// The Tensor of a text that quick_split takes, where its layout's program applies to it (static_program,
/// which also checks that its span fits int64): `ok`, and the `element`, `ext` and `layout` of the
/// basic_tensor. The type is the one parse_shape's way gives (tests/tensor/tensor.cpp compares them); only
/// the work to get there is less.
template <tensor_spec S, bool Split = quick_text<S>::value.ok>
struct quick_tensor {
  static constexpr bool ok = false;
};
template <tensor_spec S>
struct quick_tensor<S, true> {
  static constexpr std::size_t rank = quick_text<S>::value.rank;
  static constexpr std::size_t layout_begin = quick_text<S>::value.layout_begin;
  using ext = decltype(extents_of_quick<quick_text<S>::value>(std::make_index_sequence<rank>{}));
  static constexpr bool default_layout_text = layout_begin + 1 == sizeof(S.text);
  using from_text = text_layout<decltype(layout_chars_in<S, layout_begin>(
      std::make_index_sequence<sizeof(S.text) - 1 - layout_begin>{}))::key>;
  static constexpr bool layout_ok =
      default_layout_text || (from_text::ok && from_text::parsed.value_.rank() == rank);
  using layout = typename quick_layout<from_text, rank, default_layout_text ? 0 : layout_ok ? 1 : 2>::type;
  static constexpr bool ok = quick_program_ok<layout_ok, ext, layout>::value;
  using element = tensor_element_t<quick_text<S>::value.element>;
};

template <tensor_spec S, bool Const, class A, class B>
struct full_tensor_type {
  using info = tensor_spec_info<S>;
  static constexpr error issue = tensor_spec_error<info, A, B>();
  static_assert(raise_if_error<issue.id, diagnostic_column(issue)>);
  // A Layout<...> or Extents<...> that failed has reported its error already.
  static constexpr bool reported =
      issue.id != error_id::none || is_invalid_spelling<B> || extents_reported<A>;
  using element =
      std::conditional_t<Const, const tensor_element_t<info::element>, tensor_element_t<info::element>>;
  using type = typename decltype([] {
    if constexpr (reported) {
      return std::type_identity<invalid_tensor<std::conditional_t<Const, const float, float>>>{};
    } else if constexpr (info::is_text) {
      constexpr shape v = info::parsed.value_;
      using ext = decltype(extents_of_shape<v>(std::make_index_sequence<v.rank()>{}));
      return std::type_identity<basic_tensor<element, ext, layout_type<v.layout>>>{};
    } else if constexpr (std::is_void_v<B>) {
      return std::type_identity<
          basic_tensor<element, A, layout_type<default_layout(static_cast<index_t>(A::rank()))>>>{};
    } else {
      return std::type_identity<basic_tensor<element, A, B>>{};
    }
  }())::type;
};

template <tensor_spec S, bool Const>
struct quick_tensor_type {
  using q = quick_tensor<S>;
  using type = basic_tensor<std::conditional_t<Const, const typename q::element, typename q::element>,
                            typename q::ext, typename q::layout>;
};

/// Tensor<...>'s type: by quick_tensor where it applies, else by full_tensor_type (parse_shape, every check
/// and its error).
template <tensor_spec S, bool Const, class A, class B>
struct tensor_type : std::conditional_t<std::is_void_v<A> && std::is_void_v<B> && quick_tensor<S>::ok,
                                        quick_tensor_type<S, Const>, full_tensor_type<S, Const, A, B>> {};

}  // namespace detail

/// A tensor in the spellings of the design card:
///   Tensor<"f32[3,5]{1,0:T(2,2)}">                      the XLA text, whole ('?' = extent given at run time)
///   Tensor<F32, Extents<3, 5>, Layout<"{1,0:T(2,2)}">>   element type, extents, layout
///   Tensor<F32, Extents<3, 5>, Layout<1, 0, T(2, 2)>>    the layout in C++ syntax
///   Tensor<F32, Extents<dyn, 128>>                       XLA's default layout {1,0}
/// Every spelling of one tensor is the same type, a basic_tensor.
template <tensor_spec S, class A = void, class B = void>
using Tensor = typename detail::tensor_type<S, false, A, B>::type;

/// The read-only view in the same spellings: ConstTensor<"f32[3,5]{1,0:T(2,2)}">. A Tensor converts to it.
template <tensor_spec S, class A = void, class B = void>
using ConstTensor = typename detail::tensor_type<S, true, A, B>::type;

}  // namespace XLAYOUT_NAMESPACE
