// static_tests/harness/embedded_allocates.cpp: the self-test of the embedded check (embedded.host.selftest_
// allocates). It allocates on the heap, so cmake/check_no_runtime_symbols.cmake must report operator new.
extern "C" int* xlayout_embedded_allocates(int n) { return new int(n); }
