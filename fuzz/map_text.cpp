// fuzz/map_text.cpp: libFuzzer target. Input: the text of an indexing map (XLA's syntax). Bad text must give
// an error value with a position inside the text; a map must have every property of map_checks.hpp.
#include "map_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return -1;
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  const auto m = xlayout::parse_indexing_map(in);
  if (!m) {
    FUZZ_CHECK(m.error().id != xlayout::error_id::none, in);
    FUZZ_CHECK(m.error().position >= -1 && m.error().position <= static_cast<xlayout::index_t>(size), in);
    return 0;
  }
  fuzz::check_map(*m, in);
  return 0;
}
