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

/// The printer's state: the map, and whether the text calls the floor helpers (c_floor_helpers).
struct c_printer {
  const xlayout::indexing_map& m;
  bool uses_floor_helpers = false;

  /// Whether C's truncating `a / c`, `a % c` equal floordiv and mod here: a positive constant divisor and a
  /// dividend that is never negative on the map's domain (interval arithmetic, so a no can be cautious).
  bool truncation_agrees(const xlayout::expr_node& n) const {
    const xlayout::expr_node& d = m.view()[n.rhs];
    if (d.kind != xlayout::expr_kind::constant || d.value <= 0) return false;
    return xlayout::detail::expr_range(m.view(), n.lhs, m.bounds, m.num_vars()).lower >= 0;
  }

  /// `x * c` with c < 0 as the term a sum subtracts: the text of x * -c, or empty when the node is no such
  /// product.
  std::string negated_term(xlayout::expr_id id) {
    const xlayout::expr_node& n = m.view()[id];
    if (n.kind == xlayout::expr_kind::constant && n.value < 0 && n.value != xlayout::index_min)
      return std::to_string(-n.value);
    if (n.kind != xlayout::expr_kind::mul) return {};
    const xlayout::expr_node& r = m.view()[n.rhs];
    if (r.kind != xlayout::expr_kind::constant || r.value >= 0 || r.value == xlayout::index_min) return {};
    if (r.value == -1) return print(n.lhs, c_product);
    return print(n.lhs, c_product) + " * " + std::to_string(-r.value);
  }

  std::string print(xlayout::expr_id id, int context) {
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
        const std::string subtracted = negated_term(n.rhs);
        text =
            print(n.lhs, c_sum) + (subtracted.empty() ? " + " + print(n.rhs, c_sum + 1) : " - " + subtracted);
        level = c_sum;
        break;
      }
      case xlayout::expr_kind::mul:
        text = print(n.lhs, c_product) + " * " + print(n.rhs, c_operand);
        level = c_product;
        break;
      case xlayout::expr_kind::floordiv:
      case xlayout::expr_kind::mod:
      case xlayout::expr_kind::ceildiv: {
        if (!truncation_agrees(n)) {
          // XLA's rounding towards minus infinity, where C's truncation would differ: a dividend that can
          // be negative (a `*` group split by a later tile gives `(x / 3 * -3 + d0) / 2`) or a divisor that
          // is not a positive constant.
          uses_floor_helpers = true;
          const char* f = n.kind == xlayout::expr_kind::floordiv
                              ? "xlayout_floordiv("
                              : (n.kind == xlayout::expr_kind::mod ? "xlayout_mod(" : "xlayout_ceildiv(");
          text = f + print(n.lhs, 0) + ", " + print(n.rhs, 0) + ")";
          break;
        }
        const std::string divisor = print(n.rhs, c_operand);
        if (n.kind == xlayout::expr_kind::ceildiv) {
          text = "(" + print(n.lhs, c_sum) + " + " + divisor + " - 1) / " + divisor;
        } else {
          text = print(n.lhs, c_product) + (n.kind == xlayout::expr_kind::mod ? " % " : " / ") + divisor;
        }
        level = c_product;
        break;
      }
      case xlayout::expr_kind::max:
      case xlayout::expr_kind::min: {
        const std::string a = print(n.lhs, c_operand), b = print(n.rhs, c_operand);
        text = a + (n.kind == xlayout::expr_kind::max ? " > " : " < ") + b + " ? " + a + " : " + b;
        level = 0;
        break;
      }
    }
    return level < context ? "(" + text + ")" : text;
  }
};

}  // namespace detail

/// Whether a result of `m` divides or takes a modulus (its offsets are then no plain sum of strides).
inline bool has_division(const xlayout::indexing_map& m) {
  const auto divides = [&](auto&& self, xlayout::expr_id id) -> bool {
    const xlayout::expr_node& n = m.view()[id];
    if (n.kind == xlayout::expr_kind::floordiv || n.kind == xlayout::expr_kind::ceildiv ||
        n.kind == xlayout::expr_kind::mod)
      return true;
    return xlayout::is_binary(n.kind) && (self(self, n.lhs) || self(self, n.rhs));
  };
  for (std::size_t r = 0; r < m.num_results; ++r) {
    if (divides(divides, m.results[r])) return true;
  }
  return false;
}

/// The C definitions of the floor helpers an expression may call (xlayout_floordiv, xlayout_mod,
/// xlayout_ceildiv: XLA's floordiv, mod and ceildiv on int64_t; a mod by a negative divisor is the mod by
/// its magnitude, as in XLA).
inline std::string c_floor_helpers() {
  return "static inline int64_t xlayout_floordiv(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < "
         "0) "
         "!= (b < 0)); }\n"
         "static inline int64_t xlayout_mod(int64_t a, int64_t b) { int64_t m = b < 0 ? -b : b, r = a % m; "
         "return "
         "r < 0 ? r + m : r; }\n"
         "static inline int64_t xlayout_ceildiv(int64_t a, int64_t b) { return a / b + (a % b != 0 && (a < "
         "0) == "
         "(b < 0)); }\n";
}

/// Result `r` of map `m` as a C expression on int64_t variables named as in the map's text. XLA's floordiv
/// and mod round towards minus infinity and C's / and % towards zero: they agree where the dividend is
/// non-negative on the map's domain (and the caller keeps every index inside it); elsewhere the text calls
/// the helpers of c_floor_helpers, and `uses_helpers` (when given) is set.
inline std::string c_expression(const xlayout::indexing_map& m, std::size_t r = 0,
                                bool* uses_helpers = nullptr) {
  detail::c_printer p{m};
  std::string text = p.print(m.results[r], 0);
  if (uses_helpers) *uses_helpers = p.uses_floor_helpers;
  return text;
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
  bool helpers = false;
  const std::string expression = c_expression(m, 0, &helpers);
  if (m.num_vars() > 0 && !helpers) {
    t += "// Only for " + range + ": the indices are non-negative there, so C's / and %\n";
    t += "// (which truncate) agree with XLA's floordiv and mod. Needs <stdint.h>; add __host__ __device__ "
         "for CUDA.\n";
  } else if (m.num_vars() > 0) {
    t += "// Only for " + range + ". A dividend here can be negative, where C's / and %\n";
    t += "// (which truncate) differ from XLA's floordiv and mod: the helpers round as XLA does. Needs "
         "<stdint.h>;\n// add __host__ __device__ for CUDA.\n";
    t += c_floor_helpers();
  } else {
    t += "// Needs <stdint.h>; add __host__ __device__ for CUDA.\n";
  }
  t += "static inline int64_t " + name + "(" + (params.empty() ? "void" : params) + ") { return " +
       expression + "; }\n";
  return t;
}

}  // namespace xlayout_cli
