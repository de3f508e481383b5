// static_tests/embedded/embedded_stack.cpp: a layout read at run time, on a microcontroller's stack. The
// shape's text is parsed and compiled into a runtime_tensor; every function of this TU must keep its frame
// under the limit the embedded check gives (XLAYOUT_EMBEDDED_MAX_FRAME, arm-none-eabi-g++ -fstack-usage):
// compiling a tiled layout took a 499 KB frame, and 640 KB to 1 MB of stack in all (an audit on a
// Cortex-M4, whose SRAM is 128 to 256 KB).
#include <cstdint>
#include <string_view>

#include <xlayout/layout.hpp>
#include <xlayout/tensor/runtime_tensor.hpp>

extern "C" {
/// The offset of element (i, j) of the rank-2 shape in text[0, n) (`f32[16,256]{1,0:T(8,128)}`), or -1.
std::int32_t xlayout_embedded_stack_offset(const char* text, std::uint32_t n, std::int32_t i,
                                           std::int32_t j) {
  const auto s = xlayout::parse_shape(std::string_view(text, n));
  if (!s) return -1;
  const auto t = xlayout::make_runtime_tensor<2>(static_cast<const float*>(nullptr), *s);
  if (!t) return -1;
  const xlayout::index_t idx[2] = {i, j};
  const auto r = t->mapping().checked_offset(idx, 2);
  return r ? static_cast<std::int32_t>(*r) : -1;
}
}
