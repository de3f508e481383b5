// include/xlayout/indexing/expr_print.hpp: XLA's printer of symbolic expressions (parenthesised as
// symbolic_map_serialization.cc does) and the default names of variables (v0.. or d0.. then s0..).
#pragma once
#include <string_view>

#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/indexing/expr_pool.hpp>

namespace XLAYOUT_NAMESPACE {
namespace detail {

/// XLA's expression printer (symbolic_map_serialization.cc). `Names` appends the name of variable v:
/// names(out, v). Precedence: + is 1, * / mod ceildiv are 2; a child is parenthesised when its precedence
/// is lower than its parent's, or equal with a different operator, or the same operator on the right
/// (also *, where XLA omits them), or a sum right of a printed minus. `x * -1` prints `-x` (`-(x)` unless x
/// is a variable, min or max); `a + b` with a negative leading term in b prints `a - (-b)` where that parses
/// back to b (negation_reparses), else `a + (b)`.
template <class Out, class Names>
struct expr_printer {
  expr_view v;
  Out& out;
  const Names& names;

  static constexpr int precedence(expr_kind k) noexcept {
    return k == expr_kind::add ? 1
           : (k == expr_kind::mul || k == expr_kind::floordiv || k == expr_kind::ceildiv ||
              k == expr_kind::mod)
               ? 2
               : 3;
  }
  static constexpr std::string_view op_string(expr_kind k) noexcept {
    switch (k) {
      case expr_kind::add:
        return "+";
      case expr_kind::mul:
        return "*";
      case expr_kind::floordiv:
        return "/";
      case expr_kind::ceildiv:
        return "ceildiv";
      case expr_kind::mod:
        return "mod";
      case expr_kind::min:
        return "min";
      case expr_kind::max:
        return "max";
      default:
        return "?";
    }
  }

  /// XLA's IsNegativeTerm: the leftmost summand is a negative constant or has a negative constant factor.
  constexpr bool is_negative_term(expr_id e) const noexcept {
    while (v.kind(e) == expr_kind::add) e = v[e].lhs;
    if (v.kind(e) == expr_kind::constant) return v[e].value < 0;
    if (v.kind(e) == expr_kind::mul) {
      const expr_node& n = v[e];
      return (v.is_constant(n.lhs) && v[n.lhs].value < 0) || (v.is_constant(n.rhs) && v[n.rhs].value < 0);
    }
    return false;
  }

  /// Can every summand of e be printed negated? Not a constant INT64_MIN or a product with it: its negation
  /// does not exist in int64 (such a sum prints `a + -9223372036854775808`, which parses back).
  constexpr bool negatable(expr_id e) const noexcept {
    const expr_node& n = v[e];
    if (n.kind == expr_kind::add) return negatable(n.lhs) && negatable(n.rhs);
    if (n.kind == expr_kind::constant) return n.value != index_min;
    if (n.kind == expr_kind::mul) return !v.is_constant(n.lhs, index_min) && !v.is_constant(n.rhs, index_min);
    return true;
  }

  /// Does `a - (...)`, the sum e printed negated, parse back to e itself? The parser negates a sum after a
  /// minus as XLA does (like terms merged, constants folded, terms sorted), so only where e already is such a
  /// sum: distinct single terms (a base times a constant, a base, or one constant) in XLA's order. Otherwise
  /// e prints as `a + (e)` (a map parsed from `d0 + (d0 * -2 - 1 - 1)` keeps its two constants, and printing
  /// it must give the text that parses to it again).
  constexpr bool negation_reparses(expr_id e) const noexcept {
    constexpr std::size_t max_terms = 32;
    // The summands as printed, right to left (terms[n - 1] is the leftmost), however the sum is nested: the
    // text reads back as a left chain, so a right-nested sum must be judged as that chain would be, or its
    // second printing could differ from its first (`a + (d0 * -3 + s0 - 1)`, then `a - (d0 * 3 - s0 + 1)`).
    expr_id terms[max_terms]{};
    expr_id pending[max_terms]{};
    std::size_t n = 0, np = 0;
    pending[np++] = e;
    while (np > 0) {
      const expr_id t = pending[--np];
      if (v.kind(t) == expr_kind::add) {
        if (np + 2 > max_terms) return false;
        pending[np++] = v[t].lhs;
        pending[np++] = v[t].rhs;  // taken first: the rightmost summand comes out first
      } else {
        if (n == max_terms) return false;
        terms[n++] = t;
      }
    }
    std::size_t constants = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const expr_id t = terms[i];
      expr_id base = t;
      if (v.kind(t) == expr_kind::constant) {
        if (++constants > 1 || v[t].value == 0) return false;
        continue;
      }
      if (v.kind(t) == expr_kind::mul && v.is_constant(v[t].rhs)) {
        const index_t c = v[v[t].rhs].value;
        base = v[t].lhs;
        if (c == 0 || c == 1 || v.kind(base) == expr_kind::constant ||
            (v.kind(base) == expr_kind::mul && v.is_constant(v[base].rhs)) ||
            (c == -1 && v.kind(base) == expr_kind::add))
          return false;
      }
      for (std::size_t j = 0; j < i; ++j) {  // like terms would merge
        const expr_id u = terms[j];
        const expr_id ub = v.kind(u) == expr_kind::mul && v.is_constant(v[u].rhs) ? v[u].lhs : u;
        if (v.kind(u) != expr_kind::constant && ub == base) return false;
      }
      // XLA's order, which the parser's sort restores: left to right, each term not before the previous.
      if (i + 1 < n && compare_exprs(v, t, terms[i + 1]) < 0) return false;  // terms[i + 1] is left of t
    }
    return true;
  }

  constexpr bool needs_parens(expr_kind k, int parent, bool is_rhs, bool is_rhs_of_minus) const noexcept {
    const int prec = precedence(k);
    const int parent_prec = parent < 0 ? 0 : precedence(static_cast<expr_kind>(parent));
    if (prec < parent_prec) return true;
    if (prec == parent_prec) {
      if (static_cast<expr_kind>(parent) != k) return true;
      if (k == expr_kind::add) return is_rhs_of_minus;
      // A product right of `*` too (XLA leaves it bare): `a * b * c` reads back as (a * b) * c, where
      // constants fold, so `(d0 + d1) * (d1 * -2) * -5` printed bare came back as `(d0 + d1) * d1 * 10`.
      return is_rhs;
    }
    return false;
  }

  constexpr void print(expr_id e, int parent = -1, bool is_rhs = false, bool is_rhs_of_minus = false) {
    const expr_node& n = v[e];
    switch (n.kind) {
      case expr_kind::constant:
        out.append_int(n.value);
        return;
      case expr_kind::variable:
        names(out, n.value);
        return;
      case expr_kind::min:
      case expr_kind::max:
        out.append(op_string(n.kind)).append('(');
        print(n.lhs);
        out.append(", ");
        print(n.rhs);
        out.append(')');
        return;
      default:
        break;
    }
    if (n.kind == expr_kind::mul && (v.is_constant(n.lhs, -1) || v.is_constant(n.rhs, -1))) {
      // The parser reads `-` with the one factor that follows and negates it (ws.negate), so only a
      // variable, min or max prints bare: `-(a * b)` reads back as (a * b) * -1, where `-a * b` would be
      // (-a) * b (and `-d0 * 5 * d1` would fold into d0 * -5 * d1); `-(d0 / 2)`, `-(-d0 * d1)` likewise.
      const expr_id negated = v.is_constant(n.lhs, -1) ? n.rhs : n.lhs;
      const expr_kind nk = v.kind(negated);
      const bool inner_parens = nk != expr_kind::variable && nk != expr_kind::min && nk != expr_kind::max;
      // A bare `-x` right of `/`, `mod` or `ceildiv` is parenthesised as XLA does: `d0 / (-d1)`.
      const bool parens = !inner_parens && is_rhs && parent >= 0 &&
                          precedence(static_cast<expr_kind>(parent)) == 2 &&
                          static_cast<expr_kind>(parent) != expr_kind::mul;
      if (parens) out.append('(');
      out.append('-');
      if (inner_parens) out.append('(');
      print(negated, inner_parens ? -1 : static_cast<int>(expr_kind::mul), false, false);
      if (inner_parens) out.append(')');
      if (parens) out.append(')');
      return;
    }
    const bool parens = needs_parens(n.kind, parent, is_rhs, is_rhs_of_minus);
    if (parens) out.append('(');
    print(n.lhs, static_cast<int>(n.kind), false, false);
    const bool negative_rhs = n.kind == expr_kind::add && is_negative_term(n.rhs) && negatable(n.rhs);
    if (negative_rhs && (v.kind(n.rhs) != expr_kind::add || negation_reparses(n.rhs))) {
      out.append(" - ");
      print_negated(n.rhs);
    } else if (negative_rhs) {
      // `a + (b)`, parenthesised: bare, `a + b0 + ...` would read back with b0 right of a plus, printed
      // `a - ...` the next time.
      out.append(" + (");
      print(n.rhs);
      out.append(')');
    } else {
      out.append(' ').append(op_string(n.kind)).append(' ');
      print(n.rhs, static_cast<int>(n.kind), true, false);
    }
    if (parens) out.append(')');
  }

  /// Prints -e (e is a negative term) as XLA prints `-e` right of a minus, without building it.
  constexpr void print_negated(expr_id e) {
    const expr_node& n = v[e];
    if (n.kind == expr_kind::constant) {
      if (n.value == index_min) {
        out.append("9223372036854775808");
      } else {
        out.append_int(-n.value);
      }
      return;
    }
    if (n.kind == expr_kind::mul) {
      const bool const_left = v.is_constant(n.lhs) && v[n.lhs].value < 0;
      const expr_id other = const_left ? n.rhs : n.lhs;
      const index_t k = v[const_left ? n.lhs : n.rhs].value;
      if (k == -1) {
        print(other, static_cast<int>(expr_kind::add), true, true);
        return;
      }
      print(other, static_cast<int>(expr_kind::mul), false, false);
      out.append(" * ");
      if (k == index_min) {
        out.append("9223372036854775808");
      } else {
        out.append_int(-k);
      }
      return;
    }
    // A sum whose leftmost term is negative: -(a + b + ...) = -a - b - ...
    out.append('(');
    print_negated_sum(e, true);
    out.append(')');
  }
  constexpr void print_negated_sum(expr_id e, bool first) {
    const expr_node& n = v[e];
    if (n.kind == expr_kind::add) {
      print_negated_sum(n.lhs, first);
      print_negated_sum(n.rhs, false);
      return;
    }
    if (first) {
      print_negated(e);
    } else if (is_negative_term(e)) {
      out.append(" + ");
      print_negated(e);
    } else {
      out.append(" - ");
      print(e, static_cast<int>(expr_kind::add), true, true);
    }
  }
};

/// Names variables v0, v1, ... (no dimension/symbol split) or d<i> / s<j> given the number of dimensions.
struct default_var_names {
  index_t num_dims = -1;
  template <class Out>
  constexpr void operator()(Out& out, index_t v) const noexcept {
    if (num_dims < 0) {
      out.append('v').append_int(v);
    } else if (v < num_dims) {
      out.append('d').append_int(v);
    } else {
      out.append('s').append_int(v - num_dims);
    }
  }
};

}  // namespace detail
}  // namespace XLAYOUT_NAMESPACE
