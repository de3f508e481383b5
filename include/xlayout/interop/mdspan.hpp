// requires: mdspan
// include/xlayout/interop/mdspan.hpp: every xlayout layout as a std::mdspan layout policy, and conversions
// between Tensor and std::mdspan. Needs <mdspan> (C++23; here: clang 19 with libc++ 19).
//   std::mdspan<float, std::extents<int, 3, 5>, xlayout::mdspan_layout<xlayout::Layout<"{1,0:T(2,2)}">>>
//   m(p); &m[2, 3] == p + 17
#pragma once
#include <array>
#include <cstddef>
#include <mdspan>
#include <type_traits>
#include <utility>

#include <xlayout/core/index.hpp>
#include <xlayout/tensor/element.hpp>
#include <xlayout/tensor/mapping.hpp>
#include <xlayout/tensor/tensor.hpp>
#include <xlayout/values/extents.hpp>

namespace XLAYOUT_NAMESPACE {

namespace detail {
template <class StdExtents, std::size_t... R>
auto xlayout_extents_of(std::index_sequence<R...>)
    -> Extents<(StdExtents::static_extent(R) == std::dynamic_extent
                    ? dyn
                    : static_cast<index_t>(StdExtents::static_extent(R)))...>;
template <class Ext, std::size_t... R>
auto std_extents_of(std::index_sequence<R...>)
    -> std::extents<index_t,
                    (Ext::static_extent(R) == dyn ? std::dynamic_extent
                                                  : static_cast<std::size_t>(Ext::static_extent(R)))...>;
}  // namespace detail

/// The xlayout Extents of a std::extents (std::dynamic_extent becomes dyn).
template <class StdExtents>
using xlayout_extents_t =
    decltype(detail::xlayout_extents_of<StdExtents>(std::make_index_sequence<StdExtents::rank()>{}));
/// The std::extents (index type index_t) of an xlayout Extents.
template <class Ext>
using std_extents_t = decltype(detail::std_extents_of<Ext>(std::make_index_sequence<Ext::rank()>{}));

/// A std::mdspan LayoutPolicy for the layout L (a Layout<...> type). Its mapping meets the LayoutMapping
/// requirements: unique always; exhaustive and strided exactly when the layout is for the extents (tile
/// padding, padded_dimensions and L(n) make it non-exhaustive; a tile that reorders elements makes
/// it non-strided); stride(r) where strided.
template <class L>
struct mdspan_layout {
  template <class StdExtents>
  class mapping {
   public:
    using extents_type = StdExtents;
    using index_type = typename StdExtents::index_type;
    using size_type = typename StdExtents::size_type;
    using rank_type = typename StdExtents::rank_type;
    using layout_type = mdspan_layout;
    /// The xlayout mapping that does the arithmetic.
    using xlayout_mapping = tensor_mapping<xlayout_extents_t<StdExtents>, L>;

    constexpr mapping() noexcept = default;
    constexpr mapping(const mapping&) noexcept = default;
    constexpr mapping(const extents_type& e) noexcept
        : extents_(e) {}  // NOLINT: implicit, like layout_right's
    constexpr mapping& operator=(const mapping&) noexcept = default;

    constexpr const extents_type& extents() const noexcept { return extents_; }
    constexpr index_type required_span_size() const noexcept {
      return static_cast<index_type>(xlayout().required_span_size());
    }
    template <class... I>
      requires(sizeof...(I) == StdExtents::rank() && (std::is_convertible_v<I, index_type> && ...))
    constexpr index_type operator()(I... i) const noexcept {
      return static_cast<index_type>(xlayout()(static_cast<index_t>(static_cast<index_type>(i))...));
    }

    static constexpr bool is_always_unique() noexcept { return true; }
    static constexpr bool is_always_exhaustive() noexcept {
      if constexpr (xlayout_mapping::is_static()) {
        return xlayout_mapping{}.is_exhaustive();
      } else {
        return L::value.tiles.empty() && L::value.padded_dimensions.empty() &&
               L::value.tail_padding_alignment_in_elements == 1;
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
    constexpr bool is_exhaustive() const noexcept { return xlayout().is_exhaustive(); }
    constexpr bool is_strided() const noexcept { return xlayout().is_strided(); }
    /// @pre is_strided()
    constexpr index_type stride(rank_type r) const noexcept {
      return static_cast<index_type>(xlayout().stride(static_cast<std::size_t>(r)));
    }

    friend constexpr bool operator==(const mapping& a, const mapping& b) noexcept {
      return a.extents() == b.extents();
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

/// The Tensor over a std::mdspan whose layout is an xlayout layout.
template <class T, class StdExtents, class L, class Accessor>
constexpr auto to_tensor(const std::mdspan<T, StdExtents, mdspan_layout<L>, Accessor>& m) noexcept {
  using X = xlayout_extents_t<StdExtents>;
  using Tensor = basic_tensor<T, X, L>;
  return Tensor(m.data_handle(), m.mapping().xlayout());
}

}  // namespace XLAYOUT_NAMESPACE
