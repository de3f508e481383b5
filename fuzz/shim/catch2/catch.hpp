// fuzz/shim/catch2/catch.hpp: the one Catch2 macro tests/support/brute_force_layout.hpp uses, as a trap, so
// that the fuzz targets reuse the tests' independent layout model without linking Catch2.
#pragma once
#define REQUIRE(cond)              \
  do {                             \
    if (!(cond)) __builtin_trap(); \
  } while (0)
