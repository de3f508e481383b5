// expect-error: .
// will-fail: this file compiles, so the compile-fail check must report a failure (the test is WILL_FAIL).
// A self-test of cmake/expect_compile_error.cmake: a must-not-compile case that compiles.
constexpr int harness_compiles = 1;
static_assert(harness_compiles == 1);
