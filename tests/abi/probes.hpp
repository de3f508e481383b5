// tests/abi/probes.hpp: what a unit of abi.two_units parses with its own capacities (internal linkage: each
// unit compiles its own copy against its own xlayout namespace).
#pragma once
#include <memory>
#include <xlayout/hlo/parse.hpp>

namespace {

/// A conditional of five branches: one more called computation than XLAYOUT_HLO_MAX_CALLED's default.
xlayout::error_id probe_conditional5() {
  const char* text =
      "HloModule m\n"
      "b {\n  x = f32[4]{0} parameter(0)\n  ROOT n = f32[4]{0} negate(x)\n}\n"
      "ENTRY e {\n  c = s32[] parameter(0)\n  a = f32[4]{0} parameter(1)\n"
      "  ROOT r = f32[4]{0} conditional(c, a, a, a, a, a), branch_computations={b, b, b, b, b}\n}\n";
  const auto m = std::make_unique<xlayout::hlo::module>();
  return xlayout::hlo::parse_module_into(text, *m).id;
}

}  // namespace
