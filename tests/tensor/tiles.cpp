// tests/tensor/tiles.cpp: tile access. Every element of every tile is the element of the tensor at the
// tile's origin plus its position (same address), the tiles cover the buffer in memory order, and the
// tile type has static extents and a static layout.
#include <catch2/catch.hpp>
#include <cstdint>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include <xlayout/tensor/for_each.hpp>
#include <xlayout/tensor/tensor.hpp>
#include <xlayout/tensor/tiles.hpp>

using namespace xlayout;

namespace {

// For every tile and every position of it: inside the tensor, the same address as the tensor's element;
// outside (padding), an address no element has. Tiles come in memory order and cover the span.
template <class T>
void check_tiles(const T& t) {
  INFO(std::string(to_string(t.shape()).view()));
  const auto grid = tiles(t);
  using G = decltype(grid);
  std::set<index_t> element_offsets;
  for_each_offset(t.mapping(), [&](const auto&, index_t offset) { element_offsets.insert(offset); });
  index_t expected_start = 0, tiles_seen = 0;
  for_each_tile(t, [&](const typename G::tile_type& tile, const index_array<G::rank()>& g) {
    const index_t start = tile.data() - t.data();
    REQUIRE(start == expected_start);  // memory order, no gaps
    expected_start += G::tile_span;
    ++tiles_seen;
    const index_array<G::rank()> origin = grid.origin(g);
    // origin(bi, bj, ...) is origin(g) with the grid index spelled out.
    const auto spelled = [&]<std::size_t... I>(std::index_sequence<I...>) { return grid.origin(g[I]...); };
    REQUIRE(spelled(std::make_index_sequence<G::rank()>{}) == origin);
    for_each_offset(tile.mapping(), [&](const auto& a, index_t offset_in_tile) {
      index_array<G::rank()> e = origin;
      bool inside = true;
      for (std::size_t k = 0; k < G::tile_rank(); ++k) {
        const std::size_t j = G::rank() - G::tile_rank() + k;  // physical dimension of tile dimension k
        const auto d = static_cast<std::size_t>(t.shape().layout.minor_to_major[G::rank() - 1 - j]);
        e[d] += a[k];
        if (e[d] >= t.extent(d)) inside = false;
        if (a[k] >= grid.valid_extent(g, k)) REQUIRE(!inside);
      }
      const index_t offset = start + offset_in_tile;
      if (inside) {
        REQUIRE(&t(e) == &tile(a));
        REQUIRE(offset == t.mapping().offset(e.values));
      } else {
        REQUIRE(element_offsets.count(offset) == 0);
      }
    });
  });
  CHECK(tiles_seen == grid.size());
  CHECK(expected_start == t.required_span_size());
}

}  // namespace

TEST_CASE("tiles: the tile type has static extents and the later tiles as its layout", "[tensor][tiles]") {
  using T1 = Tensor<"f32[4096,4096]{1,0:T(8,128)}">;
  using G1 = tile_grid<float, Extents<4096, 4096>, Layout<1, 0, T(8, 128)>>;
  STATIC_REQUIRE(std::is_same_v<decltype(tiles(std::declval<T1>())), G1>);
  STATIC_REQUIRE(std::is_same_v<G1::tile_type, Tensor<F32, Extents<8, 128>>>);
  STATIC_REQUIRE(G1::tile_span == 1024);
  using G2 = decltype(tiles(std::declval<Tensor<"bf16[?,256]{1,0:T(8,128)(2,1)}">>()));
  STATIC_REQUIRE(std::is_same_v<G2::tile_type, Tensor<"bf16[8,128]{1,0:T(2,1)}">>);
  STATIC_REQUIRE(sizeof(G2::tile_type) == sizeof(bf16_bits*));
}

TEST_CASE(
    "tiles: the Tiled layout example F32[3,5]{1,0:T(2,2)}: six 2x2 tiles, element (2,3) is (0,1) of tile "
    "(1,1)",
    "[tensor][tiles][seed]") {
  STATIC_REQUIRE([] {
    float buf[24]{};
    Tensor<"f32[3,5]{1,0:T(2,2)}"> t(buf);
    const auto grid = tiles(t);
    auto tile = grid(1, 1);
    return grid.extent(0) == 2 && grid.extent(1) == 3 && grid.size() == 6 && &tile(0, 1) == buf + 17 &&
           grid.origin({{1, 1}}) == index_array<2>{{2, 2}} && grid.valid_extent({{1, 1}}, 0) == 1 &&
           grid.valid_extent({{1, 2}}, 1) == 1;
  }());
}

TEST_CASE("tiles: every position of every tile, on tiled layouts", "[tensor][tiles]") {
  static std::vector<float> buf(1 << 20);
  check_tiles(Tensor<"f32[3,5]{1,0:T(2,2)}">(buf.data()));
  check_tiles(Tensor<"f32[3,5]{0,1:T(2,2)}">(buf.data()));  // tiles over the physical dimensions
  check_tiles(Tensor<"f32[37,300]{1,0:T(8,128)}">(buf.data()));
  check_tiles(Tensor<"f32[37,300]{1,0:T(8,128)(2,1)}">(buf.data()));
  check_tiles(Tensor<"f32[3,37,300]{2,1,0:T(8,128)}">(buf.data()));  // an untiled major dimension
  check_tiles(Tensor<"f32[6,10,12]{2,0,1:T(4,8)}">(buf.data()));
  check_tiles(Tensor<"f32[9,10]{1,0:T(4)}">(buf.data()));  // a rank-1 tile
  check_tiles(Tensor<F32, Extents<5, 6>, Layout<1, 0, T(2, 4), pad(6, 8)>>(buf.data()));
  for (index_t n : {1, 8, 9, 30}) {
    check_tiles(Tensor<"f32[?,256]{1,0:T(8,128)(2,1)}">(buf.data(), n));
    check_tiles(Tensor<"f32[129,?]{1,0:T(8,128)}">(buf.data(), n));
  }
}

TEST_CASE("tiles: packed elements, whole bytes per tile", "[tensor][tiles]") {
  std::vector<std::uint8_t> bytes(64);
  Tensor<"s4[8,16]{1,0:T(2,8)}"> t(bytes.data());
  const auto grid = tiles(t);
  auto tile = grid(1, 1);
  tile(1, 7) = -1;
  CHECK(t(3, 15) == -1);
  CHECK(tile.data() - t.data() == 3 * 8);  // tile 3 of 16 elements = 8 bytes each
}

TEST_CASE("relayout copy through tiles: {1,0} into {1,0:T(8,128)}", "[tensor][tiles]") {
  std::vector<float> src_buf(64 * 256), dst_buf(64 * 256);
  for (std::size_t k = 0; k < src_buf.size(); ++k) src_buf[k] = static_cast<float>(k);
  const ConstTensor<"f32[64,256]{1,0}"> src(src_buf.data());
  const Tensor<"f32[64,256]{1,0:T(8,128)}"> dst(dst_buf.data());
  const auto grid = tiles(dst);
  for_each_tile(dst, [&](const auto& tile, const auto& g) {
    const auto o = grid.origin(g);
    for (index_t a = 0; a < 8; ++a)
      for (index_t b = 0; b < 128; ++b) tile(a, b) = src(o[0] + a, o[1] + b);
  });
  int wrong = 0;
  for (index_t i = 0; i < 64; ++i)
    for (index_t j = 0; j < 256; ++j) wrong += dst(i, j) != src(i, j);
  CHECK(wrong == 0);
}
