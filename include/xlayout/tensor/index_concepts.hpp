// include/xlayout/tensor/index_concepts.hpp: what a tensor accepts as an index: the concepts static_index
// (an index whose value is part of its type) and index_like, and index_array (one index per dimension,
// tuple-like).
#pragma once
#include <array>
#include <concepts>
#include <cstddef>
#include <span>
#include <type_traits>
#include <utility>

#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>

namespace XLAYOUT_NAMESPACE {

/// An index whose value is part of its type: std::integral_constant, boost::hana::integral_constant.
template <class I>
concept static_index = std::is_empty_v<I> && requires {
  { I::value } -> std::convertible_to<index_t>;
} && std::integral<std::remove_cv_t<decltype(I::value)>>;

/// What a tensor accepts as one index: any integer type but bool, or a static_index (then checked at compile
/// time). A bool is refused: `t(i < n, j)` is a mistake, not an index.
template <class I>
concept index_like = (std::integral<I> && !std::is_same_v<std::remove_cv_t<I>, bool>) || static_index<I>;

namespace detail {
template <class I>
XLAYOUT_HD constexpr index_t to_index(I i) noexcept {
  if constexpr (static_index<I>) {
    return static_cast<index_t>(I::value);
  } else {
    return static_cast<index_t>(i);
  }
}
}  // namespace detail

/// One index per dimension: what for_each passes, and what the index-array overloads take. Tuple-like, so
/// `auto [i, j] = idx;` works.
template <std::size_t Rank>
struct index_array {
  index_t values[Rank == 0 ? 1 : Rank]{};

  XLAYOUT_HD static constexpr std::size_t size() noexcept { return Rank; }
  XLAYOUT_HD constexpr index_t& operator[](std::size_t d) noexcept { return values[d]; }
  XLAYOUT_HD constexpr const index_t& operator[](std::size_t d) const noexcept { return values[d]; }
  XLAYOUT_HD constexpr index_t* begin() noexcept { return values; }
  XLAYOUT_HD constexpr index_t* end() noexcept { return values + Rank; }
  XLAYOUT_HD constexpr const index_t* begin() const noexcept { return values; }
  XLAYOUT_HD constexpr const index_t* end() const noexcept { return values + Rank; }
  template <std::size_t K>
  XLAYOUT_HD constexpr index_t get() const noexcept {
    static_assert(K < Rank, "xlayout::index_array::get: K is not a dimension");
    return values[K];
  }
  friend constexpr bool operator==(const index_array&, const index_array&) = default;
};

namespace detail {
/// Scalar arguments (numbers, pointers, enumerations) of which at least one is no index (a double, a bool,
/// a pointer): what the overloads that report invalid_index_type take, so that such a call is one compile
/// error naming the id rather than a list of candidates that do not match.
template <class I>
inline constexpr bool scalar_argument =
    std::is_arithmetic_v<std::remove_cvref_t<I>> || std::is_pointer_v<std::remove_cvref_t<I>> ||
    std::is_enum_v<std::remove_cvref_t<I>>;
template <class... I>
concept not_index_arguments = (scalar_argument<I> && ...) && !(index_like<I> && ...);
/// The same without pointers, for at(...), whose at(const index_t* idx, std::size_t n) takes one.
template <class... I>
concept not_index_values = ((scalar_argument<I> && !std::is_pointer_v<std::remove_cvref_t<I>>)&&...) &&
                           !(index_like<I> && ...);
/// The length of an index array (index_array<R>, std::array<I, R>, std::span<I, R> of integers), or
/// not_an_index_array: what the overloads that report an array of another length than the rank test.
inline constexpr std::size_t not_an_index_array = ~std::size_t{0};
template <class A>
inline constexpr std::size_t index_array_length = not_an_index_array;
template <std::size_t R>
inline constexpr std::size_t index_array_length<index_array<R>> = R;
template <std::integral I, std::size_t R>
inline constexpr std::size_t index_array_length<std::array<I, R>> = R;
template <std::integral I, std::size_t R>
  requires(R != std::dynamic_extent)
inline constexpr std::size_t index_array_length<std::span<I, R>> = R;
/// A, without const and reference, is an index array whose length is not Rank.
template <class A, std::size_t Rank>
concept index_array_of_other_length = index_array_length<std::remove_cvref_t<A>> != not_an_index_array &&
                                      index_array_length<std::remove_cvref_t<A>> != Rank;
}  // namespace detail

}  // namespace XLAYOUT_NAMESPACE

template <std::size_t Rank>
struct std::tuple_size<xlayout::index_array<Rank>> : std::integral_constant<std::size_t, Rank> {};
template <std::size_t K, std::size_t Rank>
struct std::tuple_element<K, xlayout::index_array<Rank>> {
  using type = xlayout::index_t;
};
