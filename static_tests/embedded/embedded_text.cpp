// static_tests/embedded/embedded_text.cpp: text read at run time on an embedded target, as a device that
// receives a layout or a map as text does: parse_shape, a runtime_tensor made from it, parse_indexing_map
// and its evaluation, and an HLO module's analysis. The same check as embedded_layout.cpp: no heap, no C++
// run-time library, no function that throws (std::string_view::substr did, through
// std::__throw_out_of_range_fmt).
#include <cstdint>
#include <string_view>

#include <xlayout/hlo.hpp>
#include <xlayout/indexing.hpp>
#include <xlayout/layout.hpp>
#include <xlayout/tensor/runtime_tensor.hpp>

extern "C" {
/// The offset of element (i, j) of the rank-2 shape in text[0, n), or -1 for text that is not one.
std::int32_t xlayout_embedded_parsed_offset(const char* text, std::uint32_t n, std::int32_t i,
                                            std::int32_t j) {
  const auto s = xlayout::parse_shape(std::string_view(text, n));
  if (!s) return -1;
  const auto t = xlayout::make_runtime_tensor<2>(static_cast<const float*>(nullptr), *s);
  if (!t) return -1;
  const xlayout::index_t idx[2] = {i, j};
  const auto r = t->mapping().checked_offset(idx, 2);
  return r ? static_cast<std::int32_t>(*r) : -1;
}

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
