// tests/support/same_module.hpp: whether two parsed HLO modules hold the same thing (name, entry,
// computations, instructions, shapes and text), for modules of any capacities; what the parser tests and the
// hlo_text fuzz target compare a module parsed twice, or with and without a part XLA's parser drops, by.
#pragma once
#include <cstddef>

namespace xlayout_test {

template <class A, class B>
constexpr bool same_module(const A& a, const B& b) {
  if (a.text(a.name) != b.text(b.name) || a.entry != b.entry ||
      a.computations.size() != b.computations.size() || a.instructions.size() != b.instructions.size() ||
      a.shapes.size() != b.shapes.size() || a.chars.size() != b.chars.size())
    return false;
  for (std::size_t i = 0; i < a.computations.size(); ++i) {
    if (!(a.computations[i] == b.computations[i])) return false;
  }
  for (std::size_t i = 0; i < a.instructions.size(); ++i) {
    if (!(a.instructions[i] == b.instructions[i])) return false;
  }
  for (std::size_t i = 0; i < a.shapes.size(); ++i) {
    if (!(a.shapes[i] == b.shapes[i])) return false;
  }
  for (std::size_t i = 0; i < a.chars.size(); ++i) {
    if (a.chars[i] != b.chars[i]) return false;
  }
  return true;
}

}  // namespace xlayout_test
