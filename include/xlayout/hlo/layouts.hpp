// include/xlayout/hlo/layouts.hpp: an op's or a fusion's indexing composed with an operand's layout. XLA's
// indexing analysis maps logical indices and ignores tiles; composing its map with the operand's layout map
// (indexing/layout_map.hpp) says which memory a read touches: the linear offset in the operand's buffer
// (physical_access) or the physical, tiled index (tiled_access). For a fused read of p0 = bf16[64,256]{1,0:
// T(8,128)(2,1)} through a transpose, physical_access gives the element offset of every element the output
// index reads. Runtime variables and the replica-id map are kept (the layout map has no symbols).
#pragma once
#include <cstddef>

#include <xlayout/core/diagnostics.hpp>
#include <xlayout/hlo/fusion.hpp>
#include <xlayout/hlo/op.hpp>
#include <xlayout/indexing/indexing_map.hpp>
#include <xlayout/indexing/layout_map.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE::hlo {

namespace detail {
/// x followed by `layout_map` (from the operand's logical index), simplified, unused symbols removed.
constexpr result<operand_indexing> then_layout(const operand_indexing& x,
                                               const result<indexing_map>& layout_map) noexcept {
  if (!layout_map) return layout_map.error();
  if (x.map.is_undefined()) return x;
  operand_indexing l;
  l.map = *layout_map;
  auto c = compose_operand_indexing(x, l);
  if (!c) return c;
  return simplify_operand_indexing(*c);
}
}  // namespace detail

/// From the output index to the linear offset (in elements, as linear_index counts them) of the operand
/// element the indexing reads in the operand's buffer: x's map followed by logical_to_linear_map(operand),
/// simplified. An undefined indexing stays undefined. Errors: the layout map's (dynamic_dimension, the
/// layout's own errors, span_overflow, capacities) and the composition's.
constexpr result<operand_indexing> checked_physical_access(const operand_indexing& x,
                                                           const shape& operand) noexcept {
  return detail::then_layout(x, logical_to_linear_map(operand));
}

/// From the output index to the operand's physical (tiled) index, most-major first: x's map followed by
/// logical_to_physical_map(operand), simplified. Errors as checked_physical_access.
constexpr result<operand_indexing> checked_tiled_access(const operand_indexing& x,
                                                        const shape& operand) noexcept {
  return detail::then_layout(x, logical_to_physical_map(operand));
}

/// The shape of parameter p of the computation a fusion analysis ran on (its layout included).
template <std::size_t E, module_like Module>
constexpr const shape& parameter_shape(const Module& m, const fusion_indexing<E>& f, std::size_t p) noexcept {
  return m.shape_of(m.instructions[f.parameters[p]]);
}

/// checked_physical_access of map j of parameter p of a fusion analysis, with the parameter's layout as
/// the module gives it. Errors: hlo_operand_out_of_range (no such parameter or map), as above.
template <std::size_t E, module_like Module>
constexpr result<operand_indexing> checked_physical_access(const Module& m, const fusion_indexing<E>& f,
                                                           std::size_t p, std::size_t j) noexcept {
  if (p >= f.num_operands() || j >= f.count(p)) return error_id::hlo_operand_out_of_range;
  return checked_physical_access(f.get(p, j), parameter_shape(m, f, p));
}

/// checked_tiled_access of map j of parameter p of a fusion analysis. Errors as above.
template <std::size_t E, module_like Module>
constexpr result<operand_indexing> checked_tiled_access(const Module& m, const fusion_indexing<E>& f,
                                                        std::size_t p, std::size_t j) noexcept {
  if (p >= f.num_operands() || j >= f.count(p)) return error_id::hlo_operand_out_of_range;
  return checked_tiled_access(f.get(p, j), parameter_shape(m, f, p));
}

/// checked_physical_access for an indexing and shape known to fit (stops on an error: a compile error in a
/// constant expression, the assertion handler at run time).
constexpr operand_indexing physical_access(const operand_indexing& x, const shape& operand) noexcept {
  auto r = checked_physical_access(x, operand);
  xlayout::detail::expect_success(r.error());
  return r.value_or(operand_indexing{});
}

/// checked_tiled_access for an indexing and shape known to fit (stops on an error).
constexpr operand_indexing tiled_access(const operand_indexing& x, const shape& operand) noexcept {
  auto r = checked_tiled_access(x, operand);
  xlayout::detail::expect_success(r.error());
  return r.value_or(operand_indexing{});
}

}  // namespace XLAYOUT_NAMESPACE::hlo
