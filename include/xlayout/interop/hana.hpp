// include/xlayout/interop/hana.hpp: Boost.Hana and tensors. Hana's integral constants (hana::int_c<2>,
// 2_c) are static indices already (tensor/mapping.hpp accepts any empty type with an integral ::value);
// this header adds indexing with a hana::tuple of indices and an unrolled memory-order walk that passes
// each index as a hana::tuple of hana::llong constants.
#pragma once
#include <boost/hana/integral_constant.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>
#include <cstddef>
#include <utility>

#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/tensor/for_each.hpp>
#include <xlayout/tensor/tensor.hpp>

namespace XLAYOUT_NAMESPACE {

/// The element of t at a hana::tuple of indices (integers or integral constants):
/// at_tuple(t, hana::make_tuple(hana::int_c<2>, 3)).
template <class Element, class Ext, class L, class... I>
  requires(sizeof...(I) == Ext::rank())
XLAYOUT_HD constexpr decltype(auto) at_tuple(const basic_tensor<Element, Ext, L>& t,
                                             const boost::hana::tuple<I...>& idx) noexcept {
  return boost::hana::unpack(
      idx, [&](auto... i) -> typename basic_tensor<Element, Ext, L>::reference { return t(i...); });
}

/// The index of a for_each_static visit as a hana::tuple of hana::llong constants.
template <index_t... I>
XLAYOUT_HD constexpr auto to_hana(static_index_array<I...>) noexcept {
  return boost::hana::make_tuple(boost::hana::llong_c<static_cast<long long>(I)>...);
}

/// for_each_static with Hana's vocabulary: f(index, element) with index a hana::tuple of hana::llong
/// constants, unrolled, in memory order.
template <class Element, class Ext, class L, class F>
  requires(Ext::is_static())
XLAYOUT_HD constexpr void for_each_hana(const basic_tensor<Element, Ext, L>& t, F&& f) {
  for_each_static(t, [&](auto idx, auto&& x) { f(to_hana(idx), std::forward<decltype(x)>(x)); });
}

}  // namespace XLAYOUT_NAMESPACE
