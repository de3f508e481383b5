// expect-error: \[xlayout:harness_expected_id\]
// will-fail: the compile fails with another id, so the compile-fail check must report a failure.
// A self-test of cmake/expect_compile_error.cmake: a compile error that is not the expected one.
static_assert(sizeof(int) == 0, "[xlayout:harness_other_id] this is not the message the first line expects");
