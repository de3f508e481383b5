// expect-error: \[harness:a\.b\(c\)\+\*\?\|\^\$\{\}\] first
// expect-error: first.*\[harness:second\]; second
// max-errors: 2 (two static_asserts)
// A self-test of cmake/expect_compile_error.cmake that must pass: regex special characters, a ';' (CMake's
// list separator) and a match that spans two lines of the compiler's output, checked by two regexes.
static_assert(sizeof(int) == 0, "[harness:a.b(c)+*?|^${}] first");
static_assert(sizeof(char) == 0, "[harness:second]; second");
