// examples/views.cpp: views of a Tensor whose index arithmetic is composed at compile time: transpose,
// reshape, slice, reverse, broadcast, bitcast and map_view; a view of a view; a reshape chain that composes
// to the identity; for_each over a view; views of a tensor with a '?' extent. docs/views.md quotes this file.
#include <cstdio>
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
using namespace xlayout;

// Prints a view's shape and its map (view index -> base index), as XLA prints maps.
template <class V>
void show(const char* what, const V&) {
  std::printf("%-10s %-14s %s\n", what, V::to_string().c_str(), to_string(V::map()).c_str());
}

int main() {
  static float buffer[256 * 512];
  const Tensor<"f32[256,512]{1,0:T(8,128)}"> t(buffer);

  // transpose<1, 0>: XLA's transpose map, lowered; the base's tiled accessor does the rest. Its offsets are
  // those of the transposed layout, f32[512,256]{0,1:T(8,128)}.
  const auto tt = transpose<1, 0>(t);
  const Tensor<"f32[512,256]{0,1:T(8,128)}"> u(buffer);
  show("transpose", tt);
  std::printf("tt(300, 100) is slot %td; u(300, 100) is slot %td\n", &tt(300, 100) - buffer,
              &u(300, 100) - buffer);

  // Each view is XLA's output-to-input map of its op; a view of a view composes the maps and simplifies.
  show("slice", slice(t, Slice<8, 16>{}, Slice<0, 512, 128>{}));
  show("reverse", reverse<0>(slice(t, Slice<8, 16>{}, Slice<0, 512, 128>{})));
  show("reshape", reshape<128, 1024>(t));
  show("broadcast", broadcast<Extents<3, 512>, 1>(reshape<512>(slice(t, Slice<5, 6>{}, Slice<0, 512>{}))));
  show("chain", transpose<1, 0>(reshape<64, 2048>(reverse<1>(t))));

  // A reshape and its inverse compose to the identity map: the view's accessor is the base's.
  const Tensor<"f32[10,10,10]"> cube(buffer);
  const auto back = reshape<10, 10, 10>(reshape<50, 20>(cube));
  show("back", back);
  std::printf("identity: %s; back(3, 4, 5) is cube(3, 4, 5): %s\n", back.is_identity ? "yes" : "no",
              &back(3, 4, 5) == &cube(3, 4, 5) ? "yes" : "no");

  // bitcast<"...">: the buffer read as another shape, checked to be a bitcast (is_bitcast) at compile time.
  const Tensor<"f32[16,128]{1,0:T(8,128)}"> small(buffer);
  show("bitcast", bitcast<"f32[2,8,128]{2,1,0}">(small));

  // map_view: any indexing map; here the even rows of t, transposed.
  const auto pairs =
      map_view<IndexingMap<"(d0, d1) -> (d1 * 2, d0), domain: d0 in [0, 511], d1 in [0, 127]">>(t);
  show("map_view", pairs);

  // for_each visits a transpose or reverse in the base's memory order, other views in row-major order.
  float small_buffer[6] = {0, 1, 2, 3, 4, 5};
  const Tensor<"f32[2,3]"> m(small_buffer);
  std::printf("for_each over transpose<1, 0> of f32[2,3]:");
  for_each(transpose<1, 0>(m), [](const index_array<2>& i, float x) {
    std::printf(" (%lld,%lld)=%.0f", static_cast<long long>(i[0]), static_cast<long long>(i[1]), x);
  });
  std::printf("\nfor_each over slice(f32[2,3], [0:2], [1:3]):");
  for_each(slice(m, Slice<0, 2>{}, Slice<1, 3>{}),
           [](const index_array<2>&, float x) { std::printf(" %.0f", x); });
  std::printf("\n");

  // A '?' extent: transpose, reverse and slice take it at run time (reverse holds extent - 1, a run-time
  // slice its start and stride); a reshape maps it through unchanged.
  const Tensor<"f32[?,8,16]{2,1,0:T(4,8)}"> d(buffer, 5);
  show("dyn", reverse<0>(reshape<dyn, 128>(d)));
  const auto rows = slice(transpose<1, 0, 2>(d), Slice<2, 4>{}, runtime_slice{1, 5, 2}, 7);
  show("dyn slice", rows);
  std::printf("rows: %lld x %lld; rows(1, 1) is d(3, 3, 7): %s\n", static_cast<long long>(rows.extent(0)),
              static_cast<long long>(rows.extent(1)), &rows(1, 1) == &d(3, 3, 7) ? "yes" : "no");
}
