// bench/runtime/relayout.cpp: relayout f32[4096,4096] from {1,0} into {1,0:T(8,128)} (64 MiB each way):
//   relayout/memcpy         memcpy of the same bytes: the ceiling
//   relayout/tiles          for_each_tile over the destination; each 8 x 128 tile row copied from the source
//                           row the accessors name, with streaming (non-temporal) stores, as memcpy does for
//                           large copies (a plain store first reads the destination line: read for
//                           ownership, a third of the bandwidth), and the source prefetched two tiles ahead
//   relayout/tiles_cached   the same loop with plain stores, element by element through both accessors
//   relayout/hand           the streaming copy with hand-written offsets
// The destination is checked element by element against the source before anything is timed.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#include <xmmintrin.h>
#endif

#include <xlayout/tensor.hpp>

namespace {

using xlayout::index_t;
using Source = xlayout::ConstTensor<"f32[4096,4096]{1,0}">;
using Tiled = xlayout::Tensor<"f32[4096,4096]{1,0:T(8,128)}">;
constexpr index_t n = 4096;
constexpr std::size_t bytes = sizeof(float) * n * n;

struct buffers {
  std::vector<float> src, dst;
  buffers() : src(static_cast<std::size_t>(n * n)), dst(static_cast<std::size_t>(n * n)) {
    for (std::size_t k = 0; k < src.size(); ++k) src[k] = static_cast<float>(k % 1000003);
  }
  static buffers& get() {
    static buffers b;
    return b;
  }
};

/// Copies 128 contiguous floats to a 16-byte aligned destination with streaming stores (plain stores
/// where SSE2 is missing), and asks for the source two tiles further along the same row: the copy reads
/// eight source rows at once, more streams than the hardware prefetcher follows on its own. (A prefetch
/// past the end of the buffer does not fault.)
inline void stream_row(float* dst, const float* src) {
#if defined(__SSE2__)
  for (int k = 0; k < 128; k += 16) _mm_prefetch(reinterpret_cast<const char*>(src + 256 + k), _MM_HINT_T0);
  for (int k = 0; k < 128; k += 4) _mm_stream_ps(dst + k, _mm_loadu_ps(src + k));
#else
  std::memcpy(dst, src, 128 * sizeof(float));
#endif
}
inline void stream_fence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

/// The relayout as a kernel author writes it with xlayout: a loop over the destination's tiles; in each
/// tile, its 8 rows of 128 elements, each found through the accessors and copied with streaming stores.
void relayout_tiles(Source src, Tiled dst) {
  const auto grid = xlayout::tiles(dst);
  xlayout::for_each_tile(dst, [&](const auto& tile, const xlayout::index_array<2>& g) {
    const xlayout::index_array<2> o = grid.origin(g);
    for (index_t a = 0; a < 8; ++a) stream_row(&tile(a, 0), &src(o[0] + a, o[1]));
  });
  stream_fence();
}

/// The same loop, element by element through both accessors (static offsets inside the tile), with the
/// stores the compiler chooses.
void relayout_tiles_cached(Source src, Tiled dst) {
  const auto grid = xlayout::tiles(dst);
  xlayout::for_each_tile(dst, [&](const auto& tile, const xlayout::index_array<2>& g) {
    const xlayout::index_array<2> o = grid.origin(g);
    for (index_t a = 0; a < 8; ++a) {
      for (index_t b = 0; b < 128; ++b) tile(a, b) = src(o[0] + a, o[1] + b);
    }
  });
}

/// The streaming copy with hand-written offsets: tile (bi, bj) starts at (bi * 32 + bj) * 1024.
void relayout_hand(const float* src, float* dst) {
  for (index_t bi = 0; bi < n / 8; ++bi) {
    for (index_t bj = 0; bj < n / 128; ++bj) {
      float* tile = dst + (bi * (n / 128) + bj) * 1024;
      for (index_t a = 0; a < 8; ++a) stream_row(tile + a * 128, src + (bi * 8 + a) * n + bj * 128);
    }
  }
  stream_fence();
}

void check_destination(const char* variant) {
  const buffers& b = buffers::get();
  const Source src(b.src.data());
  const xlayout::ConstTensor<"f32[4096,4096]{1,0:T(8,128)}"> dst(b.dst.data());
  for (index_t i = 0; i < n; ++i) {
    for (index_t j = 0; j < n; ++j) {
      if (dst(i, j) != src(i, j)) {
        std::fprintf(stderr, "bench: relayout/%s: element (%lld, %lld) differs\n", variant,
                     static_cast<long long>(i), static_cast<long long>(j));
        std::exit(2);
      }
    }
  }
}

void bm_relayout_tiles(benchmark::State& state) {
  buffers& b = buffers::get();
  for (auto _ : state) {
    relayout_tiles(Source(b.src.data()), Tiled(b.dst.data()));
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
}

void bm_relayout_tiles_cached(benchmark::State& state) {
  buffers& b = buffers::get();
  for (auto _ : state) {
    relayout_tiles_cached(Source(b.src.data()), Tiled(b.dst.data()));
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
}

void bm_relayout_hand(benchmark::State& state) {
  buffers& b = buffers::get();
  for (auto _ : state) {
    relayout_hand(b.src.data(), b.dst.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
}

void bm_memcpy(benchmark::State& state) {
  buffers& b = buffers::get();
  for (auto _ : state) {
    std::memcpy(b.dst.data(), b.src.data(), bytes);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
}

}  // namespace

namespace bench {
void register_relayout_benchmarks() {
  buffers& b = buffers::get();
  relayout_tiles(Source(b.src.data()), Tiled(b.dst.data()));
  check_destination("tiles");
  std::memset(b.dst.data(), 0, bytes);
  relayout_tiles_cached(Source(b.src.data()), Tiled(b.dst.data()));
  check_destination("tiles_cached");
  std::memset(b.dst.data(), 0, bytes);
  relayout_hand(b.src.data(), b.dst.data());
  check_destination("hand");
  benchmark::RegisterBenchmark("relayout/memcpy", bm_memcpy)->UseRealTime();
  benchmark::RegisterBenchmark("relayout/tiles", bm_relayout_tiles)->UseRealTime();
  benchmark::RegisterBenchmark("relayout/tiles_cached", bm_relayout_tiles_cached)->UseRealTime();
  benchmark::RegisterBenchmark("relayout/hand", bm_relayout_hand)->UseRealTime();
}
}  // namespace bench
