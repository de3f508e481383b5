// include/xlayout/hlo/op.hpp: a plain-value description of one HLO instruction (opcode, result shapes,
// operand shapes, the attributes XLA's indexing analysis reads) and the value an indexing analysis
// returns for one operand (XLA's OperandIndexing: a map, the sources of its runtime variables and, for
// all-gather, the replica-id map). A C++ user builds an `op` directly; hlo::parse_module builds them from
// HLO text. Everything here is a literal type: usable in constant expressions and at run time.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include <xlayout/core/config.hpp>
#include <xlayout/core/fixed_string.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/indexing/indexing_map.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE::hlo {

// X(enumerator, "hlo-name"). The opcodes the indexing analysis distinguishes; every other opcode parses
// as opcode::other (its indexing is XLA's undefined map).
#define XLAYOUT_HLO_OPCODES(X)                              \
  /* elementwise, unary */                                  \
  X(abs, "abs")                                             \
  X(cbrt, "cbrt")                                           \
  X(ceil, "ceil")                                           \
  X(clz, "count-leading-zeros")                             \
  X(convert, "convert")                                     \
  X(bitcast_convert, "bitcast-convert")                     \
  X(copy, "copy")                                           \
  X(cos, "cosine")                                          \
  X(erf, "erf")                                             \
  X(exp, "exponential")                                     \
  X(expm1, "exponential-minus-one")                         \
  X(floor, "floor")                                         \
  X(imag, "imag")                                           \
  X(is_finite, "is-finite")                                 \
  X(log, "log")                                             \
  X(log1p, "log-plus-one")                                  \
  X(logistic, "logistic")                                   \
  X(negate, "negate")                                       \
  X(not_, "not")                                            \
  X(popcnt, "popcnt")                                       \
  X(real, "real")                                           \
  X(reduce_precision, "reduce-precision")                   \
  X(round_nearest_afz, "round-nearest-afz")                 \
  X(round_nearest_even, "round-nearest-even")               \
  X(rsqrt, "rsqrt")                                         \
  X(sign, "sign")                                           \
  X(sin, "sine")                                            \
  X(sqrt, "sqrt")                                           \
  X(tan, "tan")                                             \
  X(tanh, "tanh")                                           \
  X(stochastic_convert, "stochastic-convert")               \
  /* elementwise, binary and more */                        \
  X(add, "add")                                             \
  X(and_, "and")                                            \
  X(atan2, "atan2")                                         \
  X(compare, "compare")                                     \
  X(complex, "complex")                                     \
  X(divide, "divide")                                       \
  X(maximum, "maximum")                                     \
  X(minimum, "minimum")                                     \
  X(multiply, "multiply")                                   \
  X(or_, "or")                                              \
  X(power, "power")                                         \
  X(remainder, "remainder")                                 \
  X(shift_left, "shift-left")                               \
  X(shift_right_arithmetic, "shift-right-arithmetic")       \
  X(shift_right_logical, "shift-right-logical")             \
  X(subtract, "subtract")                                   \
  X(xor_, "xor")                                            \
  X(select, "select")                                       \
  X(clamp, "clamp")                                         \
  X(map, "map")                                             \
  X(all_reduce, "all-reduce")                               \
  /* data movement and the rest of the indexing analysis */ \
  X(parameter, "parameter")                                 \
  X(constant, "constant")                                   \
  X(iota, "iota")                                           \
  X(broadcast, "broadcast")                                 \
  X(transpose, "transpose")                                 \
  X(reverse, "reverse")                                     \
  X(reshape, "reshape")                                     \
  X(bitcast, "bitcast")                                     \
  X(slice, "slice")                                         \
  X(concatenate, "concatenate")                             \
  X(pad, "pad")                                             \
  X(reduce, "reduce")                                       \
  X(reduce_window, "reduce-window")                         \
  X(dot, "dot")                                             \
  X(scaled_dot, "scaled-dot")                               \
  X(convolution, "convolution")                             \
  X(gather, "gather")                                       \
  X(dynamic_slice, "dynamic-slice")                         \
  X(dynamic_update_slice, "dynamic-update-slice")           \
  X(all_gather, "all-gather")                               \
  X(all_reduce_start, "all-reduce-start")                   \
  X(all_reduce_done, "all-reduce-done")                     \
  X(get_tuple_element, "get-tuple-element")                 \
  X(tuple, "tuple")                                         \
  X(fusion, "fusion")                                       \
  X(scan, "scan")

/// An HLO opcode. `other` is any opcode the analysis does not model (custom-call, while, scatter, sort...).
enum class opcode : std::uint8_t {
  other,
#define XLAYOUT_X(e, name) e,
  XLAYOUT_HLO_OPCODES(XLAYOUT_X)
#undef XLAYOUT_X
};

/// The HLO spelling of an opcode ("other" for opcode::other).
constexpr std::string_view to_string(opcode c) noexcept {
  switch (c) {
#define XLAYOUT_X(e, name) \
  case opcode::e:          \
    return name;
    XLAYOUT_HLO_OPCODES(XLAYOUT_X)
#undef XLAYOUT_X
    case opcode::other:
      break;
  }
  return "other";
}

/// The opcode an HLO name spells (opcode::other for any name not listed).
constexpr opcode opcode_from_name(std::string_view name) noexcept {
#define XLAYOUT_X(e, text) \
  if (name == text) return opcode::e;
  XLAYOUT_HLO_OPCODES(XLAYOUT_X)
#undef XLAYOUT_X
  return opcode::other;
}

namespace detail {
/// XLA's other opcodes, by their HLO names: they parse as opcode::other, whose map is undefined.
// clang-format off
inline constexpr std::string_view other_opcode_names[] = {
    "acos", "acosh", "add-dependency", "after-all", "all-gather-done", "all-gather-start", "all-to-all",
    "asin", "asinh", "async-done", "async-start", "async-update", "atanh", "batch-norm-grad",
    "batch-norm-inference", "batch-norm-training", "call", "cholesky", "collective-broadcast",
    "collective-permute", "collective-permute-done", "collective-permute-start", "collective-reduce",
    "conditional", "copy-done", "copy-start", "cosh", "custom-call", "domain", "dynamic-reshape", "fft",
    "get-dimension-size", "infeed", "mulhi", "opt-barrier", "outfeed", "partition-id", "ragged-all-to-all",
    "ragged-dot", "recv", "recv-done", "reduce-scatter", "replica-id", "rng", "rng-bit-generator",
    "rng-get-and-update-state", "scatter", "select-and-scatter", "send", "send-done", "set-dimension-size",
    "sinh", "sort", "topk", "triangular-solve", "while"};
// clang-format on
}  // namespace detail

/// True when `name` is an XLA opcode, or an async form of one as XLA's parser reads it: `<opcode>-start`,
/// `-update` and `-done` wrap any opcode but all-gather, all-reduce, collective-permute, copy, recv and send
/// (whose -start and -done forms are opcodes of their own). Anything else, such as a misspelt `tranpose`, is
/// refused by parse_module (hlo_unknown_opcode), as XLA refuses it.
constexpr bool is_opcode_name(std::string_view name) noexcept {
  const auto known = [](std::string_view n) {
    if (opcode_from_name(n) != opcode::other) return true;
    for (const std::string_view o : detail::other_opcode_names) {
      if (n == o) return true;
    }
    return false;
  };
  if (known(name)) return true;
  for (const std::string_view suffix :
       {std::string_view("-start"), std::string_view("-update"), std::string_view("-done")}) {
    // (xlayout::detail::substring, not substr: no exception path in an embedded build)
    if (name.size() <= suffix.size() ||
        xlayout::detail::substring(name, name.size() - suffix.size()) != suffix)
      continue;
    const std::string_view wrapped = xlayout::detail::substring(name, 0, name.size() - suffix.size());
    for (const std::string_view own :
         {"all-gather", "all-reduce", "collective-permute", "copy", "recv", "send"}) {
      if (wrapped == own) return false;
    }
    return known(wrapped);
  }
  return false;
}

/// The opcodes XLA's indexing analysis reads element by element: HloInstruction::IsOpElementwise, map and
/// all-reduce (on one device, an identity). Since XLA wraps collectives in async-start on GPUs (June 2026)
/// its analysis no longer models all-reduce-start and all-reduce-done: their maps are undefined.
constexpr bool is_elementwise(opcode c) noexcept { return c >= opcode::abs && c <= opcode::all_reduce; }

/// One dimension of `slice={[start:limit:stride], ...}`.
struct slice_dimension {
  index_t start = 0;
  index_t limit = 0;
  index_t stride = 1;
  friend constexpr bool operator==(const slice_dimension&, const slice_dimension&) = default;
};

/// One dimension of `padding=low_high_interior x ...` (pad's PaddingConfig).
struct padding_dimension {
  index_t edge_padding_low = 0;
  index_t edge_padding_high = 0;
  index_t interior_padding = 0;
  friend constexpr bool operator==(const padding_dimension&, const padding_dimension&) = default;
};

/// One dimension of `window={size=... stride=... pad=lo_hi lhs_dilate=... rhs_dilate=... rhs_reversal=...}`
/// (XLA's WindowDimension; lhs_dilate is base_dilation, rhs_dilate is window_dilation).
struct window_dimension {
  index_t size = 1;
  index_t stride = 1;
  index_t padding_low = 0;
  index_t padding_high = 0;
  index_t window_dilation = 1;
  index_t base_dilation = 1;
  bool window_reversal = false;
  friend constexpr bool operator==(const window_dimension&, const window_dimension&) = default;
};

/// `lhs_batch_dims={...}, lhs_contracting_dims={...}, rhs_...` (dot and scaled-dot).
struct dot_dimension_numbers {
  dimension_list lhs_batch_dimensions;
  dimension_list rhs_batch_dimensions;
  dimension_list lhs_contracting_dimensions;
  dimension_list rhs_contracting_dimensions;
  friend constexpr bool operator==(const dot_dimension_numbers&, const dot_dimension_numbers&) = default;
};

/// `dim_labels=b01f_01io->b01f` as XLA's ConvolutionDimensionNumbers.
struct convolution_dimension_numbers {
  index_t input_batch_dimension = 0;
  index_t input_feature_dimension = 0;
  dimension_list input_spatial_dimensions;
  index_t kernel_input_feature_dimension = 0;
  index_t kernel_output_feature_dimension = 0;
  dimension_list kernel_spatial_dimensions;
  index_t output_batch_dimension = 0;
  index_t output_feature_dimension = 0;
  dimension_list output_spatial_dimensions;
  friend constexpr bool operator==(const convolution_dimension_numbers&,
                                   const convolution_dimension_numbers&) = default;
};

/// gather's `offset_dims={...}, collapsed_slice_dims={...}, start_index_map={...}, index_vector_dim=N,
/// operand_batching_dims={...}, start_indices_batching_dims={...}` (slice_sizes are op::attributes).
struct gather_dimension_numbers {
  dimension_list offset_dims;
  dimension_list collapsed_slice_dims;
  dimension_list start_index_map;
  dimension_list operand_batching_dims;
  dimension_list start_indices_batching_dims;
  index_t index_vector_dim = 0;
  friend constexpr bool operator==(const gather_dimension_numbers&,
                                   const gather_dimension_numbers&) = default;
};

/// The attributes the indexing analysis reads. Each op uses the ones of its kind; the rest keep their
/// defaults.
struct attributes {
  /// `dimensions={...}`: broadcast (operand dim i -> output dim dimensions[i]), transpose (the
  /// permutation), reverse, reduce (the reduced dims), concatenate ({the concat dim}), all-gather ({dim}).
  dimension_list dimensions;
  static_vector<slice_dimension, XLAYOUT_MAX_RANK> slice;      ///< slice
  static_vector<padding_dimension, XLAYOUT_MAX_RANK> padding;  ///< pad
  static_vector<window_dimension, XLAYOUT_MAX_RANK> window;    ///< reduce-window, convolution (spatial)
  convolution_dimension_numbers convolution;                   ///< convolution
  index_t feature_group_count = 1;                             ///< convolution
  index_t batch_group_count = 1;                               ///< convolution
  dot_dimension_numbers dot;                                   ///< dot, scaled-dot
  gather_dimension_numbers gather;                             ///< gather
  dimension_list slice_sizes;                                  ///< gather
  dimension_list dynamic_slice_sizes;                          ///< dynamic-slice
  index_t tuple_index = 0;                                     ///< get-tuple-element `index=N`
  index_t iota_dimension = 0;                                  ///< iota
  index_t parameter_number = 0;                                ///< parameter(N)
  index_t num_carries = 0;                                     ///< scan
  friend constexpr bool operator==(const attributes&, const attributes&) = default;
};

/// What is known of an operand's value: for a scalar integer `constant(42)`, the value (dynamic-slice
/// offsets that are constants fold into the map, as XLA folds them); for an `iota`, its iota_dimension
/// (gather indices that are an iota fold into the map the same way).
struct operand_value {
  bool is_constant = false;
  index_t constant = 0;
  bool is_iota = false;
  index_t iota_dimension = 0;
  friend constexpr bool operator==(const operand_value&, const operand_value&) = default;
};

/// One instruction as the indexing analysis sees it. `results` has one shape per output: one for an
/// array-shaped instruction, one per tuple element for a tuple result (variadic reduce, tuple). A tuple
/// operand (of get-tuple-element) is given as the shape of the element `attrs.tuple_index` selects.
struct op {
  opcode code = opcode::other;
  static_vector<shape, XLAYOUT_HLO_MAX_OUTPUTS> results;
  static_vector<shape, XLAYOUT_HLO_MAX_OPERANDS> operands;
  static_vector<operand_value, XLAYOUT_HLO_MAX_OPERANDS> operand_values;  ///< empty, or one per operand
  attributes attrs;
  /// Set by op_of where the instruction has more outputs than `results` holds (a tuple of more than
  /// XLAYOUT_HLO_MAX_OUTPUTS elements): the maps that need its outputs are capacity_exceeded.
  bool truncated = false;
  friend constexpr bool operator==(const op&, const op&) = default;
};

/// A runtime variable of a map: the value of operand `operand` (an operand index of the op; in a fusion
/// analysis, the instruction id inside the analysed computation) at the index `map` gives (a map from the
/// same output index space).
struct runtime_variable {
  std::uint16_t operand = 0;
  indexing_map map;
  // Defaulted, so nvcc treats it as host and device like static_vector's comparison that calls it.
  friend constexpr bool operator==(const runtime_variable&, const runtime_variable&) = default;
};

/// XLA's OperandIndexing: how one output index reaches one operand index. runtime_variables[k] says where
/// `rt<k>` of `map` comes from. replica_id_map is undefined except behind an all-gather, where it gives the
/// replica that holds the element.
struct operand_indexing {
  indexing_map map;
  static_vector<runtime_variable, XLAYOUT_HLO_MAX_RT_VARS> runtime_variables;
  indexing_map replica_id_map;
  /// XLA's equality (used for deduplication): equal maps (names ignored), equal runtime variables, equal
  /// replica maps.
  friend constexpr bool operator==(const operand_indexing& a, const operand_indexing& b) noexcept {
    return a.map == b.map && a.runtime_variables == b.runtime_variables &&
           a.replica_id_map == b.replica_id_map;
  }
};

/// The indexing of one instruction, one entry per operand (output_to_input) or per output
/// (input_to_output). An operand whose indexing is unknown holds an undefined map (printed
/// `unknown indexing`).
using instruction_indexing = static_vector<operand_indexing, XLAYOUT_HLO_MAX_OPERANDS>;

}  // namespace XLAYOUT_NAMESPACE::hlo
