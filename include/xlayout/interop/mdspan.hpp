// requires: mdspan
// include/xlayout/interop/mdspan.hpp: every xlayout layout as a std::mdspan layout policy, and conversions
// between Tensor and std::mdspan; every view (tensor/view.hpp) as a std::mdspan layout policy too
// (mdspan_view_layout, to_mdspan(view)); submdspan_mapping for both (P2630's customization point, found by
// ADL; std::submdspan calls it where the standard library has it). Needs <mdspan> (C++23; here: clang 19
// with libc++ 19).
//   std::mdspan<float, std::extents<int, 3, 5>, xlayout::mdspan_layout<xlayout::Layout<"{1,0:T(2,2)}">>>
//   m(p); &m[2, 3] == p + 17
#pragma once
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <version>
#if !defined(__cpp_lib_mdspan)
#error \
    "xlayout/interop/mdspan.hpp needs std::mdspan: C++23 and a standard library that has it (libc++ 17 or later with -std=c++23; g++ 12's libstdc++ has none). Without it, use Tensor and the slice view."
#else  // the rest of the header: without <mdspan>, the #error above alone (audit: 74 lines of clang errors)
#include <mdspan>
#include <tuple>
#include <type_traits>
#include <utility>

#include <xlayout/core/index.hpp>
#include <xlayout/tensor/element.hpp>
#include <xlayout/tensor/mapping.hpp>
#include <xlayout/tensor/tensor.hpp>
#include <xlayout/tensor/view.hpp>
#include <xlayout/values/extents.hpp>

namespace XLAYOUT_NAMESPACE {

namespace detail {
template <class StdExtents, std::size_t... R>
auto xlayout_extents_of(std::index_sequence<R...>)
    -> Extents<(StdExtents::static_extent(R) == std::dynamic_extent
                    ? dyn
                    : static_cast<index_t>(StdExtents::static_extent(R)))...>;
template <class Ext, class IndexType, std::size_t... R>
auto std_extents_of(std::index_sequence<R...>)
    -> std::extents<IndexType,
                    (Ext::static_extent(R) == dyn ? std::dynamic_extent
                                                  : static_cast<std::size_t>(Ext::static_extent(R)))...>;
}  // namespace detail

/// The xlayout Extents of a std::extents (std::dynamic_extent becomes dyn).
template <class StdExtents>
using xlayout_extents_t =
    decltype(detail::xlayout_extents_of<StdExtents>(std::make_index_sequence<StdExtents::rank()>{}));
/// The std::extents (index type index_t, or IndexType) of an xlayout Extents.
template <class Ext, class IndexType = index_t>
using std_extents_t =
    decltype(detail::std_extents_of<Ext, IndexType>(std::make_index_sequence<Ext::rank()>{}));

#if defined(__cpp_lib_submdspan)
using std::submdspan_mapping_result;
#else
/// What submdspan_mapping returns (P2630's std::submdspan_mapping_result, where the library lacks it): the
/// mapping of the sub-mdspan and the offset of its data handle from the source's.
template <class LayoutMapping>
struct submdspan_mapping_result {
  [[no_unique_address]] LayoutMapping mapping = LayoutMapping();
  std::size_t offset;
};
#endif
/// P2630's full_extent for submdspan_mapping where the library has no std::full_extent (it takes both).
struct full_extent_t {
  explicit full_extent_t() = default;
};
inline constexpr full_extent_t full_extent{};

template <class View>
struct mdspan_view_layout;

namespace detail {
template <class S>
inline constexpr bool is_full_extent = std::is_same_v<S, full_extent_t>
#if defined(__cpp_lib_submdspan)
                                       || std::is_same_v<S, std::full_extent_t>
#endif
    ;

/// P2630's integral-constant-like: a type whose value is a constant of an integral type (not bool), as
/// std::integral_constant; a slice of such values has a static extent.
template <class T>
concept integral_constant_like = requires {
  requires std::is_integral_v<std::remove_cvref_t<decltype(T::value)>>;
  requires !std::is_same_v<std::remove_cvref_t<decltype(T::value)>, bool>;
  requires std::is_convertible_v<T, std::remove_cvref_t<decltype(T::value)>>;
  requires std::bool_constant<T() == T::value>::value;
};
template <class T>
concept pair_like_slice = requires {
  requires std::tuple_size<T>::value == 2;
};
template <class T>
concept strided_slice_like = requires(const T& s) {
  s.offset;
  s.extent;
  s.stride;
};
template <class>
inline constexpr bool unsupported_slice = false;

/// One of P2630's slice specifiers as an argument of xlayout's slice(t, ...) for dimension D of extents
/// Ext (of extent n): full_extent -> Slice<0, E> (E static) or runtime_slice{0, n}; an integer (or an
/// integral constant) -> the index (the dimension is dropped); a pair {first, last} -> runtime_slice{first,
/// last}, or Slice<first, last> where both are integral constants; a strided_slice {offset, extent, stride}
/// -> runtime_slice{offset, offset + extent, stride}, or Slice<offset, offset + extent, stride> where all
/// three are integral constants. A strided slice whose offset + extent leaves int64 stops, naming
/// view_invalid_slice, before it is added.
template <class Ext, std::size_t D, class S>
constexpr auto slice_arg_of(const S& s, index_t n) noexcept {
  if constexpr (is_full_extent<S>) {
    if constexpr (Ext::static_extent(D) != dyn) {
      return Slice<0, Ext::static_extent(D)>{};
    } else {
      return runtime_slice{0, n, 1};
    }
  } else if constexpr (std::is_convertible_v<S, index_t> && !strided_slice_like<S>) {
    return static_cast<index_t>(s);
  } else if constexpr (strided_slice_like<S>) {
    using O = std::remove_cvref_t<decltype(s.offset)>;
    using E = std::remove_cvref_t<decltype(s.extent)>;
    using T = std::remove_cvref_t<decltype(s.stride)>;
    if constexpr (integral_constant_like<O> && integral_constant_like<E> && integral_constant_like<T>) {
      constexpr index_t offset = static_cast<index_t>(O::value), extent = static_cast<index_t>(E::value);
      static_assert(extent >= 0 && offset <= index_max - extent,
                    "[xlayout:view_invalid_slice] xlayout::submdspan_mapping: a strided_slice's offset + "
                    "extent is at most the dimension's extent");
      return Slice<offset, offset + extent, (extent == 0 && T::value < 1 ? 1 : index_t{T::value})>{};
    } else {
      const auto offset = static_cast<index_t>(s.offset), extent = static_cast<index_t>(s.extent);
      const auto stride = static_cast<index_t>(s.stride);
      const bool fits = extent >= 0 && offset <= index_max - extent;
      XLAYOUT_EXPECTS(fits, view_invalid_slice);
      return runtime_slice{offset, fits ? offset + extent : -1, extent == 0 && stride < 1 ? 1 : stride};
    }
  } else if constexpr (pair_like_slice<S>) {
    using std::get;
    using F = std::remove_cvref_t<decltype(get<0>(s))>;
    using L = std::remove_cvref_t<decltype(get<1>(s))>;
    if constexpr (integral_constant_like<F> && integral_constant_like<L>) {
      return Slice<static_cast<index_t>(F::value), static_cast<index_t>(L::value)>{};
    } else {
      return runtime_slice{static_cast<index_t>(get<0>(s)), static_cast<index_t>(get<1>(s)), 1};
    }
  } else {
    static_assert(
        unsupported_slice<S>,
        "[xlayout:view_invalid_slice] xlayout::submdspan_mapping: a slice specifier is full_extent, "
        "an index, a pair {first, last} or a strided_slice {offset, extent, stride}");
    return index_t{0};
  }
}

/// The view of v sliced by P2630's specifiers (one per dimension).
template <class V, class... S, std::size_t... D>
constexpr auto submdspan_view(const V& v, std::index_sequence<D...>, const S&... s) noexcept {
  return slice(v, slice_arg_of<typename V::extents_type, D>(s, v.extent(D))...);
}

/// The mapping of a view's mdspan, with index type IndexType.
template <class V, class IndexType>
constexpr auto view_mdspan_mapping(const V& v) noexcept {
  using E = std_extents_t<typename V::extents_type, IndexType>;
  return typename mdspan_view_layout<V>::template mapping<E>(v);
}

/// What both submdspan_mapping friends return: the mapping (index type IndexType) of the slice view of v (a
/// data-less tensor of the layout, or the view) by P2630's specifiers, one per dimension, and offset 0.
template <class IndexType, class V, class... S>
constexpr auto submdspan_result(const V& v, const S&... slices) noexcept {
  if constexpr (sizeof...(S) != V::rank()) {
    static_assert(sizeof...(S) == V::rank(),
                  "[xlayout:view_invalid_slice] xlayout::submdspan_mapping: give one slice specifier per "
                  "dimension");
    return 0;
  } else {
    const auto sub = submdspan_view(v, std::index_sequence_for<S...>{}, slices...);
    return submdspan_mapping_result<decltype(view_mdspan_mapping<decltype(sub), IndexType>(sub))>{
        view_mdspan_mapping<decltype(sub), IndexType>(sub), 0};
  }
}

/// A Tensor with the layout L and extents Ext and no data, whose mapping a layout mapping is (the element
/// type only has to fit the layout's element size).
template <class L>
using mdspan_carrier_t = std::conditional_t<
    L::value.element_size_in_bits == 8, std::int8_t,
    std::conditional_t<L::value.element_size_in_bits == 16, std::int16_t,
                       std::conditional_t<L::value.element_size_in_bits == 64, double, float>>>;
}  // namespace detail

namespace detail {
/// The standard's required_span_size of an xlayout mapping: 0 without elements, else 1 + the largest
/// offset, which is the last element's (an element's offset does not decrease when one of its indices
/// grows: a tile's digit outweighs every digit inside the tile). XLA's buffer size, tile padding and L(n)
/// included, is the mapping's own required_span_size().
template <class M>
constexpr index_t standard_span(const M& x) noexcept {
  // x.rank(): a tensor_mapping's is static, a basic_runtime_mapping's (a view's base) a member.
  index_t last[XLAYOUT_MAX_RANK + 1]{};
  for (std::size_t d = 0; d < x.rank(); ++d) {
    if (x.extent(d) == 0) return 0;
    last[d] = x.extent(d) - 1;
  }
  return x.offset(last) + 1;
}
/// True when the offsets of M (static extents) fit IndexType; true for '?' extents (checked when made).
template <class M, class IndexType>
constexpr bool static_span_fits() noexcept {
  if constexpr (M::is_static()) {
    return static_cast<std::uint64_t>(standard_span(M{})) <=
           static_cast<std::uint64_t>(std::numeric_limits<IndexType>::max());
  } else {
    return true;
  }
}
}  // namespace detail

/// A std::mdspan LayoutPolicy for the layout L (a Layout<...> type). Its mapping meets the LayoutMapping
/// requirements: unique always; required_span_size() the standard's (1 + the largest offset: not XLA's
/// buffer size, which is xlayout().required_span_size()); exhaustive exactly when the offsets fill that
/// span (tile padding and padded_dimensions leave holes; L(n) only pads the end); strided exactly when the
/// layout is for the extents (a tile that reorders elements makes it non-strided); stride(r) where strided.
/// The span must fit the index type: a compile error where a mapping of static extents is made, a
/// precondition for others (both naming index_type_overflow).
template <class L>
struct mdspan_layout {
  template <class StdExtents>
  class mapping {
    // In the constructors, not the class: a failed static_assert in the class made clang 19 report the
    // class's use as a second error ("does not provide a call operator").
    static constexpr void check_index_type() noexcept {
      static_assert(
          detail::static_span_fits<tensor_mapping<xlayout_extents_t<StdExtents>, L>,
                                   typename StdExtents::index_type>(),
          "[xlayout:index_type_overflow] xlayout::mdspan_layout: the mapping's offsets do not fit its "
          "index_type (use a wider one, as std::extents<std::int64_t, ...>)");
    }

   public:
    using extents_type = StdExtents;
    using index_type = typename StdExtents::index_type;
    using size_type = typename StdExtents::size_type;
    using rank_type = typename StdExtents::rank_type;
    using layout_type = mdspan_layout;
    /// The xlayout mapping that does the arithmetic.
    using xlayout_mapping = tensor_mapping<xlayout_extents_t<StdExtents>, L>;

    constexpr mapping() noexcept { check_index_type(); }
    constexpr mapping(const mapping&) noexcept = default;
    constexpr mapping(const extents_type& e) noexcept
        : extents_(e) {  // NOLINT: implicit, like layout_right's
      check_index_type();
      if constexpr (!xlayout_mapping::is_static()) {
        XLAYOUT_EXPECTS(
            xlayout().span_fits() && static_cast<std::uint64_t>(detail::standard_span(xlayout())) <=
                                         static_cast<std::uint64_t>(std::numeric_limits<index_type>::max()),
            index_type_overflow);
      }
    }
    /// From the mapping of other extents of the same layout (static to dynamic, as layout_right's: implicit
    /// where the extents convert implicitly).
    template <class OtherExtents>
    constexpr explicit(!std::is_convertible_v<OtherExtents, extents_type>)
        mapping(const typename mdspan_layout::template mapping<OtherExtents>& other) noexcept
        requires(!std::is_same_v<OtherExtents, extents_type> &&
                 std::is_constructible_v<extents_type, OtherExtents>)
        : mapping(extents_type(other.extents())) {}
    constexpr mapping& operator=(const mapping&) noexcept = default;

    constexpr const extents_type& extents() const noexcept { return extents_; }
    /// 0 without elements, else 1 + the largest offset (the standard's; XLA's buffer size, tile padding and
    /// L(n) included, is xlayout().required_span_size()).
    constexpr index_type required_span_size() const noexcept {
      return static_cast<index_type>(detail::standard_span(xlayout()));
    }
    template <class... I>
      requires(sizeof...(I) == StdExtents::rank() && (std::is_convertible_v<I, index_type> && ...))
    constexpr index_type operator()(I... i) const noexcept {
      return static_cast<index_type>(xlayout()(static_cast<index_t>(static_cast<index_type>(i))...));
    }

    static constexpr bool is_always_unique() noexcept { return true; }
    static constexpr bool is_always_exhaustive() noexcept {
      if constexpr (xlayout_mapping::is_static()) {
        return detail::standard_span(xlayout_mapping{}) == xlayout_mapping{}.size();
      } else {
        return L::value.tiles.empty() && L::value.padded_dimensions.empty();
      }
    }
    static constexpr bool is_always_strided() noexcept {
      if constexpr (xlayout_mapping::is_static()) {
        return xlayout_mapping{}.is_strided();
      } else {
        return L::value.tiles.empty();
      }
    }
    static constexpr bool is_unique() noexcept { return true; }
    constexpr bool is_exhaustive() const noexcept {
      const xlayout_mapping x = xlayout();
      return detail::standard_span(x) == x.size();
    }
    constexpr bool is_strided() const noexcept { return xlayout().is_strided(); }
    /// @pre is_strided()
    constexpr index_type stride(rank_type r) const noexcept {
      return static_cast<index_type>(xlayout().stride(static_cast<std::size_t>(r)));
    }

    friend constexpr bool operator==(const mapping& a, const mapping& b) noexcept {
      return a.extents() == b.extents();
    }

    /// P2630's customization point: the mapping of std::submdspan(m, slices...) and the offset of its data
    /// handle (0: the mapping is that of xlayout's slice view of a tensor of this layout, whose offsets are
    /// the source's). One slice specifier per dimension: full_extent, an index, a pair {first, last}, a
    /// strided_slice {offset, extent, stride}; the same preconditions as slice(t, ...).
    template <class... S>
    friend constexpr auto submdspan_mapping(const mapping& m, S... slices) noexcept {
      using X = xlayout_extents_t<StdExtents>;
      const basic_tensor<detail::mdspan_carrier_t<L>, X, L> t(nullptr, m.xlayout());
      return detail::submdspan_result<index_type>(t, slices...);
    }

    /// The xlayout mapping for these extents.
    constexpr xlayout_mapping xlayout() const noexcept {
      using X = xlayout_extents_t<StdExtents>;
      if constexpr (X::rank_dynamic() == 0) {
        return xlayout_mapping{};
      } else {
        std::array<index_t, X::rank_dynamic()> dynamic{};
        std::size_t k = 0;
        for (rank_type r = 0; r < StdExtents::rank(); ++r) {
          if (StdExtents::static_extent(r) == std::dynamic_extent)
            dynamic[k++] = static_cast<index_t>(extents_.extent(r));
        }
        return xlayout_mapping(X(dynamic));
      }
    }

   private:
    [[no_unique_address]] extents_type extents_{};
  };
};

/// A std::mdspan LayoutPolicy for a view type V (a tensor_view of tensor/view.hpp): the mapping holds the
/// view without its data handle (the base's mapping and the values the view holds) and gives, for the view's
/// index, the offset of the element in the base's buffer, through the view's lowered map. Unique where the
/// view is (is_injective: not a broadcast that repeats, not a map_view); never claimed exhaustive or strided
/// (a view may skip elements; stride() is the offset step along r, meaningful only for a strided view);
/// required_span_size() is the base's in the standard's sense, 1 + the base's largest offset (0 for an empty
/// view): the offsets of a view are offsets of its base's elements, so a slice of an mdspan_layout mapping
/// spans no more than its source.
template <class View>
struct mdspan_view_layout {
  template <class StdExtents>
  class mapping {
    static_assert(StdExtents::rank() == View::rank(), "xlayout::mdspan_view_layout: the rank is the view's");

   public:
    using extents_type = StdExtents;
    using index_type = typename StdExtents::index_type;
    using size_type = typename StdExtents::size_type;
    using rank_type = typename StdExtents::rank_type;
    using layout_type = mdspan_view_layout;
    using view_type = View;

    constexpr mapping() noexcept = default;
    constexpr mapping(const mapping&) noexcept = default;
    constexpr mapping& operator=(const mapping&) noexcept = default;
    /// The mapping of the view v (its data handle is not kept).
    constexpr explicit mapping(const View& v) noexcept
        : view_(strip(v)), extents_(extents_of(v, std::make_index_sequence<View::rank()>{})) {}

    constexpr const extents_type& extents() const noexcept { return extents_; }
    constexpr index_type required_span_size() const noexcept {
      return view_.empty() ? 0 : static_cast<index_type>(detail::standard_span(view_.base().mapping()));
    }
    template <class... I>
      requires(sizeof...(I) == StdExtents::rank() && (std::is_convertible_v<I, index_type> && ...))
    constexpr index_type operator()(I... i) const noexcept {
      return static_cast<index_type>(view_.offset(static_cast<index_t>(static_cast<index_type>(i))...));
    }

    static constexpr bool is_always_unique() noexcept { return View::is_injective; }
    static constexpr bool is_always_exhaustive() noexcept { return false; }
    static constexpr bool is_always_strided() noexcept { return false; }
    static constexpr bool is_unique() noexcept { return View::is_injective; }
    static constexpr bool is_exhaustive() noexcept { return false; }
    static constexpr bool is_strided() noexcept { return false; }
    /// The offset step along dimension r from the origin (meaningful only where the view is strided, which
    /// this mapping never claims).
    constexpr index_type stride(rank_type r) const noexcept {
      if (view_.extent(r) < 2) return 0;
      index_array<View::rank()> a{}, b{};
      b[r] = 1;
      return static_cast<index_type>(at(b, std::make_index_sequence<View::rank()>{}) -
                                     at(a, std::make_index_sequence<View::rank()>{}));
    }

    friend constexpr bool operator==(const mapping& a, const mapping& b) noexcept {
      // The base's whole mapping: a runtime_tensor's layout is a value (two with the same extents and
      // different layouts compared equal when only the extents were).
      if (!(a.extents_ == b.extents_) || !(a.view_.base().mapping() == b.view_.base().mapping()))
        return false;
      for (std::size_t k = 0; k < View::stored_symbols; ++k) {
        if (a.view_.stored_symbol(k) != b.view_.stored_symbol(k)) return false;
      }
      return true;
    }

    /// The view this mapping evaluates (its data handle is null).
    constexpr const View& view() const noexcept { return view_; }

    /// P2630's customization point: the mapping of std::submdspan(m, slices...) (the slice view of this
    /// view) and the offset of its data handle (0). The same slice specifiers as mdspan_layout's.
    template <class... S>
    friend constexpr auto submdspan_mapping(const mapping& m, S... slices) noexcept {
      return detail::submdspan_result<index_type>(m.view_, slices...);
    }

   private:
    static constexpr View strip(const View& v) noexcept {
      using B = typename View::base_type;
      if constexpr (View::stored_symbols == 0) {
        return View(B(nullptr, v.base().mapping()), detail::stored_values<0>{}, v.extents());
      } else {
        detail::stored_values<View::stored_symbols> s{};
        for (std::size_t k = 0; k < View::stored_symbols; ++k) s.values[k] = v.stored_symbol(k);
        return View(B(nullptr, v.base().mapping()), s, v.extents());
      }
    }
    template <std::size_t... D>
    static constexpr extents_type extents_of(const View& v, std::index_sequence<D...>) noexcept {
      std::array<index_type, View::rank()> all{static_cast<index_type>(v.extent(D))...};
      if constexpr (View::rank() == 0) {
        return extents_type{};
      } else {
        return extents_type(all);
      }
    }
    template <std::size_t... D>
    constexpr index_t at(const index_array<View::rank()>& i, std::index_sequence<D...>) const noexcept {
      return view_.offset(i[D]...);
    }

    View view_{};
    [[no_unique_address]] extents_type extents_{};
  };
};

/// The std::mdspan over a view's elements: its base's data handle and mdspan_view_layout (not for packed
/// sub-byte elements).
template <class Base, class Map>
  requires(!is_sub_byte(Base::xla_element_type))
constexpr auto to_mdspan(const tensor_view<Base, Map>& v) noexcept {
  using V = tensor_view<Base, Map>;
  using value = std::remove_pointer_t<typename V::data_handle_type>;
  const auto m = detail::view_mdspan_mapping<V, index_t>(v);
  return std::mdspan<value, typename decltype(m)::extents_type, mdspan_view_layout<V>>(v.data(), m);
}

/// The std::mdspan over a tensor's elements (not for packed sub-byte elements, which need a proxy accessor).
template <class Element, class Ext, class L>
  requires(!is_sub_byte(element_type_of_tensor<Element>))
constexpr auto to_mdspan(const basic_tensor<Element, Ext, L>& t) noexcept {
  using T = basic_tensor<Element, Ext, L>;
  using value = std::remove_pointer_t<typename T::data_handle_type>;
  using E = std_extents_t<Ext>;
  std::array<index_t, Ext::rank()> all{};
  for (std::size_t d = 0; d < Ext::rank(); ++d) all[d] = t.extent(d);
  return std::mdspan<value, E, mdspan_layout<L>>(t.data(), E(all));
}

namespace detail {
template <class T, std::size_t... D>
constexpr auto identity_transpose(const T& t, std::index_sequence<D...>) noexcept {
  return transpose<static_cast<index_t>(D)...>(t);
}
}  // namespace detail

/// The std::mdspan over a runtime_tensor's elements (a static Rank): the mdspan of its identity view
/// (mdspan_view_layout), whose mapping reads the tensor's run-time layout. @pre each extent below 2^32 (a
/// view's).
template <class Element, std::size_t Rank>
requires(Rank != dynamic_rank) constexpr auto to_mdspan(const runtime_tensor<Element, Rank>& t) noexcept {
  return to_mdspan(detail::identity_transpose(t, std::make_index_sequence<Rank>{}));
}

/// The Tensor over a std::mdspan whose layout is an xlayout layout.
template <class T, class StdExtents, class L, class Accessor>
constexpr auto to_tensor(const std::mdspan<T, StdExtents, mdspan_layout<L>, Accessor>& m) noexcept {
  using X = xlayout_extents_t<StdExtents>;
  using Tensor = basic_tensor<T, X, L>;
  return Tensor(m.data_handle(), m.mapping().xlayout());
}

}  // namespace XLAYOUT_NAMESPACE

#endif  // __cpp_lib_mdspan
