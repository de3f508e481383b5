// include/xlayout/values/extents.hpp: Extents<3, 5> / Extents<dyn, 128>: sizes that are static or given at
// run time, per dimension; only the dynamic ones take space (std::extents' model).
#pragma once
#include <array>
#include <concepts>
#include <cstddef>
#include <type_traits>

#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>

namespace XLAYOUT_NAMESPACE {

namespace detail {
/// The run-time sizes of an Extents with N dynamic extents (none: an empty type). Outside Extents, so that
/// every Extents with as many dynamic extents shares it (the compiler makes it once, not once per Extents).
template <std::size_t N>
struct extent_storage {
  // A plain array rather than std::array: CUDA device code may not call std::array's (host) members.
  index_t values[N]{};
  friend constexpr bool operator==(const extent_storage&, const extent_storage&) = default;
};
template <>
struct extent_storage<0> {
  friend constexpr bool operator==(const extent_storage&, const extent_storage&) = default;
};
}  // namespace detail

/// The sizes of a tensor: each is a constant or `dyn` (given to the constructor).
template <index_t... E>
class Extents {
  static_assert(((E >= 0 || E == dyn) && ...),
                "[xlayout:negative_dimension] xlayout::Extents: a size must be >= 0 or dyn");
  static_assert(sizeof...(E) <= XLAYOUT_MAX_RANK,
                "[xlayout:rank_too_large] xlayout::Extents: more sizes than XLAYOUT_MAX_RANK");

 public:
  using index_type = index_t;
  XLAYOUT_HD static constexpr std::size_t rank() noexcept { return sizeof...(E); }
  XLAYOUT_HD static constexpr std::size_t rank_dynamic() noexcept {
    return ((E == dyn ? 1u : 0u) + ... + 0u);
  }
  /// The static size of dimension d, or dyn.
  XLAYOUT_HD static constexpr index_t static_extent(std::size_t d) noexcept {
    constexpr index_t all[] = {E..., 0};
    return all[d];
  }
  XLAYOUT_HD static constexpr bool is_static() noexcept { return rank_dynamic() == 0; }

  constexpr Extents() noexcept = default;
  /// The dynamic sizes, in order.
  template <std::integral... I>
    requires(sizeof...(I) == rank_dynamic() && sizeof...(I) > 0)
  XLAYOUT_HD constexpr explicit Extents(I... dynamic) noexcept
      : dynamic_{{static_cast<index_t>(dynamic)...}} {}
  XLAYOUT_HD constexpr explicit Extents(const std::array<index_t, rank_dynamic()>& dynamic) noexcept
    requires(rank_dynamic() > 0)
  {
    for (std::size_t k = 0; k < rank_dynamic(); ++k) dynamic_.values[k] = dynamic[k];
  }

  /// The size of dimension d.
  XLAYOUT_HD constexpr index_t extent(std::size_t d) const noexcept {
    if constexpr (rank_dynamic() == 0) {
      return static_extent(d);
    } else {
      if (static_extent(d) != dyn) return static_extent(d);
      return dynamic_.values[dynamic_index(d)];
    }
  }
  /// Position of dimension d among the dynamic ones.
  XLAYOUT_HD static constexpr std::size_t dynamic_index(std::size_t d) noexcept {
    std::size_t k = 0;
    for (std::size_t i = 0; i < d; ++i) k += static_extent(i) == dyn ? 1 : 0;
    return k;
  }

  friend constexpr bool operator==(const Extents&, const Extents&) = default;

 private:
  using storage = detail::extent_storage<rank_dynamic()>;
  // No initializer: static extents then have a trivial default constructor, which generates no code.
  [[no_unique_address]] storage dynamic_;
};

}  // namespace XLAYOUT_NAMESPACE
