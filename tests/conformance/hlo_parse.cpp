// tests/conformance/hlo_parse.cpp: every HLO module of the conformance corpora
// ($XLAYOUT_CONFORMANCE_DIR/*.json: any string that is an HLO module, above all the "hlo" of each case of
// xla_indexing.json) goes through hlo::parse_module. Where a case carries XLA's own description of the op it
// tests ("structured": op name, operand and output shapes, parsed attributes), the parsed ENTRY root must
// agree with it. Prints the counts.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>
#include <xlayout/hlo/parse.hpp>
#include <xlayout/text/parse_shape.hpp>

using json = nlohmann::json;
using namespace xlayout;

namespace {

std::string dir() { return XLAYOUT_CONFORMANCE_DIR; }

bool looks_like_hlo(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return false;
  if (s.compare(first, 9, "HloModule") == 0) return true;
  return s.find("ENTRY") != std::string::npos && s.find('{') != std::string::npos &&
         s.find(" = ") != std::string::npos;
}

void collect(const json& j, std::vector<std::string>& out) {
  if (j.is_string()) {
    const auto& s = j.get_ref<const std::string&>();
    if (looks_like_hlo(s)) out.push_back(s);
  } else if (j.is_array() || j.is_object()) {
    for (const auto& x : j) collect(x, out);
  }
}

std::vector<index_t> dims_of(const std::string& text) {
  auto r = parse_shape(text, {.validate = false});
  INFO("corpus shape " << text);
  REQUIRE(r.has_value());
  return {r->dimensions.begin(), r->dimensions.end()};
}
std::vector<index_t> dims_of(const shape& s) { return {s.dimensions.begin(), s.dimensions.end()}; }
std::vector<index_t> ints(const json& j) {
  std::vector<index_t> v;
  for (const auto& x : j) v.push_back(x.get<index_t>());
  return v;
}
template <class V>
std::vector<index_t> vec(const V& v) {
  return {v.begin(), v.end()};
}

// XLA's dim_labels decoded here, independently of the parser: per side, the position of each label.
struct labels {
  index_t a = -1, b = -1;
  std::vector<index_t> spatial;
};
labels decode(const std::string& s, char first, char second) {
  labels l;
  std::vector<std::pair<int, index_t>> digits;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == first)
      l.a = static_cast<index_t>(i);
    else if (s[i] == second)
      l.b = static_cast<index_t>(i);
    else
      digits.push_back({s[i] - '0', static_cast<index_t>(i)});
  }
  std::sort(digits.begin(), digits.end());
  for (auto& d : digits) l.spatial.push_back(d.second);
  return l;
}

// The checks of one case's "structured" description against the parsed module's ENTRY root.
void check_structured(const hlo::module& m, const json& st) {
  const auto& entry = m.computations[m.entry];
  const auto& root = m.instructions[entry.root];
  CHECK(std::string(m.text(root.opcode_name)) == st["op"].get<std::string>());
  if (!root.is_tuple && st.contains("output_shape")) {
    CHECK(dims_of(m.shape_of(root)) == dims_of(st["output_shape"].get<std::string>()));
  }
  const json& attrs = st["attrs"];
  if (st.contains("operand_shapes")) {
    const auto& shapes = st["operand_shapes"];
    REQUIRE(root.operands.size() == shapes.size());
    for (std::size_t k = 0; k < shapes.size(); ++k) {
      const auto& src = m.instructions[root.operands[k]];
      if (!src.is_tuple) CHECK(dims_of(m.shape_of(src)) == dims_of(shapes[k].get<std::string>()));
      if (attrs.contains("operand_names"))
        CHECK(std::string(m.name_of(src)) == attrs["operand_names"][k].get<std::string>());
    }
  }
  const auto& a = root.attrs;
  for (const auto& [key, v] : attrs.items()) {
    INFO("attribute " << key);
    if (key == "dimensions")
      CHECK(vec(a.dimensions) == ints(v));
    else if (key == "lhs_batch_dims")
      CHECK(vec(a.dot.lhs_batch_dimensions) == ints(v));
    else if (key == "rhs_batch_dims")
      CHECK(vec(a.dot.rhs_batch_dimensions) == ints(v));
    else if (key == "lhs_contracting_dims")
      CHECK(vec(a.dot.lhs_contracting_dimensions) == ints(v));
    else if (key == "rhs_contracting_dims")
      CHECK(vec(a.dot.rhs_contracting_dimensions) == ints(v));
    else if (key == "offset_dims")
      CHECK(vec(a.gather.offset_dims) == ints(v));
    else if (key == "collapsed_slice_dims")
      CHECK(vec(a.gather.collapsed_slice_dims) == ints(v));
    else if (key == "start_index_map")
      CHECK(vec(a.gather.start_index_map) == ints(v));
    else if (key == "slice_sizes")
      CHECK(vec(a.slice_sizes) == ints(v));
    else if (key == "dynamic_slice_sizes")
      CHECK(vec(a.dynamic_slice_sizes) == ints(v));
    else if (key == "index_vector_dim")
      CHECK(a.gather.index_vector_dim == v.get<index_t>());
    else if (key == "index")
      CHECK(a.tuple_index == v.get<index_t>());
    else if (key == "iota_dimension")
      CHECK(a.iota_dimension == v.get<index_t>());
    else if (key == "num_carries")
      CHECK(a.num_carries == v.get<index_t>());
    else if (key == "feature_group_count")
      CHECK(a.feature_group_count == v.get<index_t>());
    else if (key == "batch_group_count")
      CHECK(a.batch_group_count == v.get<index_t>());
    else if (key == "to_apply") {
      REQUIRE(root.called.size() == 1);
      CHECK(std::string(m.name_of(m.computations[root.called[0]])) == v.get<std::string>());
    } else if (key == "literal") {
      // The value is kept for scalar integer constants only (a splat such as bf16[17,22] constant(1) is not).
      const shape& s = m.shape_of(root);
      const bool scalar_integer = s.rank() == 0 && is_integral(s.element_type);
      CHECK(root.value.is_constant == scalar_integer);
      if (scalar_integer) CHECK(root.value.constant == std::stoll(v.get<std::string>()));
    } else if (key == "padding") {
      const auto& lhi = v["low_high_interior"];
      REQUIRE(a.padding.size() == lhi.size());
      for (std::size_t d = 0; d < lhi.size(); ++d) {
        CHECK(a.padding[d].edge_padding_low == lhi[d][0].get<index_t>());
        CHECK(a.padding[d].edge_padding_high == lhi[d][1].get<index_t>());
        CHECK(a.padding[d].interior_padding == lhi[d][2].get<index_t>());
      }
    } else if (key == "slice") {
      const auto& sls = v["start_limit_stride"];
      REQUIRE(a.slice.size() == sls.size());
      for (std::size_t d = 0; d < sls.size(); ++d) {
        CHECK(a.slice[d].start == sls[d][0].get<index_t>());
        CHECK(a.slice[d].limit == sls[d][1].get<index_t>());
        CHECK(a.slice[d].stride == sls[d][2].get<index_t>());
      }
    } else if (key == "window") {
      const auto size = ints(v["size"]);
      REQUIRE(a.window.size() == size.size());
      for (std::size_t d = 0; d < size.size(); ++d) {
        const auto& w = a.window[d];
        CHECK(w.size == size[d]);
        if (v.contains("stride")) CHECK(w.stride == v["stride"][d].get<index_t>());
        if (v.contains("pad")) {
          CHECK(w.padding_low == v["pad"][d][0].get<index_t>());
          CHECK(w.padding_high == v["pad"][d][1].get<index_t>());
        }
        if (v.contains("lhs_dilate")) CHECK(w.base_dilation == v["lhs_dilate"][d].get<index_t>());
        if (v.contains("rhs_dilate")) CHECK(w.window_dilation == v["rhs_dilate"][d].get<index_t>());
        if (v.contains("rhs_reversal"))
          CHECK(w.window_reversal == (v["rhs_reversal"][d].get<index_t>() != 0));
      }
    } else if (key == "dim_labels") {
      const std::string s = v.get<std::string>();
      const auto us = s.find('_'), arrow = s.find("->");
      const labels in = decode(s.substr(0, us), 'b', 'f');
      const labels k = decode(s.substr(us + 1, arrow - us - 1), 'i', 'o');
      const labels out = decode(s.substr(arrow + 2), 'b', 'f');
      const auto& c = a.convolution;
      CHECK(c.input_batch_dimension == in.a);
      CHECK(c.input_feature_dimension == in.b);
      CHECK(vec(c.input_spatial_dimensions) == in.spatial);
      CHECK(c.kernel_input_feature_dimension == k.a);
      CHECK(c.kernel_output_feature_dimension == k.b);
      CHECK(vec(c.kernel_spatial_dimensions) == k.spatial);
      CHECK(c.output_batch_dimension == out.a);
      CHECK(c.output_feature_dimension == out.b);
      CHECK(vec(c.output_spatial_dimensions) == out.spatial);
    }
  }
}

}  // namespace

TEST_CASE("conformance: every HLO module of the corpora parses (xla_indexing.json and any other)",
          "[conformance][hlo]") {
  if (!std::filesystem::is_directory(dir()) || !std::ifstream(dir() + "/xla_indexing.json").good()) {
    WARN("skipped: conformance corpus not found at '" << dir() << "' (set XLAYOUT_CONFORMANCE_DIR)");
    return;
  }
  auto m = std::make_unique<hlo::module>();
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir()))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  int total = 0, parsed = 0;
  for (const auto& path : files) {
    std::ifstream f(path);
    const json j = json::parse(f);
    std::vector<std::string> texts;
    collect(j, texts);
    std::set<std::string> unique(texts.begin(), texts.end());
    int ok = 0;
    for (const auto& t : unique) {
      const hlo::parse_error e = hlo::parse_module_into(t, *m);
      INFO(path.filename().string() << ":\n" << t << "\n" << hlo::describe(e).view());
      CHECK(e.id == error_id::none);
      if (e.id == error_id::none) ++ok;
    }
    std::printf("%s: %d of %zu HLO modules parsed (%zu strings)\n", path.filename().c_str(), ok,
                unique.size(), texts.size());
    total += static_cast<int>(unique.size());
    parsed += ok;
  }
  std::printf("all corpora: %d of %d distinct HLO modules parsed\n", parsed, total);
  CHECK(total >= 89);  // xla_indexing.json alone holds 89 distinct modules
  CHECK(parsed == total);
}

TEST_CASE("conformance: xla_indexing.json, the ENTRY root agrees with each case's structured description",
          "[conformance][hlo]") {
  std::ifstream f(dir() + "/xla_indexing.json");
  if (!f.good()) {
    WARN("skipped: conformance corpus not found at '" << dir() << "' (set XLAYOUT_CONFORMANCE_DIR)");
    return;
  }
  const json j = json::parse(f);
  auto m = std::make_unique<hlo::module>();
  int checked = 0;
  for (const auto& c : j["cases"]) {
    if (!c.contains("structured")) continue;
    INFO(c["name"].get<std::string>() << ":\n" << c["hlo"].get<std::string>());
    const hlo::parse_error e = hlo::parse_module_into(c["hlo"].get<std::string>(), *m);
    INFO(hlo::describe(e).view());
    REQUIRE(e.id == error_id::none);
    check_structured(*m, c["structured"]);
    ++checked;
  }
  std::printf("xla_indexing.json: %d cases with a structured description checked\n", checked);
  CHECK(checked >= 80);
}
