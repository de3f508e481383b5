// tests/conformance/xla_indexing_lowering.cpp: map_view's check on XLA's own maps. Every distinct expected
// map of $XLAYOUT_CONFORMANCE_DIR/xla_indexing.json (operand maps, runtime-variable maps, replica-id maps)
// goes through detail::lowered_interval, the interval arithmetic with which map_view proves that a map's
// results stay inside the tensor and its lowered arithmetic inside int64: it must refuse none of them, and on
// every map whose box of variable bounds is small enough to enumerate, each result's interval must be exactly
// the smallest and largest value the interpreter gives over the box (so that a map_view over an operand of
// XLA's extents is not refused for a loose bound). Expected values come from the corpus and enumeration.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <xlayout/indexing.hpp>
#include <xlayout/tensor/lowering.hpp>

#include "support/indexing_image.hpp"
#include "support/xla_indexing_corpus.hpp"

namespace {

namespace xl = xlayout;
using json = nlohmann::json;

std::string corpus_path() { return std::string(XLAYOUT_CONFORMANCE_DIR) + "/xla_indexing.json"; }

// The smallest and largest value of result r over the box of m's variable bounds (constraints ignored, as
// map_view reads every point of the box); false where the box has more than `limit` points or the interpreter
// gives no value at some point.
bool box_range(const xl::indexing_map& m, std::size_t r, double limit, xl::interval& out) {
  double points = 1;
  for (std::size_t v = 0; v < m.num_vars(); ++v)
    points *= static_cast<double>(m.bounds[v].upper - m.bounds[v].lower + 1);
  if (points > limit) return false;
  out = {xl::index_max, xl::index_min};
  return xl::testing::all_box_points(m, [&](const xl::index_t* vars) {
    const auto value = xl::checked_evaluate(m, vars, m.num_dims, vars + m.num_dims, m.num_symbols());
    if (!value.has_value()) return false;
    out.lower = std::min(out.lower, value.value_[r]);
    out.upper = std::max(out.upper, value.value_[r]);
    return true;
  });
}

}  // namespace

TEST_CASE(
    "XLA indexing conformance: map_view's interval check is exact on XLA's own maps (xla_indexing.json)",
    "[conformance]") {
  std::ifstream in(corpus_path());
  if (!in) {
    WARN("skipped: conformance corpus not found at " << corpus_path() << " (set XLAYOUT_CONFORMANCE_DIR)");
    return;
  }
  const json corpus = json::parse(in);
  const std::set<std::string> maps = xlayout::testing::expected_maps(corpus);
  int results = 0, enumerated = 0;
  for (const std::string& text : maps) {
    INFO("map " << text);
    const auto m = xl::parse_indexing_map(text, xl::map_parse_options{.empty_range_is_known_empty = true});
    REQUIRE(m.has_value());
    if (m->kind != xl::map_kind::regular) continue;
    for (std::size_t r = 0; r < m->num_results; ++r) {
      INFO("result " << r);
      xl::interval lowered;
      REQUIRE(xl::detail::lowered_interval(*m, m->results[r], lowered));
      ++results;
      xl::interval box;
      if (!box_range(*m, r, 3e5, box)) continue;  // too many points (checked: enumerated > 100 below)
      ++enumerated;
      CHECK(lowered.lower == box.lower);
      CHECK(lowered.upper == box.upper);
    }
  }
  std::printf("xla_indexing.json: %zu distinct maps, %d results, %d of them enumerated\n", maps.size(),
              results, enumerated);
  CHECK(results > 100);
  CHECK(enumerated > 100);
}
