// static_tests/embedded/embedded_text.cpp: text read at run time on an embedded target, as a device that
// receives a map or a module as text does: parse_indexing_map and its evaluation, and an HLO module's
// analysis (a layout parsed into a runtime_tensor is embedded_stack.cpp's, whose frames are bounded). The
// same check as embedded_layout.cpp: no heap, no C++ run-time library, no function that throws
// (std::string_view::substr did, through std::__throw_out_of_range_fmt).
#include <cstdint>
#include <string_view>

#include <xlayout/hlo.hpp>
#include <xlayout/indexing.hpp>

extern "C" {
/// The first result of the map in text[0, n) at d0 = x, or -1.
std::int32_t xlayout_embedded_map_value(const char* text, std::uint32_t n, std::int32_t x) {
  const auto m = xlayout::parse_indexing_map(std::string_view(text, n));
  if (!m) return -1;
  const xlayout::index_t dims[1] = {x};
  const auto r = xlayout::checked_evaluate(*m, dims, 1, nullptr, 0);
  return r ? static_cast<std::int32_t>((*r)[0]) : -1;
}

/// The number of instructions of the HLO module in text[0, n), or -1.
std::int32_t xlayout_embedded_hlo_results(const char* text, std::uint32_t n) {
  const auto m = xlayout::hlo::parse_module(std::string_view(text, n));
  if (!m) return -1;
  return static_cast<std::int32_t>(m->instructions.size());
}
}
