// tests/abi/main.cpp: abi.two_units. Exit status 0 when each unit kept its own xlayout; the reasons
// otherwise.
#include <cstdio>

#include "units.hpp"

int main() {
  const unit_report a = report_default(), b = report_rank4();
  int failures = 0;
  auto check = [&](bool ok, const char* what) {
    if (!ok) {
      std::printf("FAILED: %s\n", what);
      ++failures;
    }
  };
  std::printf("default unit: namespace %.*s, sizeof(shape) %zu, rank-5 shape %s\n",
              static_cast<int>(a.abi.size()), a.abi.data(), a.shape_size,
              a.parses_rank5 ? "parsed" : "rejected");
  std::printf("rank-4 unit:  namespace %.*s, sizeof(shape) %zu, rank-5 shape %s\n",
              static_cast<int>(b.abi.size()), b.abi.data(), b.shape_size,
              b.parses_rank5 ? "parsed" : "rejected");
  check(a.max_rank == 12 && b.max_rank == 4, "the units were built with XLAYOUT_MAX_RANK 12 and 4");
  check(a.abi == "xlayout", "the default capacities declare everything in xlayout itself");
  check(b.abi.substr(0, 23) == "xlayout::inline v0_c_4_",
        "XLAYOUT_MAX_RANK=4 declares it in an inline namespace");
  check(a.shape_size > b.shape_size, "a shape of rank <= 4 is smaller than one of rank <= 12");
  check(a.parses_rank5, "the default unit parses f32[2,3,4,5,6] (its own parse_shape)");
  check(!b.parses_rank5 && b.rank5_is_too_large, "the rank-4 unit rejects it with rank_too_large (its own)");
  check(a.rank4_elements == 120 && b.rank4_elements == 120,
        "both count 2*3*4*5 = 120 elements of f32[2,3,4,5]");
  check(a.max_called == 4 && b.max_called == 8, "the units were built with XLAYOUT_HLO_MAX_CALLED 4 and 8");
  check(b.abi.size() > 2 && b.abi.substr(b.abi.size() - 2) == "_8",
        "XLAYOUT_HLO_MAX_CALLED is in the namespace's name");
  check(!a.parses_conditional5 && a.conditional5_capacity,
        "the default unit refuses a conditional of five branches with hlo_capacity_exceeded");
  check(b.parses_conditional5, "the unit with XLAYOUT_HLO_MAX_CALLED=8 parses it");
  return failures == 0 ? 0 : 1;
}
