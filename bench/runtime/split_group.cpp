// bench/runtime/split_group.cpp: the benchmarks of accessors.cpp (register.hpp) for a layout whose tile
// splits a '*' group, f32[8,100,1000]{2,1,0:T(*,8,128)}: rows i * 100 + j of the merged group cut every 8,
// which 100 is not a multiple of. Its run-time mapping merges dimensions (merges_dimensions: the accessor and
// the walk form the merged index), and it has a translation unit of its own: in accessors.cpp, its loops
// would change what g++ 12 inlines into the eight layouts' loops.
#include <string>

#include "register.hpp"

namespace bench {

/// f32[8,100,1000]{2,1,0:T(*,8,128)}: tiled shape [100,8,8,128] over the merged rows r = 100 i + j.
struct split_group {
  static constexpr std::string_view name = "split_group";
  static constexpr std::string_view text = "f32[8,100,1000]{2,1,0:T(*,8,128)}";
  using tensor = xlayout::Tensor<"f32[8,100,1000]{2,1,0:T(*,8,128)}">;
  static index_t hand(index_t i, index_t j, index_t k) {
    const index_t r = i * 100 + j;
    return (((r >> 3) * 8 + (k >> 7)) * 8 + (r & 7)) * 128 + (k & 127);
  }
};

std::string register_split_group_benchmarks() {
  detail::register_case<split_group>();
  return std::string(split_group::name);
}

}  // namespace bench
