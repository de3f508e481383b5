// tests/conformance/xla_indexing_ops.cpp: the single-op cases of $XLAYOUT_CONFORMANCE_DIR/xla_indexing.json
// (XLA's indexing_analysis_test.cc) run through hlo::checked_output_to_input / checked_input_to_output.
// Each case's `structured` description (opcode, operand and output shapes, attributes) becomes an hlo::op;
// the maps are compared with the corpus' expected maps: equivalent (xlayout::equivalent, as sets) and
// printed identically (to_string). Prints counts per op and direction, the cases whose text differs, and
// how many of the corpus' own maps xlayout::simplify changes. Cases without `structured` (fusions) belong
// to the fusion analysis. Expected values come from the corpus only.
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>
#include <xlayout/hlo.hpp>
#include <xlayout/indexing.hpp>
#include <xlayout/text.hpp>

#include "support/xla_indexing_corpus.hpp"

using json = nlohmann::json;
using namespace xlayout;

namespace {

std::string corpus_path() { return std::string(XLAYOUT_CONFORMANCE_DIR) + "/xla_indexing.json"; }

std::string str(std::string_view v) { return std::string(v); }

dimension_list ints(const json& j) {
  dimension_list v;
  for (const auto& x : j) v.push_back(x.get<index_t>());
  return v;
}

shape_tree parse_tree(const std::string& text) {
  auto r = parse_shape_tree(text, {.validate = false});
  INFO("parsing " << text << ": " << describe(r.error()).view());
  REQUIRE(r.has_value());
  return r.value_;
}

// XLA's dim_labels, e.g. "b01f_i01o->b01f".
void parse_dim_labels(const std::string& labels, hlo::convolution_dimension_numbers& dn) {
  const auto us = labels.find('_');
  const auto arrow = labels.find("->");
  REQUIRE(us != std::string::npos);
  REQUIRE(arrow != std::string::npos);
  const std::string in = labels.substr(0, us), k = labels.substr(us + 1, arrow - us - 1),
                    out = labels.substr(arrow + 2);
  auto spatial = [](const std::string& s, dimension_list& l) {
    int n = 0;
    for (char c : s) n += (c >= '0' && c <= '9');
    l.resize(static_cast<std::size_t>(n), 0);
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] >= '0' && s[i] <= '9') l[static_cast<std::size_t>(s[i] - '0')] = static_cast<index_t>(i);
    }
  };
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i] == 'b') dn.input_batch_dimension = static_cast<index_t>(i);
    if (in[i] == 'f') dn.input_feature_dimension = static_cast<index_t>(i);
  }
  spatial(in, dn.input_spatial_dimensions);
  for (std::size_t i = 0; i < k.size(); ++i) {
    if (k[i] == 'i') dn.kernel_input_feature_dimension = static_cast<index_t>(i);
    if (k[i] == 'o') dn.kernel_output_feature_dimension = static_cast<index_t>(i);
  }
  spatial(k, dn.kernel_spatial_dimensions);
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] == 'b') dn.output_batch_dimension = static_cast<index_t>(i);
    if (out[i] == 'f') dn.output_feature_dimension = static_cast<index_t>(i);
  }
  spatial(out, dn.output_spatial_dimensions);
}

// The hlo::op a case's `structured` description stands for.
hlo::op op_from(const json& st) {
  hlo::op o;
  o.code = hlo::opcode_from_name(st["op"].get<std::string>());
  const json& a = st["attrs"];
  const index_t tuple_index = a.contains("index") ? a["index"].get<index_t>() : 0;
  o.attrs.tuple_index = tuple_index;
  for (const auto& s : st["operand_shapes"]) {
    const shape_tree t = parse_tree(s.get<std::string>());
    o.operands.push_back(t.is_tuple() ? t.leaves[static_cast<std::size_t>(tuple_index)] : t.leaves[0]);
  }
  for (const shape& s : parse_tree(st["output_shape"].get<std::string>()).leaves) o.results.push_back(s);
  if (a.contains("dimensions")) o.attrs.dimensions = ints(a["dimensions"]);
  if (a.contains("slice")) {
    for (const auto& d : a["slice"]["start_limit_stride"])
      o.attrs.slice.push_back({d[0].get<index_t>(), d[1].get<index_t>(), d[2].get<index_t>()});
  }
  if (a.contains("padding")) {
    for (const auto& d : a["padding"]["low_high_interior"])
      o.attrs.padding.push_back({d[0].get<index_t>(), d[1].get<index_t>(), d[2].get<index_t>()});
  }
  if (a.contains("window")) {
    const json& w = a["window"];
    const std::size_t n = w["size"].size();
    for (std::size_t i = 0; i < n; ++i) {
      hlo::window_dimension d;
      d.size = w["size"][i].get<index_t>();
      if (w.contains("stride")) d.stride = w["stride"][i].get<index_t>();
      if (w.contains("pad")) {
        d.padding_low = w["pad"][i][0].get<index_t>();
        d.padding_high = w["pad"][i][1].get<index_t>();
      }
      if (w.contains("lhs_dilate")) d.base_dilation = w["lhs_dilate"][i].get<index_t>();
      if (w.contains("rhs_dilate")) d.window_dilation = w["rhs_dilate"][i].get<index_t>();
      if (w.contains("rhs_reversal")) d.window_reversal = w["rhs_reversal"][i].get<index_t>() != 0;
      o.attrs.window.push_back(d);
    }
  }
  if (a.contains("dim_labels")) parse_dim_labels(a["dim_labels"].get<std::string>(), o.attrs.convolution);
  if (a.contains("feature_group_count"))
    o.attrs.feature_group_count = a["feature_group_count"].get<index_t>();
  if (a.contains("batch_group_count")) o.attrs.batch_group_count = a["batch_group_count"].get<index_t>();
  if (a.contains("lhs_batch_dims")) o.attrs.dot.lhs_batch_dimensions = ints(a["lhs_batch_dims"]);
  if (a.contains("rhs_batch_dims")) o.attrs.dot.rhs_batch_dimensions = ints(a["rhs_batch_dims"]);
  if (a.contains("lhs_contracting_dims"))
    o.attrs.dot.lhs_contracting_dimensions = ints(a["lhs_contracting_dims"]);
  if (a.contains("rhs_contracting_dims"))
    o.attrs.dot.rhs_contracting_dimensions = ints(a["rhs_contracting_dims"]);
  if (a.contains("offset_dims")) o.attrs.gather.offset_dims = ints(a["offset_dims"]);
  if (a.contains("collapsed_slice_dims"))
    o.attrs.gather.collapsed_slice_dims = ints(a["collapsed_slice_dims"]);
  if (a.contains("start_index_map")) o.attrs.gather.start_index_map = ints(a["start_index_map"]);
  if (a.contains("operand_batching_dims"))
    o.attrs.gather.operand_batching_dims = ints(a["operand_batching_dims"]);
  if (a.contains("start_indices_batching_dims"))
    o.attrs.gather.start_indices_batching_dims = ints(a["start_indices_batching_dims"]);
  if (a.contains("index_vector_dim")) o.attrs.gather.index_vector_dim = a["index_vector_dim"].get<index_t>();
  if (a.contains("slice_sizes")) o.attrs.slice_sizes = ints(a["slice_sizes"]);
  if (a.contains("dynamic_slice_sizes")) o.attrs.dynamic_slice_sizes = ints(a["dynamic_slice_sizes"]);
  if (a.contains("iota_dimension")) o.attrs.iota_dimension = a["iota_dimension"].get<index_t>();
  if (a.contains("num_carries")) o.attrs.num_carries = a["num_carries"].get<index_t>();
  return o;
}

bool is_identity_permutation(const indexing_map& m) {
  if (m.num_symbols() != 0 || m.num_results != m.num_dims) return false;
  for (std::size_t i = 0; i < m.num_results; ++i) {
    const expr_node& n = m.pool.nodes[m.results[i]];
    if (n.kind != expr_kind::variable || n.value != static_cast<index_t>(i)) return false;
  }
  return true;
}

// XLA's ComposeOperandIndexing(first, second) for maps without runtime variables or replica maps.
hlo::operand_indexing compose_oi(const indexing_map& first, const hlo::operand_indexing& second) {
  hlo::operand_indexing r = second;
  auto c = checked_compose(first, second.map);
  REQUIRE(c.has_value());
  r.map = *c;
  for (auto& rt : r.runtime_variables) rt.map = compose(first, rt.map);
  if (!second.replica_id_map.is_undefined()) r.replica_id_map = compose(first, second.replica_id_map);
  return r;
}
hlo::operand_indexing compose_oi(const hlo::operand_indexing& first, const indexing_map& second) {
  hlo::operand_indexing r = first;
  auto c = checked_compose(first.map, second);
  REQUIRE(c.has_value());
  r.map = *c;
  return r;
}

// IndexingTestBase::GetOutputToInputIndexing / GetInputToOutputIndexing with use_physical_layout.
void apply_physical_layout(const hlo::op& o, bool o2i, std::size_t id, hlo::instruction_indexing& idx) {
  for (std::size_t k = 0; k < idx.size(); ++k) {
    const shape& from = o2i ? o.results[id] : o.operands[id];
    const shape& to = o2i ? o.operands[k] : o.results[k];
    const indexing_map before = hlo::physical_layout_to_logical_map(from).value();
    const indexing_map after = hlo::logical_to_physical_layout_map(to).value();
    if (!is_identity_permutation(before)) idx[k] = compose_oi(before, idx[k]);
    if (!is_identity_permutation(after)) idx[k] = compose_oi(idx[k], after);
  }
}

// HloInstructionIndexing::Simplify.
void simplify_all(hlo::instruction_indexing& idx) {
  for (auto& oi : idx) {
    if (oi.map.is_undefined()) continue;
    auto s = checked_simplify(oi.map);
    REQUIRE(s.has_value());
    if (*s == oi.map) continue;
    auto u = checked_remove_unused_symbols(*s);
    REQUIRE(u.has_value());
    oi.map = *u;
  }
}

struct counts {
  int cases = 0, maps = 0, equivalent = 0, identical = 0;
};

indexing_map parse_expected(const std::string& text) {
  auto r = parse_indexing_map(text, {.empty_range_is_known_empty = true});
  INFO("expected map " << text << ": " << describe(r.error()).view());
  REQUIRE(r.has_value());
  return r.value_;
}

}  // namespace

TEST_CASE("XLA indexing conformance: the single-op cases of xla_indexing.json", "[conformance][hlo]") {
  std::ifstream in(corpus_path());
  if (!in) {
    WARN("skipped: conformance corpus not found at " << corpus_path() << " (set XLAYOUT_CONFORMANCE_DIR)");
    return;
  }
  const json corpus = json::parse(in);
  std::map<std::string, counts> per;  // "op direction"
  std::vector<std::string> not_identical, not_equivalent;
  int not_mine = 0;
  for (const json& c : corpus["cases"]) {
    if (c["kind"] != "single_op" || !c.contains("structured")) {
      ++not_mine;
      continue;
    }
    const std::string name = c["name"].get<std::string>();
    INFO("case " << name);
    const hlo::op o = op_from(c["structured"]);
    const bool o2i = c["direction"] == "output_to_input";
    const std::size_t id = o2i ? c.value("output_id", std::size_t{0}) : c.value("input_id", std::size_t{0});
    auto r = o2i ? hlo::checked_output_to_input(o, id) : hlo::checked_input_to_output(o, id);
    INFO("error: " << describe(r.error()).view());
    REQUIRE(r.has_value());
    hlo::instruction_indexing idx = *r;
    if (c.value("use_physical_layout", false)) apply_physical_layout(o, o2i, id, idx);
    if (c.value("simplify_before_compare", false)) simplify_all(idx);
    counts& k = per[c["structured"]["op"].get<std::string>() + (o2i ? " o2i" : " i2o")];
    ++k.cases;
    const json& expected = c["expected"];
    // Operands without maps are not printed by XLA (constant, iota: no operands at all).
    CHECK(idx.size() == expected.size());
    for (const json& e : expected) {
      const auto operand = e["operand"].get<std::size_t>();
      REQUIRE(operand < idx.size());
      const hlo::operand_indexing& got = idx[operand];
      ++k.maps;
      if (e.value("unknown_indexing", false)) {
        const bool ok = got.map.is_undefined();
        CHECK(ok);
        k.equivalent += ok;
        k.identical += ok;
        continue;
      }
      REQUIRE(e["maps"].size() == 1);  // single ops give one map per operand
      const std::string want = e["maps"][0].get<std::string>();
      const indexing_map want_map = parse_expected(want);
      const std::string got_text = str(to_string(got.map).view());
      bool eq = want_map.is_known_empty() ? got.map.is_known_empty()
                                          : equivalent(got.map, want_map, 1 << 22) == tribool::yes;
      // Runtime variables: the same sources and equivalent maps, in order.
      const json rts = e.value("runtime_variables", json::array());
      eq = eq && rts.size() == got.runtime_variables.size();
      bool same_text = got_text == want;
      for (std::size_t v = 0; eq && v < rts.size(); ++v) {
        const std::string src = "parameter(" + std::to_string(got.runtime_variables[v].operand) + ")";
        const indexing_map rm = parse_expected(rts[v]["map"].get<std::string>());
        eq = eq && src == rts[v]["source"].get<std::string>() &&
             equivalent(got.runtime_variables[v].map, rm) == tribool::yes;
        same_text = same_text &&
                    str(to_string(got.runtime_variables[v].map).view()) == rts[v]["map"].get<std::string>();
      }
      if (e.contains("replica_id_map")) {
        const std::string want_r = e["replica_id_map"].get<std::string>();
        eq = eq && !got.replica_id_map.is_undefined() &&
             equivalent(got.replica_id_map, parse_expected(want_r)) == tribool::yes;
        same_text = same_text && str(to_string(got.replica_id_map).view()) == want_r;
      } else {
        eq = eq && got.replica_id_map.is_undefined();
      }
      same_text = same_text && eq;
      k.equivalent += eq;
      k.identical += same_text;
      if (!eq)
        not_equivalent.push_back(name + " operand " + std::to_string(operand) + "\n  got:      " + got_text +
                                 "\n  expected: " + want);
      if (eq && !same_text)
        not_identical.push_back(name + " operand " + std::to_string(operand) +
                                "\n  got:      " + str(hlo::to_string(got).view()) + "\n  expected: " + want);
    }
  }
  int total = 0, total_eq = 0, total_id = 0;
  std::printf("xla_indexing.json single-op cases (op direction: cases, maps, equivalent, identical text):\n");
  for (const auto& [op, k] : per) {
    std::printf("  %-26s %2d cases %3d maps %3d equivalent %3d identical\n", op.c_str(), k.cases, k.maps,
                k.equivalent, k.identical);
    total += k.maps;
    total_eq += k.equivalent;
    total_id += k.identical;
  }
  std::printf(
      "  total: %d maps, %d equivalent, %d identical; %d cases are fusion/HLO-parser cases (not run here)\n",
      total, total_eq, total_id, not_mine);
  for (const auto& s : not_identical) std::printf("not identical: %s\n", s.c_str());
  for (const auto& s : not_equivalent) std::printf("NOT EQUIVALENT: %s\n", s.c_str());
  CHECK(not_equivalent.empty());
  CHECK(total_eq == total);
}

TEST_CASE("XLA indexing conformance: xlayout::simplify on the corpus' own maps", "[conformance][hlo]") {
  std::ifstream in(corpus_path());
  if (!in) {
    WARN("skipped: conformance corpus not found at " << corpus_path() << " (set XLAYOUT_CONFORMANCE_DIR)");
    return;
  }
  const json corpus = json::parse(in);
  const std::set<std::string> maps = xlayout::testing::expected_maps(corpus);
  int changed_replace = 0, changed_preserve = 0, not_equivalent = 0;
  for (const std::string& text : maps) {
    INFO("map " << text);
    const indexing_map m = parse_expected(text);
    for (point_variables p : {point_variables::replace, point_variables::preserve}) {
      auto s = checked_simplify(m, simplify_options{p});
      REQUIRE(s.has_value());
      const std::string after = str(to_string(*s).view());
      if (after == text) continue;
      (p == point_variables::replace ? changed_replace : changed_preserve) += 1;
      const bool eq = m.is_known_empty() || equivalent(m, *s, 1 << 22) == tribool::yes;
      not_equivalent += !eq;
      std::printf("simplify(%s) changes\n  %s\n  to %s%s\n",
                  p == point_variables::replace ? "kReplace" : "kPreserve", text.c_str(), after.c_str(),
                  eq ? "" : "  (NOT EQUIVALENT)");
    }
  }
  std::printf(
      "simplify on the %zu distinct maps of xla_indexing.json: %d change with kReplace, %d with kPreserve\n",
      maps.size(), changed_replace, changed_preserve);
  CHECK(not_equivalent == 0);
}
