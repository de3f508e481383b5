// tests/conformance/xla_indexing.cpp: every case of xla_indexing.json (XLA's indexing_analysis_test) run
// through xlayout from the HLO text: hlo::parse_module, then the per-op maps of the ENTRY root (single-op
// cases), the fusion analysis (fusion cases), the grouping by producer or by instruction, and the
// input-to-output chain (epilogue cases). Per op and per kind it prints how many results are equivalent to
// XLA's expected maps (as sets; xlayout::equivalent, never a wrong yes) and how many print identically. A
// case that is not equivalent fails; one that prints differently must be listed below with its reason.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <xlayout/hlo.hpp>
#include <xlayout/indexing.hpp>

namespace {

namespace xl = xlayout;
namespace hlo = xlayout::hlo;
using json = nlohmann::json;

// Cases whose maps are equivalent to XLA's but print differently, and why.
const std::map<std::string, std::string> known_text_differences = {
    {"FusionOpWithDynSliceOfDynSlice",
     "XLA lists the runtime variables of a composition as first's then second's (ComposeOperandIndexing) "
     "while the composed map numbers them second's then first's (ComposeIndexingMaps), so XLA's rt0 "
     "(range [0, 100], the offset of the inner dynamic-slice) is described by the source of the outer "
     "one; xlayout keeps the list in the map's order. The same sources and maps, in another order."},
};

// Cases whose runtime variables are compared as a set (the order differs, see above).
const std::set<std::string> runtime_variables_as_set = {"FusionOpWithDynSliceOfDynSlice"};

std::string dir() { return XLAYOUT_CONFORMANCE_DIR; }

std::string str(const xl::indexing_map& m) { return std::string(xl::to_string(m).view()); }

xl::indexing_map parse_map(const std::string& text) {
  auto r = xl::parse_indexing_map(text, xl::map_parse_options{.empty_range_is_known_empty = true});
  if (!r)
    throw std::runtime_error("parse error " + std::string(r.error().name()) + " at " +
                             std::to_string(r.error().position) + " in " + text);
  return *r;
}

/// One actual indexing, printed the way the corpus writes its parts.
struct printed {
  xl::indexing_map map;
  std::string text;
  std::vector<std::pair<std::string, std::string>> runtime;  // (source, map text)
  std::string replica;                                       // "" when none
  bool undefined = false;
};

printed print(const hlo::module& m, const hlo::operand_indexing& x, bool simplify_first) {
  printed p;
  hlo::operand_indexing y = x;
  if (simplify_first && y.map.kind != xl::map_kind::undefined) {
    auto s = hlo::simplify_operand_indexing(y);
    REQUIRE(s.has_value());
    y = *s;
  }
  p.undefined = y.map.is_undefined();
  p.map = y.map;
  p.text = str(y.map);
  for (const auto& rt : y.runtime_variables) {
    xl::static_string<256> source;
    hlo::append_source(source, m, rt.operand);
    p.runtime.emplace_back(std::string(source.view()), str(rt.map));
  }
  if (!y.replica_id_map.is_undefined()) p.replica = str(y.replica_id_map);
  return p;
}

struct tally {
  int cases = 0, equivalent = 0, identical = 0;
};

/// Compares one expected entry (a set of maps) with the actual indexings. Returns {equivalent, identical}.
std::pair<bool, bool> compare(const json& expected, const std::vector<printed>& actual, bool rt_as_set,
                              std::string& why) {
  const bool unknown = expected.value("unknown_indexing", false) || expected.value("undefined", false);
  if (unknown) {
    bool any_undefined = false;
    for (const auto& a : actual) any_undefined = any_undefined || a.undefined;
    if (!any_undefined)
      why = "expected unknown indexing, got " + (actual.empty() ? "nothing" : actual[0].text);
    return {any_undefined, any_undefined && actual.size() == 1};
  }
  const auto& maps = expected.at("maps");
  if (maps.size() != actual.size()) {
    why = "expected " + std::to_string(maps.size()) + " maps, got " + std::to_string(actual.size());
    for (const auto& a : actual) why += "\n    got: " + a.text;
    return {false, false};
  }
  bool equivalent = true, identical = true;
  std::vector<bool> used(actual.size(), false);
  std::vector<bool> used_text(actual.size(), false);
  for (const auto& e : maps) {
    const std::string want = e.get<std::string>();
    const xl::indexing_map w = parse_map(want);
    bool found = false;
    for (std::size_t i = 0; i < actual.size() && !found; ++i) {
      if (used[i] || actual[i].undefined) continue;
      // Two KNOWN EMPTY maps are the same (the text carries no variables to compare).
      if ((w.is_known_empty() && actual[i].map.is_known_empty()) ||
          xl::equivalent(w, actual[i].map, xl::index_t{1} << 24) == xl::tribool::yes) {
        used[i] = true;
        found = true;
      }
    }
    bool same_text = false;
    for (std::size_t i = 0; i < actual.size() && !same_text; ++i) {
      if (!used_text[i] && actual[i].text == want) used_text[i] = same_text = true;
    }
    if (!found) {
      equivalent = false;
      why += "\n    want: " + want;
      for (const auto& a : actual) why += "\n    got:  " + a.text;
    } else if (!same_text) {
      identical = false;
      why += "\n    want: " + want;
      for (const auto& a : actual) why += "\n    got:  " + a.text;
    }
  }
  if (expected.contains("runtime_variables")) {
    // One expected map with runtime variables: compare sources and maps with the single actual indexing.
    const auto& rts = expected["runtime_variables"];
    if (actual.size() != 1 || actual[0].runtime.size() != rts.size()) {
      equivalent = false;
      why += "\n    runtime variables: want " + std::to_string(rts.size()) + ", got " +
             std::to_string(actual.empty() ? 0 : actual[0].runtime.size());
    } else if (rt_as_set) {
      std::multiset<std::pair<std::string, std::string>> want,
          got(actual[0].runtime.begin(), actual[0].runtime.end());
      for (const auto& rt : rts) want.emplace(rt.value("source", ""), rt.value("map", ""));
      if (want != got) {
        equivalent = false;
        why += "\n    runtime variables differ as a set";
      } else {
        identical = false;
        why += "\n    runtime variables: the same set in another order";
      }
    } else {
      for (std::size_t k = 0; k < rts.size(); ++k) {
        const std::string source = rts[k].value("source", "");
        const std::string want = rts[k].value("map", "");
        const auto& [got_source, got_map] = actual[0].runtime[k];
        if (got_source != source) {
          equivalent = false;
          why += "\n    rt" + std::to_string(k) + " source: want " + source + ", got " + got_source;
        }
        if (xl::equivalent(parse_map(want), parse_map(got_map)) != xl::tribool::yes) {
          equivalent = false;
          why += "\n    rt" + std::to_string(k) + " map: want " + want + ", got " + got_map;
        } else if (got_map != want) {
          identical = false;
          why += "\n    rt" + std::to_string(k) + " map: want " + want + ", got " + got_map;
        }
      }
    }
  }
  if (expected.contains("replica_id_map")) {
    const std::string want = expected["replica_id_map"].get<std::string>();
    if (actual.size() != 1 || actual[0].replica.empty()) {
      equivalent = false;
      why += "\n    replica id map: want " + want + ", got none";
    } else if (xl::equivalent(parse_map(want), parse_map(actual[0].replica)) != xl::tribool::yes) {
      equivalent = false;
      why += "\n    replica id map: want " + want + ", got " + actual[0].replica;
    } else if (actual[0].replica != want) {
      identical = false;
      why += "\n    replica id map: want " + want + ", got " + actual[0].replica;
    }
  }
  return {equivalent, equivalent && identical};
}

/// XLA's GetIndexingMapFromPhysicalLayoutToLogical / ...LogicalToPhysical (permutations only: XLA's
/// indexing analysis ignores tiles), composed around a single-op map as indexing_test_utils does.
xl::indexing_map logical_to_physical(const xl::shape& s) {
  auto r = xl::logical_to_physical_map(s);
  REQUIRE(r.has_value());
  return *r;
}
xl::indexing_map physical_to_logical(const xl::shape& s) {
  auto r = xl::physical_to_logical_map(s);
  REQUIRE(r.has_value());
  return *r;
}

std::vector<std::string> names_in(const std::string& what, const std::string& call) {
  // "ForProducerConsumer(a, b)" -> {a, b}; "ForInstruction(x)" -> {x}
  std::vector<std::string> out;
  const auto at = what.find(call + "(");
  if (at == std::string::npos) return out;
  const auto open = at + call.size() + 1;
  const auto close = what.find(')', open);
  std::string inner = what.substr(open, close - open);
  std::size_t p = 0;
  while (p < inner.size()) {
    auto comma = inner.find(',', p);
    if (comma == std::string::npos) comma = inner.size();
    std::string n = inner.substr(p, comma - p);
    while (!n.empty() && n.front() == ' ') n.erase(n.begin());
    while (!n.empty() && n.back() == ' ') n.pop_back();
    out.push_back(n);
    p = comma + 1;
  }
  return out;
}

}  // namespace

TEST_CASE("xla_indexing.json: XLA's indexing analysis tests, from the HLO text") {
  std::ifstream f(dir() + "/xla_indexing.json");
  if (!f.good()) {
    WARN("skipped: conformance corpus not found (XLAYOUT_CONFORMANCE_DIR='" + dir() + "')");
    return;
  }
  const json corpus = json::parse(f);
  std::map<std::string, tally> per_op, per_kind;
  tally all;
  std::vector<std::string> failures, differences;
  auto m = std::make_unique<hlo::module>();
  for (const json& c : corpus.at("cases")) {
    const std::string name = c.at("name");
    const std::string kind = c.at("kind");
    const std::string direction = c.at("direction");
    const std::string what = c.value("what", "");
    INFO(name);
    const auto perr = hlo::parse_module_into(c.at("hlo").get<std::string>(), *m);
    if (perr.id != xl::error_id::none) {
      failures.push_back(name + ": parse error " + std::string(perr.name()) + " at line " +
                         std::to_string(perr.line) + ", column " + std::to_string(perr.column));
      continue;
    }
    const hlo::computation& entry = m->computations[m->entry];
    const std::uint16_t root = entry.root;
    const bool simplify_first = c.value("simplify_before_compare", false);
    // name of the category: the op of a single-op case, else the kind and api
    std::string op = std::string(hlo::to_string(m->instructions[root].code));
    if (m->instructions[root].code == hlo::opcode::other)
      op = std::string(m->text(m->instructions[root].opcode_name));
    const std::string category = kind == "single_op" ? op + " " + direction : kind + " " + direction;

    // actual[k]: the indexings compared with expected entry k.
    std::vector<std::vector<printed>> actual;
    const json& expected = c.at("expected");
    try {
      if (kind == "single_op") {
        const hlo::op o = hlo::op_of(*m, root);
        xl::result<hlo::instruction_indexing> r =
            direction == "output_to_input"
                ? hlo::checked_output_to_input(o, c.value("output_id", 0))
                : hlo::checked_input_to_output(o, static_cast<std::size_t>(c.value("input_id", 0)));
        REQUIRE(r.has_value());
        for (std::size_t k = 0; k < r->size(); ++k) {
          hlo::operand_indexing x = (*r)[k];
          if (c.value("use_physical_layout", false) && !x.map.is_undefined()) {
            const xl::shape& out_shape = direction == "output_to_input" ? o.results[0] : o.operands[0];
            const xl::shape& in_shape = direction == "output_to_input" ? o.operands[k] : o.results[k];
            auto a = xl::checked_compose(physical_to_logical(out_shape), x.map);
            REQUIRE(a.has_value());
            auto b = xl::checked_compose(*a, logical_to_physical(in_shape));
            REQUIRE(b.has_value());
            x.map = *b;
            auto s = hlo::simplify_operand_indexing(x);
            REQUIRE(s.has_value());
            x = *s;
          }
          actual.push_back({print(*m, x, simplify_first)});
        }
        // Expected entries are keyed by operand (or output) position.
        std::vector<std::vector<printed>> keyed;
        for (const json& e : expected) {
          const auto k = static_cast<std::size_t>(e.value("operand", 0));
          keyed.push_back(k < actual.size() ? actual[k] : std::vector<printed>{});
        }
        actual = keyed;
      } else if (direction == "input_to_output") {
        // Epilogue: from the named parent instruction to the named root along uses.
        std::smatch sm;
        REQUIRE(std::regex_search(what, sm, std::regex("from (?:transpose )?([A-Za-z0-9_.-]+) to")));
        const std::uint16_t comp = hlo::analysed_computation(*m);
        const std::uint16_t parent = m->find_instruction(comp, sm[1].str());
        REQUIRE(parent != hlo::none);
        auto r = std::make_unique<hlo::input_indexing<>>();  // about 1 MB: not on the stack
        REQUIRE(hlo::input_to_output_from_into(*m, parent, *r).id == xl::error_id::none);
        for (const json& e : expected) {
          const std::uint16_t id = m->find_instruction(comp, e.at("instruction").get<std::string>());
          std::vector<printed> set;
          for (std::size_t j = 0; j < r->groups.count(id); ++j)
            set.push_back(print(*m, r->groups.get(id, j), simplify_first));
          actual.push_back(set);
        }
      } else if (c.value("grouping", "") == "by_instruction") {
        const std::uint16_t comp_entry = m->entry;
        auto grouped = std::make_unique<hlo::grouped_indexing<>>();
        hlo::grouped_indexing<>& g = *grouped;
        if (what.rfind("GroupIndexingMapsByProducers", 0) == 0) {
          auto r = std::make_unique<xl::result<hlo::grouped_indexing<>>>(
              hlo::checked_group_by_producers(*m, root));
          REQUIRE(r->has_value());
          g = **r;
        } else {
          // The fusion: ForProducerConsumer(a, b) or ForInstruction(x) (a fusion: its computation).
          std::vector<bool> member(m->instructions.size(), false);
          std::uint16_t top = comp_entry;
          auto pc = names_in(what, "ForProducerConsumer");
          auto fi = names_in(what, "ForInstruction");
          for (const auto& n : pc) member[m->find_instruction(comp_entry, n)] = true;
          for (const auto& n : fi) {
            const std::uint16_t id = m->find_instruction(comp_entry, n);
            REQUIRE(id != hlo::none);
            if (m->instructions[id].code == hlo::opcode::fusion) {
              top = m->instructions[id].called[0];
              bool* flags = new bool[m->instructions.size()]();
              hlo::detail::mark_computation(*m, top, flags);
              for (std::size_t i = 0; i < m->instructions.size(); ++i) member[i] = flags[i];
              delete[] flags;
            } else {
              member[id] = true;
            }
          }
          // start = NAME, or "start = operand 0 of exp0 (p1, ...)".
          std::smatch sm;
          std::string start_name;
          if (std::regex_search(what, sm, std::regex("start = operand \\d+ of [^ ]+ \\(([A-Za-z0-9_.-]+)")))
            start_name = sm[1].str();
          else if (std::regex_search(what, sm, std::regex("start = ([A-Za-z0-9_.-]+)")))
            start_name = sm[1].str();
          std::uint16_t start = m->find_instruction(top, start_name);
          if (start == hlo::none) start = m->find_instruction(comp_entry, start_name);
          REQUIRE(start != hlo::none);
          std::unique_ptr<bool[]> flags(new bool[m->instructions.capacity()]());
          for (std::size_t i = 0; i < member.size(); ++i) flags[i] = member[i];
          REQUIRE(hlo::grouped_output_to_input_into(*m, top, start, flags.get(), 0, g).id ==
                  xl::error_id::none);
        }
        for (const json& e : expected) {
          const std::string n = e.at("instruction").get<std::string>();
          std::uint16_t id = hlo::none;
          for (std::size_t i = 0; i < m->instructions.size() && id == hlo::none; ++i) {
            if (m->name_of(m->instructions[i]) == n && g.contains(static_cast<std::uint16_t>(i)))
              id = static_cast<std::uint16_t>(i);
          }
          std::vector<printed> set;
          for (std::size_t j = 0; id != hlo::none && j < g.count(id); ++j)
            set.push_back(print(*m, g.get(id, j), simplify_first));
          actual.push_back(set);
        }
      } else {
        auto r = std::make_unique<hlo::fusion_indexing<>>();
        REQUIRE(hlo::output_to_input_into(*m, 0, *r).id == xl::error_id::none);
        for (const json& e : expected) {
          const auto p = static_cast<std::size_t>(e.value("operand", 0));
          std::vector<printed> set;
          for (std::size_t j = 0; p < r->num_operands() && j < r->count(p); ++j)
            set.push_back(print(*m, r->get(p, j), simplify_first));
          actual.push_back(set);
        }
      }
    } catch (const std::exception& ex) {
      failures.push_back(name + ": " + ex.what());
      continue;
    }
    bool eq = true, id = true;
    std::string why;
    for (std::size_t k = 0; k < expected.size(); ++k) {
      std::string w;
      auto [e, i] = compare(expected[k], actual[k], runtime_variables_as_set.count(name) != 0, w);
      if (!w.empty()) why += "\n  entry " + std::to_string(k) + ":" + w;
      eq = eq && e;
      id = id && i;
    }
    for (tally* t : {&per_op[category], &per_kind[kind + " " + direction], &all}) {
      ++t->cases;
      t->equivalent += eq ? 1 : 0;
      t->identical += id ? 1 : 0;
    }
    if (!eq) failures.push_back(name + " (not equivalent):" + why);
    if (eq && !id && !known_text_differences.count(name))
      differences.push_back(name + " (text differs):" + why);
  }
  std::printf("xla_indexing.json: %d cases, %d equivalent, %d identical text\n", all.cases, all.equivalent,
              all.identical);
  for (const auto& [k, t] : per_kind)
    std::printf("  %-28s %3d cases, %3d equivalent, %3d identical\n", k.c_str(), t.cases, t.equivalent,
                t.identical);
  for (const auto& [k, t] : per_op)
    std::printf("    %-36s %3d cases, %3d equivalent, %3d identical\n", k.c_str(), t.cases, t.equivalent,
                t.identical);
  for (const auto& s : failures) std::printf("FAIL %s\n", s.c_str());
  for (const auto& s : differences) std::printf("DIFF %s\n", s.c_str());
  CHECK(failures.empty());
  CHECK(differences.empty());
}
