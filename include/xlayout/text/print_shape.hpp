// include/xlayout/text/print_shape.hpp: shapes, layouts and tiles printed in XLA's canonical text
// (ShapeUtil::HumanStringWithLayout, Layout::ToString): `f32[3,5]{1,0:T(2,2)}`, `bf16[?,256]{1,0}`.
#pragma once
#include <xlayout/core/fixed_string.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/values/layout.hpp>
#include <xlayout/values/shape.hpp>
#include <xlayout/values/shape_tree.hpp>

namespace XLAYOUT_NAMESPACE {

/// Capacity of the strings to_string returns for shapes and layouts.
inline constexpr std::size_t shape_text_capacity = 512;
inline constexpr std::size_t shape_tree_text_capacity = 4096;

/// What to print: `layout = false` gives XLA's Shape::ToString() (`u32[1,2]`).
struct print_options {
  bool layout = true;
};

namespace detail {

template <std::size_t N>
constexpr void print_int_list(static_string<N>& out, const index_t* v, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) {
    if (i) out.append(',');
    out.append_int(v[i]);
  }
}

template <std::size_t N>
constexpr void print_tile(static_string<N>& out, const tile& t) noexcept {
  out.append('(');
  for (std::size_t i = 0; i < t.rank(); ++i) {
    if (i) out.append(',');
    if (t.dimensions[i] == combine_dimension) {
      out.append('*');
    } else {
      out.append_int(t.dimensions[i]);
    }
  }
  out.append(')');
}

/// The text after ':' (empty when every property has its default), in XLA's order T L # * E S SC P M,
/// then xlayout's own `pad(...)` for padded_dimensions.
template <std::size_t N>
constexpr void print_properties(static_string<N>& out, const layout& l) noexcept {
  if (!l.tiles.empty()) {
    out.append('T');
    for (const tile& t : l.tiles) print_tile(out, t);
  }
  if (l.tail_padding_alignment_in_elements != 1) {
    out.append("L(").append_int(l.tail_padding_alignment_in_elements).append(')');
  }
  if (l.index_primitive_type != element_type::invalid) {
    out.append("#(").append(element_type_name(l.index_primitive_type)).append(')');
  }
  if (l.pointer_primitive_type != element_type::invalid) {
    out.append("*(").append(element_type_name(l.pointer_primitive_type)).append(')');
  }
  if (l.element_size_in_bits != 0) out.append("E(").append_int(l.element_size_in_bits).append(')');
  if (l.memory_space != 0) out.append("S(").append_int(l.memory_space).append(')');
  if (!l.split_configs.empty()) {
    out.append("SC");
    for (const split_config& sc : l.split_configs) {
      out.append('(').append_int(sc.dimension).append(':');
      print_int_list(out, sc.split_indices.data(), sc.split_indices.size());
      out.append(')');
    }
  }
  if (l.physical_shape.present) {
    const sparse_physical_shape& p = l.physical_shape;
    out.append("P(").append(element_type_name(p.element_type)).append('[');
    print_int_list(out, p.dimensions.data(), p.dimensions.size());
    out.append(']');
    if (!p.minor_to_major.empty()) {  // a scalar's empty layout is left out, as XLA prints shapes
      out.append('{');
      print_int_list(out, p.minor_to_major.data(), p.minor_to_major.size());
      out.append('}');
    }
    out.append(')');
  }
  if (l.dynamic_shape_metadata_prefix_bytes > 0) {
    out.append("M(").append_int(l.dynamic_shape_metadata_prefix_bytes).append(')');
  }
  if (!l.padded_dimensions.empty()) {
    out.append("pad(");
    print_int_list(out, l.padded_dimensions.data(), l.padded_dimensions.size());
    constexpr std::string_view names[] = {"zero", "one", "lowest", "highest", "unknown"};
    if (l.padding_value != padding_value_kind::zero) {
      out.append(':').append(names[static_cast<int>(l.padding_value)]);
    }
    out.append(')');
  }
}

template <std::size_t N>
constexpr void print_layout(static_string<N>& out, const layout& l) noexcept {
  out.append('{');
  print_int_list(out, l.minor_to_major.data(), l.minor_to_major.size());
  static_string<shape_text_capacity> props;
  print_properties(props, l);
  if (!props.empty()) out.append(':').append(props);
  out.append('}');
}

template <std::size_t N>
constexpr void print_shape(static_string<N>& out, const shape& s, const print_options& opt) noexcept {
  if (s.is_buffer) out.append("b(");
  out.append(element_type_name(s.element_type)).append('[');
  for (std::size_t d = 0; d < s.rank(); ++d) {
    if (d) out.append(',');
    // A field-built shape may lack a dynamic flag (dynamic_dimensions_size_mismatch: validate_layout says
    // so): static then. `?` only where the dimension is dynamic; a static one of the value `dyn` prints as
    // the (negative, unreadable) number it is, not as `?` (audit: it read back as dynamic).
    const bool dynamic = d < s.dynamic_dimensions.size() && s.dynamic_dimensions[d];
    if (s.dimensions[d] == dyn && dynamic) {
      out.append('?');
    } else {
      if (dynamic) out.append("<=");
      out.append_int(s.dimensions[d]);
    }
  }
  out.append(']');
  // XLA prints a layout for arrays only, and not the empty layout of a scalar.
  if (opt.layout && is_array_type(s.element_type)) {
    static_string<shape_text_capacity> props;
    print_properties(props, s.layout);
    if (s.rank() > 0 || !props.empty()) print_layout(out, s.layout);
  }
  if (s.is_buffer) out.append(')');
}

template <std::size_t N>
constexpr std::size_t print_tree(static_string<N>& out, const shape_tree& t, std::size_t node,
                                 const print_options& opt) noexcept {
  const shape_tree_node& n = t.nodes[node];
  if (!n.is_tuple) {
    print_shape(out, t.leaves[n.leaf], opt);
    return node + 1;
  }
  out.append('(');
  std::size_t next = node + 1;
  for (int c = 0; c < n.children; ++c) {
    if (c) out.append(", ");
    if (c > 0 && c % 5 == 0) out.append("/*index=").append_int(c).append("*/");
    next = print_tree(out, t, next, opt);
  }
  out.append(')');
  return next;
}

}  // namespace detail

/// XLA's lower-case name of an element type: "f32".
constexpr static_string<16> to_string(element_type t) noexcept {
  return static_string<16>(element_type_name(t));
}

/// A tile as XLA prints it: "(8,128)", "(2,*,128)".
constexpr static_string<shape_text_capacity> to_string(const tile& t) noexcept {
  static_string<shape_text_capacity> s;
  detail::print_tile(s, t);
  return s;
}

/// A layout as XLA prints it: "{1,0:T(2,2)}", "{}" for the empty layout.
constexpr static_string<shape_text_capacity> to_string(const layout& l) noexcept {
  static_string<shape_text_capacity> s;
  detail::print_layout(s, l);
  return s;
}

/// A shape as XLA prints it with its layout (HumanStringWithLayout): "f32[3,5]{1,0:T(2,2)}";
/// with `print_options{.layout = false}`, as Shape::ToString: "f32[3,5]".
constexpr static_string<shape_text_capacity> to_string(const shape& sh,
                                                       const print_options& opt = {}) noexcept {
  static_string<shape_text_capacity> s;
  detail::print_shape(s, sh, opt);
  return s;
}

/// A shape that may be a tuple: "(f32[1]{0}, (f32[2]{0}, token[]), opaque[])".
constexpr static_string<shape_tree_text_capacity> to_string(const shape_tree& t,
                                                            const print_options& opt = {}) noexcept {
  static_string<shape_tree_text_capacity> s;
  if (!t.nodes.empty()) detail::print_tree(s, t, 0, opt);
  return s;
}

}  // namespace XLAYOUT_NAMESPACE
