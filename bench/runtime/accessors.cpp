// bench/runtime/accessors.cpp: the sum of every element of eight layouts, four ways each (see kernels.hpp):
//   sum/<layout>/tensor     the Tensor accessor t(i, j), logical order
//   sum/<layout>/hand       the same loop with hand-written index arithmetic (the baseline)
//   sum/<layout>/runtime    the same loop with xlayout::linear_index on a shape parsed at run time
//   sum/<layout>/for_each   for_each(t, f): memory order, tile by tile
//   sum/<layout>/layout_value           t(i, j) of a runtime_tensor<T, Rank> (the layout a run-time value)
//   sum/<layout>/layout_value_for_each  for_each over that runtime_tensor: memory order
//   sum/<layout>/index_for_each         for_each(t, f) with the index used (a sum weighted by it)
//   sum/<layout>/layout_index_for_each  the same over the runtime_tensor
// Each loop's result is checked against the buffer's known sum (the weighted ones against the weighted sum
// computed with the generic linear_index) before anything is timed (register.hpp).
#include <string>
#include <vector>

#include "register.hpp"

namespace bench {
std::vector<std::string> register_accessor_benchmarks() {
  std::vector<std::string> layouts;
  for_each_case([&](auto c) {
    detail::register_case<decltype(c)>();
    layouts.emplace_back(decltype(c)::name);
  });
  return layouts;
}
}  // namespace bench
