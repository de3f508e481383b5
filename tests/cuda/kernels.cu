// tests/cuda/kernels.cu: the accessors and iteration functions in device code, as a kernel author writes
// them (compiled by nvcc -std=c++20 -arch=sm_90; tests/cuda/CMakeLists.txt). Tiled and repeated-tiled
// accessors, a relayout copy kernel with one block per tile, for_each and for_each_static in device code, a
// transpose through a view, views of a tensor with a '?' extent (a map_view among them), a tensor whose
// layout is a run-time value (its accessor, visit, for_each, and a view of it built on the host), and the
// Tensor<F32, Extents<...>, Layout<...>> spellings (text, C++ syntax, padded dimensions) named in host code.
#include <cstdint>
#include <type_traits>
#include <utility>
#include <xlayout/tensor.hpp>

using namespace xlayout;

using Source = ConstTensor<"f32[4096,4096]{1,0}">;
using Tiled = Tensor<"f32[4096,4096]{1,0:T(8,128)}">;
using Batch = Tensor<"bf16[?,256]{1,0:T(8,128)(2,1)}">;  // repeated tiling, a dynamic extent
// The text of Source in a Tensor: nvcc's host pass re-prints this type member by member (a tensor_spec it has
// met before), which needs tensor_spec's two-argument constructor.
using RowMajor = Tensor<"f32[4096,4096]{1,0}">;
// The design card's other spellings, named in host code: nvcc's host pass re-prints these aliases, and the
// layout's key must print as something host code can read (keyed_by_chars in static/shape.hpp).
using Blocked = Tensor<F32, Extents<64, 64>, Layout<"{1,0:T(8,8)}">>;
using ConstBlocked = ConstTensor<F32, Extents<64, 64>, Layout<"{1,0:T(8,8)}">>;
using Quads = Tensor<F32, Extents<64, 64>, Layout<1, 0, T(2, 2)>>;
using Padded = ConstTensor<F32, Extents<30, 50>, Layout<0, 1, pad(32, 64)>>;  // padded dimensions

// Zero overhead in space, in host and device compilation: one pointer, plus one index_t per dynamic extent.
static_assert(sizeof(Tiled) == sizeof(float*));
static_assert(sizeof(Batch) == sizeof(void*) + sizeof(index_t));
static_assert(sizeof(decltype(tiles(Tiled())(0, 0))) == sizeof(float*));

// Kernels take kernel_arg<handle, dynamic rank> (the data handle and the dynamic extents) and build the
// tensor: nvcc 13's host-side launch stub cannot spell a type whose template arguments are class values.
// (Nor can it always re-print a nested name of such a type in host code, e.g. Batch::kernel_arg_type.)

// Relayout {1,0} -> {1,0:T(8,128)}: block (bx, by) copies tile (by, bx); thread x copies column x of the
// tile, its eight rows unrolled with compile-time offsets inside the tile.
__global__ void relayout(kernel_arg<const float*> src_arg, kernel_arg<float*> dst_arg) {
  const Source src(src_arg);
  const Tiled dst(dst_arg);
  const auto grid = tiles(dst);
  const auto tile = grid(static_cast<index_t>(blockIdx.y), static_cast<index_t>(blockIdx.x));
  const index_array<2> origin =
      grid.origin({{static_cast<index_t>(blockIdx.y), static_cast<index_t>(blockIdx.x)}});
  const index_t b = threadIdx.x;
#pragma unroll
  for (index_t a = 0; a < 8; ++a) tile(a, b) = src(origin[0] + a, origin[1] + b);
}

// The repeated-tiled accessor: scale every element of row blockIdx.x, one thread per column.
__global__ void scale(kernel_arg<bf16_bits*, 1> arg, float factor) {
  const Batch t(arg);
  const index_t i = blockIdx.x, j = threadIdx.x;
  t(i, j) = from_float<bf16_bits>(to_float(t(i, j)) * factor);
}

// Checked access in device code: an out-of-range index gives an error value, not a trap.
__global__ void checked(kernel_arg<float*> arg, std::int64_t i, std::int64_t j, int* status) {
  const Tiled t(arg);
  const auto r = t.at(i, j);
  *status = r ? 0 : static_cast<int>(r.error().id);
}

// for_each over a tile (memory order, no division per element) and for_each_static over a 2x2-tiled
// 4x4 block (unrolled, every offset a constant).
__global__ void walks(kernel_arg<float*> arg, float* sums) {
  const Tiled t(arg);
  const auto tile = tiles(t)(static_cast<index_t>(blockIdx.y), static_cast<index_t>(blockIdx.x));
  float sum = 0;
  for_each(tile, [&](const index_array<2>&, float& x) { sum += x; });
  sums[blockIdx.y * gridDim.x + blockIdx.x] = sum;
}
__global__ void unrolled(float* p) {
  const Tensor<"f32[4,4]{1,0:T(2,2)}"> t(p);
  for_each_static(t, [](auto idx, float& x) {
    x = static_cast<float>(decltype(idx)::template get<0>().value * 10 +
                           decltype(idx)::template get<1>().value);
  });
}
// for_each with the element alone over a layout without padding, and over a transpose of it: one loop over
// the slots.
__global__ void fill_dense(float* p) {
  const Tensor<"f32[64,64]{0,1:T(8,8)}"> t(p);
  for_each(t, [](float& x) { x = 1; });
  for_each(transpose<1, 0>(t), [](float& x) { x += 1; });
}
// Scalar tensors: rank 0 (nvcc warned "pointless comparison of unsigned integer with zero" on the index
// loops of rank 0 until they counted with !=).
__global__ void scalars(float* p, unsigned* q) {
  const Tensor<"f32[]"> s(p);
  s() = 1;
  const Tensor<"u32[]{:T(128)}"> u(q);
  u() = 2;
}

// A transpose through a view: dst(i, j) = src(j, i), both tiled T(8,128); the view's offsets are those of
// f32[4096,4096]{0,1:T(8,128)}. One thread per element of a row of dst.
__global__ void transposed(kernel_arg<const float*> src_arg, kernel_arg<float*> dst_arg) {
  const ConstTensor<"f32[4096,4096]{1,0:T(8,128)}"> src(src_arg);
  const Tiled dst(dst_arg);
  const auto view = transpose<1, 0>(src);
  const auto i = static_cast<index_t>(blockIdx.y);
  const auto j = static_cast<index_t>(blockIdx.x * blockDim.x + threadIdx.x);
  dst(i, j) = view(i, j);
}

// A copy into a tensor of the same text as the source's (RowMajor, above).
__global__ void copied(kernel_arg<const float*> src_arg, kernel_arg<float*> dst_arg) {
  const Source src(src_arg);
  const RowMajor dst(dst_arg);
  const auto i = static_cast<index_t>(blockIdx.y);
  const auto j = static_cast<index_t>(blockIdx.x * blockDim.x + threadIdx.x);
  dst(i, j) = src(i, j);
}

// The spellings above in a kernel: Blocked(i, j) = ConstBlocked(j, i) + Quads(i, j) + Padded(i % 30, j % 50).
__global__ void spellings(kernel_arg<float*> blocked_arg, kernel_arg<const float*> const_arg,
                          kernel_arg<float*> quads_arg, kernel_arg<const float*> padded_arg) {
  const Blocked blocked(blocked_arg);
  const ConstBlocked source(const_arg);
  const Quads quads(quads_arg);
  const Padded padded(padded_arg);
  const auto i = static_cast<index_t>(blockIdx.x), j = static_cast<index_t>(threadIdx.x);
  blocked(i, j) = source(j, i) + quads(i, j) + padded(i % 30, j % 50);
}

// Views of a tensor with a '?' extent: its rows reversed (the view holds extent - 1) and a run-time slice of
// its columns (start and stride held by the view, its extent '?'); one thread per element of the slice.
__global__ void dynamic_views(kernel_arg<bf16_bits*, 1> arg, index_t start, index_t limit, index_t stride,
                              float* out) {
  const Batch t(arg);
  const auto v = slice(reverse<0>(t), Slice<0, 1>{}, runtime_slice{start, limit, stride});
  const auto j = static_cast<index_t>(threadIdx.x);
  if (j < v.extent(1)) {
    out[j] = to_float(v(0, j));
    const auto r = v.at(0, j);  // checked access through the view
    if (!r) out[j] = -1.0f;
  }
  for_each(transpose<1, 0>(v), [&](const index_array<2>& idx, bf16_bits& x) {
    if (idx[0] == j) x = from_float<bf16_bits>(0.0f);
  });
  // A slice whose bounds come from the launch, checked (an error value, no trap), and a row broadcast to a
  // run-time number of rows.
  if (const auto c = checked_slice(t, 0, runtime_slice{start, limit, stride})) {
    if (j < c->extent(0)) out[j] += to_float((*c)(j));
  }
  const auto rows = broadcast<Extents<dyn, 256>, 1>(slice(t, 0, Slice<0, 256>{}), limit);
  if (j < rows.extent(0)) out[j] += to_float(rows(j, 7));
  // A map_view with a symbol (the row, checked against its bounds) over the '?' extent (its reach, row 7,
  // checked when the view is built).
  const auto row = map_view<IndexingMap<"(d0)[s0] -> (s0, d0), domain: d0 in [0, 255], s0 in [0, 7]">>(t);
  if (j < 256) out[j] += to_float(row(j, 7));
}

// A layout known only at run time (e.g. a custom call's operand): the mapping is made on the host and passed
// as a const __grid_constant__ parameter, which the kernel reads in place (by plain value, nvcc copies it to
// every thread's stack where the accessor's rare path takes its address: bench/cuda, 320 times slower when
// the tensor was 3.8 KB; 3.8 KB still for this one, whose rank is a run-time value).
__global__ void runtime_layout(const __grid_constant__ runtime_tensor<float> t, float value) {
  const auto i = static_cast<index_t>(blockIdx.x), j = static_cast<index_t>(threadIdx.x);
  if (i < t.extent(0) && j < t.extent(1)) t(i, j) = value;
}

// The same with the rank known when the kernel is written: visit compiles the thread's work once per access
// path (strided, two or three power-of-two digits per dimension, general) with the path's constants in
// registers.
__global__ void runtime_layout_visit(const __grid_constant__ runtime_tensor<float, 2> t, float value) {
  const auto i = static_cast<index_t>(blockIdx.x), j = static_cast<index_t>(threadIdx.x);
  t.visit([&](const auto& a) {
    if (i < a.extent(0) && j < a.extent(1)) a(i, j) = value;
  });
}

// Every element of a layout known only at run time, in memory order (tile by tile, padding skipped): one
// thread sums the tensor, as a reduction's last step would.
__global__ void runtime_walk(const __grid_constant__ runtime_tensor<const float, 2> t, float* sum) {
  float s = 0;
  for_each(t, [&](const index_array<2>&, const float& x) { s += x; });
  // The element alone (one loop over the slots where the layout has no padding): the same sum.
  float s2 = 0;
  for_each(t, [&](const float& x) { s2 += x; });
  *sum = (s + s2) / 2;
}

// for_each over views in device code: a transpose (walked in its base's memory order, the index permuted) and
// a slice (row-major), of a Tensor and of a runtime_tensor.
__global__ void view_walks(kernel_arg<float*> arg, const __grid_constant__ runtime_tensor<const float, 2> t,
                           float* sums) {
  const Tiled tiled(arg);
  float s = 0;
  const auto weigh = [&](const index_array<2>& i, const float& x) { s += x * static_cast<float>(i[0]); };
  for_each(transpose<1, 0>(tiled), weigh);
  for_each(slice(tiled, Slice<0, 64, 2>{}, Slice<3, 200>{}), weigh);
  for_each(transpose<1, 0>(t), weigh);
  for_each(slice(t, runtime_slice{0, 8, 1}, runtime_slice{1, 9, 2}), weigh);
  *sums = s;
}

// A view of a runtime_tensor, built on the host and passed as a parameter (the cheapest for nvcc:
// docs/views.md); by plain value here, a view the kernel reads only through its inline paths.
using RuntimeTranspose = decltype(transpose<1, 0>(std::declval<const runtime_tensor<const float, 2>&>()));
__global__ void runtime_view(RuntimeTranspose v, float* out) {
  const auto j = static_cast<index_t>(threadIdx.x);
  if (j < v.extent(0)) out[j] = v(j, 3);
}

// A chain of views of a runtime_tensor built in the kernel (its reverse of a '?' extent an affine map with
// the extent as a term).
__global__ void runtime_view_chain(const __grid_constant__ runtime_tensor<const float, 2> t, float* out) {
  const auto v = reverse<0>(transpose<1, 0>(t));
  const auto j = static_cast<index_t>(threadIdx.x);
  if (j < v.extent(0)) out[j] = v(j, 1);
}

// Views of a runtime_tensor built in the kernel: a slice with run-time bounds, a broadcast to a new leading
// dimension, a map_view and a dynamic_slice, each read once (with the tensor's mapping 3.8 KB at every rank,
// nvcc's device compiler ran past 150 s on this kernel alone; 9 s with it sized for rank 2: views.md).
__global__ void runtime_views_in_kernel(const __grid_constant__ runtime_tensor<const float, 2> t, float* out,
                                        index_t a, index_t b) {
  const auto j = static_cast<index_t>(threadIdx.x);
  const auto s = slice(t, runtime_slice{a, b, 1}, runtime_slice{0, 8, 2});
  const auto c = broadcast<Extents<3, dyn, dyn>>(t);
  const auto m = map_view<IndexingMap<"(d0, d1) -> (d1, d0), domain: d0 in [0, 7], d1 in [0, 7]">>(t);
  const auto d = dynamic_slice<4, 4>(t, a, b);
  if (j < s.extent(0)) out[j] = s(j, 1) + c(1, j, 2) + m(j & 7, 1) + d(j & 3, 1);
}

// A view's base index and buffer offset in device code (what a kernel that addresses the buffer itself
// reads), of a static tensor's view built in the kernel and of the runtime tensor's view above.
__global__ void view_offsets(kernel_arg<const float*> src_arg, RuntimeTranspose rv, float* out) {
  const auto view = transpose<1, 0>(Source(src_arg));
  const auto j = static_cast<index_t>(threadIdx.x);
  if (j < rv.extent(0)) {
    out[j] = static_cast<float>(view.offset(j, 5) + view.base_index(j, 5)[1] + rv.offset(j, 3) +
                                rv.base_index(j, 3)[0]);
  }
}

// The host side launches them (this file is compiled, not run: the test machine may have no GPU).
void launch(const float* src, float* dst, bf16_bits* batch, index_t rows, float* sums, int* status) {
  const Tiled tiled(dst);
  relayout<<<dim3(4096 / 128, 4096 / 8), 128>>>(kernel_arg_of(Source(src)), kernel_arg_of(tiled));
  scale<<<static_cast<unsigned>(rows), 256>>>(kernel_arg_of(Batch(batch, rows)), 0.5f);
  checked<<<1, 1>>>(kernel_arg_of(tiled), 4096, 0, status);
  walks<<<dim3(32, 512), 1>>>(kernel_arg_of(tiled), sums);
  unrolled<<<1, 1>>>(dst);
  scalars<<<1, 1>>>(dst, reinterpret_cast<unsigned*>(sums));
  transposed<<<dim3(4096 / 128, 4096), 128>>>(kernel_arg_of(Source(src)), kernel_arg_of(tiled));
  copied<<<dim3(4096 / 128, 4096), 128>>>(kernel_arg_of(Source(src)), kernel_arg_of(RowMajor(dst)));
  spellings<<<64, 64>>>(kernel_arg_of(Blocked(dst)), kernel_arg_of(ConstBlocked(src)),
                        kernel_arg_of(Quads(dst)), kernel_arg_of(Padded(src)));
  dynamic_views<<<1, 256>>>(kernel_arg_of(Batch(batch, rows)), 3, 200, 5, sums);
  if (const auto s = parse_shape("f32[64,256]{1,0:T(8,128)}")) {
    if (const auto t = make_runtime_tensor(dst, *s)) runtime_layout<<<64, 256>>>(*t, 1.0f);
    if (const auto t = make_runtime_tensor<2>(dst, *s)) runtime_layout_visit<<<64, 256>>>(*t, 1.0f);
    if (const auto t = make_runtime_tensor<2>(src, *s)) {
      runtime_walk<<<1, 1>>>(*t, sums);
      runtime_view<<<1, 256>>>(transpose<1, 0>(*t), sums);
      runtime_view_chain<<<1, 256>>>(*t, sums);
      runtime_views_in_kernel<<<1, 256>>>(*t, sums, 0, 8);
      view_walks<<<1, 1>>>(kernel_arg_of(tiled), *t, sums);
      view_offsets<<<1, 256>>>(kernel_arg_of(Source(src)), transpose<1, 0>(*t), sums);
    }
  }
}
