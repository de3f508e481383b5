// include/xlayout/hlo/module.hpp: an HLO module as a plain value: computations, their instructions (opcode,
// result shapes, operands, the attributes of hlo/op.hpp), names in one character pool. The capacities are
// template parameters, so a module parsed in a constant expression is as large as it needs to be;
// hlo::module is the run-time default. hlo/parse.hpp fills one from HLO text.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/hlo/op.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE::hlo {

/// No instruction / no computation.
inline constexpr std::uint16_t none = 0xFFFF;

/// A piece of the module's character pool.
struct text_ref {
  std::uint32_t offset = 0;  // 32 bits: the names of XLA's training modules pass 65,535 characters
  std::uint32_t length = 0;
  friend constexpr bool operator==(const text_ref&, const text_ref&) = default;
};

/// One instruction. Its result is `num_shapes` consecutive shapes of the module's pool starting at
/// `first_shape`: one for an array result, one per top-level element for a tuple result (`is_tuple`).
/// Operands and `called` are ids: an operand is an instruction id of the module (always in the same
/// computation); `called` holds computation ids (`calls=`, `to_apply=`, ...).
struct instruction {
  text_ref name;         ///< without the leading '%'
  text_ref opcode_name;  ///< as written (for opcode::other too)
  opcode code = opcode::other;
  bool is_root = false;
  bool is_tuple = false;
  std::uint16_t first_shape = 0;
  std::uint16_t num_shapes = 0;
  std::uint16_t computation = 0;  ///< the computation that holds it
  static_vector<std::uint16_t, XLAYOUT_HLO_MAX_OPERANDS> operands;
  static_vector<std::uint16_t, XLAYOUT_HLO_MAX_CALLED> called;
  attributes attrs;
  operand_value value;  ///< for a scalar integer constant: its value
  friend constexpr bool operator==(const instruction&, const instruction&) = default;
};

/// One computation: the instructions first_instruction .. first_instruction + num_instructions - 1, in
/// the order of the text (XLA's text lists operands before their users).
struct computation {
  text_ref name;
  std::uint16_t first_instruction = 0;
  std::uint16_t num_instructions = 0;
  std::uint16_t root = none;  ///< instruction id of ROOT (the last instruction when none is marked)
  bool is_entry = false;
  friend constexpr bool operator==(const computation&, const computation&) = default;
};

/// A module with capacities chosen at compile time.
template <std::size_t MaxInstructions = XLAYOUT_HLO_MAX_INSTRUCTIONS,
          std::size_t MaxComputations = XLAYOUT_HLO_MAX_COMPUTATIONS,
          std::size_t MaxShapes = XLAYOUT_HLO_MAX_SHAPES, std::size_t MaxChars = XLAYOUT_HLO_MAX_CHARS>
struct basic_module {
  text_ref name;
  std::uint16_t entry = none;  ///< the ENTRY computation (the last one when none is marked)
  static_vector<computation, MaxComputations> computations;
  static_vector<instruction, MaxInstructions> instructions;
  static_vector<shape, MaxShapes> shapes;
  static_vector<char, MaxChars> chars;

  constexpr std::string_view text(text_ref r) const noexcept { return {chars.data() + r.offset, r.length}; }
  constexpr std::string_view name_of(const instruction& i) const noexcept { return text(i.name); }
  constexpr std::string_view name_of(const computation& c) const noexcept { return text(c.name); }
  /// The result shape of an array-shaped instruction (the first element's shape for a tuple).
  constexpr const shape& shape_of(const instruction& i) const noexcept { return shapes[i.first_shape]; }
  /// The id of the instruction named `n` in computation `c` (none when there is none).
  constexpr std::uint16_t find_instruction(std::uint16_t c, std::string_view n) const noexcept {
    const computation& comp = computations[c];
    for (std::uint16_t k = 0; k < comp.num_instructions; ++k) {
      const auto id = static_cast<std::uint16_t>(comp.first_instruction + k);
      if (text(instructions[id].name) == n) return id;
    }
    return none;
  }
  /// The id of the computation named `n` (none when there is none).
  constexpr std::uint16_t find_computation(std::string_view n) const noexcept {
    for (std::size_t c = 0; c < computations.size(); ++c) {
      if (text(computations[c].name) == n) return static_cast<std::uint16_t>(c);
    }
    return none;
  }
};

/// The run-time module (default capacities).
using module = basic_module<>;

/// The plain-value description of instruction `id` (hlo/op.hpp): its opcode, result shapes, operand shapes
/// (for a get-tuple-element, the selected element's shape) and attributes; operand_values holds, per
/// operand, what is known of a scalar integer constant operand.
template <std::size_t I, std::size_t C, std::size_t S, std::size_t N>
constexpr op op_of(const basic_module<I, C, S, N>& m, std::uint16_t id) noexcept {
  const instruction& ins = m.instructions[id];
  op o;
  o.code = ins.code;
  o.attrs = ins.attrs;
  for (std::uint16_t k = 0; k < ins.num_shapes && !o.results.full(); ++k)
    o.results.push_back(m.shapes[ins.first_shape + k]);
  o.truncated = ins.num_shapes > o.results.capacity();
  for (std::uint16_t operand : ins.operands) {
    const instruction& src = m.instructions[operand];
    // A get-tuple-element whose index names no element (of a tuple, or of an array): no operand, so the
    // op's maps are hlo_malformed_op (the element 0 stood in, and an identity map came out: audit).
    if (ins.code == opcode::get_tuple_element &&
        (!src.is_tuple || ins.attrs.tuple_index < 0 || ins.attrs.tuple_index >= src.num_shapes))
      break;
    std::uint16_t s = src.first_shape;
    if (ins.code == opcode::get_tuple_element)
      s = static_cast<std::uint16_t>(src.first_shape + ins.attrs.tuple_index);
    if (o.operands.full()) break;
    o.operands.push_back(m.shapes[s]);
    operand_value v = src.code == opcode::constant ? src.value : operand_value{};
    if (src.code == opcode::iota) {
      v.is_iota = true;
      v.iota_dimension = src.attrs.iota_dimension;
    }
    o.operand_values.push_back(v);
  }
  return o;
}

}  // namespace XLAYOUT_NAMESPACE::hlo
