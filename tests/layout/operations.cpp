// tests/layout/operations.cpp: permutations and XLA's layout operations.
#include <catch2/catch.hpp>
#include <xlayout/layout.hpp>

using namespace xlayout;

TEST_CASE("permutation helpers follow XLA's conventions", "[layout][operations]") {
  STATIC_REQUIRE(inverse_permutation({1, 2, 0}) == dimension_list{2, 0, 1});
  STATIC_REQUIRE(compose_permutations({1, 2, 0}, {2, 0, 1}) == dimension_list{0, 1, 2});
  STATIC_REQUIRE(permute(dimension_list{10, 20, 30}, {2, 0, 1}) == dimension_list{30, 10, 20});
  STATIC_REQUIRE(is_permutation({2, 0, 1}));
  STATIC_REQUIRE(!is_permutation({2, 0, 2}));
  STATIC_REQUIRE(!is_permutation({0, 3}));
}

TEST_CASE("permute_dimensions keeps the bytes where they are (a bitcast)", "[layout][operations][law]") {
  const shape s = shape_v<"f32[3,4,5]{0,2,1}">;
  dimension_list perm{0, 1, 2};
  int n = 0;
  do {
    const shape t = permute_dimensions(perm, s);
    INFO(to_string(t).view());
    // The element at logical index e of t is the element at e permuted back in s, at the same address.
    for_each_index(t, [&](const index_vector& e) {
      index_vector back;
      back.resize(3);
      for (std::size_t i = 0; i < 3; ++i) back[static_cast<std::size_t>(perm[i])] = e[i];
      REQUIRE(linear_index(t, e) == linear_index(s, back));
    });
    ++n;
  } while (std::next_permutation(perm.begin(), perm.end()));
  CHECK(n == 6);
}

TEST_CASE("moving, deleting and reordering dimensions (XLA's layout_util_test.cc)",
          "[layout][operations][xla]") {
  STATIC_REQUIRE(move_dim_to_major({2, 1, 0}, 1) == dimension_list{2, 0, 1});
  STATIC_REQUIRE(move_dim_to_minor({2, 0, 3, 1}, 3) == dimension_list{3, 2, 0, 1});
  STATIC_REQUIRE(to_string(delete_dimensions(shape_v<"f32[5,3,2]{2,0,1}">, {1})) == "f32[5,2]{1,0}");
  STATIC_REQUIRE(to_string(delete_dimension(layout_v<"{2,0,1:SC(0:10)(1:20)(2:30)}">, 0)) ==
                 "{1,0:SC(0:10)(1:30)}");
  STATIC_REQUIRE(to_string(descending_layout_with_same_physical_layout(
                     shape_v<"f32[128,24,4,48,48]{2,4,3,1,0}">)) == "f32[128,24,48,48,4]{4,3,2,1,0}");
  STATIC_REQUIRE(is_untiled_layout(shape_v<"f32[24,128]{1,0:T(8,128)}">));
  STATIC_REQUIRE(!is_untiled_layout(shape_v<"f32[2,3,4]{2,1,0:T(8,128)}">));
  STATIC_REQUIRE(max_split_size(shape_v<"f32[150,200,100]{0,1,2:SC(0:30)(1:40,130)}">, 1) == 90);
}
