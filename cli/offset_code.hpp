// cli/offset_code.hpp: the offset of an element as a formula: the library's
// logical_to_linear_map (simplified) in XLA's text, and the same expression as C/CUDA code
// (`xlayout info`, `xlayout code`).
#pragma once
#include <cstddef>
#include <string>

#include <xlayout/indexing.hpp>

namespace xlayout_cli {

/// The C name of variable v of a map: its printed name (d0, s0, rt0 or a custom one).
inline std::string c_variable_name(const xlayout::indexing_map& m, std::size_t v) {
  if (!m.custom_name(v).empty()) return std::string(m.custom_name(v));
  if (v < m.num_dims) return "d" + std::to_string(v);
  if (v < m.num_dims + m.num_range_vars) return "s" + std::to_string(v - m.num_dims);
  return "rt" + std::to_string(v - m.num_dims - m.num_range_vars);
}

namespace detail {

/// C's precedence levels as the printer uses them: a sum, a product (*, /, %), an operand.
enum c_precedence : int { c_sum = 1, c_product = 2, c_operand = 3 };

inline std::string c_expression(const xlayout::indexing_map& m, xlayout::expr_id id, int context);

/// `x * c` with c < 0 as the term a sum subtracts: the text of x * -c, or empty when the node is no such
/// product.
inline std::string c_negated_term(const xlayout::indexing_map& m, xlayout::expr_id id) {
  const xlayout::expr_node& n = m.view()[id];
  if (n.kind == xlayout::expr_kind::constant && n.value < 0 && n.value != xlayout::index_min)
    return std::to_string(-n.value);
  if (n.kind != xlayout::expr_kind::mul) return {};
  const xlayout::expr_node& r = m.view()[n.rhs];
  if (r.kind != xlayout::expr_kind::constant || r.value >= 0 || r.value == xlayout::index_min) return {};
  if (r.value == -1) return c_expression(m, n.lhs, c_product);
  return c_expression(m, n.lhs, c_product) + " * " + std::to_string(-r.value);
}

inline std::string c_expression(const xlayout::indexing_map& m, xlayout::expr_id id, int context) {
  const xlayout::expr_node& n = m.view()[id];
  std::string text;
  int level = c_operand;
  switch (n.kind) {
    case xlayout::expr_kind::constant:
      text = std::to_string(n.value);
      level = n.value < 0 ? c_sum : c_operand;
      break;
    case xlayout::expr_kind::variable:
      text = c_variable_name(m, static_cast<std::size_t>(n.value));
      break;
    case xlayout::expr_kind::add: {
      const std::string subtracted = c_negated_term(m, n.rhs);
      text = c_expression(m, n.lhs, c_sum) +
             (subtracted.empty() ? " + " + c_expression(m, n.rhs, c_sum + 1) : " - " + subtracted);
      level = c_sum;
      break;
    }
    case xlayout::expr_kind::mul:
    case xlayout::expr_kind::floordiv:
    case xlayout::expr_kind::mod: {
      const char* op =
          n.kind == xlayout::expr_kind::mul ? " * " : (n.kind == xlayout::expr_kind::mod ? " % " : " / ");
      text = c_expression(m, n.lhs, c_product) + op + c_expression(m, n.rhs, c_operand);
      level = c_product;
      break;
    }
    case xlayout::expr_kind::ceildiv: {  // non-negative dividend, positive divisor
      const std::string divisor = c_expression(m, n.rhs, c_operand);
      text = "(" + c_expression(m, n.lhs, c_sum) + " + " + divisor + " - 1) / " + divisor;
      level = c_product;
      break;
    }
    case xlayout::expr_kind::max:
    case xlayout::expr_kind::min: {
      const std::string a = c_expression(m, n.lhs, c_operand), b = c_expression(m, n.rhs, c_operand);
      text = a + (n.kind == xlayout::expr_kind::max ? " > " : " < ") + b + " ? " + a + " : " + b;
      level = 0;
      break;
    }
  }
  return level < context ? "(" + text + ")" : text;
}

}  // namespace detail

/// Result `r` of map `m` as a C expression on int64_t variables named as in the map's text. XLA's floordiv
/// and mod round towards minus infinity and C's / and % towards zero: they agree because the caller keeps
/// every index inside the map's domain, where the dividends of a layout map are non-negative.
inline std::string c_expression(const xlayout::indexing_map& m, std::size_t r = 0) {
  return detail::c_expression(m, m.results[r], 0);
}

/// The C/CUDA function that computes result 0 of `m` (the map of `shape_text`): a comment that says where
/// it comes from and for which indices it holds, then the function.
inline std::string c_function(const xlayout::indexing_map& m, const std::string& shape_text,
                              const std::string& map_text, const std::string& name = "offset") {
  std::string params, range;
  for (std::size_t v = 0; v < m.num_vars(); ++v) {
    const std::string var = c_variable_name(m, v);
    params += (v > 0 ? ", " : "") + ("int64_t " + var);
    range += (v > 0 ? ", " : "") + std::to_string(m.bounds[v].lower) + " <= " + var +
             " <= " + std::to_string(m.bounds[v].upper);
  }
  std::string t;
  t += "// " + shape_text + ": the offset, in elements, of element (";
  for (std::size_t v = 0; v < m.num_dims; ++v) t += (v > 0 ? ", " : "") + c_variable_name(m, v);
  t += ") in the laid-out buffer\n";
  t += "// " + map_text + "\n";
  if (m.num_vars() > 0) {
    t += "// Only for " + range + ": the indices are non-negative there, so C's / and %\n";
    t += "// (which truncate) agree with XLA's floordiv and mod. Needs <stdint.h>; add __host__ __device__ "
         "for CUDA.\n";
  } else {
    t += "// Needs <stdint.h>; add __host__ __device__ for CUDA.\n";
  }
  t += "static inline int64_t " + name + "(" + (params.empty() ? "void" : params) + ") { return " +
       c_expression(m) + "; }\n";
  return t;
}

}  // namespace xlayout_cli
