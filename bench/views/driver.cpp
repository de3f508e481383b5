// bench/views/driver.cpp: each view beside hand-written index arithmetic, as never-inlined, flattened loops
// with plain names (view_transpose / hand_transpose, ...), each run once, so that callgrind counts the
// instructions of each (bench/views/instructions.sh); and the lowered map (lowered_map<M>::evaluate)
// beside the interpreter (IndexingMap<...>::evaluate), per point. The identity pair (base_identity /
// view_identity: a reshape chain that composes to the identity) must compile to the same instructions. The
// driver checks that every loop of a pair returns the same sum (CTest bench.views_driver).
#include <cstdint>
#include <cstdio>
#include <vector>
#include <xlayout/static/indexing_map.hpp>
#include <xlayout/tensor.hpp>
#include <xlayout/tensor/view.hpp>
#include <xlayout/text/parse_shape.hpp>

using namespace xlayout;
using sum_t = std::uint64_t;
using U = std::uint64_t;

namespace {
using Tiled = ConstTensor<"f32[256,512]{1,0:T(8,128)}">;  // 2 x 4 tiles per 16 x 512 rows
using Cube = ConstTensor<"f32[32,32,256]{2,1,0:T(8,128)}">;
using Narrow = ConstTensor<"f32[256,128]{1,0:T(8,128)}">;
// The slot of element (i, j) of Tiled, by hand: tile (i / 8, j / 128), then (i mod 8, j mod 128) inside it.
inline index_t tiled_slot(U i, U j) {
  return static_cast<index_t>((((i >> 3) * 4 + (j >> 7)) << 10) + ((i & 7) << 7) + (j & 127));
}
inline sum_t add(sum_t s, float x) { return s + static_cast<sum_t>(x); }
}  // namespace

#define VIEW_LOOP extern "C" [[gnu::noinline, gnu::flatten]] sum_t

// --- identity: reshape<32, 32, 256>(reshape<1024, 256>(t)) is t --------------------------------------------
VIEW_LOOP base_identity(const float* p) {
  const Cube t(p);
  sum_t s = 0;
  for (index_t i = 0; i < 32; ++i)
    for (index_t j = 0; j < 32; ++j)
      for (index_t k = 0; k < 256; ++k) s = add(s, t(i, j, k));
  return s;
}
VIEW_LOOP view_identity(const float* p) {
  const auto v = reshape<32, 32, 256>(reshape<1024, 256>(Cube(p)));
  static_assert(decltype(v)::is_identity);
  sum_t s = 0;
  for (index_t i = 0; i < 32; ++i)
    for (index_t j = 0; j < 32; ++j)
      for (index_t k = 0; k < 256; ++k) s = add(s, v(i, j, k));
  return s;
}

// --- transpose<1, 0> of the tiled tensor ------------------------------------------------------------------
VIEW_LOOP view_transpose(const float* p) {
  const auto v = transpose<1, 0>(Tiled(p));
  sum_t s = 0;
  for (index_t i = 0; i < 512; ++i)
    for (index_t j = 0; j < 256; ++j) s = add(s, v(i, j));
  return s;
}
VIEW_LOOP hand_transpose(const float* p) {
  sum_t s = 0;
  for (U i = 0; i < 512; ++i)
    for (U j = 0; j < 256; ++j) s = add(s, p[tiled_slot(j, i)]);
  return s;
}

// --- slice [8:248], [0:512:2] -----------------------------------------------------------------------------
VIEW_LOOP view_slice(const float* p) {
  const auto v = slice(Tiled(p), Slice<8, 248>{}, Slice<0, 512, 2>{});
  sum_t s = 0;
  for (index_t i = 0; i < 240; ++i)
    for (index_t j = 0; j < 256; ++j) s = add(s, v(i, j));
  return s;
}
VIEW_LOOP hand_slice(const float* p) {
  sum_t s = 0;
  for (U i = 0; i < 240; ++i)
    for (U j = 0; j < 256; ++j) s = add(s, p[tiled_slot(i + 8, 2 * j)]);
  return s;
}

// --- reverse<0, 1> ----------------------------------------------------------------------------------------
VIEW_LOOP view_reverse(const float* p) {
  const auto v = reverse<0, 1>(Tiled(p));
  sum_t s = 0;
  for (index_t i = 0; i < 256; ++i)
    for (index_t j = 0; j < 512; ++j) s = add(s, v(i, j));
  return s;
}
VIEW_LOOP hand_reverse(const float* p) {
  sum_t s = 0;
  for (U i = 0; i < 256; ++i)
    for (U j = 0; j < 512; ++j) s = add(s, p[tiled_slot(255 - i, 511 - j)]);
  return s;
}

// --- reshape<128, 1024> -----------------------------------------------------------------------------------
VIEW_LOOP view_reshape(const float* p) {
  const auto v = reshape<128, 1024>(Tiled(p));
  sum_t s = 0;
  for (index_t i = 0; i < 128; ++i)
    for (index_t j = 0; j < 1024; ++j) s = add(s, v(i, j));
  return s;
}
VIEW_LOOP hand_reshape(const float* p) {
  sum_t s = 0;
  for (U i = 0; i < 128; ++i)
    for (U j = 0; j < 1024; ++j) s = add(s, p[tiled_slot(2 * i + (j >> 9), j & 511)]);
  return s;
}

// --- broadcast<Extents<4, 256, 512>> ----------------------------------------------------------------------
VIEW_LOOP view_broadcast(const float* p) {
  const auto v = broadcast<Extents<4, 256, 512>>(Tiled(p));
  sum_t s = 0;
  for (index_t b = 0; b < 4; ++b)
    for (index_t i = 0; i < 256; ++i)
      for (index_t j = 0; j < 512; ++j) s = add(s, v(b, i, j));
  return s;
}
VIEW_LOOP hand_broadcast(const float* p) {
  sum_t s = 0;
  for (U b = 0; b < 4; ++b)
    for (U i = 0; i < 256; ++i)
      for (U j = 0; j < 512; ++j) s = add(s, p[tiled_slot(i, j)]);
  return s;
}

// --- bitcast<"f32[32768]{0}"> of f32[256,128]{1,0:T(8,128)} (one tile per 8 rows: the buffer in order) -----
VIEW_LOOP view_bitcast(const float* p) {
  const auto v = bitcast<"f32[32768]{0}">(Narrow(p));
  sum_t s = 0;
  for (index_t i = 0; i < 32768; ++i) s = add(s, v(i));
  return s;
}
VIEW_LOOP hand_bitcast(const float* p) {
  sum_t s = 0;
  for (U i = 0; i < 32768; ++i) s = add(s, p[i]);
  return s;
}

// --- a chain: reverse<0>(transpose<1, 0>(slice(t, [0:256:2], [0:512]))) -----------------------------------
VIEW_LOOP view_chain(const float* p) {
  const auto v = reverse<0>(transpose<1, 0>(slice(Tiled(p), Slice<0, 256, 2>{}, Slice<0, 512>{})));
  sum_t s = 0;
  for (index_t i = 0; i < 512; ++i)
    for (index_t j = 0; j < 128; ++j) s = add(s, v(i, j));
  return s;
}
VIEW_LOOP hand_chain(const float* p) {
  sum_t s = 0;
  for (U i = 0; i < 512; ++i)
    for (U j = 0; j < 128; ++j) s = add(s, p[tiled_slot(2 * j, 511 - i)]);
  return s;
}

// --- a map evaluated: the lowered map against the interpreter, per point ------------------------------
using TileMap = IndexingMap<
    "(d0, d1) -> (d0 floordiv 8, d1 floordiv 128, d0 mod 8, d1 mod 128), "
    "domain: d0 in [0, 255], d1 in [0, 511]">;
VIEW_LOOP map_lowered(index_t rows) {  // rows: a run-time bound, so that the loop is not folded away
  sum_t s = 0;
  for (index_t i = 0; i < rows; ++i)
    for (index_t j = 0; j < 512; ++j) {
      const auto r = lowered_map<TileMap>::evaluate(i, j);
      s += static_cast<sum_t>(r[0] + r[1] + r[2] + r[3]);
    }
  return s;
}
VIEW_LOOP map_interpreter(index_t rows) {
  sum_t s = 0;
  for (index_t i = 0; i < rows; ++i)
    for (index_t j = 0; j < 512; ++j) {
      const auto r = TileMap::evaluate(i, j);
      s += static_cast<sum_t>(r[0] + r[1] + r[2] + r[3]);
    }
  return s;
}

// --- for_each over transpose<1, 0> of the tiled tensor (the base's memory order) beside for_each over the
// base, each using the index: the view's walk is the base's, its index permuted -----------------------------
VIEW_LOOP base_walk(const float* p) {
  sum_t s = 0;
  for_each(Tiled(p),
           [&](const index_array<2>& i, const float& x) { s = add(s, x) + static_cast<sum_t>(i[1]); });
  return s;
}
VIEW_LOOP view_walk(const float* p) {
  sum_t s = 0;
  for_each(transpose<1, 0>(Tiled(p)),
           [&](const index_array<2>& i, const float& x) { s = add(s, x) + static_cast<sum_t>(i[0]); });
  return s;
}

// --- transpose<1, 0> of a runtime_tensor (Tiled's layout as a run-time value) beside t(j, i) on it
// ---------- The hand-written alternative to a view of a run-time layout: the same loop, the indices swapped
// by hand.
using Runtime = runtime_tensor<const float, 2>;
VIEW_LOOP view_runtime(const Runtime* t) {
  const auto v = transpose<1, 0>(*t);
  sum_t s = 0;
  for (index_t i = 0; i < 512; ++i)
    for (index_t j = 0; j < 256; ++j) s = add(s, v(i, j));
  return s;
}
VIEW_LOOP hand_runtime(const Runtime* t) {
  sum_t s = 0;
  for (index_t i = 0; i < 512; ++i)
    for (index_t j = 0; j < 256; ++j) s = add(s, (*t)(j, i));
  return s;
}

int main() {
  std::vector<float> buffer(32 * 32 * 256);  // the largest span: Cube
  for (std::size_t k = 0; k < buffer.size(); ++k) buffer[k] = static_cast<float>(k % 7);
  const float* p = buffer.data();
  int failures = 0;
  const auto expect = [&](const char* what, sum_t view, sum_t hand) {
    std::printf("%-10s %12llu %12llu\n", what, static_cast<unsigned long long>(view),
                static_cast<unsigned long long>(hand));
    if (view != hand) ++failures;
  };
  std::printf("%-10s %12s %12s\n", "loop", "view", "hand");
  expect("identity", view_identity(p), base_identity(p));
  expect("transpose", view_transpose(p), hand_transpose(p));
  expect("slice", view_slice(p), hand_slice(p));
  expect("reverse", view_reverse(p), hand_reverse(p));
  expect("reshape", view_reshape(p), hand_reshape(p));
  expect("broadcast", view_broadcast(p), hand_broadcast(p));
  expect("bitcast", view_bitcast(p), hand_bitcast(p));
  expect("chain", view_chain(p), hand_chain(p));
  expect("walk", view_walk(p), base_walk(p));
  expect("map", map_lowered(256), map_interpreter(256));
  const auto runtime = make_runtime_tensor<2>(p, *parse_shape("f32[256,512]{1,0:T(8,128)}"));
  if (!runtime) return 1;
  expect("runtime", view_runtime(&*runtime), hand_runtime(&*runtime));
  if (failures != 0) std::printf("%d loops disagree\n", failures);
  return failures == 0 ? 0 : 1;
}
