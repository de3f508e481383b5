// Views compose at compile time: the reshape chain 10x10x10 -> 50x20 -> 10x10x10 is the identity on the
// base; a view of a view is a view of the base; both reshape spellings are one type; a view is as large as
// its base.
#include <type_traits>
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
using namespace xlayout;

using Cube = Tensor<"f32[10,10,10]">;
using Chain = decltype(reshape<10, 10, 10>(reshape<50, 20>(Cube{})));
static_assert(Chain::is_identity && std::is_same_v<Chain::base_type, Cube>);
static_assert(std::is_same_v<decltype(reshape<50, 20>(Cube{})), decltype(reshape<Extents<50, 20>>(Cube{}))>);
static_assert(sizeof(Chain) == sizeof(float*));

using Tiled = Tensor<"f32[256,512]{1,0:T(8,128)}">;
using Transposed = decltype(transpose<1, 0>(Tiled{}));
static_assert(std::is_same_v<Transposed::extents_type, Extents<512, 256>>);
static_assert(Transposed::to_string() == "f32[512,256]");
static_assert(transpose<1, 0>(Transposed{Tiled{}}).is_identity);

// The element a view reaches, in a constant expression.
static_assert([] {
  float buf[24]{};
  const Tensor<"f32[3,5]{1,0:T(2,2)}"> t(buf);
  reverse<0>(transpose<1, 0>(t))(1, 2) = 1;  // transposed (3, 2) = t(2, 3), slot 17
  return buf[17] == 1;
}());
