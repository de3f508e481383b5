// include/xlayout/layout/operations.hpp: XLA's permutation helpers (ComposePermutations,
// InversePermutation, Permute) and the layout operations built on them: permute_dimensions,
// move_dim_to_major/minor, delete_dimensions, descending layout with the same physical layout.
#pragma once
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/layout/index_program.hpp>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/layout/validate.hpp>
#include <xlayout/values/layout.hpp>
#include <xlayout/values/shape.hpp>
#include <xlayout/values/shape_tree.hpp>

namespace XLAYOUT_NAMESPACE {

/// True when p lists each of 0..p.size()-1 exactly once.
constexpr bool is_permutation(const dimension_list& p) noexcept {
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] < 0 || p[i] >= static_cast<index_t>(p.size())) return false;
    for (std::size_t j = 0; j < i; ++j) {
      if (p[j] == p[i]) return false;
    }
  }
  return true;
}

/// XLA's InversePermutation: result[p[i]] = i.
/// @pre is_permutation(p)
constexpr dimension_list inverse_permutation(const dimension_list& p) noexcept {
  dimension_list r;
  r.resize(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) r[static_cast<std::size_t>(p[i])] = static_cast<index_t>(i);
  return r;
}

/// XLA's ComposePermutations(p1, p2): result[i] = p1[p2[i]].
/// @pre both are permutations of the same size
constexpr dimension_list compose_permutations(const dimension_list& p1, const dimension_list& p2) noexcept {
  dimension_list r;
  for (index_t i : p2) r.push_back(p1[static_cast<std::size_t>(i)]);
  return r;
}

/// XLA's Permute(input, permutation): result[i] = input[permutation[i]].
template <class V>
constexpr V permute(const V& input, const dimension_list& permutation) noexcept {
  V r;
  for (index_t i : permutation) r.push_back(input[static_cast<std::size_t>(i)]);
  return r;
}

/// The logical dimensions in physical order, most-major first (minor_to_major reversed).
constexpr dimension_list major_to_minor(const layout& l) noexcept {
  dimension_list r;
  for (std::size_t i = l.minor_to_major.size(); i-- > 0;) r.push_back(l.minor_to_major[i]);
  return r;
}

/// XLA's ShapeUtil::PermuteDimensions(permutation, shape): dimension i of the result is dimension
/// permutation[i] of `s`, and the layout is chosen so that the transpose is a bitcast
/// (minor_to_major = ComposePermutations(InversePermutation(permutation), minor_to_major)). The same
/// operation is XLA's ReorderLogicalDimensions. Tiles are kept.
/// @pre is_permutation(permutation) and permutation.size() == s.rank()
constexpr shape permute_dimensions(const dimension_list& permutation, const shape& s) noexcept {
  shape r = s;
  r.dimensions = permute(s.dimensions, permutation);
  r.dynamic_dimensions = permute(s.dynamic_dimensions, permutation);
  if (!s.layout.padded_dimensions.empty())
    r.layout.padded_dimensions = permute(s.layout.padded_dimensions, permutation);
  r.layout.minor_to_major = compose_permutations(inverse_permutation(permutation), s.layout.minor_to_major);
  return r;
}

/// XLA's ShapeUtil::PermuteDimensionsIgnoringLayout(permutation, shape): the sizes permuted, the layout left
/// as it is.
constexpr shape permute_dimensions_ignoring_layout(const dimension_list& permutation,
                                                   const shape& s) noexcept {
  shape r = s;
  r.dimensions = permute(s.dimensions, permutation);
  r.dynamic_dimensions = permute(s.dynamic_dimensions, permutation);
  return r;
}

/// XLA's LayoutUtil::MoveDimToMajor: dimension `dim` becomes the most-major one.
constexpr dimension_list move_dim_to_major(const dimension_list& minor_to_major, index_t dim) noexcept {
  dimension_list r;
  for (index_t d : minor_to_major) {
    if (d != dim) r.push_back(d);
  }
  r.push_back(dim);
  return r;
}

/// XLA's LayoutUtil::MoveDimToMinor: dimension `dim` becomes the most-minor one.
constexpr dimension_list move_dim_to_minor(const dimension_list& minor_to_major, index_t dim) noexcept {
  dimension_list r;
  r.push_back(dim);
  for (index_t d : minor_to_major) {
    if (d != dim) r.push_back(d);
  }
  return r;
}

/// XLA's Layout::DeleteDimension: removes logical dimension `dim` from the layout (higher numbers move
/// down; split configs name physical dimensions and are renumbered the same way).
/// @pre 0 <= dim < l.rank()
constexpr layout delete_dimension(const layout& l, index_t dim) noexcept {
  layout r = l;
  r.minor_to_major.clear();
  index_t physical = -1;  // the physical position (0 = most major) of `dim`
  for (std::size_t i = 0; i < l.minor_to_major.size(); ++i) {
    const index_t d = l.minor_to_major[i];
    if (d == dim) {
      physical = static_cast<index_t>(l.minor_to_major.size() - 1 - i);
      continue;
    }
    r.minor_to_major.push_back(d > dim ? d - 1 : d);
  }
  r.split_configs.clear();
  for (const split_config& sc : l.split_configs) {
    if (sc.dimension == physical) continue;
    split_config c = sc;
    if (c.dimension > physical) --c.dimension;
    r.split_configs.push_back(c);
  }
  if (!l.padded_dimensions.empty()) r.padded_dimensions.erase(static_cast<std::size_t>(dim));
  return r;
}

/// XLA's ShapeUtil::DeleteDimensions: removes the listed dimensions (in any order).
constexpr shape delete_dimensions(const shape& s, const dimension_list& dims) noexcept {
  shape r = s;
  for (index_t d = static_cast<index_t>(s.rank()) - 1; d >= 0; --d) {
    bool listed = false;
    for (index_t x : dims) listed = listed || x == d;
    if (!listed) continue;
    r.dimensions.erase(static_cast<std::size_t>(d));
    r.dynamic_dimensions.erase(static_cast<std::size_t>(d));
    r.layout = delete_dimension(r.layout, d);
  }
  return r;
}

/// XLA's MakeShapeWithDescendingLayoutAndSamePhysicalLayout: the sizes in physical (major-to-minor)
/// order with the default layout; the bytes in memory are the same.
constexpr shape descending_layout_with_same_physical_layout(const shape& s) noexcept {
  return detail::in_physical_order(s);
}

/// XLA's LayoutUtil::IsUntiledLayout: the tiles leave the order of elements unchanged and add no padding
/// ([24,128] with T(8,128) is untiled; [2,3,4] with T(8,128) is not).
/// @pre a static shape with a valid layout
constexpr bool is_untiled_layout(const shape& s) noexcept {
  shape plain = s;
  plain.layout.tiles.clear();
  const auto n = checked_element_count(s);
  const auto span = checked_required_span_size(s);
  if (!n || !span || *n != *span || !is_strided(s)) return false;
  const auto a = strides(s), b = strides(plain);
  return a && b && *a == *b;
}

/// XLA's LayoutUtil::MaxSplitSize: the largest piece of logical dimension `dim` between the split points
/// of its split config (the whole dimension when it has none).
/// @pre a static shape with a valid layout, 0 <= dim < rank
constexpr index_t max_split_size(const shape& s, index_t dim) noexcept {
  const index_t size = s.dimensions[static_cast<std::size_t>(dim)];
  for (const split_config& sc : s.layout.split_configs) {
    const auto logical = s.layout.minor_to_major[s.rank() - 1 - static_cast<std::size_t>(sc.dimension)];
    if (logical != dim) continue;
    index_t largest = 0, previous = 0;
    for (index_t split : sc.split_indices) {
      largest = split - previous > largest ? split - previous : largest;
      previous = split;
    }
    return size - previous > largest ? size - previous : largest;
  }
  return size;
}

/// XLA's LayoutUtil::MaxElementsInPerSplit: the product of max_split_size over the dimensions.
constexpr index_t max_elements_in_per_split(const shape& s) noexcept {
  index_t n = 1;
  for (std::size_t d = 0; d < s.rank(); ++d) n *= max_split_size(s, static_cast<index_t>(d));
  return n;
}

/// XLA's LayoutUtil::LayoutsInShapesEqual: the same tuple structure and equal layouts at every leaf (the
/// sizes are not compared, only the ranks).
constexpr bool layouts_in_shapes_equal(const shape_tree& a, const shape_tree& b) noexcept {
  if (a.nodes.size() != b.nodes.size() || a.leaves.size() != b.leaves.size()) return false;
  for (std::size_t i = 0; i < a.nodes.size(); ++i) {
    if (!(a.nodes[i] == b.nodes[i])) return false;
  }
  for (std::size_t i = 0; i < a.leaves.size(); ++i) {
    if (a.leaves[i].rank() != b.leaves[i].rank() || !(a.leaves[i].layout == b.leaves[i].layout)) return false;
  }
  return true;
}

/// XLA's LayoutUtil::CopyLayoutBetweenShapes: `dst` with the layout of `src`. Errors: index_rank_mismatch
/// when the ranks differ, or the id of the rule `src`'s layout breaks.
constexpr result<shape> copy_layout(const shape& src, const shape& dst) noexcept {
  if (auto issue = find_layout_issue(src)) return issue.id;
  if (src.rank() != dst.rank()) return error_id::index_rank_mismatch;
  shape r = dst;
  r.layout = src.layout;
  return r;
}

}  // namespace XLAYOUT_NAMESPACE
