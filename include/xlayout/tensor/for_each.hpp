// include/xlayout/tensor/for_each.hpp: visiting every element of a tensor in memory order (tile by tile),
// with the logical index of each, and no division or modulo per element; padding is never visited.
// for_each_static unrolls the visit of a small static tensor, with indices that are compile-time constants.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/tensor/mapping.hpp>
#include <xlayout/tensor/tensor.hpp>

namespace XLAYOUT_NAMESPACE {

namespace detail {

/// Whether digit K of the walk runs all its modulus m wherever it is entered, so that its count is a constant
/// (a loop the compilers unroll or vectorise): the extent of its dimension d is static and a multiple of
/// q * m (q its divisor), and the other digits of d are higher ones (divisors multiples of q * m: their sum H
/// is a multiple of q * m below the extent, so H + q * m <= extent) or lower ones whose values add up to
/// less than q (L < q), so that base + (m - 1) * q = H + L + (m - 1) * q < H + q * m. The index program's
/// digits of one dimension are a mixed radix, which has both properties; the function checks them rather
/// than assume it.
template <class Mapping, std::size_t K>
consteval bool digit_always_full() {
  constexpr std::size_t d = Mapping::template term_dimension<K>;
  constexpr index_t extent = Mapping::extents_type::static_extent(d);
  const auto& p = Mapping::program;
  const index_t q = p.divisor[K], m = p.modulus[K];
  if (m <= 0 || extent == dyn || q <= 0 || q > extent / m) return false;
  const index_t tile = m > 0 && q > 0 ? q * m : 1;  // q * m, never a constant 0 to nvcc's front end
  if (extent % tile != 0) return false;
  index_t lower = 0;  // the largest sum of the lower digits' values
  for (std::size_t k = 0; k < Mapping::term_count; ++k) {
    if (k == K || static_cast<std::size_t>(p.dimension[k]) != d) continue;
    if (p.divisor[k] % tile == 0) continue;
    if (p.divisor[k] >= q || p.modulus[k] == 0) return false;
    lower += (p.modulus[k] - 1) * p.divisor[k];
    if (lower >= q) return false;
  }
  return true;
}

/// Whether digits K and every digit inside it (K + 1 to the last) always run their whole modulus.
template <class Mapping, std::size_t K>
consteval bool digits_always_full() {
  if constexpr (K == Mapping::term_count) {
    return true;
  } else {
    return digit_always_full<Mapping, K>() && digits_always_full<Mapping, K + 1>();
  }
}

/// Loop K of the memory-order walk: term K of the mapping's program is one digit of one logical dimension,
/// (e[d] / q mod m) with stride s. The loop runs the digit over the values that keep e[d] below its extent:
/// a bound computed once per entry of the loop (so the innermost loop, with q == 1, divides nothing), or the
/// constant m where digits_always_full says so; then e[d] += q and offset += s per step.
XLAYOUT_EXEC_CHECK_DISABLE
template <std::size_t K, class Mapping, class F>
XLAYOUT_HD constexpr void walk_physical(const Mapping& m, F& f, index_array<Mapping::rank()>& e,
                                        index_t offset) {
  if constexpr (K == Mapping::term_count) {
    f(static_cast<const index_array<Mapping::rank()>&>(e), offset);
  } else {
    using U = std::uint64_t;
    constexpr std::size_t d = Mapping::template term_dimension<K>;
    constexpr index_t q = Mapping::template term_divisor<K>;
    constexpr index_t modulus = Mapping::template term_modulus<K>;
    const index_t base = e[d];
    // The digit values v with base + v * q < extent (the lower digits of d start at 0).
    index_t n = modulus;
    if constexpr (!digits_always_full<Mapping, K>()) {
      n = static_cast<index_t>((static_cast<U>(m.extent(d) - base) + static_cast<U>(q - 1)) /
                               static_cast<U>(q));
      if constexpr (modulus != 0) n = n < modulus ? n : modulus;
    }
    const index_t s = m.template stride<K>();
    for (index_t v = 0; v < n; ++v) {
      walk_physical<K + 1>(m, f, e, offset);
      e[d] += q;
      offset += s;
    }
    e[d] = base;
  }
}

}  // namespace detail

namespace detail {
/// Turns the (index, offset) of a walk over merged_tensor's mapping into the tensor's own index: each
/// logical dimension is its merged dimension's index divided by its weight, modulo its extent (constants).
template <class Ext, class L, class F>
struct unmerge_visitor {
  using merged = merged_tensor<Ext, L>;
  F& f;
  XLAYOUT_EXEC_CHECK_DISABLE
  template <std::size_t R, std::size_t... D>
  XLAYOUT_HD constexpr void call(const index_array<R>& m, index_t offset, std::index_sequence<D...>) const {
    const index_array<Ext::rank()> e{
        {(m[merged::template group_of<D>] / merged::template weight_of<D> % Ext::static_extent(D))...}};
    f(e, offset);
  }
  template <std::size_t R>
  XLAYOUT_HD constexpr void operator()(const index_array<R>& m, index_t offset) const {
    call(m, offset, std::make_index_sequence<Ext::rank()>{});
  }
};
}  // namespace detail

/// Calls f(index, offset) for every element of a mapping, in increasing offset order: index is the logical
/// index (an index_array), offset its linear index. Padding (of tiles, padded dimensions, L(n)) is skipped.
/// A static layout whose tile splits a '*' group (tensor_mapping::compiled() without exact) is walked as the
/// shape with the group merged, each merged index split back with a division and a modulo by constants per
/// dimension. Layouts the index program cannot express (compiled() false) are walked with multi_index, one
/// division per dimension and element (host code only).
XLAYOUT_EXEC_CHECK_DISABLE
template <class Ext, class L, class F>
XLAYOUT_HD constexpr void for_each_offset(const tensor_mapping<Ext, L>& m, F&& f) {
  using M = tensor_mapping<Ext, L>;
  for (std::size_t d = 0; d < M::rank(); ++d) {
    if (m.extent(d) == 0) return;
  }
  if constexpr (M::exact) {
    index_array<M::rank()> e{};
    detail::walk_physical<0>(m, f, e, 0);
  } else if constexpr (M::compiled()) {
    using W = typename detail::merged_tensor<Ext, L>::mapping;
    static_assert(W::exact, "[xlayout:internal] for_each: the merged shape's program is not exact");
    for_each_offset(W{}, detail::unmerge_visitor<Ext, L, F>{f});
  } else {
    const shape s = m.runtime_shape();
    const index_t span = m.required_span_size();
    for (index_t lin = 0; lin < span; ++lin) {
      const result<index_vector> idx = multi_index(s, lin);
      if (!idx.has_value()) continue;  // padding
      index_array<M::rank()> e{};
      for (std::size_t d = 0; d < M::rank(); ++d) e[d] = idx.value_[d];
      f(static_cast<const index_array<M::rank()>&>(e), lin);
    }
  }
}

namespace detail {
/// Turns the (index, offset) of for_each_offset into the (index, element) for_each passes.
template <class Access, std::size_t Rank, class F>
struct element_visitor {
  typename Access::data_handle_type data;
  F& f;
  XLAYOUT_EXEC_CHECK_DISABLE
  XLAYOUT_HD constexpr void operator()(const index_array<Rank>& idx, index_t offset) const {
    f(idx, Access::access(data, offset));
  }
};
}  // namespace detail

/// Calls f(index, element) for every element of t in memory order (tile by tile), with its logical index
/// (an index_array: `auto [i, j] = index;`), or f(element) when f takes the element alone. No division or
/// modulo per element; padding is skipped. With f(element) and a layout without padding (every slot an
/// element), one loop over the slots.
///   for_each(t, [&](auto idx, float& x) { x = float(idx[0] * 10 + idx[1]); });
///   for_each(t, [](float& x) { x = 0; });
XLAYOUT_EXEC_CHECK_DISABLE
template <class Element, class Ext, class L, class F>
XLAYOUT_HD constexpr void for_each(const basic_tensor<Element, Ext, L>& t, F&& f) {
  using A = detail::element_access<Element, L::value.element_size_in_bits>;
  auto&& g = detail::element_callback<index_array<Ext::rank()>, typename A::reference>(f);
  using G = std::remove_reference_t<decltype(g)>;
  using M = tensor_mapping<Ext, L>;
  // (The span of a layout the index program does not express exactly is computed from its shape, on the
  // host only: such a layout with '?' extents takes the walk.)
  if constexpr (detail::is_element_only<std::remove_cv_t<G>> && (M::exact || M::is_static())) {
    // The elements fill the buffer: memory order is the order of the slots, and the walk's loops, which
    // form each element's index, are not needed (with the loop unrolled, g++ 12 sums f32[1000,1000]{1,0}
    // in 0.75 of the walk's instructions, bench/callgrind).
    if (t.mapping().is_exhaustive()) {
      const index_t n = t.mapping().size();
      XLAYOUT_UNROLL4
      for (index_t i = 0; i < n; ++i) g.f(A::access(t.data(), i));
      return;
    }
  }
  for_each_offset(t.mapping(), detail::element_visitor<A, Ext::rank(), G>{t.data(), g});
}

/// An index as a compile-time constant (std::integral_constant's interface, with a conversion that CUDA
/// device code may call).
template <index_t V>
struct index_constant {
  using value_type = index_t;
  static constexpr index_t value = V;
  XLAYOUT_HD constexpr operator index_t() const noexcept { return V; }  // NOLINT: a constant is its value
  XLAYOUT_HD constexpr index_t operator()() const noexcept { return V; }
};

/// The index of one element as compile-time constants: what for_each_static passes. get<K>() is an
/// index_constant, so passing it back to a tensor folds the whole offset to a constant.
template <index_t... I>
struct static_index_array {
  XLAYOUT_HD static constexpr std::size_t size() noexcept { return sizeof...(I); }
  template <std::size_t K>
  XLAYOUT_HD static constexpr auto get() noexcept {
    constexpr index_t values[] = {I..., 0};
    return index_constant<values[K]>{};
  }
  XLAYOUT_HD constexpr operator index_array<sizeof...(I)>() const noexcept {  // NOLINT: a value is a value
    return index_array<sizeof...(I)>{{I...}};
  }
};

namespace detail {
/// The logical indices and offsets of a static tensor's elements, in memory order.
template <class Mapping>
struct static_walk {
  static constexpr std::size_t count = [] {
    std::size_t n = 0;
    for_each_offset(Mapping{}, [&](const auto&, index_t) { ++n; });
    return n;
  }();
  struct entry {
    index_t index[Mapping::rank() == 0 ? 1 : Mapping::rank()]{};
    index_t offset = 0;
  };
  struct table {
    entry entries[count == 0 ? 1 : count]{};
  };
  static constexpr table entries = [] {
    table t{};
    std::size_t n = 0;
    for_each_offset(Mapping{}, [&](const auto& idx, index_t offset) {
      for (std::size_t d = 0; d < Mapping::rank(); ++d) t.entries[n].index[d] = idx[d];
      t.entries[n].offset = offset;
      ++n;
    });
    return t;
  }();
  template <std::size_t N>
  static constexpr index_t offset_of = entries.entries[N].offset;
  template <std::size_t N, std::size_t... D>
  XLAYOUT_HD static constexpr auto index_of(std::index_sequence<D...>) noexcept {
    return static_index_array<entries.entries[N].index[D]...>{};
  }
};

XLAYOUT_EXEC_CHECK_DISABLE
template <class W, class A, std::size_t Rank, class F, std::size_t... N>
XLAYOUT_HD constexpr void visit_static(typename A::data_handle_type data, F& f, std::index_sequence<N...>) {
  (f(W::template index_of<N>(std::make_index_sequence<Rank>{}), A::access(data, W::template offset_of<N>)),
   ...);
}
}  // namespace detail

/// Calls f(index, element) for every element of a static tensor in memory order, unrolled: index is a
/// static_index_array (compile-time constants) and each element's offset is a constant. For small tiles in
/// kernels; the code grows with the number of elements.
XLAYOUT_EXEC_CHECK_DISABLE
template <class Element, class Ext, class L, class F>
  requires(Ext::is_static())
XLAYOUT_HD constexpr void for_each_static(const basic_tensor<Element, Ext, L>& t, F&& f) {
  using W = detail::static_walk<tensor_mapping<Ext, L>>;
  using A = detail::element_access<Element, L::value.element_size_in_bits>;
  detail::visit_static<W, A, Ext::rank()>(t.data(), f, std::make_index_sequence<W::count>{});
}

}  // namespace XLAYOUT_NAMESPACE

template <xlayout::index_t... I>
struct std::tuple_size<xlayout::static_index_array<I...>>
    : std::integral_constant<std::size_t, sizeof...(I)> {};
template <std::size_t K, xlayout::index_t... I>
struct std::tuple_element<K, xlayout::static_index_array<I...>> {
  using type = decltype(xlayout::static_index_array<I...>::template get<K>());
};
