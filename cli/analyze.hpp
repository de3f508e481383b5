// cli/analyze.hpp: `xlayout analyze FILE|- [--json] [--input K] [--group]`: XLA's indexing
// analysis of an HLO module (hlo::parse_module, then hlo::output_to_input / hlo::input_to_output), printed
// as XLA prints its maps. docs/cli.md specifies the text and the JSON.
#pragma once
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <xlayout/hlo.hpp>

#include "json.hpp"

namespace xlayout_cli {

/// What `analyze` was asked.
struct analyze_options {
  std::string file;  ///< "-" for standard input
  bool json = false;
  std::optional<long long> input;  ///< --input K
  bool group = false;              ///< --group
};

/// One map with its runtime variables and replica-id map as text.
struct indexing_text {
  std::string map;
  std::vector<std::pair<std::string, std::string>> runtime;  // (source, map)
  std::string replica;
};

/// The module the command reads: 4096 instructions, 1024 computations, 8192 shapes and 1 MB of names, for
/// the modules XLA dumps (thousands of instructions; the library's default, hlo::module, holds 256 and 8 KB
/// of names). About 24 MB, on the heap.
using cli_module = xlayout::hlo::basic_module<4096, 1024, 8192, (1u << 20)>;

inline indexing_text describe_indexing(const cli_module& m, const xlayout::hlo::operand_indexing& x) {
  indexing_text t;
  t.map =
      x.map.is_undefined() ? std::string("unknown indexing") : std::string(xlayout::to_string(x.map).view());
  for (const auto& rt : x.runtime_variables) {
    xlayout::static_string<256> source;
    xlayout::hlo::append_source(source, m, rt.operand);
    t.runtime.emplace_back(std::string(source.view()), std::string(xlayout::to_string(rt.map).view()));
  }
  if (!x.replica_id_map.is_undefined()) t.replica = std::string(xlayout::to_string(x.replica_id_map).view());
  return t;
}

/// The text lines of one indexing, each prefixed by `indent` (XLA's OperandIndexing::ToString layout).
inline void print_indexing(std::ostream& out, const indexing_text& t, const std::string& indent) {
  out << indent << t.map << '\n';
  if (!t.runtime.empty()) {
    out << indent << "runtime variables:\n";
    for (std::size_t k = 0; k < t.runtime.size(); ++k)
      out << indent << "  rt" << k << ": " << t.runtime[k].first << ", " << t.runtime[k].second << '\n';
  }
  if (!t.replica.empty()) out << indent << "replica id: " << t.replica << '\n';
}

/// {"map": ..., "runtime_variables": [...], "replica_id_map": ...} for an indexing with more than a map.
inline json indexing_json(const indexing_text& t) {
  json rts = json::array();
  for (std::size_t k = 0; k < t.runtime.size(); ++k)
    rts.push_back(
        {{"name", "rt" + std::to_string(k)}, {"source", t.runtime[k].first}, {"map", t.runtime[k].second}});
  json o = {{"map", t.map}, {"runtime_variables", rts}};
  if (!t.replica.empty()) o["replica_id_map"] = t.replica;
  return o;
}

/// A set of indexings as the JSON fields "maps" (the map texts) and, when any has runtime variables or a
/// replica-id map, "indexings" (every part).
inline void add_set_json(json& o, const std::vector<indexing_text>& set) {
  json maps = json::array(), details = json::array();
  bool extra = false;
  for (const auto& t : set) {
    maps.push_back(t.map);
    details.push_back(indexing_json(t));
    extra = extra || !t.runtime.empty() || !t.replica.empty();
  }
  o["maps"] = std::move(maps);
  if (extra) o["indexings"] = std::move(details);
}

/// Reports a parse error of the module: id, line and column (and the line with a caret) on stderr; the
/// JSON error object with --json. Returns exit code 2.
inline int report_hlo_error(const analyze_options& opt, std::string_view text,
                            const xlayout::hlo::parse_error& e) {
  const std::string id(e.name());
  const std::string message(e.message());
  if (opt.json) {
    std::cout << json_line({{"error",
                             {{"id", id},
                              {"line", e.line},
                              {"column", e.column},
                              {"position", e.position},
                              {"message", message}}}})
              << '\n';
  }
  std::cerr << "xlayout analyze: [xlayout:" << id << "] " << message;
  if (e.position >= 0)
    std::cerr << " (line " << e.line << ", column " << e.column << " of " << opt.file << ")";
  std::cerr << '\n';
  if (e.position >= 0) {
    std::size_t begin = static_cast<std::size_t>(e.position);
    if (begin > text.size()) begin = text.size();
    while (begin > 0 && text[begin - 1] != '\n') --begin;
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    std::cerr << "  " << text.substr(begin, end - begin) << '\n'
              << "  " << std::string(static_cast<std::size_t>(e.column > 0 ? e.column - 1 : 0), ' ') << "^\n";
  }
  return 2;
}

/// Reports an error of the analysis (a capacity) or of the command line. Returns exit code 2.
inline int report_analyze_error(const analyze_options& opt, const std::string& id,
                                const std::string& message) {
  if (opt.json)
    std::cout << json_line({{"error", {{"id", id}, {"position", -1}, {"message", message}}}}) << '\n';
  std::cerr << "xlayout analyze: [xlayout:" << id << "] " << message << '\n';
  return 2;
}

inline std::string shape_string(const xlayout::shape& s) { return std::string(xlayout::to_string(s).view()); }

/// The maps one analysis may hold: one per instruction reached and map (the library's default,
/// XLAYOUT_HLO_MAX_INDEXINGS = 48, stopped fusions of more than 48 instructions; XLA's fusions reach
/// hundreds).
inline constexpr std::size_t analyze_capacity = 1024;

/// Runs `analyze`. Exit codes: 0 done; 2 bad input (unreadable file, HLO text error, no such input).
inline int run_analyze_command(const analyze_options& opt) {
  namespace hlo = xlayout::hlo;
  std::string text;
  if (opt.file == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    // A directory opens as a file: libstdc++'s filebuf then throws from underflow (it aborted the command),
    // libc++'s reads nothing (an empty module).
    std::error_code ec;
    if (std::filesystem::is_directory(opt.file, ec))
      return report_analyze_error(opt, "cannot_read", "cannot read '" + opt.file + "'");
    std::ifstream f(opt.file, std::ios::binary);
    if (!f) return report_analyze_error(opt, "cannot_read", "cannot read '" + opt.file + "'");
    bool read = true;
    try {
      text.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
      read = !f.bad();
    } catch (const std::ios_base::failure&) {
      read = false;
    }
    if (!read) return report_analyze_error(opt, "cannot_read", "cannot read '" + opt.file + "'");
  }
  auto m = std::make_unique<cli_module>();  // about 24 MB: not on the stack
  const hlo::parse_error e = hlo::parse_module_into(text, *m);
  if (e.id != xlayout::error_id::none) return report_hlo_error(opt, text, e);
  // An error of the analysis has no position in the text: the instruction it came from (groups.failed),
  // where there is one, is named in the message.
  const auto fail = [&](xlayout::error_id id, std::uint16_t failed = hlo::none) {
    std::string message(xlayout::error_message(id));
    if (failed != hlo::none && failed < m->instructions.size())
      message += " (at instruction " + std::string(m->name_of(m->instructions[failed])) + ")";
    return report_analyze_error(opt, std::string(xlayout::error_name(id)), message);
  };

  const std::uint16_t comp = hlo::analysed_computation(*m);
  json outputs_json = json::array();
  std::ostringstream out;
  if (opt.input) {
    auto r = std::make_unique<hlo::input_indexing<analyze_capacity>>();  // on the heap, not the stack
    if (const xlayout::error e = hlo::input_to_output_into(*m, static_cast<std::size_t>(*opt.input), *r);
        e.id != xlayout::error_id::none) {
      if (e.id == xlayout::error_id::hlo_operand_out_of_range)
        return report_analyze_error(
            opt, "no_such_input",
            "the analysed computation has no parameter(" + std::to_string(*opt.input) + ")");
      return fail(e.id, r->groups.failed);
    }
    const auto& a = *r;
    out << "input " << *opt.input << " (" << m->name_of(m->instructions[a.input]) << ")\n";
    for (std::size_t k = 0; k < a.num_outputs(); ++k) {
      std::vector<indexing_text> set;
      for (std::size_t j = 0; j < a.count(k); ++j) set.push_back(describe_indexing(*m, a.get(k, j)));
      out << "  output " << k << " (" << m->name_of(m->instructions[a.roots[k]]) << "):\n";
      if (set.empty()) out << "    (not reached)\n";
      for (const auto& t : set) print_indexing(out, t, "    ");
      json o = {{"output", k}};
      add_set_json(o, set);
      outputs_json.push_back(std::move(o));
    }
    if (opt.json) {
      std::cout << json_line({{"input", *opt.input}, {"outputs", outputs_json}}) << '\n';
    } else {
      std::cout << out.str();
    }
    return 0;
  }

  const std::size_t n = hlo::num_outputs(*m);
  auto r = std::make_unique<hlo::fusion_indexing<analyze_capacity>>();  // on the heap, not the stack
  for (std::size_t k = 0; k < n; ++k) {
    if (const xlayout::error e = hlo::output_to_input_into(*m, k, *r); e.id != xlayout::error_id::none)
      return fail(e.id, r->groups.failed);
    const auto& a = *r;
    const hlo::instruction& root = m->instructions[a.root];
    // Output k is element k of a tuple-shaped root (a variadic reduce), or the whole of operand k of a ROOT
    // tuple, which may be a tuple itself: then all its elements are printed (only its first was).
    const bool element = m->instructions[m->computations[a.computation].root].code != hlo::opcode::tuple;
    std::string shape_text;
    if (root.is_tuple && !element) {
      for (std::uint16_t j = 0; j < root.num_shapes; ++j)
        shape_text += (j == 0 ? "(" : ", ") + shape_string(m->shapes[root.first_shape + j]);
      shape_text += ")";
    } else {
      shape_text = shape_string(m->shapes[root.first_shape + (root.is_tuple ? k : 0)]);
    }
    out << "output " << k << ": " << shape_text << " (" << m->name_of(root) << ")\n";
    json o = {{"output", k}, {"shape", shape_text}};
    json items = json::array();
    if (opt.group) {
      // Every instruction reached, in the order the analysis reached it.
      std::vector<std::uint16_t> seen;
      for (const auto& entry : a.groups.entries) {
        bool known = false;
        for (auto id : seen) known = known || id == entry.instruction;
        if (!known) seen.push_back(entry.instruction);
      }
      for (auto id : seen) {
        std::vector<indexing_text> set;
        for (std::size_t j = 0; j < a.groups.count(id); ++j)
          set.push_back(describe_indexing(*m, a.groups.get(id, j)));
        out << "  " << m->name_of(m->instructions[id]) << ":\n";
        for (const auto& t : set) print_indexing(out, t, "    ");
        json g = {{"instruction", std::string(m->name_of(m->instructions[id]))}};
        add_set_json(g, set);
        items.push_back(std::move(g));
      }
      o["groups"] = std::move(items);
    } else {
      for (std::size_t p = 0; p < a.num_operands(); ++p) {
        std::vector<indexing_text> set;
        for (std::size_t j = 0; j < a.count(p); ++j) set.push_back(describe_indexing(*m, a.get(p, j)));
        const std::string_view name = m->name_of(m->instructions[a.parameters[p]]);
        out << "  operand " << p << " (" << name << "):\n";
        if (set.empty()) out << "    (not read)\n";
        for (const auto& t : set) print_indexing(out, t, "    ");
        json po = {{"operand", p}, {"name", std::string(name)}};
        add_set_json(po, set);
        items.push_back(std::move(po));
      }
      o["operands"] = std::move(items);
    }
    outputs_json.push_back(std::move(o));
  }
  (void)comp;
  if (opt.json) {
    std::cout << json_line({{"outputs", outputs_json}}) << '\n';
  } else {
    std::cout << out.str();
  }
  return 0;
}

}  // namespace xlayout_cli
