// tests/conformance/xla_indexing_simplify.cpp: the simplifier must never make XLA's own maps less simple.
// Every distinct expected map of $XLAYOUT_CONFORMANCE_DIR/xla_indexing.json (XLA's indexing_analysis_test.cc:
// operand maps, runtime-variable maps, replica-id maps) is run through xlayout::simplify with kReplace and
// kPreserve. A map either prints back exactly as XLA wrote it, or its change is listed below with the reason
// and the exact result; any other change fails, and so does a listed change that no longer happens (update
// the list). Every change must be equivalent to XLA's map. Expected values come from the corpus only.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <xlayout/indexing.hpp>

#include "support/xla_indexing_corpus.hpp"

namespace {

namespace xl = xlayout;
using json = nlohmann::json;

struct known_change {
  std::string after;
  std::string reason;
};

// (map, mode) -> what simplify legitimately makes of it. "replace"/"preserve": XLA's SimplifyPointDimensions.
const std::map<std::pair<std::string, std::string>, known_change> known_changes = {
    {{"(d0) -> (d0 / 128 / 128), domain: d0 in [0, 32767], d0 / 128 in [0, 255], d0 mod 128 in [0, 127]",
      "replace"},
     {"(d0) -> (d0 / 16384), domain: d0 in [0, 32767]",
      "XLA's SimplifyDivDiv: (a / b) / c -> a / (b * c); both constraints are implied by d0's range and "
      "dropped"}},
    {{"(d0) -> (d0 / 128 / 128), domain: d0 in [0, 32767], d0 / 128 in [0, 255], d0 mod 128 in [0, 127]",
      "preserve"},
     {"(d0) -> (d0 / 16384), domain: d0 in [0, 32767]",
      "XLA's SimplifyDivDiv: (a / b) / c -> a / (b * c); both constraints are implied by d0's range and "
      "dropped"}},
    {{"(d0, d1) -> (d1, d0), domain: d0 in [0, 249], d1 in [0, 0]", "replace"},
     {"(d0, d1) -> (0, d0), domain: d0 in [0, 249], d1 in [0, 0]",
      "kReplace: the point dimension d1 in [0, 0] becomes 0"}},
    {{"(d0, d1){rt0, rt1} -> (), domain: d0 in [0, 24], d1 in [0, 15], rt0 in [0, 25], rt1 in [0, 16], "
      "d0 + rt0 in [0, 49], d1 + rt1 in [0, 31]",
      "replace"},
     {"(d0, d1){rt0, rt1} -> (), domain: d0 in [0, 24], d1 in [0, 15], rt0 in [0, 25], rt1 in [0, 16]",
      "redundant constraints dropped: d0 + rt0 is in [0, 49] and d1 + rt1 in [0, 31] by the ranges"}},
    {{"(d0, d1){rt0, rt1} -> (), domain: d0 in [0, 24], d1 in [0, 15], rt0 in [0, 25], rt1 in [0, 16], "
      "d0 + rt0 in [0, 49], d1 + rt1 in [0, 31]",
      "preserve"},
     {"(d0, d1){rt0, rt1} -> (), domain: d0 in [0, 24], d1 in [0, 15], rt0 in [0, 25], rt1 in [0, 16]",
      "redundant constraints dropped: d0 + rt0 is in [0, 49] and d1 + rt1 in [0, 31] by the ranges"}},
    {{"(d0, d1){rt0, rt1} -> (d0 - rt0, d1 - rt1), domain: d0 in [0, 19], d1 in [0, 29], rt0 in [0, 15], "
      "rt1 in [0, 20]",
      "replace"},
     {"(d0, d1){rt0, rt1} -> (-rt0 + d0, -rt1 + d1), domain: d0 in [0, 19], d1 in [0, 29], rt0 in [0, 15], "
      "rt1 in [0, 20]",
      "XLA's own term order: Canonicalize and RewriteSum sort summands with SymbolicExpr::operator<, which "
      "orders by kind, kMul (rt0 * -1) before kVariable (d0); the corpus map is the op's unsimplified "
      "builder output"}},
    {{"(d0, d1){rt0, rt1} -> (d0 - rt0, d1 - rt1), domain: d0 in [0, 19], d1 in [0, 29], rt0 in [0, 15], "
      "rt1 in [0, 20]",
      "preserve"},
     {"(d0, d1){rt0, rt1} -> (-rt0 + d0, -rt1 + d1), domain: d0 in [0, 19], d1 in [0, 29], rt0 in [0, 15], "
      "rt1 in [0, 20]",
      "XLA's own term order: Canonicalize and RewriteSum sort summands with SymbolicExpr::operator<, which "
      "orders by kind, kMul (rt0 * -1) before kVariable (d0); the corpus map is the op's unsimplified "
      "builder output"}},
    {{"(d0, d1, d2){rt0, rt1, rt2} -> (d0 + rt0, d1 + rt1, d2 + rt2), domain: d0 in [0, 0], d1 in [0, 1], "
      "d2 in [0, 31], rt0 in [0, 1], rt1 in [0, 0], rt2 in [0, 226]",
      "replace"},
     {"(d0, d1, d2){rt0, rt1, rt2} -> (rt0, d1, d2 + rt2), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, "
      "31], "
      "rt0 in [0, 1], rt1 in [0, 0], rt2 in [0, 226]",
      "kReplace: the point variables d0 in [0, 0] and rt1 in [0, 0] become 0"}},
    {{"(d0, d1, d2, d3) -> (d0, -d1 + 16, -d2 + 8, d3), domain: d0 in [0, 0], d1 in [0, 16], d2 in [0, 8], "
      "d3 in [0, 8]",
      "replace"},
     {"(d0, d1, d2, d3) -> (0, -d1 + 16, -d2 + 8, d3), domain: d0 in [0, 0], d1 in [0, 16], d2 in [0, 8], "
      "d3 in [0, 8]",
      "kReplace: the point dimension d0 in [0, 0] becomes 0"}},
};

std::string corpus_path() { return std::string(XLAYOUT_CONFORMANCE_DIR) + "/xla_indexing.json"; }

}  // namespace

TEST_CASE("XLA indexing conformance: simplify keeps XLA's own maps (xla_indexing.json)", "[conformance]") {
  std::ifstream in(corpus_path());
  if (!in) {
    WARN("skipped: conformance corpus not found at " << corpus_path() << " (set XLAYOUT_CONFORMANCE_DIR)");
    return;
  }
  const json corpus = json::parse(in);
  const std::set<std::string> maps = xlayout::testing::expected_maps(corpus);
  std::map<std::string, int> changed;
  std::vector<std::string> failures;
  std::set<std::pair<std::string, std::string>> seen;
  for (const std::string& text : maps) {
    INFO("map " << text);
    auto parsed = xl::parse_indexing_map(text, xl::map_parse_options{.empty_range_is_known_empty = true});
    REQUIRE(parsed.has_value());
    for (const auto& [mode, points] : {std::pair{std::string("replace"), xl::point_variables::replace},
                                       std::pair{std::string("preserve"), xl::point_variables::preserve}}) {
      auto s = xl::checked_simplify(*parsed, xl::simplify_options{points});
      REQUIRE(s.has_value());
      const std::string after(xl::to_string(*s).view());
      if (after == text) continue;
      ++changed[mode];
      const bool eq = parsed->is_known_empty() || xl::equivalent(*parsed, *s, 1 << 22) == xl::tribool::yes;
      const auto known = known_changes.find({text, mode});
      if (known != known_changes.end()) seen.insert(known->first);
      if (!eq) {
        failures.push_back("NOT EQUIVALENT (" + mode + "): " + text + "\n  -> " + after);
      } else if (known == known_changes.end()) {
        failures.push_back("XLA keeps it, simplify (" + mode + ") changes it: " + text + "\n  -> " + after);
      } else if (known->second.after != after) {
        failures.push_back("listed change differs (" + mode + "): " + text + "\n  -> " + after +
                           "\n  listed: " + known->second.after);
      } else {
        std::printf("legitimate change (%s): %s\n  -> %s\n  because %s\n", mode.c_str(), text.c_str(),
                    after.c_str(), known->second.reason.c_str());
      }
    }
  }
  for (const auto& [key, change] : known_changes) {
    if (!seen.count(key))
      failures.push_back("listed change no longer happens (update the list): " + key.second + " " +
                         key.first);
  }
  std::printf(
      "simplify on the %zu distinct maps of xla_indexing.json: %d change with kReplace, %d with kPreserve "
      "(%zu listed as legitimate), %zu failures\n",
      maps.size(), changed["replace"], changed["preserve"], known_changes.size(), failures.size());
  for (const auto& f : failures) std::printf("%s\n", f.c_str());
  CHECK(failures.empty());
}
