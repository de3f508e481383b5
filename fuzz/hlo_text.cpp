// fuzz/hlo_text.cpp: libFuzzer target. Input: the text of an HLO module (XLA's syntax). Bad text must give
// an error value with a position inside the text (line and column from 1); a module that parses must:
// - parse the same again (a second module, and the first one parsed over again, are equal to it);
// - need what required_capacities says (its counting pass agrees with the module);
// - survive the indexing analysis: output_to_input for every output, input_to_output for every parameter
//   (an error value is allowed, a crash or a sanitizer report is not);
// - give maps of the right arity: every defined output_to_input map has one dimension per dimension of the
//   output, every defined input_to_output map one per dimension of the parameter, and those reaching an
//   array-shaped output one result per dimension of that output.
// hlo::module is about 1.4 MB and one analysis result about 1 MB: they live in static storage or on the
// heap, and the work runs on a thread with a large stack (the analysis keeps a few results on its stack).
#include <pthread.h>

#include <condition_variable>
#include <memory>
#include <mutex>

#include <support/same_module.hpp>

#include "fuzz_support.hpp"

namespace {

namespace hlo = xlayout::hlo;
using xlayout::error_id;
using xlayout::index_t;

using xlayout_test::same_module;

/// The shape of output k of the analysed computation (as xlayout analyze prints it).
const xlayout::shape& output_shape(const hlo::module& m, std::uint16_t root, std::size_t k) {
  const hlo::instruction& r = m.instructions[root];
  const bool element = r.is_tuple && r.code != hlo::opcode::tuple;
  return m.shapes[r.first_shape + (element ? k : 0)];
}

void check_module(std::string_view in) {
  static hlo::module first;
  static hlo::module second;
  const hlo::parse_error e = hlo::parse_module_into(in, first);
  const auto caps = hlo::required_capacities(in);
  if (e.id != error_id::none) {
    FUZZ_CHECK(e.position >= -1 && e.position <= static_cast<index_t>(in.size()), in);
    FUZZ_CHECK(e.position < 0 || (e.line >= 1 && e.column >= 1), in);
    const hlo::parse_error again = hlo::parse_module_into(in, second);
    FUZZ_CHECK(again == e, in);
    return;
  }
  // Deterministic, and parsing over a used module gives the same module.
  FUZZ_CHECK(hlo::parse_module_into(in, second).id == error_id::none, in);
  FUZZ_CHECK(same_module(first, second), in);
  FUZZ_CHECK(hlo::parse_module_into(in, second).id == error_id::none, in);
  FUZZ_CHECK(same_module(first, second), in);
  // The counting pass accepts what the parser accepts and counts what it stored.
  FUZZ_CHECK(caps.has_value(), in);
  FUZZ_CHECK(caps->instructions == first.instructions.size(), in);
  FUZZ_CHECK(caps->computations == first.computations.size(), in);

  const hlo::module& m = first;
  const std::size_t n = hlo::num_outputs(m);
  using out_result = xlayout::result<hlo::fusion_indexing<>>;
  for (std::size_t k = 0; k < n; ++k) {
    const auto r = std::make_unique<out_result>(hlo::checked_output_to_input(m, k));
    if (!r->has_value()) {
      FUZZ_CHECK(r->error().id != error_id::none, in);
      continue;
    }
    const auto& a = **r;
    FUZZ_CHECK(a.root < m.instructions.size(), in);
    const xlayout::shape& out = output_shape(m, a.root, k);
    for (const auto& entry : a.groups.entries) {
      FUZZ_CHECK(entry.instruction < m.instructions.size(), in);
      const xlayout::indexing_map& map = entry.indexing.map;
      if (map.is_undefined()) continue;
      FUZZ_CHECK(std::size_t{map.num_dims} == out.rank(), in);
    }
    for (std::size_t p = 0; p < a.num_operands(); ++p) {
      FUZZ_CHECK(a.parameters[p] < m.instructions.size(), in);
      FUZZ_CHECK(m.instructions[a.parameters[p]].code == hlo::opcode::parameter, in);
    }
  }
  // Parameters: those of the analysed computation, then one number past them (no such parameter).
  const std::uint16_t c = hlo::analysed_computation(m);
  std::size_t num_params = 0;
  if (c < m.computations.size()) {
    const hlo::computation& comp = m.computations[c];
    for (std::uint16_t i = 0; i < comp.num_instructions; ++i)
      num_params += m.instructions[comp.first_instruction + i].code == hlo::opcode::parameter ? 1 : 0;
  }
  using in_result = xlayout::result<hlo::input_indexing<>>;
  for (std::size_t p = 0; p <= num_params && p < XLAYOUT_HLO_MAX_OPERANDS + 1; ++p) {
    const auto r = std::make_unique<in_result>(hlo::checked_input_to_output(m, p));
    if (!r->has_value()) {
      FUZZ_CHECK(r->error().id != error_id::none, in);
      continue;
    }
    const auto& a = **r;
    FUZZ_CHECK(a.input < m.instructions.size(), in);
    FUZZ_CHECK(m.instructions[a.input].code == hlo::opcode::parameter, in);
    const std::size_t in_rank = m.shape_of(m.instructions[a.input]).rank();
    for (const auto& entry : a.groups.entries) {
      const xlayout::indexing_map& map = entry.indexing.map;
      if (map.is_undefined()) continue;
      FUZZ_CHECK(std::size_t{map.num_dims} == in_rank, in);
    }
    for (std::size_t k = 0; k < a.num_outputs(); ++k) {
      const hlo::instruction& root = m.instructions[a.roots[k]];
      if (root.is_tuple) continue;
      for (std::size_t j = 0; j < a.count(k); ++j) {
        const xlayout::indexing_map& map = a.get(k, j).map;
        if (map.is_undefined() || map.is_known_empty()) continue;
        FUZZ_CHECK(std::size_t{map.num_results} == m.shape_of(root).rank(), in);
      }
    }
  }
}

/// One worker thread with a 256 MB stack, started once (a fresh thread per input spends its time in page
/// faults on a fresh stack). The fuzzer's thread waits for it.
struct worker {
  std::mutex mu;
  std::condition_variable cv;
  std::string_view input;
  bool pending = false;

  worker() {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, std::size_t{256} << 20);
    pthread_t t;
    if (pthread_create(&t, &attr, loop, this) != 0) __builtin_trap();
    pthread_attr_destroy(&attr);
    pthread_detach(t);
  }
  static void* loop(void* self) {
    auto& w = *static_cast<worker*>(self);
    while (true) {
      std::unique_lock lock(w.mu);
      w.cv.wait(lock, [&] { return w.pending; });
      check_module(w.input);
      w.pending = false;
      w.cv.notify_all();
    }
  }
  void run(std::string_view in) {
    std::unique_lock lock(mu);
    input = in;
    pending = true;
    cv.notify_all();
    cv.wait(lock, [&] { return !pending; });
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 8192) return -1;
  static worker& w = *new worker;  // never destroyed: its thread waits on w.cv until the process ends
  w.run(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
