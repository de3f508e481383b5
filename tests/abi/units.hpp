// tests/abi/units.hpp: what each unit of abi.two_units reports about the xlayout it was compiled with.
#pragma once
#include <cstddef>
#include <string_view>

struct unit_report {
  std::string_view abi;        // XLAYOUT_NAMESPACE in the unit
  std::size_t shape_size;      // sizeof(xlayout::shape) in the unit
  int max_rank;                // XLAYOUT_MAX_RANK in the unit
  bool parses_rank5;           // parse_shape("f32[2,3,4,5,6]") succeeded
  bool rank5_is_too_large;     // ... or failed with rank_too_large
  long long rank4_elements;    // element count of f32[2,3,4,5] (120 in both)
  std::size_t max_called;      // XLAYOUT_HLO_MAX_CALLED in the unit
  bool parses_conditional5;    // hlo::parse_module_into of a conditional of five branches succeeded
  bool conditional5_capacity;  // ... or failed with hlo_capacity_exceeded
};

unit_report report_default();
unit_report report_rank4();
