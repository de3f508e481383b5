// bench/cuda/transpose_relayout.cu: a transpose and a relayout of f32[8192,8192] (256 MiB each way) on a GPU,
// each kernel written with xlayout (tensors, views, tiles) beside the same kernel with hand-written offsets,
// and cudaMemcpy device to device of the same bytes (the ceiling). Built and run by bench/cuda/run.sh.
//   memcpy                 cudaMemcpyAsync device to device, 256 MiB
//   relayout/hand          {1,0} -> {1,0:T(8,128)}: one block per 8x128 tile, thread b copies column b of
//                          the tile (8 rows unrolled); offsets written by hand
//   relayout/xlayout       the same kernel through tiles(dst)(ti, tj), grid.origin and the source accessor
//   relayout4/hand         the same copy in float4s: a block of 32x4 threads copies four tiles, thread b
//                          columns 4b..4b+3 of its tile
//   relayout4/xlayout      the same, the float4 addresses taken from the accessors (&tile(a, 4 * b))
//   relayout1/hand         the same relayout one element per thread (element (i, j) of a row of 256 threads),
//                          the destination's offset by hand (shifts and masks)
//   relayout1/xlayout      the same through the tensors' accessors: dst(i, j) = src(i, j)
//   relayout1/runtime      the destination a runtime_tensor<float, 2> (its layout parsed on the host from
//                          "f32[8192,8192]{1,0:T(8,128)}", passed by value, as a custom call receives it)
//   relayout1/runtime_gc   the same with the parameter const __grid_constant__ (read in place, not copied)
//   relayout1/visit        the same through runtime_tensor::visit (the access path chosen once per thread)
//   relayout1/visit_gc     visit with the parameter const __grid_constant__
//   transpose<T>x<R>/hand  dst(i, j) = src(j, i), both {1,0}: a TxT block staged in shared memory (row pitch
//                          T + 1), TxR threads, reads and writes coalesced; offsets by hand (T, R: 32x8,
//                          32x4, 64x8, 64x4)
//   transpose<T>x<R>/xlayout  the same kernel: the staging buffer a Tensor<F32, Extents<T, T + 1>,
//                          Layout<1, 0>>, read back through its view transpose<1, 0>(block); global memory
//                          through the tensors
//   transpose_naive/hand   dst[i * n + j] = src[j * n + i], one thread per element (reads not coalesced)
//   transpose_naive/view   dst(i, j) = transpose<1, 0>(src)(i, j): the view alone
// Every kernel's output is checked element by element on the host against an independent formula, on fresh
// random input and a NaN-poisoned output, before it is timed. Timing: CUDA events around each launch, after
// warm-up; ROUNDS rounds, each timing every kernel REPS times in turn; the median of all launches is
// reported, with the lowest and highest round median (the spread). GB/s counts bytes read plus bytes written.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <xlayout/tensor.hpp>

using namespace xlayout;

namespace {

constexpr index_t n = 8192;
constexpr std::size_t count = static_cast<std::size_t>(n) * n;
constexpr std::size_t bytes = count * sizeof(float);

using Source = ConstTensor<"f32[8192,8192]{1,0}">;
using RowMajor = Tensor<"f32[8192,8192]{1,0}">;
using Tiled = Tensor<"f32[8192,8192]{1,0:T(8,128)}">;

// Relayout {1,0} -> {1,0:T(8,128)}, one block per tile.

__global__ void relayout_hand(const float* src, float* dst) {
  const index_t ti = blockIdx.y, tj = blockIdx.x, b = threadIdx.x;
  float* tile = dst + (ti * (n / 128) + tj) * 1024;
  const float* rows = src + ti * 8 * n + tj * 128;
#pragma unroll
  for (index_t a = 0; a < 8; ++a) tile[a * 128 + b] = rows[a * n + b];
}

__global__ void relayout_xlayout(kernel_arg<const float*> src_arg, kernel_arg<float*> dst_arg) {
  const Source src(src_arg);
  const Tiled dst(dst_arg);
  const auto grid = tiles(dst);
  const index_t ti = blockIdx.y, tj = blockIdx.x, b = threadIdx.x;
  const auto tile = grid(ti, tj);
  const index_array<2> origin = grid.origin({{ti, tj}});
#pragma unroll
  for (index_t a = 0; a < 8; ++a) tile(a, b) = src(origin[0] + a, origin[1] + b);
}

// The same in float4s: block (32, 4) copies tiles (blockIdx.y, 4 * blockIdx.x + threadIdx.y).

__global__ void relayout4_hand(const float* src, float* dst) {
  const index_t ti = blockIdx.y, tj = blockIdx.x * 4 + threadIdx.y, b = threadIdx.x;
  float* tile = dst + (ti * (n / 128) + tj) * 1024;
  const float* rows = src + ti * 8 * n + tj * 128;
#pragma unroll
  for (index_t a = 0; a < 8; ++a)
    *reinterpret_cast<float4*>(tile + a * 128 + 4 * b) =
        *reinterpret_cast<const float4*>(rows + a * n + 4 * b);
}

__global__ void relayout4_xlayout(kernel_arg<const float*> src_arg, kernel_arg<float*> dst_arg) {
  const Source src(src_arg);
  const Tiled dst(dst_arg);
  const auto grid = tiles(dst);
  const index_t ti = blockIdx.y, tj = blockIdx.x * 4 + threadIdx.y, b = threadIdx.x;
  const auto tile = grid(ti, tj);
  const index_array<2> origin = grid.origin({{ti, tj}});
#pragma unroll
  for (index_t a = 0; a < 8; ++a)
    *reinterpret_cast<float4*>(&tile(a, 4 * b)) =
        *reinterpret_cast<const float4*>(&src(origin[0] + a, origin[1] + 4 * b));
}

// The same relayout, one element per thread: i = blockIdx.y, j = blockIdx.x * 256 + threadIdx.x.

__global__ void relayout1_hand(const float* src, float* dst) {
  const index_t i = blockIdx.y, j = blockIdx.x * 256 + threadIdx.x;
  dst[((i >> 3) * (n / 128) + (j >> 7)) * 1024 + (i & 7) * 128 + (j & 127)] = src[i * n + j];
}

// Element (i, j) of this thread copied into dst (a Tiled or a runtime_tensor), through dst's accessor or
// through its visit. Inlined, so a __grid_constant__ parameter is still read in place.
template <class Dst>
__device__ __forceinline__ void copy_element(kernel_arg<const float*> src_arg, const Dst& dst) {
  const Source src(src_arg);
  const index_t i = blockIdx.y, j = blockIdx.x * 256 + threadIdx.x;
  dst(i, j) = src(i, j);
}
template <class Dst>
__device__ __forceinline__ void copy_element_visit(kernel_arg<const float*> src_arg, const Dst& dst) {
  const Source src(src_arg);
  const index_t i = blockIdx.y, j = blockIdx.x * 256 + threadIdx.x;
  dst.visit([&](const auto& a) { a(i, j) = src(i, j); });
}

__global__ void relayout1_xlayout(kernel_arg<const float*> src_arg, kernel_arg<float*> dst_arg) {
  copy_element(src_arg, Tiled(dst_arg));
}
__global__ void relayout1_runtime(kernel_arg<const float*> src_arg, runtime_tensor<float, 2> dst) {
  copy_element(src_arg, dst);
}
// The same with the parameter __grid_constant__: read in place, never copied to the thread's stack (the
// kernels without it take its address for the access path's call, so nvcc copies the tensor per thread: 688
// bytes of stack at rank 2, 3,808 when its mapping was sized for rank 12).
__global__ void relayout1_runtime_gc(kernel_arg<const float*> src_arg,
                                     const __grid_constant__ runtime_tensor<float, 2> dst) {
  copy_element(src_arg, dst);
}
__global__ void relayout1_visit(kernel_arg<const float*> src_arg, runtime_tensor<float, 2> dst) {
  copy_element_visit(src_arg, dst);
}
__global__ void relayout1_visit_gc(kernel_arg<const float*> src_arg,
                                   const __grid_constant__ runtime_tensor<float, 2> dst) {
  copy_element_visit(src_arg, dst);
}

// Transpose through a shared-memory block.
// A Tile x Tile block of src staged in shared memory (row pitch Tile + 1: no bank conflicts), Tile x Rows
// threads, each copying Tile / Rows elements in and out; reads and writes coalesced.

template <int Tile, int Rows>
__global__ void transpose_hand(const float* src, float* dst) {
  __shared__ float buffer[Tile * (Tile + 1)];
  const index_t r0 = blockIdx.y * Tile, c0 = blockIdx.x * Tile, x = threadIdx.x, y = threadIdx.y;
#pragma unroll
  for (index_t k = 0; k < Tile; k += Rows) buffer[(y + k) * (Tile + 1) + x] = src[(r0 + y + k) * n + c0 + x];
  __syncthreads();
#pragma unroll
  for (index_t k = 0; k < Tile; k += Rows) dst[(c0 + y + k) * n + r0 + x] = buffer[x * (Tile + 1) + y + k];
}

template <int Tile, int Rows>
__global__ void transpose_xlayout(kernel_arg<const float*> src_arg, kernel_arg<float*> dst_arg) {
  __shared__ float buffer[Tile * (Tile + 1)];
  const Source src(src_arg);
  const RowMajor dst(dst_arg);
  const Tensor<F32, Extents<Tile, Tile + 1>, Layout<1, 0>> block(buffer);
  const auto block_t = transpose<1, 0>(block);  // block_t(i, j) is block(j, i)
  const index_t r0 = blockIdx.y * Tile, c0 = blockIdx.x * Tile, x = threadIdx.x, y = threadIdx.y;
#pragma unroll
  for (index_t k = 0; k < Tile; k += Rows) block(y + k, x) = src(r0 + y + k, c0 + x);
  __syncthreads();
#pragma unroll
  for (index_t k = 0; k < Tile; k += Rows) dst(c0 + y + k, r0 + x) = block_t(y + k, x);
}

template <int Tile, int Rows>
void launch_transpose_hand(const float* s, float* d) {
  transpose_hand<Tile, Rows><<<dim3(n / Tile, n / Tile), dim3(Tile, Rows)>>>(s, d);
}
template <int Tile, int Rows>
void launch_transpose_xlayout(const float* s, float* d) {
  transpose_xlayout<Tile, Rows>
      <<<dim3(n / Tile, n / Tile), dim3(Tile, Rows)>>>(kernel_arg_of(Source(s)), kernel_arg_of(RowMajor(d)));
}

// Transpose, one thread per element.

__global__ void transpose_naive_hand(const float* src, float* dst) {
  const index_t i = blockIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
  dst[i * n + j] = src[j * n + i];
}

__global__ void transpose_naive_view(kernel_arg<const float*> src_arg, kernel_arg<float*> dst_arg) {
  const RowMajor dst(dst_arg);
  const auto view = transpose<1, 0>(Source(src_arg));
  const index_t i = blockIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
  dst(i, j) = view(i, j);
}

// The host side.

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "CUDA error in %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

enum class expect { copy, tiled, transposed };

// The destination as a tensor whose layout is a run-time value (made in main, over the same buffer).
const runtime_tensor<float, 2>* runtime_dst = nullptr;
// Launches one of the relayout1 kernels that write runtime_dst (they differ in how they take it).
template <auto Kernel>
void launch_relayout1_runtime(const float* s, float*) {
  Kernel<<<dim3(n / 256, n), 256>>>(kernel_arg_of(Source(s)), *runtime_dst);
}

struct variant {
  const char* name;
  expect kind;
  void (*launch)(const float*, float*);
  std::vector<float> ms{};  // every timed launch
  std::vector<float> round_medians{};
  variant(const char* name_, expect kind_, void (*launch_)(const float*, float*))
      : name(name_), kind(kind_), launch(launch_) {}
};

float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

// The expected position of source element (i, j) in the output, written independently of the library.
std::size_t expected_offset(expect kind, std::size_t i, std::size_t j) {
  const std::size_t m = static_cast<std::size_t>(n);
  switch (kind) {
    case expect::copy:
      return i * m + j;
    case expect::tiled:
      return ((i / 8) * (m / 128) + j / 128) * 1024 + (i % 8) * 128 + j % 128;
    case expect::transposed:
      return j * m + i;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 3;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 20;
  cudaDeviceProp prop{};
  check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  std::printf("device: %s, %d SMs, L2 %d MB; f32[%lld,%lld], %zu MiB each way\n", prop.name,
              prop.multiProcessorCount, prop.l2CacheSize >> 20, static_cast<long long>(n),
              static_cast<long long>(n), bytes >> 20);

  // Fresh random input every run (never zeros): finite floats from a seeded generator.
  const auto seed = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
  std::vector<float> host_src(count), host_dst(count);
  std::uint64_t state = seed | 1;
  for (auto& x : host_src) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    x = static_cast<float>(static_cast<std::int64_t>(state >> 40) - (1 << 23)) * 0.25f;
  }
  float *src = nullptr, *dst = nullptr;
  check(cudaMalloc(&src, bytes), "cudaMalloc");
  check(cudaMalloc(&dst, bytes), "cudaMalloc");
  check(cudaMemcpy(src, host_src.data(), bytes, cudaMemcpyHostToDevice), "copy in");

  const auto tiled_shape = parse_shape("f32[8192,8192]{1,0:T(8,128)}");
  if (!tiled_shape) return 1;
  auto runtime = make_runtime_tensor<2>(dst, *tiled_shape);
  if (!runtime) return 1;
  runtime_dst = &*runtime;

  std::vector<variant> variants = {
      {"memcpy", expect::copy,
       [](const float* s, float* d) {
         check(cudaMemcpyAsync(d, s, bytes, cudaMemcpyDeviceToDevice), "memcpy");
       }},
      {"relayout/hand", expect::tiled,
       [](const float* s, float* d) { relayout_hand<<<dim3(n / 128, n / 8), 128>>>(s, d); }},
      {"relayout/xlayout", expect::tiled,
       [](const float* s, float* d) {
         relayout_xlayout<<<dim3(n / 128, n / 8), 128>>>(kernel_arg_of(Source(s)), kernel_arg_of(Tiled(d)));
       }},
      {"relayout4/hand", expect::tiled,
       [](const float* s, float* d) { relayout4_hand<<<dim3(n / 512, n / 8), dim3(32, 4)>>>(s, d); }},
      {"relayout4/xlayout", expect::tiled,
       [](const float* s, float* d) {
         relayout4_xlayout<<<dim3(n / 512, n / 8), dim3(32, 4)>>>(kernel_arg_of(Source(s)),
                                                                  kernel_arg_of(Tiled(d)));
       }},
      {"relayout1/hand", expect::tiled,
       [](const float* s, float* d) { relayout1_hand<<<dim3(n / 256, n), 256>>>(s, d); }},
      {"relayout1/xlayout", expect::tiled,
       [](const float* s, float* d) {
         relayout1_xlayout<<<dim3(n / 256, n), 256>>>(kernel_arg_of(Source(s)), kernel_arg_of(Tiled(d)));
       }},
      {"relayout1/runtime", expect::tiled, launch_relayout1_runtime<relayout1_runtime>},
      {"relayout1/runtime_gc", expect::tiled, launch_relayout1_runtime<relayout1_runtime_gc>},
      {"relayout1/visit", expect::tiled, launch_relayout1_runtime<relayout1_visit>},
      {"relayout1/visit_gc", expect::tiled, launch_relayout1_runtime<relayout1_visit_gc>},
      {"transpose32x8/hand", expect::transposed, launch_transpose_hand<32, 8>},
      {"transpose32x8/xlayout", expect::transposed, launch_transpose_xlayout<32, 8>},
      {"transpose32x4/hand", expect::transposed, launch_transpose_hand<32, 4>},
      {"transpose32x4/xlayout", expect::transposed, launch_transpose_xlayout<32, 4>},
      {"transpose64x8/hand", expect::transposed, launch_transpose_hand<64, 8>},
      {"transpose64x8/xlayout", expect::transposed, launch_transpose_xlayout<64, 8>},
      {"transpose64x4/hand", expect::transposed, launch_transpose_hand<64, 4>},
      {"transpose64x4/xlayout", expect::transposed, launch_transpose_xlayout<64, 4>},
      {"transpose_naive/hand", expect::transposed,
       [](const float* s, float* d) { transpose_naive_hand<<<dim3(n / 256, n), 256>>>(s, d); }},
      {"transpose_naive/view", expect::transposed,
       [](const float* s, float* d) {
         transpose_naive_view<<<dim3(n / 256, n), 256>>>(kernel_arg_of(Source(s)),
                                                         kernel_arg_of(RowMajor(d)));
       }},
  };

  // Correctness: poison the output, run once, compare every element.
  int failures = 0;
  for (auto& v : variants) {
    check(cudaMemset(dst, 0xff, bytes), "poison");
    v.launch(src, dst);
    check(cudaGetLastError(), v.name);
    check(cudaDeviceSynchronize(), v.name);
    check(cudaMemcpy(host_dst.data(), dst, bytes, cudaMemcpyDeviceToHost), "copy out");
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i)
      for (std::size_t j = 0; j < static_cast<std::size_t>(n); ++j)
        if (std::memcmp(&host_dst[expected_offset(v.kind, i, j)], &host_src[i * n + j], sizeof(float)) != 0)
          ++wrong;
    std::printf("check %-24s %s (%zu wrong)\n", v.name, wrong ? "FAILED" : "ok", wrong);
    failures += wrong != 0;
  }
  if (failures) return 1;

  // Timing.
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "event");
  check(cudaEventCreate(&stop), "event");
  for (auto& v : variants)
    for (int w = 0; w < 3; ++w) v.launch(src, dst);
  check(cudaDeviceSynchronize(), "warm-up");
  for (int r = 0; r < rounds; ++r) {
    for (auto& v : variants) {
      std::vector<float> round;
      for (int k = 0; k < reps; ++k) {
        check(cudaEventRecord(start), "record");
        v.launch(src, dst);
        check(cudaEventRecord(stop), "record");
        check(cudaEventSynchronize(stop), "sync");
        check(cudaGetLastError(), v.name);
        float ms = 0;
        check(cudaEventElapsedTime(&ms, start, stop), "elapsed");
        round.push_back(ms);
        v.ms.push_back(ms);
      }
      v.round_medians.push_back(median(round));
    }
  }
  const double copy_ms = median(variants[0].ms);
  std::printf("\n%-24s %10s %9s %18s %9s\n", "kernel", "median ms", "GB/s", "round medians ms", "of copy");
  for (const auto& v : variants) {
    const double ms = median(v.ms);
    const auto [lo, hi] = std::minmax_element(v.round_medians.begin(), v.round_medians.end());
    std::printf("%-24s %10.4f %9.1f %8.4f-%-9.4f %8.3f\n", v.name, ms, 2.0 * bytes / (ms * 1e6), *lo, *hi,
                copy_ms / ms);
  }
  auto ratio = [&](const char* a, const char* b) {
    double x = 0, y = 0;
    for (const auto& v : variants) {
      if (std::strcmp(v.name, a) == 0) x = median(v.ms);
      if (std::strcmp(v.name, b) == 0) y = median(v.ms);
    }
    std::printf("time %s / %s = %.3f\n", a, b, x / y);
  };
  ratio("relayout/xlayout", "relayout/hand");
  ratio("relayout4/xlayout", "relayout4/hand");
  ratio("relayout1/xlayout", "relayout1/hand");
  ratio("relayout1/runtime", "relayout1/xlayout");
  ratio("relayout1/runtime_gc", "relayout1/xlayout");
  ratio("relayout1/visit", "relayout1/xlayout");
  ratio("relayout1/visit_gc", "relayout1/xlayout");
  ratio("transpose32x8/xlayout", "transpose32x8/hand");
  ratio("transpose32x4/xlayout", "transpose32x4/hand");
  ratio("transpose64x8/xlayout", "transpose64x8/hand");
  ratio("transpose64x4/xlayout", "transpose64x4/hand");
  ratio("transpose_naive/view", "transpose_naive/hand");
  cudaFree(src);
  cudaFree(dst);
  return 0;
}
