// include/xlayout/values/shape_tree.hpp: XLA's tuple shapes, `(f32[2], (s32[], token[]))`: a tree whose
// leaves are array (or token/opaque) shapes, stored flat in pre-order.
#pragma once
#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {

inline constexpr std::size_t max_tuple_nodes = 2 * XLAYOUT_MAX_TUPLE_LEAVES + 1;

/// XLA's limit on tuple nesting (the parser's max_recursion_depth).
inline constexpr int max_tuple_depth = 10;

/// One node of a shape tree: a tuple with `children` direct elements (which follow it in pre-order), or
/// a leaf that refers to leaves[leaf].
struct shape_tree_node {
  bool is_tuple = false;
  unsigned char children = 0;
  unsigned char leaf = 0;
  friend constexpr bool operator==(const shape_tree_node&, const shape_tree_node&) = default;
};

/// A shape that may be a tuple. A plain array shape is a tree with one leaf node.
struct shape_tree {
  static_vector<shape_tree_node, max_tuple_nodes> nodes;
  static_vector<shape, XLAYOUT_MAX_TUPLE_LEAVES> leaves;

  constexpr bool is_tuple() const noexcept { return !nodes.empty() && nodes[0].is_tuple; }
  /// Number of direct elements of the top-level tuple (0 for an array).
  constexpr std::size_t tuple_size() const noexcept { return is_tuple() ? nodes[0].children : 0; }
  friend constexpr bool operator==(const shape_tree&, const shape_tree&) = default;
};

namespace detail {
/// The pre-order position just past the subtree that starts at `node`.
constexpr std::size_t subtree_end(const shape_tree& t, std::size_t node) noexcept {
  if (!t.nodes[node].is_tuple) return node + 1;
  std::size_t next = node + 1;
  for (int c = 0; c < t.nodes[node].children; ++c) next = subtree_end(t, next);
  return next;
}
}  // namespace detail

/// XLA's ShapeUtil::ByteSizeOf for a tuple: a table of pointers, pointer_size bytes per direct element.
constexpr index_t tuple_byte_size(const shape_tree& t, index_t pointer_size) noexcept {
  return static_cast<index_t>(t.tuple_size()) * pointer_size;
}

}  // namespace XLAYOUT_NAMESPACE
