// tests/support/twin.hpp: XLAYOUT_RUN_ONCE, a Catch2 tag for the run-time-only test cases of a file that has
// STATIC_REQUIRE, and so two executables built together (test. and rt.: tests/CMakeLists.txt). Such a case
// runs the same code in both; in the test. executable the tag hides it (Catch2's "[.]": run it there with
// the tag "[twin]"), so that each preset runs it once, in the rt. twin. Only for the costly ones: the
// brute-force comparisons that took half a minute or more of CI, twice.
#pragma once

#ifdef CATCH_CONFIG_RUNTIME_STATIC_REQUIRE
#define XLAYOUT_RUN_ONCE "[twin]"
#else
#define XLAYOUT_RUN_ONCE "[.twin]"
#endif
