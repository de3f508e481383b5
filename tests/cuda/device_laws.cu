// tests/cuda/device_laws.cu: the accessors, views and walks computed on a GPU equal the same computed on the
// host. Device code takes paths of its own (runtime_tensor's three-digit path inline, the view made by a
// call, the trailing-zero loop of for_each, nvcc's code generation), which no host test executes; the host
// results are the oracle (the host library is checked against brute force by the CTest suite). For every
// case, one thread per element writes the element's offset from the base (&v(i, ...) - base), and one thread
// walks the tensor with for_each, writing the visit number at each element's offset; the host does the same
// with the same types and compares every entry. Compiled by CTest (cuda.device_laws: nvcc, no warnings);
// run where there is a GPU:
//   nvcc -std=c++20 -O3 -arch=sm_90 -Iinclude tests/cuda/device_laws.cu -o device_laws && ./device_laws
// It prints one line per case and exits 1 if any entry differs or any CUDA call fails.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>
#include <xlayout/tensor.hpp>

using namespace xlayout;

namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "CUDA error in %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

// The logical index of row-major position p in extents e.
template <std::size_t R>
XLAYOUT_HD index_array<R> unflatten(index_t p, const index_t (&e)[R]) {
  index_array<R> idx{};
  for (std::size_t d = R; d-- > 0;) {
    idx[d] = p % e[d];
    p /= e[d];
  }
  return idx;
}

template <class V, std::size_t... D>
XLAYOUT_HD index_t offset_at(const V& v, const index_array<sizeof...(D)>& idx, const void* base,
                             std::index_sequence<D...>) {
  using E = std::remove_reference_t<decltype(v(idx[D]...))>;
  return &v(idx[D]...) - static_cast<const E*>(base);
}

// What one case computes, on either side: the offset of every element (row-major order) and the visit
// number of each offset in for_each's walk (-1 where nothing is visited).
template <class V>
XLAYOUT_HD index_t element_count(const V& v) {
  index_t n = 1;
  for (std::size_t d = 0; d < V::rank(); ++d) n *= v.extent(d);
  return n;
}
template <class V>
XLAYOUT_HD void offset_of_element(const V& v, const void* base, index_t p, index_t* out) {
  constexpr std::size_t r = V::rank();
  index_t e[r];
  for (std::size_t d = 0; d < r; ++d) e[d] = v.extent(d);
  out[p] = offset_at(v, unflatten<r>(p, e), base, std::make_index_sequence<r>{});
}
template <class Element>
struct visit_numbers {  // for_each's callback: a struct, as device code needs
  const Element* base;
  index_t* order;
  index_t next = 0;
  template <class I, class X>
  XLAYOUT_HD void operator()(const I&, X& x) {
    order[&x - base] = next++;
  }
};

// Static cases: view(base) builds the tensor or view over a buffer of span elements.
struct transpose_tiled {
  static constexpr const char* name = "transpose<1, 0> of f32[128,256]{1,0:T(8,128)}";
  static constexpr index_t span = 128 * 256;
  using element = float;
  XLAYOUT_HD static auto view(float* p) { return transpose<1, 0>(Tensor<"f32[128,256]{1,0:T(8,128)}">(p)); }
};
struct reshape_chain {
  static constexpr const char* name = "reshape<50, 20> of reshape<10, 10, 10> of f32[50,20]{1,0:T(2,4)}";
  static constexpr index_t span = 50 * 20;
  using element = float;
  XLAYOUT_HD static auto view(float* p) {
    return reshape<Extents<50, 20>>(reshape<Extents<10, 10, 10>>(Tensor<"f32[50,20]{1,0:T(2,4)}">(p)));
  }
};
struct slice_reverse {
  static constexpr const char* name = "reverse<0> of slice [3:60:2, 5:90:3] of f32[64,96]{0,1:T(4,4)}";
  static constexpr index_t span = 64 * 96;
  using element = float;
  XLAYOUT_HD static auto view(float* p) {
    return reverse<0>(slice(Tensor<"f32[64,96]{0,1:T(4,4)}">(p), Slice<3, 60, 2>{}, Slice<5, 90, 3>{}));
  }
};
struct broadcast_row {
  static constexpr const char* name = "broadcast<32, 64> of f32[64]";
  static constexpr index_t span = 64;
  using element = float;
  XLAYOUT_HD static auto view(float* p) { return broadcast<Extents<32, 64>, 1>(Tensor<"f32[64]">(p)); }
};
struct map_view_tiled {
  static constexpr const char* name = "map_view (d0, d1) -> (d1 floordiv 4, d0 * 4 + d1 mod 4) of f32[8,64]";
  static constexpr index_t span = 8 * 64 * 2;  // T(2,128) pads the rows to 128
  using element = float;
  XLAYOUT_HD static auto view(float* p) {
    using M =
        IndexingMap<"(d0, d1) -> (d1 floordiv 4, d0 * 4 + d1 mod 4), domain: d0 in [0, 15], d1 in [0, 31]">;
    return map_view<M>(Tensor<"f32[8,64]{1,0:T(2,128)}">(p));
  }
};
struct bitcast_tiled {
  static constexpr const char* name = "bitcast<f32[2,8,128]{2,1,0}> of f32[16,128]{1,0:T(8,128)}";
  static constexpr index_t span = 16 * 128;
  using element = float;
  XLAYOUT_HD static auto view(float* p) {
    return bitcast<"f32[2,8,128]{2,1,0}">(Tensor<"f32[16,128]{1,0:T(8,128)}">(p));
  }
};
struct repeated_tiles {
  static constexpr const char* name = "bf16[40,300]{1,0:T(8,128)(2,1)}";
  static constexpr index_t span = 40 * 384;
  using element = bf16_bits;
  XLAYOUT_HD static auto view(bf16_bits* p) { return Tensor<"bf16[40,300]{1,0:T(8,128)(2,1)}">(p); }
};
struct combined_dims {
  static constexpr const char* name = "f32[8,10,300]{2,1,0:T(*,2,128)}";
  static constexpr index_t span = 8 * 10 * 384;
  using element = float;
  XLAYOUT_HD static auto view(float* p) { return Tensor<"f32[8,10,300]{2,1,0:T(*,2,128)}">(p); }
};

struct split_group {
  static constexpr const char* name =
      "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)} (terms of several dimensions)";
  static constexpr index_t span = 56 * 37 * 6;
  using element = float;
  XLAYOUT_HD static auto view(float* p) { return Tensor<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">(p); }
};

template <class C>
__global__ void static_offsets(typename C::element* base, index_t* out) {
  const auto v = C::view(base);
  const index_t p = static_cast<index_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (p < element_count(v)) offset_of_element(v, base, p, out);
}
template <class C>
__global__ void static_walk(typename C::element* base, index_t* order) {
  for_each(C::view(base), visit_numbers<typename C::element>{base, order});
}

// Run-time layouts: the tensor is made on the host and passed as a const __grid_constant__ parameter.
template <class T>
__global__ void runtime_offsets(const __grid_constant__ T t, const void* base, index_t* out) {
  const index_t p = static_cast<index_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (p < element_count(t)) offset_of_element(t, base, p, out);
}
template <class T, class Element>
__global__ void runtime_walk(const __grid_constant__ T t, Element* base, index_t* order) {
  for_each(t, visit_numbers<Element>{base, order});
}

struct outcome {
  std::size_t offsets_wrong = 0, order_wrong = 0, count = 0;
};

template <class Element>
struct device_buffers {
  Element* base = nullptr;
  index_t *offsets = nullptr, *order = nullptr;
  index_t count, span;
  device_buffers(index_t n, index_t s) : count(n), span(s) {
    check(cudaMalloc(&base, sizeof(Element) * static_cast<std::size_t>(s)), "cudaMalloc");
    check(cudaMalloc(&offsets, sizeof(index_t) * static_cast<std::size_t>(n)), "cudaMalloc");
    check(cudaMalloc(&order, sizeof(index_t) * static_cast<std::size_t>(s)), "cudaMalloc");
    check(cudaMemset(offsets, 0xff, sizeof(index_t) * static_cast<std::size_t>(n)), "poison");
    check(cudaMemset(order, 0xff, sizeof(index_t) * static_cast<std::size_t>(s)), "poison");
  }
  ~device_buffers() {
    cudaFree(base);
    cudaFree(offsets);
    cudaFree(order);
  }
  outcome compare(const std::vector<index_t>& host_offsets, const std::vector<index_t>& host_order) const {
    std::vector<index_t> o(static_cast<std::size_t>(count)), w(static_cast<std::size_t>(span));
    check(cudaDeviceSynchronize(), "kernels");
    check(cudaMemcpy(o.data(), offsets, sizeof(index_t) * o.size(), cudaMemcpyDeviceToHost), "copy");
    check(cudaMemcpy(w.data(), order, sizeof(index_t) * w.size(), cudaMemcpyDeviceToHost), "copy");
    outcome r;
    r.count = o.size();
    for (std::size_t k = 0; k < o.size(); ++k) r.offsets_wrong += o[k] != host_offsets[k];
    for (std::size_t k = 0; k < w.size(); ++k) r.order_wrong += w[k] != host_order[k];
    return r;
  }
};

int report(const char* kind, const char* name, const outcome& r) {
  const bool ok = r.offsets_wrong == 0 && r.order_wrong == 0;
  std::printf("%s %-8s %-80s %zu elements, %zu offsets and %zu visit numbers differ\n",
              ok ? "ok    " : "FAILED", kind, name, r.count, r.offsets_wrong, r.order_wrong);
  return ok ? 0 : 1;
}

template <class C>
int run_static() {
  using E = typename C::element;
  std::vector<E> host(static_cast<std::size_t>(C::span));
  const auto hv = C::view(host.data());
  const index_t n = element_count(hv);
  std::vector<index_t> offsets(static_cast<std::size_t>(n)), order(static_cast<std::size_t>(C::span), -1);
  for (index_t p = 0; p < n; ++p) offset_of_element(hv, host.data(), p, offsets.data());
  for_each(hv, visit_numbers<E>{host.data(), order.data()});
  device_buffers<E> d(n, C::span);
  static_offsets<C><<<static_cast<unsigned>((n + 255) / 256), 256>>>(d.base, d.offsets);
  check(cudaGetLastError(), C::name);
  static_walk<C><<<1, 1>>>(d.base, d.order);
  check(cudaGetLastError(), C::name);
  return report("static", C::name, d.compare(offsets, order));
}

template <std::size_t Rank, class Element = float>
int run_runtime(const char* text) {
  const auto s = parse_shape(text);
  if (!s) {
    std::printf("FAILED runtime %s: does not parse\n", text);
    return 1;
  }
  const auto span = required_span_size(*s);
  std::vector<Element> host(static_cast<std::size_t>(span));
  const auto ht = make_runtime_tensor<Rank>(host.data(), *s);
  if (!ht) {
    std::printf("FAILED runtime %s: no runtime_tensor\n", text);
    return 1;
  }
  const index_t n = element_count(*ht);
  std::vector<index_t> offsets(static_cast<std::size_t>(n)), order(static_cast<std::size_t>(span), -1);
  for (index_t p = 0; p < n; ++p) offset_of_element(*ht, host.data(), p, offsets.data());
  for_each(*ht, visit_numbers<Element>{host.data(), order.data()});
  device_buffers<Element> d(n, span);
  const auto dt = make_runtime_tensor<Rank>(d.base, *s);
  runtime_offsets<<<static_cast<unsigned>((n + 255) / 256), 256>>>(*dt, d.base, d.offsets);
  check(cudaGetLastError(), text);
  runtime_walk<<<1, 1>>>(*dt, d.base, d.order);
  check(cudaGetLastError(), text);
  int failures = report("runtime", text, d.compare(offsets, order));
  // A view of the run-time tensor, built on the host and passed by value.
  if constexpr (Rank == 2) {
    const auto hv = transpose<1, 0>(*ht);
    std::vector<index_t> voffsets(static_cast<std::size_t>(n)), vorder(static_cast<std::size_t>(span), -1);
    for (index_t p = 0; p < n; ++p) offset_of_element(hv, host.data(), p, voffsets.data());
    for_each(hv, visit_numbers<Element>{host.data(), vorder.data()});
    device_buffers<Element> dv(n, span);
    const auto dvt = transpose<1, 0>(*make_runtime_tensor<Rank>(dv.base, *s));
    runtime_offsets<<<static_cast<unsigned>((n + 255) / 256), 256>>>(dvt, dv.base, dv.offsets);
    check(cudaGetLastError(), text);
    runtime_walk<<<1, 1>>>(dvt, dv.base, dv.order);
    check(cudaGetLastError(), text);
    failures += report("rt view", text, dv.compare(voffsets, vorder));
  }
  return failures;
}

}  // namespace

int main() {
  int failures = 0;
  failures += run_static<transpose_tiled>();
  failures += run_static<reshape_chain>();
  failures += run_static<slice_reverse>();
  failures += run_static<broadcast_row>();
  failures += run_static<map_view_tiled>();
  failures += run_static<bitcast_tiled>();
  failures += run_static<repeated_tiles>();
  failures += run_static<combined_dims>();
  failures += run_static<split_group>();
  // bench/'s eight layouts at smaller sizes, and a few more digit counts.
  failures += run_runtime<2>("f32[100,130]{1,0}");
  failures += run_runtime<2>("f32[100,130]{0,1}");
  failures += run_runtime<3>("f32[5,6,70]{0,2,1}");
  failures += run_runtime<2>("f32[99,130]{1,0:T(2,2)}");
  failures += run_runtime<2>("f32[100,300]{1,0:T(8,128)}");
  failures += run_runtime<2, bf16_bits>("bf16[100,300]{1,0:T(8,128)(2,1)}");
  failures += run_runtime<3>("f32[8,10,300]{2,1,0:T(*,2,128)}");
  failures += run_runtime<2>("f32[100,130]{1,0:pad(100,160)}");
  failures += run_runtime<2>("f32[37,45]{0,1:T(3,5)}");
  failures += run_runtime<3>("f32[6,20,30]{1,2,0:T(4,8)(2,2)}");
  // XLA's combined dimensions, a tile splitting the groups: the mapping merges them (walk_merged).
  failures += run_runtime<5>("f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}");
  failures += run_runtime<3>("f32[5,6,7]{1,2,0:T(2,*,4)}");  // a group merged in the physical order
  std::printf("%s\n", failures == 0 ? "all cases agree" : "some cases differ");
  return failures == 0 ? 0 : 1;
}
