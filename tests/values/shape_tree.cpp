// tests/values/shape_tree.cpp: tuple shapes stored flat in pre-order.
#include <catch2/catch.hpp>
#include <xlayout/values/shape_tree.hpp>

using namespace xlayout;

TEST_CASE("tuple trees: byte size of the pointer table", "[shape]") {
  shape_tree t;
  t.nodes.push_back({true, 2, 0});
  t.nodes.push_back({false, 0, 0});
  t.nodes.push_back({false, 0, 1});
  t.leaves.push_back(make_shape(element_type::s32, {16}));
  t.leaves.push_back(make_shape(element_type::f32, {4}));
  CHECK(t.is_tuple());
  CHECK(t.tuple_size() == 2);
  CHECK(tuple_byte_size(t, 8) == 16);  // XLA: pointer_size per element
  CHECK(detail::subtree_end(t, 0) == 3);
}
