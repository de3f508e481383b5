// tests/indexing/indexing_map.cpp: the indexing_map value (include/xlayout/indexing/indexing_map.hpp):
// building maps in C++ (map_builder), XLA's equality (names ignored, constraints as a set), evaluation,
// constraints, FromTensorSizes, AddConstraint. Expected values from XLA's indexing_map_test (as quoted in
// xla_simplify.json) and from direct evaluation of the written expressions.
#include <catch2/catch.hpp>

#include <xlayout/indexing.hpp>

namespace xl = xlayout;

TEST_CASE("indexing_map: built in C++ with XLA's names (indexing_map_test RTVar)",
          "[indexing][indexing_map]") {
  constexpr auto m = [] {
    xl::map_builder b(2, 1, 2);
    b.set_bounds(0, {0, 99});
    b.set_bounds(1, {0, 43});
    b.set_bounds(2, {-99, 99});
    b.set_bounds(3, {0, 2});
    b.set_bounds(4, {0, 7});
    b.set_name(2, "range");
    b.add_result(b.dim(1));
    b.add_result(b.dim(0));
    b.add_result(b.ws.add(b.range_var(0), b.rt_var(0)));
    b.add_result(b.rt_var(1));
    return *b.finish();
  }();
  STATIC_REQUIRE(
      xl::to_string(m) ==
      "(d0, d1)[range]{rt0, rt1} -> (d1, d0, range + rt0, rt1), domain: d0 in [0, 99], d1 in [0, 43], "
      "range in [-99, 99], rt0 in [0, 2], rt1 in [0, 7]");
  STATIC_REQUIRE(m.num_symbols() == 3);
  STATIC_REQUIRE(m.kind_of(3) == xl::variable_kind::runtime);
}

TEST_CASE("indexing_map: XLA's equality ignores names and constraint order (indexing_map_test Equality)",
          "[indexing][indexing_map]") {
  constexpr auto a = *xl::parse_indexing_map(
      "(d0, d1)[s0] -> (d1, d0), domain: d0 in [0, 49], d1 in [0, 59], s0 in [0, 9], d0 mod 8 in [0, 0], "
      "d0 + d1 in [0, 5]");
  constexpr auto b = *xl::parse_indexing_map(
      "(x, y)[z] -> (y, x), domain: x in [0, 49], y in [0, 59], z in [0, 9], x + y in [0, 5], x mod 8 in [0, "
      "0]");
  constexpr auto c = *xl::parse_indexing_map(
      "(d0, d1)[s0] -> (d1, d0), domain: d0 in [0, 50], d1 in [0, 59], s0 in [0, 9], d0 mod 8 in [0, 0], "
      "d0 + d1 in [0, 5]");
  STATIC_REQUIRE(a == b);
  STATIC_REQUIRE(!xl::identical(a, b));
  STATIC_REQUIRE(!(a == c));
  STATIC_REQUIRE(xl::undefined_indexing_map() == xl::indexing_map{});
}

TEST_CASE(
    "indexing_map: evaluate ignores the domain; constraints_satisfied reads only constraints "
    "(indexing_map_test EvaluateIgnoresDomainRanges, ConstraintsSatisfied)",
    "[indexing][indexing_map]") {
  constexpr auto m = *xl::parse_indexing_map(
      "(d0, d1)[s0, s1] -> (d1, d0, s1, s0), domain: d0 in [0, 3], d1 in [0, 3], s0 in [0, 1], s1 in [0, 1]");
  constexpr auto v = xl::evaluate(m, {1, 2}, {3, 4});
  STATIC_REQUIRE(v.size() == 4);
  STATIC_REQUIRE(v[0] == 2);
  STATIC_REQUIRE(v[1] == 1);
  STATIC_REQUIRE(v[2] == 4);
  STATIC_REQUIRE(v[3] == 3);
  constexpr auto with = *xl::checked_add_constraint(m, *xl::parse_affine_expr("s0 mod 4", 2), {0, 0});
  constexpr xl::index_t p1[] = {1, 2, 3, 4}, p2[] = {1, 2, 5, 4}, p3[] = {1, 2, 4, 4};
  STATIC_REQUIRE(xl::constraints_satisfied(m, p1, 4));
  STATIC_REQUIRE(!xl::constraints_satisfied(with, p2, 4));
  STATIC_REQUIRE(xl::constraints_satisfied(with, p3, 4));
  STATIC_REQUIRE(!xl::in_domain(with, p3, 4));  // s0 = 4 is outside [0, 1]
  STATIC_REQUIRE(xl::checked_evaluate(m, p1, 1, p1, 1).error().id == xl::error_id::variable_count_mismatch);
}

TEST_CASE("indexing_map: AddConstraint on a variable narrows it; a constant is checked (indexing_map_test)",
          "[indexing][indexing_map]") {
  constexpr auto m = *xl::parse_indexing_map("(d0) -> (d0), domain: d0 in [0, 99]");
  constexpr auto narrowed = *xl::checked_add_constraint(m, *xl::parse_affine_expr("d0", 1), {5, 200});
  STATIC_REQUIRE(xl::to_string(narrowed) == "(d0) -> (d0), domain: d0 in [5, 99]");
  constexpr auto empty = *xl::checked_add_constraint(m, *xl::parse_affine_expr("d0", 1), {200, 300});
  STATIC_REQUIRE(empty.is_known_empty());
  STATIC_REQUIRE(xl::checked_add_constraint(m, *xl::parse_affine_expr("d3", 1), {0, 0}).error().id ==
                 xl::error_id::variable_count_mismatch);
}

TEST_CASE("indexing_map: FromTensorSizes and its count checks (indexing_map_test VerifyDimensions/Symbols)",
          "[indexing][indexing_map]") {
  constexpr auto sym = *xl::parse_indexing_map("(d0) -> (d0)");
  STATIC_REQUIRE(xl::to_string(*xl::checked_from_tensor_sizes(sym, {10})) ==
                 "(d0) -> (d0), domain: d0 in [0, 9]");
  STATIC_REQUIRE(xl::checked_from_tensor_sizes(sym, {10, 10}).error().id ==
                 xl::error_id::variable_count_mismatch);
  STATIC_REQUIRE(xl::checked_from_tensor_sizes(sym, {10}, {10}).error().id ==
                 xl::error_id::variable_count_mismatch);
}

TEST_CASE(
    "indexing_map: used variables and result ranges (indexing_map_test GetUsedParameters, RangeEvaluator)",
    "[indexing][indexing_map]") {
  constexpr auto m = *xl::parse_indexing_map(
      "(d0, d1, d2, d3) -> (d0 * 2 + d1, min(d0, d1), max(d0, d1)), domain: d0 in [0, 9], d1 in [-10, -1], "
      "d2 in [-1, "
      "2], d3 in [0, 0]");
  STATIC_REQUIRE(xl::result_range(m, 0) == xl::interval{-10, 17});
  STATIC_REQUIRE(xl::result_range(m, 1) == xl::interval{-10, -1});
  STATIC_REQUIRE(xl::result_range(m, 2) == xl::interval{0, 9});
  constexpr auto used = [] {
    auto u = *xl::parse_indexing_map("(d0, d1)[s0, s1] -> (d0 * 2 + 42, s1 - 10)");
    bool b[XLAYOUT_MAX_VARS]{};
    xl::used_variables(u, b);
    return b[0] && !b[1] && !b[2] && b[3];
  }();
  STATIC_REQUIRE(used);
}

TEST_CASE("indexing_map: XLA's GPU variable kinds (indexing_map_test VariableKind)",
          "[indexing][indexing_map]") {
  STATIC_REQUIRE(xl::to_string(xl::gpu_variable_kind::thread_x) == "th_x");
  STATIC_REQUIRE(xl::gpu_variable_kind_from_name("bl_z") == xl::gpu_variable_kind::block_z);
  STATIC_REQUIRE(xl::gpu_variable_kind_from_name("d0") == xl::gpu_variable_kind::none);
}
