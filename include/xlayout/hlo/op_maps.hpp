// include/xlayout/hlo/op_maps.hpp: the indexing maps of one HLO instruction, both directions, as XLA's
// indexing analysis computes them (xla/hlo/analysis/indexing_analysis.cc and indexing_analysis_utils.cc):
// output_to_input gives, per operand, the map from an output index to the operand elements it reads;
// input_to_output gives, per output, the map from an operand index to the output elements it feeds. The
// maps are XLA's to the text: the same variables in the same order, the same constraints, and the same
// simplification (reshape and bitcast: Simplify(kPreserve); reduce-window and convolution: Simplify();
// the rest: construction folding only). Opcodes XLA does not model give undefined maps ("unknown
// indexing"), never an error. Errors: only for capacities and for malformed ops (an operand missing,
// an attribute list whose size does not fit the ranks, a dimension number out of range, or sizes that XLA's
// shape inference and HLO verifier reject: a dot, broadcast, slice, elementwise op, reduce-window, pad,
// reverse, transpose, reshape, reduce or concatenate whose output does not follow from its operands). The
// ops are checked here, when their maps are computed; hlo::parse_module checks the syntax and each shape,
// not the ops.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/fixed_string.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/hlo/op.hpp>
#include <xlayout/indexing/affine_expr.hpp>
#include <xlayout/indexing/compose.hpp>
#include <xlayout/indexing/indexing_map.hpp>
#include <xlayout/indexing/simplify.hpp>
#include <xlayout/indexing/text.hpp>
#include <xlayout/indexing/variables.hpp>
#include <xlayout/layout/bitcast.hpp>
#include <xlayout/layout/operations.hpp>
#include <xlayout/values/layout.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE::hlo {

namespace op_maps_detail {

using dims_t = static_vector<index_t, XLAYOUT_MAX_RANK>;
using xlayout::detail::map_draft;

constexpr dims_t dims_of(const shape& s) noexcept {
  dims_t d;
  for (index_t x : s.dimensions) d.push_back(x);
  return d;
}

/// True when the op's maps are made of sizes that one of its shapes gives as '?' (XLA's unbounded dynamic
/// size, index_min in the shape): pad, the windows, reverse, the dynamic slices, concatenate, reshape,
/// bitcast and all-gather. The maps then say dynamic_dimension, before any arithmetic on the size (it
/// overflowed: audit) and before the checks that would call it malformed. (A slice reads only its own
/// numbers; the other ops fail on a '?' where their maps take the sizes as ranges.)
constexpr bool sizes_unknown(const op& o) noexcept {
  switch (o.code) {
    case opcode::pad:
    case opcode::reduce_window:
    case opcode::convolution:
    case opcode::reverse:
    case opcode::dynamic_slice:
    case opcode::dynamic_update_slice:
    case opcode::concatenate:
    case opcode::reshape:
    case opcode::bitcast:
    case opcode::all_gather:
      break;
    default:
      return false;
  }
  for (const shape& s : o.operands) {
    for (index_t x : s.dimensions) {
      if (x == dyn) return true;
    }
  }
  for (const shape& s : o.results) {
    for (index_t x : s.dimensions) {
      if (x == dyn) return true;
    }
  }
  return false;
}

/// The layout of a shape, XLA's default (descending) one where the shape carries none.
constexpr dimension_list minor_to_major_of(const shape& s) noexcept {
  if (s.layout.minor_to_major.size() == s.rank()) return s.layout.minor_to_major;
  return default_layout(static_cast<index_t>(s.rank())).minor_to_major;
}
constexpr shape with_layout(shape s) noexcept {
  if (s.layout.minor_to_major.size() != s.rank()) s.layout = default_layout(static_cast<index_t>(s.rank()));
  return s;
}

constexpr bool contains(const dimension_list& l, index_t v) noexcept {
  for (index_t x : l) {
    if (x == v) return true;
  }
  return false;
}
/// Every entry in [0, rank) and no entry twice.
constexpr bool distinct_in_range(const dimension_list& l, std::size_t rank) noexcept {
  for (std::size_t i = 0; i < l.size(); ++i) {
    if (l[i] < 0 || static_cast<std::size_t>(l[i]) >= rank) return false;
    for (std::size_t j = 0; j < i; ++j) {
      if (l[j] == l[i]) return false;
    }
  }
  return true;
}

/// XLA's CompatibleDimensionSizes: equal sizes, or one of them unbounded dynamic ('?').
constexpr bool compatible_size(index_t a, index_t b) noexcept { return a == b || a == dyn || b == dyn; }
/// The same rank and compatible sizes in every dimension.
constexpr bool compatible_dims(const shape& a, const shape& b) noexcept {
  if (a.rank() != b.rank()) return false;
  for (std::size_t i = 0; i < a.rank(); ++i) {
    if (!compatible_size(a.dimensions[i], b.dimensions[i])) return false;
  }
  return true;
}

/// XLA's FromTensorSizes on a builder: dimension i in [0, dims[i] - 1], range variable j in
/// [0, syms[j] - 1].
constexpr void set_sizes(map_builder& b, const dims_t& dims, const dims_t& syms = {}) noexcept {
  for (std::size_t i = 0; i < dims.size(); ++i) b.set_size(i, dims[i]);
  for (std::size_t j = 0; j < syms.size(); ++j) b.set_size(dims.size() + j, syms[j]);
}

/// (d0, ..., d{n-1}) -> (d0, ..., d{n-1}) over the sizes (XLA's CreateIdentityMap).
constexpr result<indexing_map> identity_map(const dims_t& dims) noexcept {
  map_builder b(dims.size(), 0);
  set_sizes(b, dims);
  for (std::size_t i = 0; i < dims.size(); ++i) b.add_result(b.dim(i));
  return b.finish();
}

/// (d0, ..., d{n-1}) -> () over the sizes (XLA's CreateScalarIndexingMap).
constexpr result<indexing_map> scalar_map(const dims_t& dims) noexcept {
  map_builder b(dims.size(), 0);
  set_sizes(b, dims);
  return b.finish();
}

/// (d0, ...) -> (d{perm[0]}, d{perm[1]}, ...) over the sizes (XLA's ComputeTransposeIndexingMap).
constexpr result<indexing_map> permutation_map(const dimension_list& perm, const dims_t& dims) noexcept {
  map_builder b(dims.size(), 0);
  set_sizes(b, dims);
  for (index_t p : perm) b.add_result(b.dim(static_cast<std::size_t>(p)));
  return b.finish();
}

/// XLA's ComputeStrides: row-major strides of the sizes.
constexpr dims_t row_major_strides(const dims_t& dims) noexcept {
  dims_t s;
  s.resize(dims.size(), 1);
  for (std::size_t i = dims.size(); i-- > 1;) s[i - 1] = dims[i] * s[i];
  return s;
}

/// XLA's LinearizeShape.
constexpr expr_id linearize(expr_workspace& ws, const dims_t& dims, const expr_id* exprs) noexcept {
  const dims_t strides = row_major_strides(dims);
  expr_id linear = ws.constant(0);
  for (std::size_t i = 0; i < dims.size(); ++i)
    linear = ws.add(linear, ws.mul(exprs[i], ws.constant(strides[i])));
  return linear;
}

/// XLA's DelinearizeIndex: appends the multi-index of `linear` over the sizes to `out`.
constexpr void delinearize(expr_workspace& ws, const dims_t& dims, expr_id linear,
                           static_vector<expr_id, XLAYOUT_MAX_RANK>& out) noexcept {
  expr_id rest = linear;
  for (index_t stride : row_major_strides(dims)) {
    out.push_back(ws.floordiv(rest, ws.constant(stride)));
    rest = ws.mod(rest, ws.constant(stride));
  }
}

/// XLA's ComputeReshapeIndexingMap(input, output): the input index as expressions of the output index
/// (`out_vars[i]` stands for output dimension i), through pairs of subshapes with equal element counts.
constexpr void reshape_exprs(expr_workspace& ws, const dims_t& input, const dims_t& output,
                             const expr_id* out_vars,
                             static_vector<expr_id, XLAYOUT_MAX_RANK>& exprs) noexcept {
  exprs.clear();
  bool empty = false;
  for (index_t d : input) empty = empty || d == 0;
  if (empty) {
    for (std::size_t i = 0; i < input.size(); ++i) exprs.push_back(ws.constant(0));
    return;
  }
  index_t in_n = 1, out_n = 1;
  dims_t in_sub, out_sub;
  expr_id sub_exprs[XLAYOUT_MAX_RANK]{};
  std::size_t i = 0, o = 0;
  while (i < input.size() || o < output.size() || !in_sub.empty()) {
    if (i < input.size() && (in_sub.empty() || in_n < out_n)) {
      in_n *= input[i];
      in_sub.push_back(input[i++]);
      continue;
    }
    if (o < output.size() && (out_sub.empty() || out_n < in_n)) {
      out_n *= output[o];
      sub_exprs[out_sub.size()] = out_vars[o];
      out_sub.push_back(output[o++]);
      continue;
    }
    // XLA's ComputeMinimalReshapeIndexing.
    if (in_sub.size() == 1 && out_sub.size() == 1) {
      exprs.push_back(sub_exprs[0]);
    } else if (in_sub.size() == 1) {
      exprs.push_back(linearize(ws, out_sub, sub_exprs));
    } else if (out_sub.size() == 1) {
      delinearize(ws, in_sub, sub_exprs[0], exprs);
    } else {
      delinearize(ws, in_sub, linearize(ws, out_sub, sub_exprs), exprs);
    }
    in_n = out_n = 1;
    in_sub.clear();
    out_sub.clear();
  }
}

/// The reshape map from `output` to `input` over the output sizes, before simplification.
constexpr result<indexing_map> raw_reshape_map(const dims_t& input, const dims_t& output) noexcept {
  map_builder b(output.size(), 0);
  set_sizes(b, output);
  expr_id vars[XLAYOUT_MAX_RANK]{};
  for (std::size_t i = 0; i < output.size(); ++i) vars[i] = b.dim(i);
  static_vector<expr_id, XLAYOUT_MAX_RANK> exprs;
  reshape_exprs(b.ws, input, output, vars, exprs);
  for (expr_id e : exprs) b.add_result(e);
  return b.finish();
}

constexpr result<indexing_map> simplified(const result<indexing_map>& m, point_variables p) noexcept {
  if (!m) return m;
  return checked_simplify(*m, simplify_options{p});
}

/// The element count of a static shape, or an error.
constexpr result<index_t> elements(const dims_t& dims) noexcept {
  index_t n = 1;
  for (index_t d : dims) {
    if (d < 0) return error_id::hlo_malformed_op;
    const checked_index m = checked_mul(n, d);
    if (!m.ok) return error_id::integer_overflow;
    n = m.value;
  }
  return n;
}

/// XLA's ComputePadIndexingMap.
constexpr result<indexing_map> pad_map(const dims_t& out, const dims_t& low, const dims_t& high,
                                       const dims_t& interior) noexcept {
  map_builder b(out.size(), 0);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const index_t valid_min = low[i] > 0 ? low[i] : 0;
    const index_t hi = out[i] - 1 - high[i];
    const index_t valid_max = out[i] - 1 < hi ? out[i] - 1 : hi;
    b.set_bounds(i, {valid_min, valid_max});
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    const expr_id d = b.dim(i);
    const expr_id shifted = b.ws.sub(d, b.constant(low[i]));
    if (interior[i] == 0) {
      b.add_result(shifted);
    } else {
      b.add_result(b.ws.floordiv(shifted, b.constant(interior[i] + 1)));
      b.add_constraint(b.ws.mod(shifted, b.constant(interior[i] + 1)), {0, 0});
    }
  }
  return b.finish();
}

/// XLA's ComposeWindowIndexingMap: the window map `s * window_dilation + d * stride` composed with the
/// map of a pad that applies the padding and the base dilation, then Simplify().
constexpr result<indexing_map> window_map(
    const dims_t& input, const dims_t& output,
    const static_vector<window_dimension, XLAYOUT_MAX_RANK>& w) noexcept {
  const std::size_t rank = input.size();
  dims_t low, high, interior, padded;
  map_builder b(rank, rank);
  for (std::size_t i = 0; i < rank; ++i) {
    low.push_back(w[i].padding_low);
    high.push_back(w[i].padding_high);
    interior.push_back(w[i].base_dilation - 1);
    padded.push_back(input[i] + w[i].padding_low + w[i].padding_high +
                     (input[i] - 1) * (w[i].base_dilation - 1));
    b.add_result(b.ws.add(b.ws.mul(b.range_var(i), b.constant(w[i].window_dilation)),
                          b.ws.mul(b.dim(i), b.constant(w[i].stride))));
    b.set_size(i, output[i]);
    b.set_size(rank + i, w[i].size);
  }
  auto no_padding = b.finish();
  if (!no_padding) return no_padding;
  auto pad = pad_map(padded, low, high, interior);
  if (!pad) return pad;
  auto composed = checked_compose(*no_padding, *pad);
  if (!composed) return composed;
  return checked_simplify(*composed);
}

/// The ids of operand_indexing's runtime variables that survive XLA's RemoveUnusedSymbols.
constexpr result<operand_indexing> remove_unused_symbols(const operand_indexing& in) noexcept {
  removed_variables removed;
  auto m = checked_remove_unused_symbols(in.map, &removed);
  if (!m) return m.error();
  operand_indexing out;
  out.map = *m;
  out.replica_id_map = in.replica_id_map;
  const std::size_t first_rt = in.map.num_dims + in.map.num_range_vars;
  for (std::size_t k = 0; k < in.runtime_variables.size(); ++k) {
    if (first_rt + k < removed.size() && removed[first_rt + k]) continue;
    out.runtime_variables.push_back(in.runtime_variables[k]);
  }
  return out;
}

/// Appends one operand indexing with just a map.
constexpr bool push_map(instruction_indexing& out, const result<indexing_map>& m, error& e) noexcept {
  if (!m) {
    e = m.error();
    return false;
  }
  operand_indexing oi;
  oi.map = *m;
  out.push_back(oi);
  return true;
}

constexpr result<instruction_indexing> unknown(std::size_t count) noexcept {
  instruction_indexing out;
  if (count > out.capacity()) return error_id::capacity_exceeded;
  for (std::size_t i = 0; i < count; ++i) out.push_back(operand_indexing{});
  return out;
}

/// The output shape `id` of the op (the only one for an array-shaped op).
constexpr const shape& output_shape(const op& o, std::size_t id) noexcept {
  return o.results[id < o.results.size() ? id : 0];
}

// ---- the ops, output to input -------------------------------------------------------------------------

constexpr result<instruction_indexing> single(const result<indexing_map>& m) noexcept {
  if (!m) return m.error();
  instruction_indexing r;
  operand_indexing oi;
  oi.map = *m;
  r.push_back(oi);
  return r;
}

/// XLA's HLO verifier for elementwise ops: one output, and every operand has its dimensions. A scalar
/// operand of a non-scalar op is read at () as XLA's indexing analysis reads it (select's predicate, clamp's
/// bounds).
constexpr bool elementwise_ok(const op& o) noexcept {
  if (o.results.size() != 1) return false;
  const shape& out = o.results[0];
  for (const shape& s : o.operands) {
    if (s.rank() == 0 && out.rank() != 0) continue;
    if (s.rank() != out.rank() || !compatible_dims(s, out)) return false;
  }
  return true;
}

/// A bitcast-convert between element types of different widths, as XLA's shape inference
/// (InferBitcastConvertShape) allows it: the side of the narrower type has one more dimension, the most
/// minor, of size (wider bits) / (narrower bits); the other dimensions are the same. 1: the output has that
/// dimension (f32[4] to u8[4,4]); -1: the operand has it (u8[4,4] to f32[4]); 0: the widths are equal
/// (an elementwise op); 2: the shapes do not fit.
constexpr int bitcast_convert_kind(const op& o) noexcept {
  if (o.operands.size() != 1 || o.results.size() != 1) return 2;
  const shape& in = o.operands[0];
  const shape& out = o.results[0];
  const int in_bits = bit_width(in.element_type), out_bits = bit_width(out.element_type);
  if (in_bits <= 0 || out_bits <= 0) return 2;
  if (in_bits == out_bits) return 0;
  const bool wider_in = in_bits > out_bits;
  const shape& narrow = wider_in ? out : in;
  const shape& wide = wider_in ? in : out;
  const int ratio = wider_in ? in_bits / out_bits : out_bits / in_bits;
  if ((wider_in ? in_bits % out_bits : out_bits % in_bits) != 0 || narrow.rank() != wide.rank() + 1 ||
      !compatible_size(narrow.dimensions[wide.rank()], ratio))
    return 2;
  for (std::size_t i = 0; i < wide.rank(); ++i) {
    if (!compatible_size(narrow.dimensions[i], wide.dimensions[i])) return 2;
  }
  return wider_in ? 1 : -1;
}

/// The maps of a bitcast-convert that changes the width (bitcast_convert_kind 1 or -1), from `from` (the
/// output for output to input) to the other side: an element of the narrower type reads the element of
/// the wider type that holds it, (d0, ..., dn) -> (d0, ..., d{n-1}); an element of the wider type reads
/// each of its narrower elements, (d0, ..., d{n-1}) -> (d0, ..., d{n-1}, s0), s0 in [0, ratio - 1]. XLA's
/// analysis gives every bitcast-convert the identity map of the output (IsOpElementwise), which here has
/// the other side's rank plus or minus one; these are the maps of the op's definition instead.
constexpr result<instruction_indexing> bitcast_convert_map(const shape& from, const shape& to) noexcept {
  const dims_t dims = dims_of(from);
  if (from.rank() > to.rank()) {  // from the narrower type
    map_builder b(from.rank(), 0);
    set_sizes(b, dims);
    for (std::size_t i = 0; i < to.rank(); ++i) b.add_result(b.dim(i));
    return single(b.finish());
  }
  dims_t ratio;
  ratio.push_back(bit_width(from.element_type) / bit_width(to.element_type));
  map_builder b(from.rank(), 1);
  set_sizes(b, dims, ratio);
  for (std::size_t i = 0; i < from.rank(); ++i) b.add_result(b.dim(i));
  b.add_result(b.range_var(0));
  return single(b.finish());
}

/// An all-reduce of several operands (a tuple result): XLA's analysis reads it as an elementwise op over the
/// tuple shape, which has no map; it gets undefined maps.
constexpr bool tuple_collective(const op& o) noexcept {
  return o.code == opcode::all_reduce && o.results.size() > 1;
}

constexpr result<instruction_indexing> elementwise_o2i(const op& o) noexcept {
  if (o.code == opcode::bitcast_convert) {
    const int kind = bitcast_convert_kind(o);
    if (kind == 2) return error_id::hlo_malformed_op;
    if (kind != 0) return bitcast_convert_map(o.results[0], o.operands[0]);
  }
  if (!elementwise_ok(o)) return error_id::hlo_malformed_op;
  const dims_t out = dims_of(o.results[0]);
  auto identity = identity_map(out);
  if (!identity) return identity.error();
  auto scalar = scalar_map(out);
  if (!scalar) return scalar.error();
  instruction_indexing r;
  for (const shape& s : o.operands) {
    operand_indexing oi;
    // Select allows an implicit broadcast of a scalar predicate; XLA handles every scalar operand so.
    oi.map = s.rank() == 0 && out.size() != 0 ? *scalar : *identity;
    r.push_back(oi);
  }
  return r;
}

constexpr result<indexing_map> bitcast_map_impl(const shape& in0, const shape& out0) noexcept {
  const shape in = with_layout(in0), out = with_layout(out0);
  const dims_t in_dims = dims_of(in), out_dims = dims_of(out);
  auto n_in = elements(in_dims);
  if (!n_in) return n_in.error();
  auto n_out = elements(out_dims);
  if (!n_out) return n_out.error();
  if (*n_in != *n_out) return indexing_map{};  // not a decomposable bitcast: undefined
  if (in.rank() != 0) {
    if (auto t = deduce_transpose_dimensions_for_bitcast(in, out)) return permutation_map(*t, in_dims);
  }
  if (reshape_is_bitcast_ignoring_tiles(in, out, true)) return raw_reshape_map(out_dims, in_dims);
  // Transpose, reshape, transpose (XLA's DecomposeBitcastToTrt).
  const bitcast_decomposition trt = decompose_bitcast(in, out);
  if (trt.kind != bitcast_kind::transpose_reshape_transpose) return indexing_map{};
  map_builder b(in.rank(), 0);
  set_sizes(b, in_dims);
  expr_id t1[XLAYOUT_MAX_RANK]{};
  for (std::size_t i = 0; i < trt.transpose1_dims.size(); ++i)
    t1[i] = b.dim(static_cast<std::size_t>(trt.transpose1_dims[i]));
  static_vector<expr_id, XLAYOUT_MAX_RANK> reshaped;
  reshape_exprs(b.ws, dims_of(trt.reshape_shape), dims_of(trt.transpose1_shape), t1, reshaped);
  for (index_t p : trt.transpose2_dims) {
    if (p < 0 || static_cast<std::size_t>(p) >= reshaped.size()) return error_id::hlo_malformed_op;
    b.add_result(reshaped[static_cast<std::size_t>(p)]);
  }
  return b.finish();
}

/// XLA's HLO verifier for broadcast: operand dimension i becomes output dimension dimensions[i], of the same
/// size.
constexpr bool broadcast_ok(const op& o) noexcept {
  const shape& in = o.operands[0];
  const shape& out = o.results[0];
  const dimension_list& bd = o.attrs.dimensions;
  if (bd.size() != in.rank() || !distinct_in_range(bd, out.rank())) return false;
  for (std::size_t i = 0; i < bd.size(); ++i) {
    if (!compatible_size(in.dimensions[i], out.dimensions[static_cast<std::size_t>(bd[i])])) return false;
  }
  return true;
}

constexpr result<instruction_indexing> broadcast_o2i(const op& o) noexcept {
  if (!broadcast_ok(o)) return error_id::hlo_malformed_op;
  const shape& out = o.results[0];
  const dimension_list& bd = o.attrs.dimensions;
  map_builder b(out.rank(), 0);
  set_sizes(b, dims_of(out));
  for (index_t d : bd) b.add_result(b.dim(static_cast<std::size_t>(d)));
  return single(b.finish());
}

constexpr result<instruction_indexing> broadcast_i2o(const op& o) noexcept {
  const shape& in = o.operands[0];
  const shape& out = o.results[0];
  const dimension_list& bd = o.attrs.dimensions;
  if (!broadcast_ok(o)) return error_id::hlo_malformed_op;
  dims_t added;
  for (std::size_t j = 0; j < out.rank(); ++j) {
    if (!contains(bd, static_cast<index_t>(j))) added.push_back(out.dimensions[j]);
  }
  map_builder b(in.rank(), added.size());
  set_sizes(b, dims_of(in), added);
  std::size_t next = 0;
  for (std::size_t j = 0; j < out.rank(); ++j) {
    std::size_t k = 0;
    while (k < bd.size() && bd[k] != static_cast<index_t>(j)) ++k;
    b.add_result(k < bd.size() ? b.dim(k) : b.range_var(next++));
  }
  return single(b.finish());
}

/// XLA's InferConcatOpShape: the operands have the output's sizes except along the concatenated
/// dimension, where their sizes add up to the output's.
constexpr bool concat_ok(const op& o) noexcept {
  if (o.attrs.dimensions.size() != 1) return false;
  const shape& out = o.results[0];
  const index_t cd = o.attrs.dimensions[0];
  if (cd < 0 || static_cast<std::size_t>(cd) >= out.rank()) return false;
  index_t total = 0;
  for (const shape& s : o.operands) {
    if (s.rank() != out.rank()) return false;
    for (std::size_t i = 0; i < out.rank(); ++i) {
      if (i != static_cast<std::size_t>(cd) && !compatible_size(s.dimensions[i], out.dimensions[i]))
        return false;
    }
    const checked_index sum = checked_add(total, s.dimensions[static_cast<std::size_t>(cd)]);
    if (!sum.ok) return false;
    total = sum.value;
  }
  return total == out.dimensions[static_cast<std::size_t>(cd)];
}

constexpr result<instruction_indexing> concatenate_o2i(const op& o) noexcept {
  if (!concat_ok(o)) return error_id::hlo_malformed_op;
  const shape& out = o.results[0];
  const auto cd = static_cast<std::size_t>(o.attrs.dimensions[0]);
  instruction_indexing r;
  error e;
  index_t offset = 0;
  for (const shape& s : o.operands) {
    const index_t size = s.dimensions[cd];
    map_builder b(out.rank(), 0);
    set_sizes(b, dims_of(out));
    b.set_bounds(cd, {offset, offset + size - 1});
    for (std::size_t i = 0; i < out.rank(); ++i)
      b.add_result(i == cd ? b.ws.sub(b.dim(i), b.constant(offset)) : b.dim(i));
    if (!push_map(r, b.finish(), e)) return e;
    offset += size;
  }
  return r;
}

constexpr result<instruction_indexing> concatenate_i2o(const op& o, std::size_t input_id) noexcept {
  if (!concat_ok(o)) return error_id::hlo_malformed_op;
  const auto cd = static_cast<std::size_t>(o.attrs.dimensions[0]);
  index_t offset = 0;
  for (std::size_t k = 0; k < input_id; ++k) offset += o.operands[k].dimensions[cd];
  const shape& in = o.operands[input_id];
  map_builder b(in.rank(), 0);
  set_sizes(b, dims_of(in));
  for (std::size_t i = 0; i < in.rank(); ++i)
    b.add_result(i == cd ? b.ws.add(b.dim(i), b.constant(offset)) : b.dim(i));
  return single(b.finish());
}

constexpr bool is_permutation_of(const dimension_list& p, std::size_t rank) noexcept {
  return p.size() == rank && distinct_in_range(p, rank);
}

constexpr result<instruction_indexing> transpose(const op& o, bool o2i) noexcept {
  const dimension_list& p = o.attrs.dimensions;
  const shape& in = o.operands[0];
  const shape& out = o.results[0];
  if (!is_permutation_of(p, in.rank()) || out.rank() != in.rank()) return error_id::hlo_malformed_op;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (out.dimensions[i] != in.dimensions[static_cast<std::size_t>(p[i])]) return error_id::hlo_malformed_op;
  }
  if (o2i) return single(permutation_map(inverse_permutation(p), dims_of(out)));
  return single(permutation_map(p, dims_of(in)));
}

/// XLA's reverse map over the sizes: (d...) -> (size - 1 - d on the listed dimensions, d elsewhere).
constexpr result<indexing_map> reverse_map(const dimension_list& reversed, const dims_t& dims) noexcept {
  map_builder b(dims.size(), 0);
  set_sizes(b, dims);
  for (std::size_t i = 0; i < dims.size(); ++i) {
    const expr_id d = b.dim(i);
    b.add_result(
        contains(reversed, static_cast<index_t>(i)) ? b.ws.add(b.ws.negate(d), b.constant(dims[i] - 1)) : d);
  }
  return b.finish();
}

constexpr result<instruction_indexing> reverse(const op& o) noexcept {
  const shape& out = o.results[0];
  if (!distinct_in_range(o.attrs.dimensions, out.rank()) || !compatible_dims(o.operands[0], out))
    return error_id::hlo_malformed_op;
  return single(reverse_map(o.attrs.dimensions, dims_of(out)));
}

/// The number of inputs of a reduce or reduce-window (the rest are init values), 0 when malformed.
constexpr std::size_t reduce_arity(const op& o) noexcept {
  const std::size_t n = o.operands.size();
  if (n == 0 || n % 2 != 0) return 0;
  const std::size_t arity = n / 2;
  for (std::size_t i = 0; i < arity; ++i) {
    if (!(o.operands[i].dimensions == o.operands[0].dimensions) || o.operands[arity + i].rank() != 0)
      return 0;
  }
  if (o.results.size() != arity && !(arity == 1 && o.results.size() == 1)) return 0;
  return arity;
}

constexpr bool reduce_ok(const op& o) noexcept {
  const std::size_t arity = reduce_arity(o);
  if (arity == 0) return false;
  const shape& in = o.operands[0];
  const dimension_list& rd = o.attrs.dimensions;
  if (!distinct_in_range(rd, in.rank())) return false;
  for (const shape& r : o.results) {
    if (r.rank() + rd.size() != in.rank()) return false;
    std::size_t k = 0;
    for (std::size_t i = 0; i < in.rank(); ++i) {
      if (contains(rd, static_cast<index_t>(i))) continue;
      if (r.dimensions[k++] != in.dimensions[i]) return false;
    }
  }
  return true;
}

constexpr result<instruction_indexing> reduce_o2i(const op& o, std::size_t output_id) noexcept {
  if (!reduce_ok(o)) return error_id::hlo_malformed_op;
  const std::size_t arity = reduce_arity(o);
  const shape& in = o.operands[0];
  const dims_t out = dims_of(o.results[0]);
  (void)output_id;
  dims_t reduced;
  for (std::size_t i = 0; i < in.rank(); ++i) {
    if (contains(o.attrs.dimensions, static_cast<index_t>(i))) reduced.push_back(in.dimensions[i]);
  }
  map_builder b(out.size(), reduced.size());
  set_sizes(b, out, reduced);
  std::size_t next_dim = 0, next_sym = 0;
  for (std::size_t i = 0; i < in.rank(); ++i) {
    b.add_result(contains(o.attrs.dimensions, static_cast<index_t>(i)) ? b.range_var(next_sym++)
                                                                       : b.dim(next_dim++));
  }
  auto inputs = b.finish();
  if (!inputs) return inputs.error();
  auto inits = scalar_map(out);
  if (!inits) return inits.error();
  instruction_indexing r;
  for (std::size_t i = 0; i < 2 * arity; ++i) {
    operand_indexing oi;
    oi.map = i < arity ? *inputs : *inits;
    r.push_back(oi);
  }
  return r;
}

constexpr result<instruction_indexing> reduce_i2o(const op& o, std::size_t input_id) noexcept {
  if (!reduce_ok(o)) return error_id::hlo_malformed_op;
  const std::size_t arity = reduce_arity(o);
  const dims_t out = dims_of(o.results[0]);
  result<indexing_map> m = indexing_map{};
  if (input_id >= arity) {
    // An init value contributes to every output element.
    map_builder b(0, out.size());
    set_sizes(b, {}, out);
    for (std::size_t j = 0; j < out.size(); ++j) b.add_result(b.range_var(j));
    m = b.finish();
  } else {
    const shape& in = o.operands[input_id];
    map_builder b(in.rank(), 0);
    set_sizes(b, dims_of(in));
    for (std::size_t i = 0; i < in.rank(); ++i) {
      if (!contains(o.attrs.dimensions, static_cast<index_t>(i))) b.add_result(b.dim(i));
    }
    m = b.finish();
  }
  if (!m) return m.error();
  instruction_indexing r;
  for (std::size_t i = 0; i < arity; ++i) {
    operand_indexing oi;
    oi.map = *m;
    r.push_back(oi);
  }
  return r;
}

/// XLA's InferSliceShape: per dimension 0 <= start <= limit <= the operand's size (unchecked where that
/// size is '?'), stride >= 1, and the output's size ceil((limit - start) / stride).
constexpr bool slice_ok(const op& o) noexcept {
  const shape& in = o.operands[0];
  const shape& out = o.results[0];
  if (o.attrs.slice.size() != in.rank() || out.rank() != in.rank()) return false;
  for (std::size_t i = 0; i < in.rank(); ++i) {
    const slice_dimension& s = o.attrs.slice[i];
    if (s.start < 0 || (in.dimensions[i] != dyn && s.limit > in.dimensions[i]) || s.start > s.limit ||
        s.stride <= 0)
      return false;
    const index_t n = s.limit - s.start;  // no overflow: 0 <= start <= limit
    if (!compatible_size(out.dimensions[i], ceil_div(n, s.stride))) return false;
  }
  return true;
}

/// XLA's slice map (output to input) over the output's sizes: (d...) -> (d * stride + start).
constexpr result<indexing_map> slice_map(const static_vector<slice_dimension, XLAYOUT_MAX_RANK>& slice,
                                         const dims_t& out) noexcept {
  map_builder b(out.size(), 0);
  set_sizes(b, out);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const slice_dimension& s = slice[i];
    b.add_result(b.ws.add(b.ws.mul(b.dim(i), b.constant(s.stride)), b.constant(s.start)));
  }
  return b.finish();
}

constexpr result<instruction_indexing> slice_o2i(const op& o) noexcept {
  if (!slice_ok(o)) return error_id::hlo_malformed_op;
  return single(slice_map(o.attrs.slice, dims_of(o.results[0])));
}

constexpr result<instruction_indexing> slice_i2o(const op& o) noexcept {
  if (!slice_ok(o)) return error_id::hlo_malformed_op;
  const shape& in = o.operands[0];
  const shape& out = o.results[0];
  map_builder b(in.rank(), 0);
  set_sizes(b, dims_of(in));
  for (std::size_t i = 0; i < out.rank(); ++i) {
    const slice_dimension& s = o.attrs.slice[i];
    b.add_result(b.ws.floordiv(b.ws.sub(b.dim(i), b.constant(s.start)), b.constant(s.stride)));
  }
  for (std::size_t i = 0; i < out.rank(); ++i) {
    const slice_dimension& s = o.attrs.slice[i];
    const expr_id d = b.dim(i);
    // The output's size from the slice (slice_ok: 0 <= start <= limit, stride >= 1), which is the shape's
    // where that is static, and is a number where the shape says '?' (whose value, index_min, overflowed
    // here: the hlo_text fuzzer). The last index read is then at most limit - 1.
    const index_t count = ceil_div(s.limit - s.start, s.stride);
    b.add_constraint(d, {s.start, (count - 1) * s.stride + s.start});
    b.add_constraint(b.ws.mod(b.ws.sub(d, b.constant(s.start)), b.constant(s.stride)), {0, 0});
  }
  return single(b.finish());
}

constexpr result<instruction_indexing> reshape(const op& o, bool o2i) noexcept {
  const dims_t in = dims_of(o.operands[0]), out = dims_of(o.results[0]);
  auto n_in = elements(in);
  if (!n_in) return n_in.error();
  auto n_out = elements(out);
  if (!n_out) return n_out.error();
  if (*n_in != *n_out) return error_id::hlo_malformed_op;
  return single(
      simplified(o2i ? raw_reshape_map(in, out) : raw_reshape_map(out, in), point_variables::preserve));
}

constexpr result<instruction_indexing> pad_o2i(const op& o) noexcept {
  const shape& out = o.results[0];
  const shape& in = o.operands[0];
  if (o.operands.size() != 2 || o.operands[1].rank() != 0 || in.rank() != out.rank() ||
      o.attrs.padding.size() != out.rank())
    return error_id::hlo_malformed_op;
  dims_t low, high, interior;
  for (std::size_t i = 0; i < out.rank(); ++i) {
    const padding_dimension& p = o.attrs.padding[i];
    if (p.interior_padding < 0) return error_id::hlo_malformed_op;
    // XLA's InferPadShape: size + low + high + max(size - 1, 0) * interior, not negative.
    const index_t n = in.dimensions[i];
    if (n != dyn) {
      const checked_index holes = checked_mul(n > 0 ? n - 1 : 0, p.interior_padding);
      const checked_index a = checked_add(n, p.edge_padding_low);
      const checked_index b = checked_add(a.value, p.edge_padding_high);
      const checked_index padded = checked_add(b.value, holes.value);
      if (!holes.ok || !a.ok || !b.ok || !padded.ok || padded.value < 0 ||
          !compatible_size(out.dimensions[i], padded.value))
        return error_id::hlo_malformed_op;
    }
    low.push_back(p.edge_padding_low);
    high.push_back(p.edge_padding_high);
    interior.push_back(p.interior_padding);
  }
  instruction_indexing r;
  error e;
  if (!push_map(r, pad_map(dims_of(out), low, high, interior), e)) return e;
  if (!push_map(r, scalar_map(dims_of(out)), e)) return e;
  return r;
}

constexpr bool window_ok(const static_vector<window_dimension, XLAYOUT_MAX_RANK>& w,
                         std::size_t rank) noexcept {
  if (w.size() != rank) return false;
  for (const window_dimension& d : w) {
    if (d.size <= 0 || d.stride <= 0 || d.window_dilation <= 0 || d.base_dilation <= 0) return false;
  }
  return true;
}

/// XLA's DilatedBound: the size of `size` elements with dilation - 1 holes between neighbours; -1 when it
/// does not fit in int64.
constexpr index_t dilated_bound(index_t size, index_t dilation) noexcept {
  if (size == 0) return 0;
  const checked_index m = checked_mul(size - 1, dilation);
  return m.ok && m.value < index_max ? m.value + 1 : -1;
}

/// XLA's InferWindowOutputShape for one dimension of size `base` (window_ok holds): StridedBound of the
/// padded, dilated base and the dilated window. '?' for a '?' base; -1 where XLA's arithmetic fails (a
/// negative padded size, a value outside int64).
constexpr index_t window_output_size(index_t base, const window_dimension& w) noexcept {
  if (base == dyn) return dyn;
  if (base < 0) return -1;
  const index_t dilated_base = dilated_bound(base, w.base_dilation);
  const index_t dilated_window = dilated_bound(w.size, w.window_dilation);
  if (dilated_base < 0 || dilated_window < 0) return -1;
  const checked_index low = checked_add(w.padding_low, dilated_base);
  const checked_index padded = checked_add(low.value, w.padding_high);
  if (!low.ok || !padded.ok || padded.value < 0) return -1;
  if (padded.value == 0 || dilated_window > padded.value) return 0;
  return (padded.value - dilated_window) / w.stride + 1;
}

constexpr result<instruction_indexing> reduce_window_o2i(const op& o) noexcept {
  const std::size_t arity = reduce_arity(o);
  if (arity == 0) return error_id::hlo_malformed_op;
  const shape& in = o.operands[0];
  const dims_t out = dims_of(o.results[0]);
  if (out.size() != in.rank() || !window_ok(o.attrs.window, in.rank())) return error_id::hlo_malformed_op;
  for (std::size_t i = 0; i < in.rank(); ++i) {
    const index_t n = window_output_size(in.dimensions[i], o.attrs.window[i]);
    if (n == -1) return error_id::hlo_malformed_op;
    for (const shape& r : o.results) {
      if (r.rank() != in.rank() || !compatible_size(r.dimensions[i], n)) return error_id::hlo_malformed_op;
    }
  }
  auto m = window_map(dims_of(in), out, o.attrs.window);
  if (!m) return m.error();
  auto inputs = checked_remove_unused_symbols(*m);
  if (!inputs) return inputs.error();
  auto inits = scalar_map(out);
  if (!inits) return inits.error();
  instruction_indexing r;
  for (std::size_t i = 0; i < 2 * arity; ++i) {
    operand_indexing oi;
    oi.map = i < arity ? *inputs : *inits;
    r.push_back(oi);
  }
  return r;
}

/// XLA's InferConvolveShape on the sizes (the ranks and dimension numbers checked): the input batch a
/// multiple of batch_group_count; the input features feature_group_count times the kernel's input features;
/// the kernel's output features a multiple of both group counts; each window size the kernel's spatial size;
/// the output batch input batch / batch_group_count, the output features the kernel's output features, each
/// output spatial size InferWindowOutputShape's of the input's. Unchecked where a size is '?'.
constexpr bool convolution_sizes_ok(const op& o) noexcept {
  const convolution_dimension_numbers& dn = o.attrs.convolution;
  const auto at = [](const shape& s, index_t d) { return s.dimensions[static_cast<std::size_t>(d)]; };
  const shape& input = o.operands[0];
  const shape& kernel = o.operands[1];
  const shape& out = o.results[0];
  const index_t fgc = o.attrs.feature_group_count, bgc = o.attrs.batch_group_count;
  const index_t batch = at(input, dn.input_batch_dimension);
  const index_t in_features = at(input, dn.input_feature_dimension);
  const index_t k_in_features = at(kernel, dn.kernel_input_feature_dimension);
  const index_t k_out_features = at(kernel, dn.kernel_output_feature_dimension);
  if (batch != dyn && batch % bgc != 0) return false;
  if (in_features != dyn && k_in_features != dyn &&
      (in_features % fgc != 0 || in_features / fgc != k_in_features))
    return false;
  if (k_out_features != dyn && (k_out_features % fgc != 0 || k_out_features % bgc != 0)) return false;
  if (!compatible_size(at(out, dn.output_batch_dimension), batch == dyn ? dyn : batch / bgc) ||
      !compatible_size(at(out, dn.output_feature_dimension), k_out_features))
    return false;
  for (std::size_t i = 0; i < dn.input_spatial_dimensions.size(); ++i) {
    const window_dimension& w = o.attrs.window[i];
    if (!compatible_size(at(kernel, dn.kernel_spatial_dimensions[i]), w.size)) return false;
    const index_t n = window_output_size(at(input, dn.input_spatial_dimensions[i]), w);
    if (n == -1 || !compatible_size(at(out, dn.output_spatial_dimensions[i]), n)) return false;
  }
  return true;
}

constexpr result<instruction_indexing> convolution_o2i(const op& o) noexcept {
  if (o.operands.size() != 2) return error_id::hlo_malformed_op;
  const shape& input = o.operands[0];
  const shape& kernel = o.operands[1];
  const shape& out = o.results[0];
  const convolution_dimension_numbers& dn = o.attrs.convolution;
  const std::size_t rank = out.rank();
  const std::size_t sr = dn.input_spatial_dimensions.size();
  if (input.rank() != rank || kernel.rank() != rank || dn.kernel_spatial_dimensions.size() != sr ||
      dn.output_spatial_dimensions.size() != sr || sr + 2 != rank || !window_ok(o.attrs.window, sr) ||
      o.attrs.feature_group_count <= 0 || o.attrs.batch_group_count <= 0)
    return error_id::hlo_malformed_op;
  dimension_list in_all = dn.input_spatial_dimensions, k_all = dn.kernel_spatial_dimensions,
                 o_all = dn.output_spatial_dimensions;
  in_all.push_back(dn.input_batch_dimension);
  in_all.push_back(dn.input_feature_dimension);
  k_all.push_back(dn.kernel_input_feature_dimension);
  k_all.push_back(dn.kernel_output_feature_dimension);
  o_all.push_back(dn.output_batch_dimension);
  o_all.push_back(dn.output_feature_dimension);
  if (!is_permutation_of(in_all, rank) || !is_permutation_of(k_all, rank) || !is_permutation_of(o_all, rank))
    return error_id::hlo_malformed_op;
  const auto at = [](const shape& s, index_t d) { return s.dimensions[static_cast<std::size_t>(d)]; };
  if (!convolution_sizes_ok(o)) return error_id::hlo_malformed_op;
  dims_t in_sp, k_sp, out_sp;
  for (std::size_t i = 0; i < sr; ++i) {
    in_sp.push_back(at(input, dn.input_spatial_dimensions[i]));
    k_sp.push_back(at(kernel, dn.kernel_spatial_dimensions[i]));
    out_sp.push_back(at(out, dn.output_spatial_dimensions[i]));
  }
  auto spatial = window_map(in_sp, out_sp, o.attrs.window);
  if (!spatial) return spatial.error();
  const std::size_t ns = spatial->num_range_vars;
  if (spatial->is_undefined() || spatial->num_rt_vars != 0) return unknown(2);
  const index_t input_group_size = at(kernel, dn.kernel_input_feature_dimension);
  const bool batch_groups = o.attrs.batch_group_count > 1;

  // The input map: the spatial map's results with its dimensions renumbered to the output's.
  map_builder bi(rank, ns + 1 + (batch_groups ? 1 : 0));
  set_sizes(bi, dims_of(out));
  for (std::size_t j = 0; j < ns; ++j) bi.set_bounds(rank + j, spatial->bounds[sr + j]);
  bi.set_size(rank + ns, input_group_size);
  if (batch_groups) bi.set_size(rank + ns + 1, o.attrs.batch_group_count);
  expr_id remap[XLAYOUT_MAX_EXPRS]{};
  const map_draft sd = xlayout::detail::import_map(bi.ws, *spatial, remap);
  expr_id subst[XLAYOUT_MAX_VARS]{};
  for (std::size_t i = 0; i < sr; ++i)
    subst[i] = bi.dim(static_cast<std::size_t>(dn.output_spatial_dimensions[i]));
  for (std::size_t j = 0; j < ns; ++j) subst[sr + j] = bi.range_var(j);
  expr_id input_exprs[XLAYOUT_MAX_RANK]{};
  for (std::size_t i = 0; i < sr; ++i)
    input_exprs[static_cast<std::size_t>(dn.input_spatial_dimensions[i])] =
        bi.ws.substitute(sd.results[i], subst, spatial->num_vars());
  for (std::size_t c = 0; c < sd.num_constraints; ++c)
    bi.add_constraint(bi.ws.substitute(sd.constraint_exprs[c], subst, spatial->num_vars()),
                      sd.constraint_bounds[c]);
  for (std::size_t i = 0; i < sr; ++i) {
    const interval bd = spatial->bounds[i];
    if (bd.lower > 0 || bd.upper < out_sp[i] - 1) bi.add_constraint(subst[i], bd);
  }
  const expr_id out_feature = bi.dim(static_cast<std::size_t>(dn.output_feature_dimension));
  expr_id input_feature = bi.range_var(ns);
  if (o.attrs.feature_group_count > 1) {
    const index_t feature_group_size = at(out, dn.output_feature_dimension) / o.attrs.feature_group_count;
    if (feature_group_size <= 0) return error_id::hlo_malformed_op;
    input_feature = bi.ws.add(bi.ws.mul(bi.ws.floordiv(out_feature, bi.constant(feature_group_size)),
                                        bi.constant(input_group_size)),
                              input_feature);
  }
  input_exprs[static_cast<std::size_t>(dn.input_feature_dimension)] = input_feature;
  const expr_id batch = bi.dim(static_cast<std::size_t>(dn.output_batch_dimension));
  input_exprs[static_cast<std::size_t>(dn.input_batch_dimension)] =
      batch_groups
          ? bi.ws.add(bi.ws.mul(bi.range_var(ns + 1), bi.constant(at(out, dn.output_batch_dimension))), batch)
          : batch;
  for (std::size_t i = 0; i < rank; ++i) bi.add_result(input_exprs[i]);
  auto inputs = simplified(bi.finish(), point_variables::replace);
  if (!inputs) return inputs.error();

  // The kernel map.
  map_builder bk(rank, sr + 1);
  set_sizes(bk, dims_of(out), k_sp);
  bk.set_size(rank + sr, input_group_size);
  expr_id kernel_exprs[XLAYOUT_MAX_RANK]{};
  for (std::size_t i = 0; i < sr; ++i) {
    expr_id k = bk.range_var(i);
    if (o.attrs.window[i].window_reversal) k = bk.ws.sub(bk.constant(k_sp[i] - 1), k);
    kernel_exprs[static_cast<std::size_t>(dn.kernel_spatial_dimensions[i])] = k;
  }
  kernel_exprs[static_cast<std::size_t>(dn.kernel_output_feature_dimension)] =
      bk.dim(static_cast<std::size_t>(dn.output_feature_dimension));
  kernel_exprs[static_cast<std::size_t>(dn.kernel_input_feature_dimension)] = bk.range_var(sr);
  for (std::size_t i = 0; i < rank; ++i) bk.add_result(kernel_exprs[i]);
  auto kernels = simplified(bk.finish(), point_variables::replace);
  if (!kernels) return kernels.error();

  // Symbols neither map uses are removed from both (XLA's CompressVars with the common unused symbols).
  bool used_in[XLAYOUT_MAX_VARS]{}, used_k[XLAYOUT_MAX_VARS]{};
  instruction_indexing r;
  error e;
  if (!inputs->is_undefined() && !kernels->is_undefined()) {
    used_variables(*inputs, used_in);
    used_variables(*kernels, used_k);
    const std::size_t nsi = inputs->num_symbols(), nsk = kernels->num_symbols();
    bool unused[XLAYOUT_MAX_VARS]{};
    for (std::size_t j = 0; j < nsi && j < nsk; ++j) unused[j] = !used_in[rank + j] && !used_k[rank + j];
    const auto compress = [&](const indexing_map& m) -> result<indexing_map> {
      index_t new_id[XLAYOUT_MAX_VARS]{};
      index_t next = 0;
      std::size_t nr = 0;
      for (std::size_t v = 0; v < m.num_vars(); ++v) {
        if (v >= rank && unused[v - rank]) {
          new_id[v] = -1;
          continue;
        }
        new_id[v] = next++;
        if (v >= rank) ++nr;
      }
      return xlayout::detail::renumber_variables(m, new_id, rank, nr, 0, nullptr);
    };
    if (!push_map(r, compress(*inputs), e)) return e;
    if (!push_map(r, compress(*kernels), e)) return e;
    return r;
  }
  if (!push_map(r, inputs, e) || !push_map(r, kernels, e)) return e;
  return r;
}

constexpr bool dot_ok(const op& o) noexcept {
  if (o.operands.size() < 2) return false;
  const dot_dimension_numbers& dn = o.attrs.dot;
  const shape& lhs = o.operands[0];
  const shape& rhs = o.operands[1];
  if (dn.lhs_batch_dimensions.size() != dn.rhs_batch_dimensions.size() ||
      dn.lhs_contracting_dimensions.size() != dn.rhs_contracting_dimensions.size())
    return false;
  dimension_list l = dn.lhs_batch_dimensions, r = dn.rhs_batch_dimensions;
  for (index_t d : dn.lhs_contracting_dimensions) l.push_back(d);
  for (index_t d : dn.rhs_contracting_dimensions) r.push_back(d);
  if (!distinct_in_range(l, lhs.rank()) || !distinct_in_range(r, rhs.rank())) return false;
  // XLA's CheckDotDimensionConstraints: paired batch and contracting dimensions have compatible sizes.
  for (std::size_t i = 0; i < l.size(); ++i) {
    if (!compatible_size(lhs.dimensions[static_cast<std::size_t>(l[i])],
                         rhs.dimensions[static_cast<std::size_t>(r[i])]))
      return false;
  }
  // XLA's GenerateDotResultDimensions: the batch dimensions (lhs's sizes), lhs's free ones, rhs's free ones.
  const shape& out = o.results[0];
  if (out.rank() !=
      lhs.rank() + rhs.rank() - dn.lhs_batch_dimensions.size() - 2 * dn.lhs_contracting_dimensions.size())
    return false;
  dims_t expected;
  for (index_t d : dn.lhs_batch_dimensions) expected.push_back(lhs.dimensions[static_cast<std::size_t>(d)]);
  for (std::size_t i = 0; i < lhs.rank(); ++i) {
    if (!contains(l, static_cast<index_t>(i))) expected.push_back(lhs.dimensions[i]);
  }
  for (std::size_t i = 0; i < rhs.rank(); ++i) {
    if (!contains(r, static_cast<index_t>(i))) expected.push_back(rhs.dimensions[i]);
  }
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (!compatible_size(out.dimensions[i], expected[i])) return false;
  }
  return true;
}

/// XLA's ComputeDotOperandsIndexing: maps[0] for lhs, maps[1] for rhs.
constexpr error dot_maps(const op& o, result<indexing_map>* maps) noexcept {
  const dot_dimension_numbers& dn = o.attrs.dot;
  const shape& lhs = o.operands[0];
  const shape& rhs = o.operands[1];
  const dims_t out = dims_of(o.results[0]);
  dims_t sym_sizes;
  for (index_t d : dn.lhs_contracting_dimensions)
    sym_sizes.push_back(lhs.dimensions[static_cast<std::size_t>(d)]);
  for (int side = 0; side < 2; ++side) {
    const shape& s = side == 0 ? lhs : rhs;
    const dimension_list& batch = side == 0 ? dn.lhs_batch_dimensions : dn.rhs_batch_dimensions;
    const dimension_list& contracting =
        side == 0 ? dn.lhs_contracting_dimensions : dn.rhs_contracting_dimensions;
    map_builder b(out.size(), sym_sizes.size());
    set_sizes(b, out, sym_sizes);
    expr_id exprs[XLAYOUT_MAX_RANK]{};
    std::size_t out_dim = 0;
    for (index_t d : batch) exprs[static_cast<std::size_t>(d)] = b.dim(out_dim++);
    if (side == 1) {  // the output dimensions of lhs's free dimensions come first
      for (std::size_t i = 0; i < lhs.rank(); ++i) {
        if (!contains(dn.lhs_batch_dimensions, static_cast<index_t>(i)) &&
            !contains(dn.lhs_contracting_dimensions, static_cast<index_t>(i)))
          ++out_dim;
      }
    }
    for (std::size_t i = 0; i < s.rank(); ++i) {
      if (!contains(batch, static_cast<index_t>(i)) && !contains(contracting, static_cast<index_t>(i)))
        exprs[i] = b.dim(out_dim++);
    }
    for (std::size_t j = 0; j < contracting.size(); ++j)
      exprs[static_cast<std::size_t>(contracting[j])] = b.range_var(j);
    for (std::size_t i = 0; i < s.rank(); ++i) b.add_result(exprs[i]);
    maps[side] = b.finish();
    if (!maps[side]) return maps[side].error();
  }
  return {};
}

constexpr result<instruction_indexing> dot_o2i(const op& o) noexcept {
  if (o.operands.size() != 2 || !dot_ok(o)) return error_id::hlo_malformed_op;
  result<indexing_map> maps[2]{indexing_map{}, indexing_map{}};
  if (const error e = dot_maps(o, maps); e.id != error_id::none) return e;
  instruction_indexing r;
  error e;
  if (!push_map(r, maps[0], e) || !push_map(r, maps[1], e)) return e;
  return r;
}

/// XLA's RescaleIndexingMap: result i divided by operand_dim / scale_dim where they differ.
constexpr result<indexing_map> rescale(const indexing_map& m, const shape& operand,
                                       const shape& scale) noexcept {
  if (operand.rank() != scale.rank() || m.num_results != operand.rank()) return error_id::hlo_malformed_op;
  expr_workspace ws;
  expr_id remap[XLAYOUT_MAX_EXPRS]{};
  map_draft d = xlayout::detail::import_map(ws, m, remap);
  for (std::size_t i = 0; i < operand.rank(); ++i) {
    const index_t od = operand.dimensions[i], sd = scale.dimensions[i];
    if (sd <= 0 || od % sd != 0) return error_id::hlo_malformed_op;
    if (od != sd) d.results[i] = ws.floordiv(d.results[i], ws.constant(od / sd));
  }
  return xlayout::detail::finish_map(ws, d);
}

constexpr result<instruction_indexing> scaled_dot_o2i(const op& o) noexcept {
  if (o.operands.size() != 4 || !dot_ok(o)) return error_id::hlo_malformed_op;
  result<indexing_map> maps[2]{indexing_map{}, indexing_map{}};
  if (const error e = dot_maps(o, maps); e.id != error_id::none) return e;
  instruction_indexing r;
  error e;
  if (!push_map(r, maps[0], e) || !push_map(r, maps[1], e)) return e;
  if (!push_map(r, rescale(*maps[0], o.operands[0], o.operands[2]), e)) return e;
  if (!push_map(r, rescale(*maps[1], o.operands[1], o.operands[3]), e)) return e;
  return r;
}

/// A scalar integer operand whose value is known and in range folds into the map (XLA's OptimizeRTVar
/// for constants); otherwise it stays a runtime variable.
constexpr bool folds(const op& o, std::size_t operand, interval feasible, index_t& value) noexcept {
  if (operand >= o.operand_values.size() || !o.operand_values[operand].is_constant) return false;
  value = o.operand_values[operand].constant;
  return feasible.contains(value);
}

/// XLA's map of dynamic-slice operand 0 over the output sizes `out`: (d_i) -> (d_i + start_i), start i the
/// constant starts[i] where known[i], otherwise the next runtime variable, in [0, last[i]] (the operand's
/// size minus the slice size: XLA clamps the start there). The views' dynamic_slice (no start known) uses it.
constexpr result<indexing_map> dynamic_slice_map(const dims_t& out, const dims_t& last, const bool* known,
                                                 const index_t* starts) noexcept {
  const std::size_t rank = out.size();
  std::size_t num_rt = 0;
  for (std::size_t i = 0; i < rank; ++i) num_rt += known[i] ? 0 : 1;
  map_builder b(rank, 0, num_rt);
  set_sizes(b, out);
  std::size_t k = 0;
  for (std::size_t i = 0; i < rank; ++i) {
    if (known[i]) {
      b.add_result(b.ws.add(b.dim(i), b.constant(starts[i])));
      continue;
    }
    b.set_bounds(rank + k, {0, last[i]});
    b.add_result(b.ws.add(b.dim(i), b.rt_var(k++)));
  }
  return b.finish();
}

constexpr result<instruction_indexing> dynamic_slice_o2i(const op& o) noexcept {
  const shape& in = o.operands[0];
  const shape& out = o.results[0];
  const std::size_t rank = out.rank();
  dims_t sizes = o.attrs.dynamic_slice_sizes.empty() ? dims_of(out) : dims_t{};
  for (index_t s : o.attrs.dynamic_slice_sizes) {
    if (s < 0) return error_id::hlo_malformed_op;  // a literal INT64_MIN is no '?' (audit)
    sizes.push_back(s);
  }
  if (in.rank() != rank || sizes.size() != rank || o.operands.size() != rank + 1)
    return error_id::hlo_malformed_op;
  // XLA's InferDynamicSliceShape: 0 <= size <= the operand's size (unchecked where that is '?'); the output's
  // sizes are the slice sizes.
  for (std::size_t i = 0; i < rank; ++i) {
    if ((sizes[i] != dyn && sizes[i] < 0) || (in.dimensions[i] != dyn && sizes[i] > in.dimensions[i]) ||
        !compatible_size(out.dimensions[i], sizes[i]))
      return error_id::hlo_malformed_op;
  }
  for (std::size_t k = 1; k < o.operands.size(); ++k) {
    if (o.operands[k].rank() != 0) return error_id::hlo_malformed_op;  // XLA's old form is not supported
  }
  std::size_t num_rt = 0;
  bool known[XLAYOUT_MAX_RANK + 1]{};
  index_t starts[XLAYOUT_MAX_RANK + 1]{};
  dims_t last;
  for (std::size_t i = 0; i < rank; ++i) {
    last.push_back(in.dimensions[i] - sizes[i]);
    known[i] = folds(o, i + 1, {0, last[i]}, starts[i]);
    if (!known[i]) ++num_rt;
  }
  if (num_rt > XLAYOUT_HLO_MAX_RT_VARS) return error_id::capacity_exceeded;
  auto offsets = scalar_map(dims_of(out));
  if (!offsets) return offsets.error();
  auto m = dynamic_slice_map(dims_of(out), last, known, starts);
  if (!m) return m.error();
  operand_indexing first;
  first.map = *m;
  for (std::size_t i = 0; i < rank; ++i) {
    if (!known[i])
      first.runtime_variables.push_back(runtime_variable{static_cast<std::uint16_t>(i + 1), *offsets});
  }
  auto cleaned = remove_unused_symbols(first);
  if (!cleaned) return cleaned.error();
  instruction_indexing r;
  r.push_back(*cleaned);
  for (std::size_t i = 1; i < o.operands.size(); ++i) {
    operand_indexing oi;
    oi.map = *offsets;
    r.push_back(oi);
  }
  return r;
}

constexpr result<instruction_indexing> dynamic_update_slice_o2i(const op& o) noexcept {
  const shape& out = o.results[0];
  const std::size_t rank = out.rank();
  if (o.operands.size() != rank + 2 || o.operands[0].rank() != rank || o.operands[1].rank() != rank)
    return error_id::hlo_malformed_op;
  for (std::size_t k = 2; k < o.operands.size(); ++k) {
    if (o.operands[k].rank() != 0) return error_id::hlo_malformed_op;
  }
  const shape& update = o.operands[1];
  // XLA's InferDynamicUpdateSliceShape: 0 <= update size <= the operand's size (unchecked where that is
  // '?'); the output has the operand's sizes.
  for (std::size_t i = 0; i < rank; ++i) {
    const index_t n = o.operands[0].dimensions[i], u = update.dimensions[i];
    if ((u != dyn && u < 0) || (n != dyn && u != dyn && u > n) || !compatible_size(out.dimensions[i], n))
      return error_id::hlo_malformed_op;
  }
  std::size_t num_rt = 0;
  index_t value = 0;
  for (std::size_t i = 0; i < rank; ++i) {
    if (!folds(o, i + 2, {0, out.dimensions[i] - update.dimensions[i]}, value)) ++num_rt;
  }
  if (num_rt > XLAYOUT_HLO_MAX_RT_VARS) return error_id::capacity_exceeded;
  auto offsets = scalar_map(dims_of(out));
  if (!offsets) return offsets.error();
  auto identity = identity_map(dims_of(out));
  if (!identity) return identity.error();
  map_builder b(rank, 0, num_rt);
  set_sizes(b, dims_of(out));
  operand_indexing upd;
  std::size_t k = 0;
  for (std::size_t i = 0; i < rank; ++i) {
    const interval feasible{0, out.dimensions[i] - update.dimensions[i]};
    if (folds(o, i + 2, feasible, value)) {
      b.add_result(b.ws.sub(b.dim(i), b.constant(value)));
      continue;
    }
    b.set_bounds(rank + k, feasible);
    b.add_result(b.ws.sub(b.dim(i), b.rt_var(k++)));
    upd.runtime_variables.push_back(runtime_variable{static_cast<std::uint16_t>(i + 2), *offsets});
  }
  auto m = b.finish();
  if (!m) return m.error();
  upd.map = *m;
  auto cleaned = remove_unused_symbols(upd);
  if (!cleaned) return cleaned.error();
  instruction_indexing r;
  operand_indexing first;
  first.map = *identity;
  r.push_back(first);
  r.push_back(*cleaned);
  for (std::size_t i = 2; i < o.operands.size(); ++i) {
    operand_indexing oi;
    oi.map = *offsets;
    r.push_back(oi);
  }
  return r;
}

/// XLA's GatherSimplifier::IsSimplifiedGather: indices [batch, index vector] with index_vector_dim 1, the
/// offset dims 1..rank, no collapsed or batching dims.
constexpr bool is_simplified_gather(const op& o) noexcept {
  if (o.operands.size() != 2) return false;
  const gather_dimension_numbers& g = o.attrs.gather;
  const shape& operand = o.operands[0];
  const shape& indices = o.operands[1];
  if (indices.rank() != 2 || g.index_vector_dim != 1 || !g.collapsed_slice_dims.empty() ||
      !g.operand_batching_dims.empty() || !g.start_indices_batching_dims.empty())
    return false;
  if (g.offset_dims.size() != operand.rank() || o.attrs.slice_sizes.size() != operand.rank()) return false;
  for (std::size_t i = 0; i < g.offset_dims.size(); ++i) {
    if (g.offset_dims[i] != static_cast<index_t>(i + 1)) return false;
  }
  return true;
}

/// XLA's InferGatherShape on the sizes: slice_sizes has the operand's rank, 0 <= slice size <= the operand's
/// size (unchecked where that is '?'), at most 1 in a collapsed or operand-batching dimension;
/// start_index_map has as many entries as the index vector (start_indices' index_vector_dim, 1 when that is
/// its rank); the offset dims, ascending, take the slice sizes of the other operand dimensions in order; the
/// remaining output dims take start_indices' sizes without index_vector_dim, in order.
constexpr bool gather_ok(const op& o) noexcept {
  if (o.operands.size() != 2) return false;
  const gather_dimension_numbers& g = o.attrs.gather;
  const shape& operand = o.operands[0];
  const shape& indices = o.operands[1];
  const shape& out = o.results[0];
  const dimension_list& sizes = o.attrs.slice_sizes;
  if (sizes.size() != operand.rank() || g.index_vector_dim < 0 ||
      static_cast<std::size_t>(g.index_vector_dim) > indices.rank())
    return false;
  const auto ivd = static_cast<std::size_t>(g.index_vector_dim);
  const index_t index_vector = ivd == indices.rank() ? 1 : indices.dimensions[ivd];
  if (!compatible_size(index_vector, static_cast<index_t>(g.start_index_map.size()))) return false;
  // Distinct operand dimensions: at most its rank together (checked first: `dropped` holds up to the rank).
  if (g.collapsed_slice_dims.size() + g.operand_batching_dims.size() > operand.rank()) return false;
  dimension_list dropped = g.collapsed_slice_dims;
  for (index_t d : g.operand_batching_dims) dropped.push_back(d);
  if (!distinct_in_range(dropped, operand.rank())) return false;
  for (std::size_t i = 0; i < operand.rank(); ++i) {
    const index_t n = operand.dimensions[i];
    if (sizes[i] < 0 || (n != dyn && sizes[i] > n)) return false;
    if (contains(dropped, static_cast<index_t>(i)) && sizes[i] > 1) return false;
  }
  const std::size_t batch_rank = indices.rank() - (ivd < indices.rank() ? 1 : 0);
  if (g.offset_dims.size() != operand.rank() - dropped.size() ||
      out.rank() != g.offset_dims.size() + batch_rank)
    return false;
  for (std::size_t i = 0; i < g.offset_dims.size(); ++i) {
    if (g.offset_dims[i] < 0 || static_cast<std::size_t>(g.offset_dims[i]) >= out.rank() ||
        (i > 0 && g.offset_dims[i] <= g.offset_dims[i - 1]))
      return false;
  }
  std::size_t next_offset = 0, next_batch = 0;
  for (std::size_t i = 0; i < out.rank(); ++i) {
    index_t expected = 0;
    if (contains(g.offset_dims, static_cast<index_t>(i))) {
      while (contains(dropped, static_cast<index_t>(next_offset))) ++next_offset;
      expected = sizes[next_offset++];
    } else {
      if (next_batch == ivd) ++next_batch;
      expected = indices.dimensions[next_batch++];
    }
    if (!compatible_size(out.dimensions[i], expected)) return false;
  }
  return true;
}

constexpr result<instruction_indexing> gather_o2i(const op& o) noexcept {
  if (!gather_ok(o)) return error_id::hlo_malformed_op;
  if (!is_simplified_gather(o)) return unknown(o.operands.size());
  const gather_dimension_numbers& g = o.attrs.gather;
  const shape& operand = o.operands[0];
  const shape& indices = o.operands[1];
  const shape& out = o.results[0];
  const std::size_t rank = out.rank();
  if (rank != operand.rank() + 1 || !distinct_in_range(g.start_index_map, operand.rank()) ||
      static_cast<index_t>(g.start_index_map.size()) != indices.dimensions[1])
    return error_id::hlo_malformed_op;
  if (g.start_index_map.size() > XLAYOUT_HLO_MAX_RT_VARS) return error_id::capacity_exceeded;
  const index_t index_vector_length = indices.dimensions[1];
  // indices: (d0, ...)[s0] -> (d0, s0)
  map_builder bi(rank, 1);
  set_sizes(bi, dims_of(out));
  bi.set_size(rank, index_vector_length);
  bi.add_result(bi.dim(0));
  bi.add_result(bi.range_var(0));
  auto indices_map = bi.finish();
  if (!indices_map) return indices_map.error();
  // operand: d_{offset_dims[i]} + rt_k where operand dimension i is start_index_map[j].
  const bool iota_indices = o.operand_values.size() > 1 && o.operand_values[1].is_iota;
  if (iota_indices && (o.operand_values[1].iota_dimension < 0 ||
                       static_cast<std::size_t>(o.operand_values[1].iota_dimension) >= o.operands[1].rank()))
    return error_id::hlo_malformed_op;  // XLA's verifier refuses the iota
  map_builder b(rank, 0, iota_indices ? 0 : g.start_index_map.size());
  set_sizes(b, dims_of(out));
  operand_indexing oi;
  std::size_t k = 0;
  for (std::size_t i = 0; i < operand.rank(); ++i) {
    expr_id e = b.dim(static_cast<std::size_t>(g.offset_dims[i]));
    std::size_t j = 0;
    while (j < g.start_index_map.size() && g.start_index_map[j] != static_cast<index_t>(i)) ++j;
    if (j < g.start_index_map.size() && iota_indices) {
      // XLA's OptimizeRTVar for an iota: the index read at (d0, j) is d0 (iota_dimension 0) or j (1).
      const index_t iota_dim = o.operand_values[1].iota_dimension;
      e = b.ws.add(e, iota_dim == 0 ? b.dim(0) : b.constant(static_cast<index_t>(j)));
    } else if (j < g.start_index_map.size()) {
      // The start's range, [0, size - slice size] (XLA clamps it there); a '?' size leaves it unbounded above
      // (audit: index_min minus the slice size overflowed, and the range read [0, 2^63 - 1] by that wrap).
      const index_t n = operand.dimensions[i];
      b.set_bounds(rank + k, {0, n == dyn ? index_max : n - o.attrs.slice_sizes[i]});
      e = b.ws.add(e, b.rt_var(k++));
      map_builder br(rank, 0);
      set_sizes(br, dims_of(out));
      br.add_result(br.dim(0));
      br.add_result(br.constant(static_cast<index_t>(j)));
      auto rm = br.finish();
      if (!rm) return rm.error();
      oi.runtime_variables.push_back(runtime_variable{1, *rm});
    }
    b.add_result(e);
  }
  auto m = b.finish();
  if (!m) return m.error();
  oi.map = *m;
  auto cleaned = remove_unused_symbols(oi);
  if (!cleaned) return cleaned.error();
  instruction_indexing r;
  r.push_back(*cleaned);
  operand_indexing ii;
  ii.map = *indices_map;
  r.push_back(ii);
  return r;
}

constexpr result<instruction_indexing> all_gather_o2i(const op& o) noexcept {
  const shape& in = o.operands[0];
  const shape& out = o.results[0];
  if (o.operands.size() != 1 || o.attrs.dimensions.size() != 1 || in.rank() != out.rank())
    return error_id::hlo_malformed_op;
  const index_t ag = o.attrs.dimensions[0];
  if (ag < 0 || static_cast<std::size_t>(ag) >= out.rank()) return error_id::hlo_malformed_op;
  const index_t in_size = in.dimensions[static_cast<std::size_t>(ag)];
  if (in_size <= 0) return error_id::hlo_malformed_op;
  // XLA's HLO verifier: the shard count is ceil(output size / operand size) along the gathered dimension,
  // at least 1 (InferAllGatherShape), and the output is the operand's shape with that dimension times the
  // shard count (unchecked where the output's size there is '?').
  for (std::size_t i = 0; i < out.rank(); ++i) {
    const index_t n = out.dimensions[i];
    if (i == static_cast<std::size_t>(ag) ? n != dyn && (n <= 0 || n % in_size != 0)
                                          : !compatible_size(n, in.dimensions[i]))
      return error_id::hlo_malformed_op;
  }
  map_builder b(out.rank(), 0);
  set_sizes(b, dims_of(out));
  for (std::size_t i = 0; i < out.rank(); ++i)
    b.add_result(i == static_cast<std::size_t>(ag) ? b.ws.mod(b.dim(i), b.constant(in_size)) : b.dim(i));
  auto m = b.finish();
  if (!m) return m.error();
  map_builder br(out.rank(), 0);
  set_sizes(br, dims_of(out));
  br.add_result(br.ws.floordiv(br.dim(static_cast<std::size_t>(ag)), br.constant(in_size)));
  auto replica = br.finish();
  if (!replica) return replica.error();
  instruction_indexing r;
  operand_indexing oi;
  oi.map = *m;
  oi.replica_id_map = *replica;
  r.push_back(oi);
  return r;
}

constexpr result<instruction_indexing> scan_o2i(const op& o, std::size_t output_id) noexcept {
  const std::size_t n = o.operands.size();
  if (o.attrs.num_carries < 0 || static_cast<std::size_t>(o.attrs.num_carries) > n)
    return error_id::hlo_malformed_op;
  const std::size_t num_inputs = n - static_cast<std::size_t>(o.attrs.num_carries);
  const dims_t out = dims_of(output_shape(o, output_id));
  auto scalar = scalar_map(out);
  if (!scalar) return scalar.error();
  auto identity = identity_map(out);
  if (!identity) return identity.error();
  instruction_indexing r;
  for (std::size_t i = 0; i < n; ++i) {
    operand_indexing oi;
    oi.map = out.empty() || i >= num_inputs ? *scalar : *identity;
    r.push_back(oi);
  }
  return r;
}

/// The operand count of an elementwise opcode (XLA's HLO_OPCODE_LIST arities), 0 for the variadic ones
/// (map, all-reduce: at least one).
constexpr std::size_t elementwise_arity(opcode c) noexcept {
  switch (c) {
    case opcode::map:
    case opcode::all_reduce:
      return 0;
    case opcode::select:
    case opcode::clamp:
      return 3;
    case opcode::stochastic_convert:
    case opcode::add:
    case opcode::and_:
    case opcode::atan2:
    case opcode::compare:
    case opcode::complex:
    case opcode::divide:
    case opcode::maximum:
    case opcode::minimum:
    case opcode::multiply:
    case opcode::or_:
    case opcode::power:
    case opcode::remainder:
    case opcode::shift_left:
    case opcode::shift_right_arithmetic:
    case opcode::shift_right_logical:
    case opcode::subtract:
    case opcode::xor_:
      return 2;
    default:
      return 1;
  }
}

/// Operand and result counts the op needs, checked before any attribute is read: its results, and as many
/// operands as its opcode takes (XLA's parser: "expects 2 operands, but has 1 operands").
constexpr bool has_shapes(const op& o) noexcept {
  if (o.results.empty()) return false;
  if (o.operand_values.size() != 0 && o.operand_values.size() != o.operands.size()) return false;
  if (is_elementwise(o.code)) {
    const std::size_t n = elementwise_arity(o.code);
    return n == 0 ? !o.operands.empty() : o.operands.size() == n;
  }
  switch (o.code) {
    case opcode::broadcast:
    case opcode::transpose:
    case opcode::reverse:
    case opcode::reshape:
    case opcode::bitcast:
    case opcode::slice:
    case opcode::get_tuple_element:
    case opcode::all_gather:
      return o.operands.size() == 1;
    case opcode::pad:
    case opcode::dot:
    case opcode::convolution:
    case opcode::gather:
      return o.operands.size() == 2;
    case opcode::scaled_dot:
      return o.operands.size() == 4;
    case opcode::concatenate:
    case opcode::dynamic_slice:
    case opcode::reduce:
    case opcode::reduce_window:
      return !o.operands.empty();
    case opcode::dynamic_update_slice:
      return o.operands.size() >= 2;
    default:
      return true;
  }
}

}  // namespace op_maps_detail

/// XLA's GetBitcastMap(input, output): the map from an index of `input` to the index of `output` that
/// holds the same element when the buffer of one is read as the other (minor_to_major only; a shape
/// without a layout has the default one): a transpose, a reshape, or transpose-reshape-transpose. Not
/// simplified (XLA's bitcast op maps add Simplify(kPreserve)). Undefined when the element counts differ.
/// Errors: capacities; hlo_malformed_op for negative sizes.
constexpr result<indexing_map> checked_bitcast_map(const shape& input, const shape& output) noexcept {
  return op_maps_detail::bitcast_map_impl(input, output);
}

/// XLA's ComputeReshapeIndexingMap(input, output) over the output sizes, then Simplify(kPreserve): the
/// map from an index of `output` to the index of `input` a reshape reads.
/// Errors: hlo_malformed_op when the element counts differ; capacities.
constexpr result<indexing_map> checked_reshape_map(const shape& input, const shape& output) noexcept {
  const auto in = op_maps_detail::dims_of(input), out = op_maps_detail::dims_of(output);
  auto n_in = op_maps_detail::elements(in);
  if (!n_in) return n_in.error();
  auto n_out = op_maps_detail::elements(out);
  if (!n_out) return n_out.error();
  if (*n_in != *n_out) return error_id::hlo_malformed_op;
  return op_maps_detail::simplified(op_maps_detail::raw_reshape_map(in, out), point_variables::preserve);
}

/// XLA's GetIndexingMapFromPhysicalLayoutToLogical: from the physical index (dimensions major to minor)
/// to the logical index. f32[10,20,30]{1,0,2}: (d0, d1, d2) -> (d1, d2, d0), domain d0 in [0, 29], ...
constexpr result<indexing_map> physical_layout_to_logical_map(const shape& s) noexcept {
  const dimension_list mtm = op_maps_detail::minor_to_major_of(s);
  dimension_list major_to_minor;
  for (std::size_t i = mtm.size(); i-- > 0;) major_to_minor.push_back(mtm[i]);
  if (!op_maps_detail::is_permutation_of(major_to_minor, s.rank())) return error_id::not_a_permutation;
  op_maps_detail::dims_t physical;
  for (index_t d : major_to_minor) physical.push_back(s.dimensions[static_cast<std::size_t>(d)]);
  return op_maps_detail::permutation_map(inverse_permutation(major_to_minor), physical);
}

/// XLA's GetIndexingMapFromLogicalToPhysicalLayout: from the logical index to the physical one.
constexpr result<indexing_map> logical_to_physical_layout_map(const shape& s) noexcept {
  const dimension_list mtm = op_maps_detail::minor_to_major_of(s);
  dimension_list major_to_minor;
  for (std::size_t i = mtm.size(); i-- > 0;) major_to_minor.push_back(mtm[i]);
  if (!op_maps_detail::is_permutation_of(major_to_minor, s.rank())) return error_id::not_a_permutation;
  return op_maps_detail::permutation_map(major_to_minor, op_maps_detail::dims_of(s));
}

/// XLA's ComputeOutputToInputIndexing: for output `output_id` (0 for an array-shaped op; the tuple
/// element for variadic reduce, reduce-window and scan), one operand_indexing per operand, in operand
/// order: the map from the output index to the operand index (domain: the output's dimensions), its
/// runtime variables, and for all-gather the replica-id map. Constant, iota and parameter have no
/// operands (an empty result). Opcodes XLA does not model (opcode::other, fusion, tuple, a gather not in
/// XLA's simplified form) give undefined maps.
/// Errors: hlo_operand_out_of_range (output_id), hlo_malformed_op (shapes or attributes that do not fit
/// the opcode), capacities (capacity_exceeded, pool_exhausted, too_many_variables, ...).
constexpr result<instruction_indexing> checked_output_to_input(const op& o, std::size_t output_id) noexcept {
  namespace d = op_maps_detail;
  if (o.operands.size() > XLAYOUT_HLO_MAX_OPERANDS) return error_id::capacity_exceeded;
  switch (o.code) {
    case opcode::parameter:
    case opcode::constant:
      if (!o.operands.empty()) return error_id::hlo_malformed_op;
      return instruction_indexing{};
    case opcode::iota:  // no operand, and its dimension one of the result's (XLA's verifier)
      if (!o.operands.empty() || o.results.size() != 1 || o.attrs.iota_dimension < 0 ||
          static_cast<std::size_t>(o.attrs.iota_dimension) >= o.results[0].rank())
        return error_id::hlo_malformed_op;
      return instruction_indexing{};
    case opcode::other:
    case opcode::fusion:
    case opcode::tuple:
      return d::unknown(o.operands.size());
    default:
      break;
  }
  if (o.truncated) return error_id::capacity_exceeded;
  if (!d::has_shapes(o)) return error_id::hlo_malformed_op;
  if (output_id >= o.results.size()) return error_id::hlo_operand_out_of_range;
  if (d::sizes_unknown(o)) return error_id::dynamic_dimension;
  if (d::tuple_collective(o)) return d::unknown(o.operands.size());
  if (is_elementwise(o.code)) return d::elementwise_o2i(o);
  switch (o.code) {
    case opcode::bitcast:
      return d::single(
          d::simplified(d::bitcast_map_impl(o.results[0], o.operands[0]), point_variables::preserve));
    case opcode::broadcast:
      return d::broadcast_o2i(o);
    case opcode::concatenate:
      return d::concatenate_o2i(o);
    case opcode::convolution:
      return d::convolution_o2i(o);
    case opcode::dot:
      return d::dot_o2i(o);
    case opcode::scaled_dot:
      return d::scaled_dot_o2i(o);
    case opcode::dynamic_update_slice:
      return d::dynamic_update_slice_o2i(o);
    case opcode::dynamic_slice:
      return d::dynamic_slice_o2i(o);
    case opcode::gather:
      return d::gather_o2i(o);
    case opcode::get_tuple_element:
      // An element that is itself a tuple (of a nested tuple, whose elements the module does not keep):
      // unknown indexing. Its map was the identity of the result's first element, which a get-tuple-element
      // of it then composed with as a map of another rank: variable_count_mismatch (audit).
      if (o.operands[0].element_type == element_type::tuple || o.results.size() != 1) return d::unknown(1);
      // An array element's shape is the result's (XLA's verifier).
      if (!d::compatible_dims(o.operands[0], o.results[0]) ||
          o.operands[0].element_type != o.results[0].element_type)
        return error_id::hlo_malformed_op;
      return d::single(d::identity_map(d::dims_of(o.results[0])));
    case opcode::all_gather:
      return d::all_gather_o2i(o);
    case opcode::pad:
      return d::pad_o2i(o);
    case opcode::reduce:
      return d::reduce_o2i(o, output_id);
    case opcode::reduce_window:
      return d::reduce_window_o2i(o);
    case opcode::reshape:
      return d::reshape(o, true);
    case opcode::reverse:
      return d::reverse(o);
    case opcode::scan:
      return d::scan_o2i(o, output_id);
    case opcode::slice:
      return d::slice_o2i(o);
    case opcode::transpose:
      return d::transpose(o, true);
    default:
      return d::unknown(o.operands.size());
  }
}

/// XLA's ComputeInputToOutputIndexing: for operand `input_id`, one operand_indexing per output (one for an
/// array-shaped op): the map from the operand index to the output index (domain: the operand's
/// dimensions; XLA's exceptions: elementwise ops use the output's). XLA models elementwise ops, bitcast,
/// broadcast, concatenate, reduce, reshape, reverse, slice, transpose and tuple; every other opcode gives
/// undefined maps, one per output.
/// Errors: hlo_operand_out_of_range (input_id), hlo_malformed_op, capacities.
constexpr result<instruction_indexing> checked_input_to_output(const op& o, std::size_t input_id) noexcept {
  namespace d = op_maps_detail;
  if (o.operands.size() > XLAYOUT_HLO_MAX_OPERANDS) return error_id::capacity_exceeded;
  if (input_id >= o.operands.size()) return error_id::hlo_operand_out_of_range;
  const std::size_t num_results = o.results.size() > 1 ? o.results.size() : 1;
  switch (o.code) {
    case opcode::other:
    case opcode::fusion:
      return d::unknown(num_results);  // one per output `results` holds (op::truncated: there are more)
    case opcode::tuple:
      // An operand past the outputs op_of could hold (a tuple of more than XLAYOUT_HLO_MAX_OUTPUTS
      // elements) has no answer: capacity_exceeded (it was hlo_malformed_op for every operand: audit).
      if (o.truncated) {
        if (input_id >= o.results.size()) return error_id::capacity_exceeded;
      } else if (o.results.size() != o.operands.size()) {
        return error_id::hlo_malformed_op;
      }
      return d::single(d::identity_map(d::dims_of(o.results[input_id])));
    default:
      break;
  }
  if (o.truncated) return error_id::capacity_exceeded;
  if (!d::has_shapes(o)) return error_id::hlo_malformed_op;
  if (d::sizes_unknown(o)) return error_id::dynamic_dimension;
  if (d::tuple_collective(o)) return d::unknown(num_results);
  if (is_elementwise(o.code)) {
    if (o.code == opcode::bitcast_convert) {
      const int kind = d::bitcast_convert_kind(o);
      if (kind == 2) return error_id::hlo_malformed_op;
      if (kind != 0) return d::bitcast_convert_map(o.operands[0], o.results[0]);
    }
    if (!d::elementwise_ok(o)) return error_id::hlo_malformed_op;
    if (o.operands[input_id].rank() == 0 && o.results[0].rank() != 0) {
      // A scalar operand of a non-scalar op (select's predicate, clamp's bounds) feeds every output
      // element, as a broadcast of a scalar does: ()[s0, ...] -> (s0, ...). (XLA's
      // ComputeInputToOutputCwiseOpIndexing gives the output's identity, whose dimensions are not the
      // operand's.)
      op b;
      b.code = opcode::broadcast;
      b.operands.push_back(o.operands[input_id]);
      b.results.push_back(o.results[0]);
      return d::broadcast_i2o(b);
    }
    return d::single(d::identity_map(d::dims_of(o.results[0])));
  }
  switch (o.code) {
    case opcode::bitcast:
      return d::single(
          d::simplified(d::bitcast_map_impl(o.operands[0], o.results[0]), point_variables::preserve));
    case opcode::broadcast:
      return d::broadcast_i2o(o);
    case opcode::concatenate:
      return d::concatenate_i2o(o, input_id);
    case opcode::reduce:
      return d::reduce_i2o(o, input_id);
    case opcode::reshape:
      return d::reshape(o, false);
    case opcode::reverse:
      return d::reverse(o);
    case opcode::slice:
      return d::slice_i2o(o);
    case opcode::transpose:
      return d::transpose(o, false);
    default:
      return d::unknown(num_results);
  }
}

/// checked_output_to_input for ops known to be well formed (stops on an error: a compile error in a
/// constant expression, the assertion handler at run time).
constexpr instruction_indexing output_to_input(const op& o, std::size_t output_id = 0) noexcept {
  auto r = checked_output_to_input(o, output_id);
  xlayout::detail::expect_success(r.error());
  return r.value_or(instruction_indexing{});
}

/// checked_input_to_output for ops known to be well formed (stops on an error).
constexpr instruction_indexing input_to_output(const op& o, std::size_t input_id) noexcept {
  auto r = checked_input_to_output(o, input_id);
  xlayout::detail::expect_success(r.error());
  return r.value_or(instruction_indexing{});
}

/// Longest text to_string(operand_indexing) produces.
inline constexpr std::size_t operand_indexing_text_size =
    XLAYOUT_MAX_TEXT * (XLAYOUT_HLO_MAX_RT_VARS + 2) + 256;
using operand_indexing_text = static_string<operand_indexing_text_size>;

/// Names the source of a runtime variable as XLA's RuntimeVarIndexing::ToString does for a parameter:
/// `parameter(<operand>)` (right for a single op whose operands are the parameters, in order).
struct parameter_source_names {
  template <class Out>
  constexpr void operator()(Out& out, std::size_t operand) const noexcept {
    out.append("parameter(").append_int(static_cast<index_t>(operand)).append(')');
  }
};

/// XLA's OperandIndexing::ToString: the map (`unknown indexing` when undefined, as
/// HloInstructionIndexing::ToString prints it), then "\nruntime variables:\n" and "\nrt<k>: <source>; <map>"
/// per runtime variable, then "\nreplica id:\n<map>" where there is a replica-id map. `source(out, operand)`
/// appends the name of the runtime variable's source.
template <class SourceNames>
constexpr operand_indexing_text to_string(const operand_indexing& oi, SourceNames source) noexcept {
  operand_indexing_text s;
  if (oi.map.is_undefined()) return s.append("unknown indexing"), s;
  s.append(xlayout::to_string(oi.map).view());
  if (!oi.runtime_variables.empty()) {
    s.append("\nruntime variables:\n");
    for (std::size_t k = 0; k < oi.runtime_variables.size(); ++k) {
      s.append("\nrt").append_int(static_cast<index_t>(k)).append(": ");
      source(s, oi.runtime_variables[k].operand);
      s.append("; ").append(xlayout::to_string(oi.runtime_variables[k].map).view());
    }
  }
  if (!oi.replica_id_map.is_undefined())
    s.append("\nreplica id:\n").append(xlayout::to_string(oi.replica_id_map).view());
  return s;
}
constexpr operand_indexing_text to_string(const operand_indexing& oi) noexcept {
  return to_string(oi, parameter_source_names{});
}

}  // namespace XLAYOUT_NAMESPACE::hlo
