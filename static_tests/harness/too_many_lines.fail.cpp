// expect-error: \[xlayout:harness_many_lines\]
// will-fail: the expected message comes, but among more than 15 lines of output, so the check must fail.
// check-output: lines[^a-z]+of[^a-z]+output:[^a-z]+at[^a-z]+most[^a-z]+15[^a-z]+are[^a-z]+allowed
// requires: gcc
// A self-test of cmake/expect_compile_error.cmake: the line budget of a must-not-compile case (g++ only). Each of the
// ten failing static_asserts below adds about four lines with g++ (40 in all).
static_assert(sizeof(int) == 0, "[xlayout:harness_many_lines] 1");
static_assert(sizeof(int) == 1, "[xlayout:harness_many_lines] 2");
static_assert(sizeof(int) == 2, "[xlayout:harness_many_lines] 3");
static_assert(sizeof(int) == 3, "[xlayout:harness_many_lines] 4");
static_assert(sizeof(int) == 5, "[xlayout:harness_many_lines] 5");
static_assert(sizeof(int) == 6, "[xlayout:harness_many_lines] 6");
static_assert(sizeof(int) == 7, "[xlayout:harness_many_lines] 7");
static_assert(sizeof(int) == 8, "[xlayout:harness_many_lines] 8");
static_assert(sizeof(int) == 9, "[xlayout:harness_many_lines] 9");
static_assert(sizeof(int) == 10, "[xlayout:harness_many_lines] 10");
