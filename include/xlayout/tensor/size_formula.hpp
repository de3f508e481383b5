// include/xlayout/tensor/size_formula.hpp: sizes of the tiled array that depend on dynamic extents, as
// formulas constant * product of ceil_div(extent, t): size_formula, the tile step's number kind for them
// (formula_arithmetic, used by layout/tiling.hpp's apply_tile) and the tiled sizes of a shape as formulas.
// tensor_mapping (tensor/mapping.hpp) derives its strides from them.
#pragma once
#include <cstddef>

#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/layout/tiling.hpp>
#include <xlayout/values/layout.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {
namespace detail {

/// ceil_div(extent of `dimension`, divisor): one factor of a size that depends on a dynamic extent.
struct extent_factor {
  index_t dimension = 0;
  index_t divisor = 1;
  friend constexpr bool operator==(const extent_factor&, const extent_factor&) = default;
};

/// A size of the tiled array (or a stride): constant * product of ceil_div(extent_k, t_k).
struct size_formula {
  index_t constant = 1;
  static_vector<extent_factor, XLAYOUT_MAX_RANK> factors;

  constexpr bool is_constant() const noexcept { return factors.empty(); }
  /// The value for the given extents (one per logical dimension).
  template <class Extents>
  constexpr index_t evaluate(const Extents& e) const noexcept {
    index_t v = constant;
    for (const extent_factor& f : factors) v *= ceil_div(e[static_cast<std::size_t>(f.dimension)], f.divisor);
    return v;
  }
};

/// a * b; false when the product has more factors than fit.
constexpr bool multiply(size_formula& a, const size_formula& b) noexcept {
  a.constant *= b.constant;
  for (const extent_factor& f : b.factors) {
    if (!a.factors.try_push_back(f)) return false;
  }
  return true;
}

/// The tile step's number kind for sizes that depend on dynamic extents (layout/tiling.hpp's apply_tile on
/// size formulas). A merge or a split fails where the size is not of the form constant * product of
/// ceil_div(extent, t): a '*' group whose more-minor members are dynamic, or a tile that does not line up
/// with a dynamic size.
struct formula_arithmetic {
  using value_type = size_formula;
  constexpr size_formula unit() const noexcept { return {}; }
  constexpr bool merge(size_formula& major, const size_formula& minor) const noexcept {
    if (!minor.is_constant()) return false;  // a dynamic size below the group's most-major member
    const checked_index m = checked_mul(major.constant, minor.constant);
    major.constant = m.value;
    return m.ok;
  }
  constexpr bool split(const size_formula& merged, index_t t, size_formula& count,
                       size_formula& within) const noexcept {
    count = merged;
    within = size_formula{};
    within.constant = t;
    if (count.is_constant()) {
      count.constant = ceil_div(count.constant, t);
    } else if (count.factors.size() == 1 && t % count.constant == 0) {
      count.factors[0].divisor *= t / count.constant;  // ceil(ceil(e/a)*c/t) = ceil(e/(a*t/c))
      count.constant = 1;
    } else if (count.constant % t == 0) {
      count.constant /= t;
    } else {
      return false;
    }
    return true;
  }
};

/// The sizes of the tiled array as functions of the extents. False when a size has no formula
/// (formula_arithmetic).
constexpr bool symbolic_tiled_dimensions(const shape& s,
                                         static_vector<size_formula, max_tiled_rank>& out) noexcept {
  out.clear();
  for (std::size_t j = 0; j < s.rank(); ++j) {
    const std::size_t d = physical_to_logical(s, j);
    size_formula f;
    if (s.dimensions[d] == dyn) {
      f.factors.push_back({static_cast<index_t>(d), 1});
    } else {
      f.constant = laid_out_extent(s, d);
    }
    out.push_back(f);
  }
  formula_arithmetic k;
  return apply_tiles(k, out, s.layout);
}

}  // namespace detail
}  // namespace XLAYOUT_NAMESPACE
