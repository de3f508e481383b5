// tests/cuda/warning_selftest.cu: the self-test of the CUDA tests' warning check (cuda.warning_selftest). A
// host-device function that calls a host function makes nvcc print #20011-D; the check must fail on it.
inline void host_only() {}
__host__ __device__ inline void calls_host() { host_only(); }
__global__ void kernel() { calls_host(); }
