// include/xlayout/hlo/fusion.hpp: XLA's indexing analysis of a computation treated as one fusion. From the
// output of a root, the per-op maps (hlo/op_maps.hpp) are composed through the graph, users before
// producers, each composed map simplified with its unused symbols removed, and collected per instruction as
// a set (XLA's ComputeGroupedOutputToInputIndexing, with OperandIndexing composition: runtime variables and
// replica-id maps compose too). Nested fusions are looked through, as XLA's fusion adaptor does. Also the
// other direction (an instruction's index to the outputs it reaches) and the text and JSON-free printing of
// an operand indexing. Everything is constexpr; capacities are template parameters.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/hlo/module.hpp>
#include <xlayout/hlo/op.hpp>
#include <xlayout/hlo/op_maps.hpp>
#include <xlayout/indexing/compose.hpp>
#include <xlayout/indexing/indexing_map.hpp>
#include <xlayout/indexing/simplify.hpp>
#include <xlayout/indexing/text.hpp>
#include <xlayout/indexing/variables.hpp>

namespace XLAYOUT_NAMESPACE::hlo {

/// A module of any capacities (hlo::basic_module).
template <class M>
concept module_like = requires(const M& m) {
  m.computations;
  m.instructions;
  m.entry;
};

/// One member of a set of indexings: the indexing of `instruction` (an instruction id of the module).
struct indexing_entry {
  std::uint16_t instruction = none;
  operand_indexing indexing;
};

/// XLA's GroupedByOpIndexing: per instruction, a set of operand indexings (no two equal), kept in the order
/// they were found. `start` is the instruction the analysis started from. After an analysis' error,
/// `failed` is the instruction whose maps gave it (its per-op maps, their composition, or the capacity its
/// entries exceeded; none for an error of the start or the arguments): the `_into` forms leave it there.
template <std::size_t MaxEntries = XLAYOUT_HLO_MAX_INDEXINGS>
struct grouped_indexing {
  std::uint16_t start = none;
  std::uint16_t failed = none;
  static_vector<indexing_entry, MaxEntries> entries;

  /// How many indexings `instruction` has.
  constexpr std::size_t count(std::uint16_t instruction) const noexcept {
    std::size_t n = 0;
    for (const indexing_entry& e : entries) n += e.instruction == instruction ? 1 : 0;
    return n;
  }
  /// True when `instruction` was reached.
  constexpr bool contains(std::uint16_t instruction) const noexcept { return count(instruction) != 0; }
  /// The k-th indexing of `instruction` (k < count(instruction)).
  constexpr const operand_indexing& get(std::uint16_t instruction, std::size_t k) const noexcept {
    for (const indexing_entry& e : entries) {
      if (e.instruction == instruction && k-- == 0) return e.indexing;
    }
    return entries[0].indexing;
  }
  /// XLA's set insertion: false when an equal indexing is already there. Errors: capacity_exceeded.
  constexpr result<bool> insert(std::uint16_t instruction, const operand_indexing& x) noexcept {
    for (const indexing_entry& e : entries) {
      if (e.instruction == instruction && e.indexing == x) return false;
    }
    if (entries.full()) return error_id::capacity_exceeded;
    entries.push_back(indexing_entry{instruction, x});
    return true;
  }
};

/// The output-to-input indexing of one output of a computation analysed as a fusion: per parameter of the
/// computation (in parameter-number order), the set of maps from the output's index to that parameter's.
template <std::size_t MaxEntries = XLAYOUT_HLO_MAX_INDEXINGS>
struct fusion_indexing {
  std::uint16_t computation = none;  ///< the analysed computation
  std::uint16_t root = none;         ///< the instruction that produces this output
  std::size_t output = 0;            ///< which output of the computation
  /// parameters[p]: the instruction id of parameter(p) of the analysed computation.
  static_vector<std::uint16_t, XLAYOUT_HLO_MAX_OPERANDS> parameters;
  grouped_indexing<MaxEntries> groups;  ///< every instruction reached, parameters included

  constexpr std::size_t num_operands() const noexcept { return parameters.size(); }
  /// How many maps operand (parameter) p has.
  constexpr std::size_t count(std::size_t p) const noexcept { return groups.count(parameters[p]); }
  constexpr const operand_indexing& get(std::size_t p, std::size_t k) const noexcept {
    return groups.get(parameters[p], k);
  }
};

/// The maps from the index of one instruction to the outputs it reaches (input_to_output).
template <std::size_t MaxEntries = XLAYOUT_HLO_MAX_INDEXINGS>
struct input_indexing {
  std::uint16_t computation = none;
  std::uint16_t input = none;  ///< the instruction whose index is mapped
  /// roots[k]: the instruction that produces output k of the computation.
  static_vector<std::uint16_t, XLAYOUT_HLO_MAX_OUTPUTS> roots;
  grouped_indexing<MaxEntries> groups;  ///< every instruction reached from `input`

  constexpr std::size_t num_outputs() const noexcept { return roots.size(); }
  constexpr std::size_t count(std::size_t k) const noexcept { return groups.count(roots[k]); }
  constexpr const operand_indexing& get(std::size_t k, std::size_t j) const noexcept {
    return groups.get(roots[k], j);
  }
};

/// XLA's ComposeOperandIndexing(first, second): second after first. The map composes as compose() does
/// (symbols: second's range variables, first's, second's runtime variables, first's); second's runtime
/// variables get first's map in front of theirs; two replica-id maps give the undefined indexing (XLA does
/// not chain collectives).
constexpr result<operand_indexing> compose_operand_indexing(const operand_indexing& first,
                                                            const operand_indexing& second) noexcept {
  operand_indexing out;
  if (first.replica_id_map.kind != map_kind::undefined && second.replica_id_map.kind != map_kind::undefined)
    return out;
  auto m = checked_compose(first.map, second.map);
  if (!m) return m.error();
  out.map = *m;
  for (const runtime_variable& rt : second.runtime_variables) {
    auto c = checked_compose(first.map, rt.map);
    if (!c) return c.error();
    if (out.runtime_variables.full()) return error_id::too_many_variables;
    out.runtime_variables.push_back(runtime_variable{rt.operand, *c});
  }
  for (const runtime_variable& rt : first.runtime_variables) {
    if (out.runtime_variables.full()) return error_id::too_many_variables;
    out.runtime_variables.push_back(rt);
  }
  if (first.replica_id_map.kind != map_kind::undefined) out.replica_id_map = first.replica_id_map;
  if (second.replica_id_map.kind != map_kind::undefined) {
    auto r = checked_compose(first.map, second.replica_id_map);
    if (!r) return r.error();
    out.replica_id_map = *r;
  }
  return out;
}

/// XLA's OperandIndexing::Simplify then RemoveUnusedSymbols: the map is simplified and loses the symbols
/// it no longer uses; a runtime variable that goes away takes its source with it.
constexpr result<operand_indexing> simplify_operand_indexing(const operand_indexing& x) noexcept {
  operand_indexing out = x;
  auto s = checked_simplify(x.map);
  if (!s) return s.error();
  removed_variables removed;
  auto r = checked_remove_unused_symbols(*s, &removed);
  if (!r) return r.error();
  out.map = *r;
  if (s->kind == map_kind::regular && s->num_rt_vars == x.runtime_variables.size()) {
    out.runtime_variables.clear();
    const std::size_t first_rt = s->num_dims + s->num_range_vars;
    for (std::size_t k = 0; k < x.runtime_variables.size(); ++k) {
      if (first_rt + k < removed.size() && removed[first_rt + k]) continue;
      out.runtime_variables.push_back(x.runtime_variables[k]);
    }
  }
  return out;
}

namespace detail {

/// The identity map over the dimensions of s (XLA's CreateIdentityMap).
constexpr result<indexing_map> identity_map_of(const shape& s) noexcept {
  map_builder b(s.rank(), 0);
  for (std::size_t d = 0; d < s.rank(); ++d) {
    b.set_size(d, s.dimensions[d]);
    b.add_result(b.dim(d));
  }
  return b.finish();
}

/// The view of a module the analysis walks: the instructions of `top` and of the computations of the
/// fusions nested in it, with nested fusions and their parameters looked through.
template <class Module>
struct fusion_graph {
  const Module& m;
  std::uint16_t top = none;

  /// The fusion instruction that calls computation c (none when no fusion does).
  constexpr std::uint16_t caller(std::uint16_t c) const noexcept {
    for (std::size_t i = 0; i < m.instructions.size(); ++i) {
      const instruction& ins = m.instructions[i];
      if (ins.code == opcode::fusion && !ins.called.empty() && ins.called[0] == c)
        return static_cast<std::uint16_t>(i);
    }
    return none;
  }
  /// The instruction whose value `id` is, once nested fusions (their root) and the parameters of nested
  /// computations (the calling fusion's operand) are looked through.
  constexpr std::uint16_t resolve(std::uint16_t id) const noexcept {
    for (int guard = 0; guard < 64 && id != none; ++guard) {
      const instruction& ins = m.instructions[id];
      if (ins.code == opcode::fusion && !ins.called.empty() && ins.called[0] < m.computations.size()) {
        id = m.computations[ins.called[0]].root;
      } else if (ins.code == opcode::parameter && ins.computation != top) {
        const std::uint16_t c = caller(ins.computation);
        if (c == none) return id;
        const auto p = static_cast<std::size_t>(ins.attrs.parameter_number);
        if (p >= m.instructions[c].operands.size()) return id;
        id = m.instructions[c].operands[p];
      } else {
        return id;
      }
    }
    return id;
  }
  /// The producer of operand k of instruction id.
  constexpr std::uint16_t operand(std::uint16_t id, std::size_t k) const noexcept {
    return resolve(m.instructions[id].operands[k]);
  }
};

/// Instructions reachable from `start` through operands (resolved), in post-order (producers first).
template <class Module, std::size_t N>
constexpr bool post_order(const fusion_graph<Module>& g, std::uint16_t start, const bool* member,
                          static_vector<std::uint16_t, N>& order) noexcept {
  // An explicit stack: (instruction, next operand to visit).
  static_vector<std::uint16_t, N> stack_id;
  static_vector<std::uint16_t, N> stack_next;
  bool seen[N]{};
  if (start >= N) return false;
  stack_id.push_back(start);
  stack_next.push_back(0);
  seen[start] = true;
  while (!stack_id.empty()) {
    const std::uint16_t id = stack_id.back();
    const std::uint16_t k = stack_next.back();
    const instruction& ins = g.m.instructions[id];
    if (member[id] && k < ins.operands.size()) {
      ++stack_next.back();
      const std::uint16_t p = g.operand(id, k);
      if (p >= N) return false;
      if (!seen[p]) {
        seen[p] = true;
        if (stack_id.full()) return false;
        stack_id.push_back(p);
        stack_next.push_back(0);
      }
      continue;
    }
    stack_id.pop_back();
    stack_next.pop_back();
    if (order.full()) return false;
    order.push_back(id);
  }
  return true;
}

/// The runtime variables of a per-op indexing name operand positions; the analysis names instructions.
constexpr operand_indexing with_instruction_sources(operand_indexing x, const instruction& ins) noexcept {
  for (runtime_variable& rt : x.runtime_variables) {
    if (rt.operand < ins.operands.size()) rt.operand = ins.operands[rt.operand];
  }
  return x;
}

/// One step of the analysis: second after first, simplified, unused symbols removed (XLA composes, then
/// calls Simplify and RemoveUnusedSymbols). An undefined composition is the bare undefined indexing.
constexpr result<operand_indexing> compose_step(const operand_indexing& first,
                                                const operand_indexing& second) noexcept {
  auto composed = compose_operand_indexing(first, second);
  if (!composed) return composed;
  if (composed->map.kind == map_kind::undefined) {
    composed.value_.runtime_variables.clear();
    composed.value_.replica_id_map.kind = map_kind::undefined;
    return composed;
  }
  return simplify_operand_indexing(*composed);
}

/// Marks the instructions of computation c and of the fusions nested in it (depth-limited).
template <module_like Module>
constexpr void mark_computation(const Module& m, std::uint16_t c, bool* member, int depth = 0) noexcept {
  if (c >= m.computations.size() || depth > 16) return;
  const computation& comp = m.computations[c];
  for (std::uint16_t k = 0; k < comp.num_instructions; ++k) {
    const auto id = static_cast<std::uint16_t>(comp.first_instruction + k);
    member[id] = true;
    const instruction& ins = m.instructions[id];
    if (ins.code == opcode::fusion && !ins.called.empty())
      mark_computation(m, ins.called[0], member, depth + 1);
  }
}

}  // namespace detail

/// The computation XLA's tests analyse: the called computation when the ENTRY root is a fusion, otherwise
/// the ENTRY computation itself (treated as one fusion). none for a module without computations.
template <module_like Module>
constexpr std::uint16_t analysed_computation(const Module& m) noexcept {
  if (m.entry >= m.computations.size()) return none;
  const computation& e = m.computations[m.entry];
  if (e.root == none) return none;
  const instruction& root = m.instructions[e.root];
  if (root.code == opcode::fusion && !root.called.empty() && root.called[0] < m.computations.size())
    return root.called[0];
  return m.entry;
}

namespace detail {
/// The number of outputs of computation c: the operands of a ROOT tuple, the elements of a root of tuple
/// shape, or 1 (0 for no computation or no root).
template <module_like Module>
constexpr std::size_t output_count(const Module& m, std::uint16_t c) noexcept {
  if (c >= m.computations.size() || m.computations[c].root == none) return 0;
  const instruction& root = m.instructions[m.computations[c].root];
  if (root.code == opcode::tuple) return root.operands.size();
  return root.is_tuple ? root.num_shapes : 1;
}
}  // namespace detail

/// The instructions that produce the outputs of computation c: the operands of a ROOT tuple, else the
/// root itself once per tuple element of its shape (variadic reduce), else the root. The first
/// XLAYOUT_HLO_MAX_OUTPUTS of them: the analyses below report capacity_exceeded for an output past those.
template <module_like Module>
constexpr static_vector<std::uint16_t, XLAYOUT_HLO_MAX_OUTPUTS> output_roots(const Module& m,
                                                                             std::uint16_t c) noexcept {
  static_vector<std::uint16_t, XLAYOUT_HLO_MAX_OUTPUTS> roots;
  const std::size_t n = detail::output_count(m, c);  // 0 without a computation or a root
  for (std::size_t k = 0; k < n && !roots.full(); ++k) {
    const std::uint16_t r = m.computations[c].root;
    roots.push_back(m.instructions[r].code == opcode::tuple ? m.instructions[r].operands[k] : r);
  }
  return roots;
}

/// XLA's ComputeGroupedOutputToInputIndexing over a set of member instructions (`member[id]`: the
/// instruction belongs to the fusion; its operands are followed). From the identity map at `start`
/// (output `output_id` when start has a tuple shape), the per-op maps of every member are composed with the
/// maps of its users, in an order where every user comes before its producers; each composition is
/// simplified and loses its unused symbols; equal indexings are kept once per instruction.
/// Errors: the per-op and composition errors (capacities), capacity_exceeded.
/// grouped_output_to_input_into fills `g` (cleared first) and returns the error (id none on success): for
/// results kept in static or heap storage (a grouped_indexing<48> is about 1 MB).
template <std::size_t MaxEntries, module_like Module>
constexpr error grouped_output_to_input_into(const Module& m, std::uint16_t top, std::uint16_t start,
                                             const bool* member, std::size_t output_id,
                                             grouped_indexing<MaxEntries>& g) noexcept {
  constexpr std::size_t N = decltype(m.instructions)::capacity();
  g.entries.clear();
  g.failed = none;
  if (start >= m.instructions.size()) return error{error_id::hlo_operand_out_of_range};
  const detail::fusion_graph<Module> graph{m, top};
  // A nested fusion as the start (an output of the computation: a ROOT tuple of fusions, or a fusion as
  // the root, what XLA's optimised modules hold) is looked through to its computation's root, as it is
  // where it is an operand; it had no per-op map and gave unknown indexing (audit). Not a multi-output one.
  if (const instruction& f = m.instructions[start]; f.code == opcode::fusion && !f.is_tuple &&
                                                    !f.called.empty() &&
                                                    f.called[0] < m.computations.size() && member[start])
    start = graph.resolve(start);
  g.start = start;
  const instruction& s = m.instructions[start];
  const std::size_t shape_index = s.is_tuple && output_id < s.num_shapes ? output_id : 0;
  auto id = detail::identity_map_of(m.shapes[s.first_shape + shape_index]);
  if (!id) return id.error();
  operand_indexing initial;
  initial.map = *id;
  if (auto r = g.insert(start, initial); !r) return r.error();
  if (!member[start]) return error{};
  static_vector<std::uint16_t, N> order;
  if (!detail::post_order(graph, start, member, order)) return error{error_id::capacity_exceeded};
  for (std::size_t i = order.size(); i-- > 0;) {
    const std::uint16_t node = order[i];
    if (!member[node] || !g.contains(node)) continue;
    const instruction& ins = m.instructions[node];
    // An op without operands too: its map checks it (a `reshape()` or an `iota(p)` is hlo_malformed_op, as
    // the per-op analysis says; the module analysis skipped them: audit).
    const op o = op_of(m, node);
    auto producer = checked_output_to_input(o, node == start ? output_id : 0);
    if (!producer) {
      g.failed = node;
      return producer.error();
    }
    // The consumer's indexings as they are now (insertions below only add producers' entries, but a
    // producer may be the node itself in a malformed graph: take a snapshot of the positions).
    static_vector<std::uint16_t, MaxEntries> consumer;
    for (std::size_t e = 0; e < g.entries.size(); ++e) {
      if (g.entries[e].instruction == node) consumer.push_back(static_cast<std::uint16_t>(e));
    }
    for (std::size_t k = 0; k < producer->size() && k < ins.operands.size(); ++k) {
      const std::uint16_t target = graph.operand(node, k);
      const operand_indexing pm = detail::with_instruction_sources((*producer)[k], ins);
      for (std::uint16_t e : consumer) {
        const operand_indexing cm = g.entries[e].indexing;
        auto x = detail::compose_step(cm, pm);
        if (!x) {
          g.failed = node;
          return x.error();
        }
        if (auto r = g.insert(target, *x); !r) {
          g.failed = target;
          return r.error();
        }
      }
    }
  }
  return error{};
}

/// checked_grouped_output_to_input: grouped_output_to_input_into returning the result by value.
template <std::size_t MaxEntries = XLAYOUT_HLO_MAX_INDEXINGS, module_like Module>
constexpr result<grouped_indexing<MaxEntries>> checked_grouped_output_to_input(
    const Module& m, std::uint16_t top, std::uint16_t start, const bool* member,
    std::size_t output_id = 0) noexcept {
  result<grouped_indexing<MaxEntries>> r;
  if (const error e = grouped_output_to_input_into(m, top, start, member, output_id, r.value_);
      e.id != error_id::none)
    return e;
  return r;
}

/// hlo::output_to_input(module, output_id): the analysis XLA's tests run on a module: the computation of
/// analysed_computation (a fusion's, or ENTRY itself as one fusion), from output `output_id` of it, to each
/// of its parameters. Errors: hlo_empty_module (a module without computations, or whose entry has no root),
/// hlo_operand_out_of_range (no such output), capacity_exceeded (an output past XLAYOUT_HLO_MAX_OUTPUTS),
/// the analysis' errors. Like every `_into` form, the output argument is last.
template <std::size_t MaxEntries, module_like Module>
constexpr error output_to_input_into(const Module& m, std::size_t output_id,
                                     fusion_indexing<MaxEntries>& out) noexcept {
  constexpr std::size_t N = decltype(m.instructions)::capacity();
  out.parameters.clear();
  out.groups.failed = none;
  const std::uint16_t c = analysed_computation(m);
  if (c == none) return error{error_id::hlo_empty_module};
  out.computation = c;
  const auto roots = output_roots(m, c);
  if (output_id >= roots.size()) {
    return error{output_id < detail::output_count(m, c) ? error_id::capacity_exceeded
                                                        : error_id::hlo_operand_out_of_range};
  }
  out.output = output_id;
  out.root = roots[output_id];
  const computation& comp = m.computations[c];
  // Parameters in parameter-number order.
  for (std::size_t p = 0; p < XLAYOUT_HLO_MAX_OPERANDS; ++p) {
    bool found = false;
    for (std::uint16_t k = 0; k < comp.num_instructions && !found; ++k) {
      const auto id = static_cast<std::uint16_t>(comp.first_instruction + k);
      const instruction& ins = m.instructions[id];
      if (ins.code == opcode::parameter && ins.attrs.parameter_number == static_cast<index_t>(p)) {
        out.parameters.push_back(id);
        found = true;
      }
    }
    if (!found) break;
  }
  bool member[N]{};
  detail::mark_computation(m, c, member);
  const bool tuple_element =
      m.instructions[out.root].is_tuple && m.instructions[out.root].code != opcode::tuple;
  return grouped_output_to_input_into(m, c, out.root, member, tuple_element ? output_id : 0, out.groups);
}

/// output_to_input_into(m, 0, out): from the first (or only) output.
template <std::size_t MaxEntries, module_like Module>
constexpr error output_to_input_into(const Module& m, fusion_indexing<MaxEntries>& out) noexcept {
  return output_to_input_into(m, 0, out);
}

/// checked_output_to_input: output_to_input_into returning the result by value (a fusion_indexing<48> is
/// about 1 MB: at run time prefer output_to_input_into on static or heap storage).
template <std::size_t MaxEntries = XLAYOUT_HLO_MAX_INDEXINGS, module_like Module>
constexpr result<fusion_indexing<MaxEntries>> checked_output_to_input(const Module& m,
                                                                      std::size_t output_id = 0) noexcept {
  result<fusion_indexing<MaxEntries>> r;
  if (const error e = output_to_input_into(m, output_id, r.value_); e.id != error_id::none) return e;
  return r;
}

/// The number of outputs of the analysed computation (output_to_input(module, k) takes k below it; past
/// XLAYOUT_HLO_MAX_OUTPUTS it reports capacity_exceeded).
template <module_like Module>
constexpr std::size_t num_outputs(const Module& m) noexcept {
  return detail::output_count(m, analysed_computation(m));
}

/// output_to_input for a module known to fit (a compile error in a constant expression otherwise).
template <std::size_t MaxEntries = XLAYOUT_HLO_MAX_INDEXINGS, module_like Module>
constexpr fusion_indexing<MaxEntries> output_to_input(const Module& m, std::size_t output_id = 0) noexcept {
  auto r = checked_output_to_input<MaxEntries>(m, output_id);
  xlayout::detail::expect_success(r.error());
  return r.value_or(fusion_indexing<MaxEntries>{});
}

/// From the index of instruction `input` (an instruction of the analysed computation, or a parameter of
/// it) to every output it reaches: the per-op input-to-output maps composed along every use path, users
/// after producers (XLA's ComputeEpilogueInputToOutputIndexing generalised to every path), simplified, with
/// unused symbols removed, kept as sets. An op without an input-to-output map (dot, pad...) gives the
/// undefined map from there on.
template <std::size_t MaxEntries, module_like Module>
constexpr error input_to_output_from_into(const Module& m, std::uint16_t input,
                                          input_indexing<MaxEntries>& out) noexcept {
  out.groups.entries.clear();
  out.groups.failed = none;
  const std::uint16_t c = analysed_computation(m);
  if (c == none) return error{error_id::hlo_empty_module};
  if (input >= m.instructions.size() || m.instructions[input].computation != c)
    return error{error_id::hlo_operand_out_of_range};
  out.computation = c;
  out.input = input;
  out.roots = output_roots(m, c);
  // Every output is an answer here: one the roots cannot hold would be missing from it.
  if (detail::output_count(m, c) > out.roots.size()) return error{error_id::capacity_exceeded};
  const instruction& in = m.instructions[input];
  auto id = detail::identity_map_of(m.shapes[in.first_shape]);
  if (!id) return id.error();
  operand_indexing initial;
  initial.map = *id;
  if (auto r = out.groups.insert(input, initial); !r) return r.error();
  const computation& comp = m.computations[c];
  // The text lists operands before their users, so one pass in text order sees every user after its
  // producers.
  for (std::uint16_t k = 0; k < comp.num_instructions; ++k) {
    const auto user = static_cast<std::uint16_t>(comp.first_instruction + k);
    const instruction& u = m.instructions[user];
    for (std::size_t operand = 0; operand < u.operands.size(); ++operand) {
      const std::uint16_t producer = u.operands[operand];
      if (!out.groups.contains(producer) || producer == user) continue;
      const op o = op_of(m, user);
      auto step = checked_input_to_output(o, operand);
      if (!step) {
        out.groups.failed = user;
        return step.error();
      }
      // Every output of a multi-output op (variadic reduce) is indexed alike; a tuple's one map leads into
      // the element.
      if (step->empty()) continue;
      const operand_indexing sm = detail::with_instruction_sources((*step)[0], u);
      static_vector<std::uint16_t, MaxEntries> producer_entries;
      for (std::size_t e = 0; e < out.groups.entries.size(); ++e) {
        if (out.groups.entries[e].instruction == producer)
          producer_entries.push_back(static_cast<std::uint16_t>(e));
      }
      for (std::uint16_t e : producer_entries) {
        const operand_indexing pm = out.groups.entries[e].indexing;
        auto x = detail::compose_step(pm, sm);
        if (!x) {
          out.groups.failed = user;
          return x.error();
        }
        if (auto r = out.groups.insert(user, *x); !r) {
          out.groups.failed = user;
          return r.error();
        }
      }
    }
  }
  return error{};
}

/// checked_input_to_output_from: input_to_output_from_into returning the result by value.
template <std::size_t MaxEntries = XLAYOUT_HLO_MAX_INDEXINGS, module_like Module>
constexpr result<input_indexing<MaxEntries>> checked_input_to_output_from(const Module& m,
                                                                          std::uint16_t input) noexcept {
  result<input_indexing<MaxEntries>> r;
  if (const error e = input_to_output_from_into(m, input, r.value_); e.id != error_id::none) return e;
  return r;
}

/// hlo::input_to_output(module, parameter): checked_input_to_output_from the analysed computation's
/// parameter(parameter). Errors: hlo_empty_module, hlo_operand_out_of_range (no such parameter), the
/// analysis' errors.
template <std::size_t MaxEntries, module_like Module>
constexpr error input_to_output_into(const Module& m, std::size_t parameter,
                                     input_indexing<MaxEntries>& out) noexcept {
  const std::uint16_t c = analysed_computation(m);
  if (c == none) return error{error_id::hlo_empty_module};
  const computation& comp = m.computations[c];
  for (std::uint16_t k = 0; k < comp.num_instructions; ++k) {
    const auto id = static_cast<std::uint16_t>(comp.first_instruction + k);
    const instruction& ins = m.instructions[id];
    if (ins.code == opcode::parameter && ins.attrs.parameter_number == static_cast<index_t>(parameter))
      return input_to_output_from_into(m, id, out);
  }
  return error{error_id::hlo_operand_out_of_range};
}

/// checked_input_to_output: input_to_output_into returning the result by value.
template <std::size_t MaxEntries = XLAYOUT_HLO_MAX_INDEXINGS, module_like Module>
constexpr result<input_indexing<MaxEntries>> checked_input_to_output(const Module& m,
                                                                     std::size_t parameter) noexcept {
  result<input_indexing<MaxEntries>> r;
  if (const error e = input_to_output_into(m, parameter, r.value_); e.id != error_id::none) return e;
  return r;
}

/// input_to_output for a module known to fit (a compile error in a constant expression otherwise).
template <std::size_t MaxEntries = XLAYOUT_HLO_MAX_INDEXINGS, module_like Module>
constexpr input_indexing<MaxEntries> input_to_output(const Module& m, std::size_t parameter) noexcept {
  auto r = checked_input_to_output<MaxEntries>(m, parameter);
  xlayout::detail::expect_success(r.error());
  return r.value_or(input_indexing<MaxEntries>{});
}

/// XLA's GroupIndexingMapsByProducers: the per-operand indexings of instruction `id` (from
/// output_to_input(op_of(m, id), output_id)) keyed by the producing instruction, so that two operands
/// produced by one instruction share one set.
template <std::size_t MaxEntries = XLAYOUT_HLO_MAX_INDEXINGS, module_like Module>
constexpr result<grouped_indexing<MaxEntries>> checked_group_by_producers(
    const Module& m, std::uint16_t id, std::size_t output_id = 0) noexcept {
  grouped_indexing<MaxEntries> g;
  g.start = id;
  if (id >= m.instructions.size()) return error_id::hlo_operand_out_of_range;
  const instruction& ins = m.instructions[id];
  auto maps = checked_output_to_input(op_of(m, id), output_id);
  if (!maps) return maps.error();
  for (std::size_t k = 0; k < maps->size() && k < ins.operands.size(); ++k) {
    if (auto r = g.insert(ins.operands[k], detail::with_instruction_sources((*maps)[k], ins)); !r)
      return r.error();
  }
  return g;
}

/// How XLA's RuntimeVarIndexing names the source of a runtime variable: `parameter(N)` for a parameter,
/// `constant(V)` for a scalar integer constant, else the instruction's name.
template <class Out, module_like Module>
constexpr void append_source(Out& out, const Module& m, std::uint16_t id) noexcept {
  if (id >= m.instructions.size()) {
    out.append("<none>");
    return;
  }
  const instruction& ins = m.instructions[id];
  if (ins.code == opcode::parameter) {
    out.append("parameter(").append_int(ins.attrs.parameter_number).append(')');
  } else if (ins.code == opcode::constant && ins.value.is_constant) {
    out.append("constant(").append_int(ins.value.constant).append(')');
  } else {
    out.append(m.name_of(ins));
  }
}

}  // namespace XLAYOUT_NAMESPACE::hlo
