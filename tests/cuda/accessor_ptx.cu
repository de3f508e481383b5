// tests/cuda/accessor_ptx.cu: one accessor, compiled to PTX and checked (check_ptx.cmake) for the sequence
// signed division and modulo by a power of two need (shift the sign bit down, add, shift; or div/rem), with
// signed 64-bit indices. The control is the same arithmetic hand-written with signed / and %, which must
// show the sequence, so the check can fail.
#include <cstdint>
#include <xlayout/tensor.hpp>

extern "C" __global__ void xlayout_accessor(const float* p, std::int64_t i, std::int64_t j, float* out) {
  *out = xlayout::ConstTensor<"f32[1000,1000]{1,0:T(8,128)}">(p)(i, j);
}

extern "C" __global__ void signed_control(const float* p, std::int64_t i, std::int64_t j, float* out) {
  *out = p[((i / 8) * 8 + j / 128) * 1024 + (i % 8) * 128 + j % 128];
}
