// tests/conformance/xla_layout.cpp: every case of $XLAYOUT_CONFORMANCE_DIR/xla_layout.json (XLA's layout,
// shape, index and bitcast tests) run through the library. Expected values come from the corpus; the
// constructions XLA's tests write in C++ are translated here by case name. Prints per-category counts
// and fails on any unexpected failure.
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <xlayout/layout.hpp>

using json = nlohmann::json;
using namespace xlayout;

namespace {

// Failed expectations so far: a case passes when it adds none.
int failures = 0;

// CHECK that also counts the failure and returns whether it held, so a check can stop early without
// aborting the other cases.
#define EXPECT(...)                                                    \
  ([&] {                                                               \
    CHECK(__VA_ARGS__);                                                \
    const bool held = Catch::getResultCapture().lastAssertionPassed(); \
    if (!held) ++failures;                                             \
    return held;                                                       \
  }())

void fail(const std::string& why) {
  ++failures;
  FAIL_CHECK(why);
}

std::string corpus_path() { return std::string(XLAYOUT_CONFORMANCE_DIR) + "/xla_layout.json"; }

// Deliberate differences from XLA, by case name, with the reason. The goal is none; each entry here is
// still run, and must behave as the reason says.
const std::map<std::string, std::string> deliberate = {
    {"Validate/NoTileRankCheck",
     "xlayout agrees that tile rank and divisibility are not checked, but rejects a '*' as the last entry "
     "of a tile ([xlayout:misplaced_combine]): it would merge into a dimension that does not exist"},
};

shape parse(const std::string& text) {
  auto r = parse_shape(text, {.validate = false});
  INFO("parsing " << text << ": " << describe(r.error()).view());
  EXPECT(r.has_value());
  return r.value_;
}

shape_tree parse_tree(const std::string& text) {
  auto r = parse_shape_tree(text, {.validate = false});
  INFO("parsing " << text << ": " << describe(r.error()).view());
  EXPECT(r.has_value());
  return r.value_;
}

dimension_list ints(const json& j) {
  dimension_list v;
  for (const auto& x : j) v.push_back(x.get<index_t>());
  return v;
}

std::string str(std::string_view v) { return std::string(v); }

tile make_tile(std::initializer_list<index_t> d) {
  tile t;
  for (index_t x : d) t.dimensions.push_back(x);
  return t;
}

shape shape_from(const json& c) {
  if (c.contains("shape") && c["shape"].is_string()) return parse(c["shape"].get<std::string>());
  shape s;
  s.element_type = element_type::f32;
  for (const auto& d : c["dims"]) {
    s.dimensions.push_back(d.get<index_t>());
    s.dynamic_dimensions.push_back(false);
  }
  s.layout.minor_to_major = ints(c["minor_to_major"]);
  for (const auto& t : c.value("tiles", json::array())) {
    tile tl;
    for (const auto& x : t) tl.dimensions.push_back(x.get<index_t>());
    s.layout.tiles.push_back(tl);
  }
  return s;
}

// --- constructions written in C++ by XLA's tests, keyed by case name -------------------------------

layout layout_construct(const std::string& name) {
  layout l;
  auto m2m = [](std::initializer_list<index_t> v) {
    dimension_list d;
    for (index_t x : v) d.push_back(x);
    return d;
  };
  if (name == "Layout/ToStringForEmpty") return l;
  if (name == "Layout/ToStringForMinorToMajorOnly") return make_layout(m2m({1, 2, 0}));
  l = make_layout(m2m({3, 2, 1, 0}));
  if (name == "Layout/ToStringForTiles") {
    l.tiles.push_back(make_tile({42, 123}));
    l.tiles.push_back(make_tile({4, 5}));
  } else if (name == "Layout/ToStringForTileWithCombinedDimensions") {
    l.tiles.push_back(make_tile({combine_dimension, combine_dimension, 42, 123}));
  } else if (name == "Layout/ToStringForTailPaddingAlignment") {
    l.tail_padding_alignment_in_elements = 100;
  } else if (name == "Layout/ToStringForIndexPrimitiveType") {
    l.index_primitive_type = element_type::u32;
  } else if (name == "Layout/ToStringForPointerPrimitiveType") {
    l.pointer_primitive_type = element_type::u16;
  } else if (name == "Layout/ToStringForElementSize") {
    l.element_size_in_bits = 42;
  } else if (name == "Layout/ToStringForMemorySpace") {
    l.memory_space = 3;
  } else if (name == "Layout/ToStringForSplitConfigs") {
    l = make_layout(m2m({0, 1}));
    l.split_configs.push_back({0, {3}});
    l.split_configs.push_back({1, {0, 4}});
  } else if (name == "Layout/ToStringForPhysicalShape") {
    l = make_layout(m2m({0, 1}));
    l.physical_shape.present = true;
    l.physical_shape.element_type = element_type::s32;
    l.physical_shape.dimensions = {10, 20};
    l.physical_shape.minor_to_major = m2m({1, 0});
  } else if (name == "Layout/ToStringForDynamicShapeMetadataPrefixBytes") {
    l = make_layout(m2m({0, 1}));
    l.dynamic_shape_metadata_prefix_bytes = 123;
  } else if (name == "Layout/ToStringForMutipleProperties") {
    l.tiles.push_back(make_tile({42, 123}));
    l.tiles.push_back(make_tile({4, 5}));
    l.tail_padding_alignment_in_elements = 100;
    l.element_size_in_bits = 42;
  } else if (name == "Layout/StreamOutLayout") {
    l = make_layout(m2m({0, 1, 2}));
  } else {
    fail("no construction for " + name);
  }
  return l;
}

// Tuple shapes of XLA's shape_test.cc.
shape_tree tuple_of(std::initializer_list<shape_tree> elems) {
  shape_tree t;
  t.nodes.push_back({true, static_cast<unsigned char>(elems.size()), 0});
  for (const shape_tree& e : elems) {
    for (const shape_tree_node& n : e.nodes) {
      shape_tree_node m = n;
      if (!m.is_tuple) m.leaf = static_cast<unsigned char>(m.leaf + t.leaves.size());
      t.nodes.push_back(m);
    }
    for (const shape& s : e.leaves) t.leaves.push_back(s);
  }
  return t;
}
shape_tree leaf(const shape& s) {
  shape_tree t;
  t.nodes.push_back({false, 0, 0});
  t.leaves.push_back(s);
  return t;
}

std::string shape_print_construct(const std::string& name) {
  const shape opaque = make_shape(element_type::opaque, {});
  const shape token = make_shape(element_type::token, {});
  const shape scalar = make_shape(element_type::f32, {});
  const shape matrix = make_shape(element_type::u32, {1, 2});
  const shape matrix2 = parse("s32[3,4]{0,1}");
  const shape_tree tuple_ = tuple_of({leaf(opaque), leaf(scalar), leaf(matrix), leaf(matrix2)});
  const shape_tree nested = tuple_of({tuple_, leaf(matrix), leaf(token)});
  const print_options no_layout{.layout = false};
  if (name == "Shape/opaque") return str(to_string(opaque));
  if (name == "Shape/token") return str(to_string(token));
  if (name == "Shape/scalar") return str(to_string(scalar, no_layout));
  if (name == "Shape/matrix_no_layout") return str(to_string(matrix, no_layout));
  if (name == "Shape/tuple_no_layout") return str(to_string(tuple_, no_layout));
  if (name == "Shape/nested_tuple_no_layout") return str(to_string(nested, no_layout));
  if (name == "Shape/scalar_with_layout") return str(to_string(scalar));
  if (name == "Shape/scalar_with_tile") {
    shape s = scalar;
    s.layout.tiles.push_back(make_tile({256}));
    return str(to_string(s));
  }
  if (name == "Shape/matrix_with_layout") return str(to_string(matrix));
  if (name == "Shape/matrix2_with_layout") return str(to_string(matrix2));
  if (name == "Shape/buffer_with_layout") {
    shape b = make_shape(element_type::s32, {3, 4});
    b.is_buffer = true;
    return str(to_string(b));
  }
  if (name == "Shape/tuple_with_layout") return str(to_string(tuple_));
  if (name == "Shape/nested_tuple_with_layout") return str(to_string(nested));
  if (name == "Shape/dynamic" || name == "Shape/dynamic2") {
    shape s = make_shape(element_type::f32, {23, 44, 55});
    s.dynamic_dimensions[0] = true;
    s.dynamic_dimensions[2] = name == "Shape/dynamic";
    return str(to_string(s, no_layout));
  }
  if (name == "Shape/unbounded") {
    shape s = make_shape(element_type::f32, {dyn, 784});
    return str(to_string(s, no_layout));
  }
  if (name == "ReorderLogicalDimensions/1")
    return str(to_string(permute_dimensions({0, 2, 1, 3}, parse("f32[16,3,12,17]{1,2,0,3}"))));
  if (name == "ReorderLogicalDimensions/2")
    return str(to_string(permute_dimensions({1, 2, 0}, parse("f32[10,20,30]{2,1,0}"))));
  fail("no construction for " + name);
  return {};
}

// XLA's parse errors, mapped to the id xlayout reports for the same text.
const std::map<std::string, error_id> parse_error_ids = {
    {"ParseShapeError/f32[123,456,789]{1:T(2, * , 128)}", error_id::minor_to_major_size_mismatch},
    {"ParseShapeError/f32[123,456]foobar{0,1}", error_id::extra_content},
    {"ParseShapeError/f32[123,456]{foo}", error_id::extra_content},
    {"ParseShapeError/f32[123,456]dense{foo}", error_id::extra_content},
    {"ParseShapeError/b()", error_id::expected_shape},
    {"ParseShapeError/b(s32[], f32[])", error_id::expected_closing_paren},
    {"ParseShapeError/f32[10,10]{1,0:D(X,C)}", error_id::invalid_dim_level_type},
    {"ParseShapeError/f32[10,10]{1,0:T(128,8)P(f32[10,10])}", error_id::physical_shape_on_dense},
    {"ParseShapeError/(((((((((((f32[])))))))))))", error_id::nesting_too_deep},
    {"ParseShapeError/g32[]", error_id::unknown_element_type},
    {"ParseShapeError/f32[<=?]", error_id::expected_integer},
    {"ParseShapeError/f32[-1]", error_id::negative_dimension},
};

// XLA's validation failures, mapped to xlayout's id.
const std::map<std::string, error_id> validate_ids = {
    {"Validate/InvalidArrayLayout", error_id::minor_to_major_size_mismatch},
    {"Validate/MissingArrayLayout", error_id::minor_to_major_size_mismatch},
    {"Validate/NegativeTileDim", error_id::invalid_tile_size},
    {"Validate/ZeroTileDim", error_id::invalid_tile_size},
    {"Validate/OutOfBoundsDim", error_id::dimension_out_of_range},
    {"Validate/DuplicateDim", error_id::not_a_permutation},
    {"Validate/EmptyTile", error_id::empty_tile},
    {"Validate/IndexPrimitiveTypeOnDense", error_id::index_type_on_dense},
    {"Validate/SplitIndexNotIncreasing", error_id::invalid_split_config},
    {"Validate/SplitIndexOutOfBounds", error_id::invalid_split_config},
};

// --- the checks, one function per category ------------------------------------------------------------

void check_layout_print(const json& c) {
  const std::string expected = c["expected"];
  if (c["name"] == "Layout/StreamOutTile") {
    EXPECT(str(to_string(make_tile({7, 8}))) == expected);
    return;
  }
  const layout l = layout_construct(c["name"]);
  EXPECT(str(to_string(l)) == expected);
  // What XLA prints also parses back to the same layout.
  auto back = parse_layout(expected);
  if (!EXPECT(back.has_value())) return;
  EXPECT(identical(*back, l));
}

void check_shape_print(const json& c) {
  const std::string name = c["name"], expected = c["expected"];
  if (!c.contains("construct")) {  // HumanStringWithTiling: a parse -> print fixed point
    EXPECT(str(to_string(parse_tree(expected))) == expected);
    return;
  }
  EXPECT(shape_print_construct(name) == expected);
}

void check_parse_ok(const json& c) {
  const std::string input = c["input"], canonical = c["canonical"];
  const shape_tree t = parse_tree(input);
  EXPECT(str(to_string(t)) == canonical);
  EXPECT(to_string(parse_tree(canonical)).view() == canonical);  // canonical text is a fixed point
}

void check_parse_error(const json& c) {
  const std::string name = c["name"], input = c["input"];
  auto r = parse_shape_tree(input);
  if (!EXPECT(!(r.has_value()))) return;
  auto it = parse_error_ids.find(name);
  if (!EXPECT(it != parse_error_ids.end())) return;
  INFO(describe(r.error()).view());
  EXPECT(r.error().id == it->second);
  EXPECT(r.error().position >= 0);
}

void check_validate(const json& c) {
  const std::string name = c["name"];
  if (!c.contains("shape")) {  // NoTileRankCheck: oversized and non-dividing tiles pass, as in XLA
    EXPECT(is_valid_shape("f32[8]{0:T(2,2,2)}"));
    EXPECT(is_valid_shape("f32[5,7]{1,0:T(2,3)}"));
    EXPECT(is_valid_shape("f32[2,3,5]{2,1,0:T(*,2,*,2)}"));
    EXPECT(!(is_valid_shape("f32[2,3,5]{2,1,0:T(2,*)}")));  // the deliberate difference
    return;
  }
  shape s = parse(c["shape"].get<std::string>());
  if (c["layout"].is_null()) {
    s.layout = layout{};
  } else {
    auto l = parse_layout(c["layout"].get<std::string>());
    if (!EXPECT(l.has_value())) return;
    s.layout = *l;
  }
  const bool valid = c["valid"];
  const layout_issue issue = find_layout_issue(s);
  EXPECT(!issue == valid);
  if (!valid) {
    auto it = validate_ids.find(name);
    if (!EXPECT(it != validate_ids.end())) return;
    EXPECT(issue.id == it->second);
  }
}

void check_linear_index(const json& c) {
  const std::string name = c["name"];
  if (c.contains("minor_to_major_variants")) {  // LinearToMultiToLinear
    for (const auto& m2m : c["minor_to_major_variants"]) {
      shape s = make_shape(element_type::f32, {});
      for (const auto& d : c["dims"]) {
        s.dimensions.push_back(d.get<index_t>());
        s.dynamic_dimensions.push_back(false);
      }
      s.layout.minor_to_major = ints(m2m);
      for (const auto& l : c["linear_indices"]) {
        auto m = multi_index(s, l.get<index_t>());
        if (!EXPECT(m.has_value())) return;
        EXPECT(linear_index(s, *m) == l.get<index_t>());
      }
    }
    return;
  }
  if (c.contains("expected_stride")) {  // GetDimensionStride
    const shape s = shape_from(c);
    auto st = strides(s);
    if (!EXPECT(st.has_value())) return;
    EXPECT((*st)[c["dimension"].get<std::size_t>()] == c["expected_stride"].get<index_t>());
    return;
  }
  const shape s = shape_from(c);
  if (c.contains("linear_index_grid")) {
    const auto& grid = c["linear_index_grid"];
    for (std::size_t i = 0; i < grid.size(); ++i) {
      for (std::size_t j = 0; j < grid[i].size(); ++j) {
        const index_t expected = grid[i][j];
        EXPECT(linear_index(s, {index_t(i), index_t(j)}) == expected);
        EXPECT(*multi_index(s, expected) == index_vector{index_t(i), index_t(j)});
      }
    }
    return;
  }
  const index_vector idx = ints(c["multi_index"]);
  const index_t expected = c["linear_index"];
  EXPECT(linear_index(s, idx) == expected);
  EXPECT(*checked_linear_index(s, idx) == expected);
  auto back = multi_index(s, expected);
  if (!EXPECT(back.has_value())) return;
  EXPECT(*back == idx);
}

void check_byte_size(const json& c) {
  const std::string api = c.value("api", "");
  const std::string name = c["name"];
  if (name == "ElementsIn") {
    for (const auto& k : c["cases"]) {
      shape s = make_shape(element_type::f32, {});
      for (const auto& d : k["dims"]) {
        s.dimensions.push_back(d.get<index_t>());
        s.dynamic_dimensions.push_back(false);
      }
      EXPECT(*checked_element_count(s) == k["n"].get<index_t>());
    }
  } else if (name == "UnpackedByteStrides") {
    for (const auto& k : c["cases"]) {
      auto st = unpacked_byte_strides(parse(k["shape"]));
      if (!EXPECT(st.has_value())) return;
      EXPECT(*st == ints(k["strides"]));
    }
  } else if (name == "ByteStrides/FractionalElementSize") {
    EXPECT(!(byte_strides(parse(c["shape"])).has_value()));
  } else if (name == "ByteStridesIsMajorToMinor") {
    for (const auto& k : c["cases"]) {
      CHECK(byte_strides_is_major_to_minor(ints(k["byte_strides"]), ints(k["dims"]),
                                           element_type_from_name(k["type"].get<std::string>())) ==
            k["expected"].get<bool>());
    }
  } else if (name == "ByteSizeOf/TuplePointerTable") {
    EXPECT(tuple_byte_size(parse_tree(c["shape"]), c["pointer_size"]) == c["expected_bytes"].get<index_t>());
  } else if (api == "ShapeUtil::ByteSizeOfElementsRecursive") {
    index_t total = 0;
    for (const shape& s : parse_tree(c["shape"]).leaves) total += byte_size(s);
    EXPECT(total == c["expected_bytes"].get<index_t>());
  } else if (api == "ShapeUtil::ByteSizeOf") {
    EXPECT(byte_size(parse(c["shape"])) == c["expected_bytes"].get<index_t>());
  } else if (c.contains("shapes")) {  // ArraySize / ArrayDataSize over several shapes
    const auto& shapes = c["shapes"];
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      const auto& e = c["expected_bytes"];
      const index_t expected = e.is_array() ? e[i].get<index_t>() : e.get<index_t>();
      EXPECT(physical_byte_size(parse(shapes[i])) == expected);
    }
  } else {  // ArraySize: the laid-out buffer; byte_size_of: XLA's ByteSizeOf of the same shape
    const shape s = parse(c["shape"]);
    EXPECT(physical_byte_size(s) == c["expected_bytes"].get<index_t>());
    if (c.contains("byte_size_of")) EXPECT(byte_size(s) == c["byte_size_of"].get<index_t>());
  }
}

void check_bitcast(const json& c) {
  const std::string api = c["api"], name = c["name"];
  const bool ignore = c.value("ignore_element_type", false);
  if (api.rfind("ShapeUtil::ReshapeIsBitcast", 0) == 0) {
    EXPECT(reshape_is_bitcast_ignoring_tiles(parse(c["input"]), parse(c["output"]), ignore) ==
           c["expected"].get<bool>());
  } else if (name == "TransposeIsBitcast/PermuteDimensionsLayout") {
    // For every layout of f32[10,100,1000] and every permutation P, PermuteDimensions gives a bitcast.
    for (const auto& ex : c["examples"]) {
      const shape in = parse(ex["input"]), out = parse(ex["output"]);
      EXPECT(permute_dimensions(ints(ex["permutation"]), in) == out);
      EXPECT(transpose_is_bitcast_ignoring_tiles(in, out, ints(ex["permutation"])) ==
             ex["expected"].get<bool>());
    }
    dimension_list perm{0, 1, 2};
    int n = 0;
    do {
      dimension_list m2m{0, 1, 2};
      do {
        const shape s = make_shape(element_type::f32, {10, 100, 1000}, make_layout(m2m));
        EXPECT(transpose_is_bitcast_ignoring_tiles(s, permute_dimensions(perm, s), perm));
        ++n;
      } while (std::next_permutation(m2m.begin(), m2m.end()));
    } while (std::next_permutation(perm.begin(), perm.end()));
    EXPECT(n == 36);
  } else if (api.rfind("ShapeUtil::TransposeIsBitcast", 0) == 0) {
    CHECK(transpose_is_bitcast_ignoring_tiles(parse(c["input"]), parse(c["output"]),
                                              ints(c["dimension_mapping"]),
                                              ignore) == c["expected"].get<bool>());
  } else if (api == "ShapeUtil::IsReshapeOrTransposeBitcast") {
    EXPECT(is_reshape_or_transpose_bitcast_ignoring_tiles(parse(c["input"]), parse(c["output"])) ==
           c["expected"].get<bool>());
  } else if (api == "ShapeUtil::DeduceTransposeDimensionsForBitcast") {
    auto r = deduce_transpose_dimensions_for_bitcast(parse(c["input"]), parse(c["output"]));
    if (c["expected"].is_null()) {
      EXPECT(!(r.has_value()));
    } else {
      if (!EXPECT(r.has_value())) return;
      EXPECT(*r == ints(c["expected"]));
    }
  } else if (api == "ShapeUtil::DecomposeBitcast") {
    const auto d = decompose_bitcast(parse(c["input"]), parse(c["output"]));
    const auto& e = c["expected"];
    if (e["kind"].is_null()) {
      EXPECT(d.kind == bitcast_kind::none);
    } else if (e["kind"] == "reshape") {
      EXPECT(d.kind == bitcast_kind::reshape);
    } else if (e["kind"] == "transpose") {
      EXPECT(d.kind == bitcast_kind::transpose);
      EXPECT(d.transpose_dims == ints(e["transpose_dims"]));
    } else {
      EXPECT(d.kind == bitcast_kind::transpose_reshape_transpose);
      EXPECT(d.transpose1_dims == ints(e["transpose1_dims"]));
      EXPECT(str(to_string(d.transpose1_shape)) == e["transpose1_shape"].get<std::string>());
      EXPECT(str(to_string(d.reshape_shape)) == e["reshape_shape"].get<std::string>());
      EXPECT(d.transpose2_dims == ints(e["transpose2_dims"]));
    }
  } else if (api == "ShapeUtil::IsDecomposableBitcast") {
    const auto a = checked_element_count(parse(c["input"])), b = checked_element_count(parse(c["output"]));
    EXPECT((*a == *b) == c["expected"].get<bool>());
    EXPECT(decompose_bitcast(parse(c["input"]), parse(c["output"])).kind != bitcast_kind::none);
  } else if (api.rfind("ShapeUtil::AlignLayouts", 0) == 0) {
    const shape in = parse(c["input"]), out = parse(c["output"]);
    auto r = align_layouts(in, out);
    const auto& e = c["expected"];
    const bool found = e.contains("found") ? e["found"].get<bool>() : true;
    if (!EXPECT(r.has_value() == found)) return;
    if (found) {
      if (e.contains("minor_to_major")) EXPECT(r->layout.minor_to_major == ints(e["minor_to_major"]));
      EXPECT(reshape_is_bitcast_ignoring_tiles(in, *r) == e["reshape_is_bitcast"].get<bool>());
    }
  } else {
    fail("unknown bitcast api " + api);
  }
}

void check_layout_ops(const json& c) {
  const std::string name = c["name"], api = c.value("api", "");
  if (c.contains("expected") && c["expected"].is_object() && c["expected"].contains("rank")) {
    const auto rank = c["expected"]["rank"].get<index_t>();
    const layout l = name.rfind("MakeAscending", 0) == 0 ? ascending_layout(rank) : default_layout(rank);
    EXPECT(l.minor_to_major == ints(c["expected"]["minor_to_major"]));
  } else if (api.find("MoveDimToMajor") != std::string::npos) {
    EXPECT(move_dim_to_major(ints(c["minor_to_major"]), c["dim"]) == ints(c["expected_minor_to_major"]));
  } else if (api.find("MoveDimToMinor") != std::string::npos) {
    EXPECT(move_dim_to_minor(ints(c["minor_to_major"]), c["dim"]) == ints(c["expected_minor_to_major"]));
  } else if (name == "DeleteDimensions/1") {
    EXPECT(str(to_string(delete_dimensions(parse(c["input"]), {1}))) == c["expected"].get<std::string>());
  } else if (name == "DeleteDimensions/Unsorted") {
    EXPECT(str(to_string(delete_dimensions(parse(c["input"]), {1, 2, 3}))) ==
           c["expected"].get<std::string>());
    EXPECT(str(to_string(delete_dimensions(parse(c["input"]), {3, 2, 1}))) ==
           c["expected"].get<std::string>());
  } else if (api == "ShapeUtil::MakeShapeWithDescendingLayoutAndSamePhysicalLayout") {
    EXPECT(str(to_string(descending_layout_with_same_physical_layout(parse(c["input"])))) ==
           c["expected"].get<std::string>());
  } else if (name == "PermuteDimensionsIgnoringLayout") {
    EXPECT(str(to_string(permute_dimensions_ignoring_layout({1, 2, 0}, parse(c["input"])))) ==
           c["expected"].get<std::string>());
  } else if (name.rfind("Layout::DeleteDimension", 0) == 0) {
    const index_t dim = name == "Layout::DeleteDimension/last" ? 1 : 0;
    EXPECT(str(to_string(delete_dimension(*parse_layout(c["input"].get<std::string>()), dim))) ==
           c["expected"].get<std::string>());
  } else if (name == "IsUntiledLayout") {
    for (const auto& k : c["cases"]) {
      shape s = make_shape(element_type::f32, {});
      for (const auto& d : k["shape"]) {
        s.dimensions.push_back(d.get<index_t>());
        s.dynamic_dimensions.push_back(false);
      }
      s.layout = default_layout(static_cast<index_t>(s.rank()));
      for (const auto& t : k["tiles"]) {
        tile tl;
        for (const auto& x : t) tl.dimensions.push_back(x.get<index_t>());
        s.layout.tiles.push_back(tl);
      }
      EXPECT(is_untiled_layout(s) == k["expected"].get<bool>());
    }
  } else if (name == "MaxSplitSize") {
    const shape s = parse(c["shape"]);
    const auto& e = c["expected"];
    EXPECT(max_split_size(s, 0) == e["dim0"].get<index_t>());
    EXPECT(max_split_size(s, 1) == e["dim1"].get<index_t>());
    EXPECT(max_split_size(s, 2) == e["dim2"].get<index_t>());
    EXPECT(max_elements_in_per_split(s) == e["max_elements_in_per_split"].get<index_t>());
    shape plain = s;
    plain.layout.split_configs.clear();
    EXPECT(max_elements_in_per_split(plain) == e["without_split_configs"].get<index_t>());
  } else if (name == "Layout/Equality") {
    // The note's statements: M is ignored; Layout() == Layout({}); tiles matter unless cleared.
    EXPECT(layout{} == make_layout({}));
    EXPECT(!(*parse_layout("{0,1,2:T(42,44)}") == *parse_layout("{0,1,2:T(42,45)}")));
    layout no_tiles = *parse_layout("{0,1,2:T(42,44)}");
    no_tiles.tiles.clear();
    EXPECT(no_tiles == *parse_layout("{0,1,2}"));
    EXPECT(*parse_layout("{0,1:M(123)}") == *parse_layout("{0,1}"));
    EXPECT(!(identical(*parse_layout("{0,1:M(123)}"), *parse_layout("{0,1}"))));
  } else if (name == "LayoutsInShapesEqual/Tuples") {
    EXPECT(!(layouts_in_shapes_equal(parse_tree("()"), parse_tree("(f32[2,3]{0,1})"))));
    EXPECT(layouts_in_shapes_equal(parse_tree("(f32[2,3]{0,1}, f32[2,3]{0,1})"),
                                   parse_tree("(f32[2,3]{0,1}, f32[2,2]{0,1})")));
    EXPECT(!(layouts_in_shapes_equal(parse_tree("(f32[2,3]{0,1}, f32[2,3]{0,1})"),
                                     parse_tree("(f32[2,3]{0,1}, f32[2,3]{1,0})"))));
  } else if (name == "CopyLayoutBetweenShapes") {
    auto r = copy_layout(parse("f32[123,42,7]{2,0,1}"), parse("f32[2,3,5]"));
    if (!EXPECT(r.has_value())) return;
    EXPECT(str(to_string(*r)) == "f32[2,3,5]{2,0,1}");
    EXPECT(copy_layout(parse("f32[123,42,7]{2,0,1}"), parse("f32[2,3]")).error().id ==
           error_id::index_rank_mismatch);
    shape bogus = parse("f32[2,3]");
    bogus.layout.minor_to_major = {0};
    EXPECT(!(copy_layout(bogus, parse("f32[2,3]")).has_value()));
  } else {
    fail("no check for " + name);
  }
}

void check_combine_dims(const json& c) {
  // Every '*' merges a physical dimension into the next more-minor one before tiling: the combined
  // shape tiled by the effective tile holds each element where the '*' layout puts it.
  const shape s = parse(c["shape"]);
  const auto combined_dims = ints(c["combined_shape"]);
  const auto eff = ints(c["effective_tile"]);
  shape combined = make_shape(element_type::f32, {combined_dims[0], combined_dims[1]});
  combined.layout.tiles.push_back(make_tile({eff[0], eff[1]}));
  if (!EXPECT(*tiled_dimensions(s) == *tiled_dimensions(combined))) return;
  int checked = 0;
  for_each_index(s, [&](const index_vector& e) {
    // Row-major merge of dims (0,1,2) and (3,4), as "Tiled layout" describes.
    const index_t row = (e[0] * 7 + e[1]) * 8 + e[2], col = e[3] * 10 + e[4];
    if (linear_index(s, e) != linear_index(combined, {row, col})) fail("element moved");
    ++checked;
  });
  EXPECT(checked == 2 * 7 * 8 * 11 * 10);
}

}  // namespace

TEST_CASE("XLA layout conformance: every case of xla_layout.json", "[conformance][layout]") {
  std::ifstream in(corpus_path());
  if (!in) {
    WARN("skipped: conformance corpus not found at " << corpus_path() << " (set XLAYOUT_CONFORMANCE_DIR)");
    return;
  }
  const json corpus = json::parse(in);
  const std::map<std::string, std::function<void(const json&)>> checks = {
      {"layout_print", check_layout_print}, {"shape_print", check_shape_print},
      {"parse_ok", check_parse_ok},         {"parse_error", check_parse_error},
      {"validate", check_validate},         {"linear_index", check_linear_index},
      {"byte_size", check_byte_size},       {"bitcast", check_bitcast},
      {"layout_ops", check_layout_ops},     {"combine_dims", check_combine_dims},
  };
  std::map<std::string, std::pair<int, int>> counts;  // category -> (passed, total)
  for (const json& c : corpus["cases"]) {
    const std::string category = c["category"], name = c["name"];
    INFO("case " << name << " (" << category << ")");
    const int before = failures;
    auto check = checks.find(category);
    if (check == checks.end()) {
      fail("no check for category " + category);
    } else {
      check->second(c);
    }
    auto& [passed, total] = counts[category];
    ++total;
    passed += failures == before ? 1 : 0;
  }
  int all = 0, all_passed = 0;
  for (const auto& [category, pt] : counts) {
    std::printf("xla_layout.json %-14s %3d / %3d\n", category.c_str(), pt.first, pt.second);
    all += pt.second;
    all_passed += pt.first;
  }
  std::printf("xla_layout.json %-14s %3d / %3d (deliberate differences listed: %zu)\n", "total", all_passed,
              all, deliberate.size());
  EXPECT(all == static_cast<int>(corpus["cases"].size()));
}
