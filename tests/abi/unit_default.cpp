// tests/abi/unit_default.cpp: one unit of abi.two_units (default capacities).
#include <xlayout/text/parse_shape.hpp>
#include <xlayout/values/shape.hpp>

#include "probes.hpp"
#include "units.hpp"

#define XLAYOUT_TEST_STR2(x) #x
#define XLAYOUT_TEST_STR(x) XLAYOUT_TEST_STR2(x)

unit_report report_default() {
  unit_report r{};
  r.abi = XLAYOUT_TEST_STR(XLAYOUT_NAMESPACE);
  r.shape_size = sizeof(xlayout::shape);
  r.max_rank = XLAYOUT_MAX_RANK;
  const auto five = xlayout::parse_shape("f32[2,3,4,5,6]");
  r.parses_rank5 = five.has_value();
  r.rank5_is_too_large = !five.has_value() && five.error().id == xlayout::error_id::rank_too_large;
  const auto four = xlayout::parse_shape("f32[2,3,4,5]");
  r.rank4_elements = four ? xlayout::element_count(*four) : -1;
  r.max_called = xlayout::hlo::max_called;
  const xlayout::error_id conditional = probe_conditional5();
  r.parses_conditional5 = conditional == xlayout::error_id::none;
  r.conditional5_capacity = conditional == xlayout::error_id::hlo_capacity_exceeded;
  return r;
}
