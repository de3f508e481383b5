// include/xlayout/tensor/view.hpp: views of a Tensor whose index arithmetic is composed at compile time.
// A view is the base tensor (a data handle and its mapping) and an indexing map from the view's index to the
// base's logical index: XLA's output-to-input map of the op the view stands for (transpose, reshape, slice,
// reverse, broadcast, bitcast; hlo/op_maps.hpp), composed with the maps of earlier views (a view of a view
// is a view of the base), simplified, and lowered to inline arithmetic (tensor/lowering.hpp) whose results
// index the base tensor. A reshape followed by its inverse composes to the identity and costs nothing.
#pragma once
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/fixed_string.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/hlo/op.hpp>
#include <xlayout/hlo/op_maps.hpp>
#include <xlayout/indexing/compose.hpp>
#include <xlayout/indexing/indexing_map.hpp>
#include <xlayout/indexing/simplify.hpp>
#include <xlayout/indexing/text.hpp>
#include <xlayout/layout/bitcast.hpp>
#include <xlayout/layout/operations.hpp>
#include <xlayout/static/indexing_map.hpp>
#include <xlayout/tensor/for_each.hpp>
#include <xlayout/tensor/index_concepts.hpp>
#include <xlayout/tensor/lowering.hpp>
#include <xlayout/tensor/runtime_tensor.hpp>
#include <xlayout/tensor/tensor.hpp>
#include <xlayout/text/parse_shape.hpp>
#include <xlayout/text/print_shape.hpp>
#include <xlayout/values/element_type.hpp>
#include <xlayout/values/extents.hpp>
#include <xlayout/values/layout.hpp>
#include <xlayout/values/shape.hpp>

namespace XLAYOUT_NAMESPACE {

/// One dimension of slice(t, ...): XLA's [start:limit:stride] (start and limit in [0, extent], start <=
/// limit, stride >= 1). The view's extent is ceil((limit - start) / stride).
template <index_t Start, index_t Limit, index_t Stride = 1>
struct Slice {
  static constexpr index_t start = Start;
  static constexpr index_t limit = Limit;
  static constexpr index_t stride = Stride;
};

/// One dimension of slice(t, ...) known only at run time: XLA's [start:limit:stride], with 0 <= start <=
/// limit <= extent and stride >= 1 (preconditions, XLAYOUT_EXPECTS naming view_invalid_slice). The view's
/// extent along it is '?': ceil((limit - start) / stride), computed when the view is built.
struct runtime_slice {
  index_t start = 0;
  index_t limit = 0;
  index_t stride = 1;
};

template <class Base, class Map>
class tensor_view;

namespace detail {

/// The bound a view's map gives a '?' extent: the dimension ranges over [0, view_dynamic_bound - 1] (a
/// precondition on the extent, checked when the view is built).
inline constexpr index_t view_dynamic_bound = index_t{1} << 32;

template <class T>
struct is_basic_tensor : std::false_type {};
template <class E, class Ext, class L>
struct is_basic_tensor<basic_tensor<E, Ext, L>> : std::true_type {};
/// What a view can be made of directly: a Tensor, or a runtime_tensor of static rank (its extents '?').
template <class T>
struct is_view_base : is_basic_tensor<T> {};
template <class E, std::size_t R>
struct is_view_base<runtime_tensor<E, R>> : std::bool_constant<R != dynamic_rank> {};
template <class T>
struct is_tensor_view : std::false_type {};
template <class B, class M>
struct is_tensor_view<tensor_view<B, M>> : std::true_type {};
template <class T>
struct is_invalid_tensor : std::false_type {};
template <class E>
struct is_invalid_tensor<invalid_tensor<E>> : std::true_type {};
template <class T>
struct is_slice : std::false_type {};
template <index_t A, index_t B, index_t C>
struct is_slice<Slice<A, B, C>> : std::true_type {};

/// What slice(t, ...) takes per dimension: a Slice<...> (static), a runtime_slice, or an integer (one
/// index, known at run time: the dimension is dropped, as std::submdspan drops it).
struct slice_index_tag {};
template <class S>
struct slice_kind {
  using type = S;  // Slice<...> or runtime_slice
};
template <std::integral I>
struct slice_kind<I> {
  using type = slice_index_tag;
};
/// std::integral_constant<I, v> (what the accessors and std::submdspan take too) is the index v.
template <class S>
struct is_index_constant : std::false_type {};
template <std::integral I, I V>
struct is_index_constant<std::integral_constant<I, V>> : std::true_type {};
template <std::integral I, I V>
struct slice_kind<std::integral_constant<I, V>> {
  using type = slice_index_tag;
};
template <class S>
inline constexpr bool is_slice_arg =
    is_slice<S>::value || std::is_same_v<S, runtime_slice> || std::integral<S> || is_index_constant<S>::value;

using view_dims = static_vector<index_t, XLAYOUT_MAX_RANK>;

/// What a view operation computes once, at compile time: why it is not possible (error_id::none when it
/// is), the map from the view's index to its input's index (simplified), and the view's extents.
/// How a view computes, when it is built, the extent of one of its '?' dimensions: `input`: the extent of
/// input dimension `a`; `sliced`: ceil((limit - start) / stride) of the run-time arguments a, a+1, a+2;
/// `argument`: the run-time argument a (a new '?' dimension of a broadcast).
struct extent_rule {
  enum kind_t : std::uint8_t { input, sliced, argument } kind = input;
  index_t a = 0;
};
/// How a view computes the value of one of the symbols it holds: `extent_minus_one`: input extent(dim) - 1
/// (reverse of a '?' dimension); `clamped_start`: argument `arg` clamped into [0, extent(dim) - size] (XLA's
/// dynamic-slice); `argument`: argument `arg`; `clamped_stride`: argument `arg` clamped into [1, max(1,
/// extent(dim))] (the same elements: a larger stride reaches only the first).
struct symbol_rule {
  enum kind_t : std::uint8_t { extent_minus_one, clamped_start, argument, clamped_stride } kind = argument;
  index_t dim = 0;
  index_t arg = 0;
  index_t size = 0;
};
/// A precondition on the input's run-time extents and the arguments (view_invalid_slice, or
/// view_invalid_dimensions for `extent`, view_map_out_of_range for `result`): `at_least`: input extent(dim)
/// >= size; `range`: arguments arg, arg+1, arg+2 are a valid [start:limit:stride] of dim; `index`: argument
/// arg is an index of dim; `extent`: argument arg is an extent, in [0, 2^32) (a new '?' dimension of a
/// broadcast, view dimension dim); `result`: as at_least (a map_view's result reaches size - 1 in dim).
struct view_check {
  enum kind_t : std::uint8_t { at_least, range, index, extent, result } kind = at_least;
  index_t dim = 0;
  index_t arg = 0;
  index_t size = 0;
};

struct view_op_info {
  error issue;
  indexing_map map;
  view_dims extents;  // dyn for a '?' extent
  /// The map's last `stored_symbols` symbols are values the view holds (dynamic_slice's starts); the others
  /// are arguments of operator() (map_view's symbols), and come first.
  std::size_t stored_symbols = 0;
  /// No two view indices reach the same base index (false for a broadcast that repeats, and a map_view).
  bool injective = true;
  /// The map's symbols and results (the input's rank), also where `map` is left out (`with_map` false: the
  /// ops that fold, whose map is built only where a chain needs it, as the op's `raw_map`).
  std::size_t num_symbols = 0;
  std::size_t input_rank = 0;
  /// The map as built is what the simplifier makes of it (checked by tests/tensor/views.cpp): a view of
  /// this op alone takes it as it is.
  bool canonical = false;
  /// For the op alone (not a composition): its '?' extents, stored symbols and run-time checks.
  extent_rule extent_rules[XLAYOUT_MAX_RANK]{};  // per view dimension whose extent is dyn
  symbol_rule symbol_rules[XLAYOUT_MAX_RANK * 2]{};
  view_check checks[XLAYOUT_MAX_RANK]{};
  std::size_t num_checks = 0;
};

constexpr bool has_dynamic(const view_dims& d) noexcept {
  for (index_t e : d) {
    if (e == dyn) return true;
  }
  return false;
}

/// The sizes of Extents<E...>, read from its arguments: Extents<-2, 4> has reported its own error, and clang
/// then refuses calls to its members in constant expressions (four errors more).
template <index_t... E>
constexpr view_dims dims_of_extents_args(const Extents<E...>*) noexcept {
  view_dims d;
  (d.push_back(E), ...);
  return d;
}
template <class Ext>
constexpr view_dims dims_of_extents() noexcept {
  return dims_of_extents_args(static_cast<const Ext*>(nullptr));
}

/// A shape of these sizes with XLA's default layout (element type f32: op maps look at sizes only).
constexpr shape view_shape(const view_dims& dims) noexcept {
  shape s;
  s.element_type = element_type::f32;
  for (index_t d : dims) {
    s.dimensions.push_back(d == dyn ? view_dynamic_bound : d);  // a '?' extent: its bound
    s.dynamic_dimensions.push_back(false);
  }
  s.layout = default_layout(static_cast<index_t>(dims.size()));
  return s;
}

/// The sizes a view's map ranges over: a '?' extent is its bound (as in view_shape).
constexpr view_dims view_sizes(const view_dims& dims) noexcept {
  view_dims s;
  for (index_t d : dims) s.push_back(d == dyn ? view_dynamic_bound : d);
  return s;
}

/// The map of an empty view (an extent is 0): never evaluated, so every result is 0 (XLA's map would be
/// KNOWN EMPTY, which has no arithmetic to lower).
constexpr result<indexing_map> empty_view_map(const view_dims& extents, std::size_t input_rank) noexcept {
  map_builder b(extents.size(), 0);
  for (std::size_t d = 0; d < extents.size(); ++d) b.set_bounds(d, {0, extents[d] > 0 ? extents[d] - 1 : 0});
  for (std::size_t r = 0; r < input_rank; ++r) b.add_result(b.constant(0));
  return b.finish();
}

/// The op's map (not simplified: a view simplifies its whole chain of maps once, view_map_value), or the
/// error, as a view_op_info.
constexpr view_op_info finish_view_op(const result<indexing_map>& m, const view_dims& extents) noexcept {
  view_op_info info;
  for (index_t e : extents) {
    if (e == 0 && m.has_value()) {
      info.map = empty_view_map(extents, m.value_.num_results).value_;
      info.extents = extents;
      info.input_rank = m.value_.num_results;
      return info;
    }
  }
  if (!m.has_value()) {
    info.issue = m.error();
    return info;
  }
  if (m.value_.kind != map_kind::regular) {
    info.issue = error{error_id::view_map_mismatch, -1};
    return info;
  }
  info.map = m.value_;
  info.extents = extents;
  info.num_symbols = m.value_.num_symbols();
  info.input_rank = m.value_.num_results;
  return info;
}

/// True when no extent is 0 or 1 (the simplifier replaces a variable of a single value by its value):
/// where a map of variables times constants plus constants is then canonical.
constexpr bool no_unit_extent(const view_dims& extents) noexcept {
  for (index_t e : extents) {
    if (e != dyn && e < 2) return false;
  }
  return true;
}

/// The info of an op whose map is left out (an op that folds, without symbols): extents and input rank.
constexpr view_op_info view_op_without_map(const view_dims& extents, std::size_t input_rank) noexcept {
  view_op_info info;
  info.extents = extents;
  info.input_rank = input_rank;
  return info;
}

/// XLA's output-to-input map of a single-operand op (hlo/op_maps.hpp), for the view of its output.
constexpr view_op_info view_op_map(hlo::op& o, const view_dims& in, const view_dims& out) noexcept {
  o.operands.push_back(view_shape(in));
  o.results.push_back(view_shape(out));
  const auto r = hlo::checked_output_to_input(o, 0);
  if (!r.has_value()) return finish_view_op(r.error(), out);
  if (r.value_.size() != 1) return finish_view_op(error{error_id::view_map_mismatch, -1}, out);
  return finish_view_op(r.value_[0].map, out);
}

/// An op's error; `dimension` the dimension it is about (a Slice or a dynamic_slice size that does not fit:
/// the compile error's note shows it plus one, as a text's column, the way the checked forms give a run-time
/// failure's dimension as its position), -1 where it is about the op as a whole.
constexpr view_op_info view_error(error_id id, index_t dimension = -1) noexcept {
  view_op_info info;
  info.issue = error{id, dimension};
  return info;
}

/// True when the product of the static extents fits in int64 (the '?' ones are checked when the view is
/// made). Only the ops that make extents of their own need it: broadcast, map_view, and a slice or
/// dynamic_slice of '?' extents (a static limit or size on a '?' dimension, up to 2^32, is a static extent
/// the input's count did not include). The others keep or shrink their input's extents, which fit, and
/// reshape and bitcast count their elements themselves. (Here, not as a check of every op's info: that read
/// cost every view about a million compiler instructions.)
constexpr bool positions_fit(const view_dims& extents) noexcept {
  checked_index n{1, true};
  for (std::size_t d = 0; d < extents.size() && n.ok; ++d) {
    if (extents[d] != dyn) n = checked_mul(n.value, extents[d]);
  }
  return n.ok;
}

constexpr bool distinct_dimensions(const dimension_list& d, std::size_t rank) noexcept {
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (d[i] < 0 || static_cast<std::size_t>(d[i]) >= rank) return false;
    for (std::size_t j = 0; j < i; ++j) {
      if (d[j] == d[i]) return false;
    }
  }
  return true;
}

constexpr view_op_info transpose_info(const view_dims& in, const dimension_list& perm,
                                      bool with_map) noexcept {
  if (perm.size() != in.size() || !distinct_dimensions(perm, in.size()))
    return view_error(error_id::view_not_a_permutation);
  view_dims out;
  for (index_t p : perm) out.push_back(in[static_cast<std::size_t>(p)]);
  // XLA's transpose map (the one hlo::op's transpose gives, without building an hlo::op).
  view_op_info info =
      with_map ? finish_view_op(
                     hlo::op_maps_detail::permutation_map(inverse_permutation(perm), view_sizes(out)), out)
               : view_op_without_map(out, in.size());
  info.canonical = no_unit_extent(out);
  for (std::size_t i = 0; i < out.size(); ++i) info.extent_rules[i] = {extent_rule::input, perm[i]};
  return info;
}

/// The identity view of these extents: (d0, ...) -> (d0, ...), each '?' extent the input's.
constexpr view_op_info identity_view_op(const view_dims& in, bool with_map) noexcept {
  view_op_info info = view_op_without_map(in, in.size());
  if (with_map) {
    map_builder b(in.size(), 0);
    const view_dims sizes = view_sizes(in);
    for (std::size_t i = 0; i < in.size(); ++i) {
      b.set_size(i, sizes[i]);
      b.add_result(b.dim(i));
    }
    info = finish_view_op(b.finish(), in);
  }
  info.canonical = no_unit_extent(in);
  for (std::size_t i = 0; i < in.size(); ++i)
    info.extent_rules[i] = {extent_rule::input, static_cast<index_t>(i)};
  return info;
}

/// The extents between two '?' extents (segment k of dims: before the first '?' for k = 0), multiplied.
constexpr index_t segment_product(const view_dims& dims, std::size_t k) noexcept {
  index_t p = 1;
  std::size_t seg = 0;
  for (index_t d : dims) {
    if (d == dyn) {
      ++seg;
    } else if (seg == k) {
      const checked_index q = checked_mul(p, d);
      p = q.ok ? q.value : -1;
    }
  }
  return p;
}

/// A negative extent (not dyn) among a view's new Extents<...>: Extents reports it itself
/// (negative_dimension), so the view reports nothing more (op_check::reported).
constexpr bool has_negative_extent(const view_dims& dims) noexcept {
  for (index_t d : dims) {
    if (d < 0 && d != dyn) return true;
  }
  return false;
}

/// A static reshape whose view and input dimensions split or merge along whole digits: the strides of both
/// (row-major) and the element count, sorted, each divide the next, and no extent is 1. Its map is then, for
/// each input dimension k, the sum over the view dimensions j whose range of strides overlaps k's, in order,
/// of the digit of d_j that falls inside it: ((d_j / (lo / S_j)) mod (hi / lo)) * (lo / T_k), where [lo, hi)
/// is the overlap of [S_j, S_j * out_j) and [T_k, T_k * in_k), the division left out where lo is S_j, the
/// modulo where hi is the top of d_j's range, the product where lo is T_k. That is what the simplifier makes
/// of XLA's reshape map, node for node (tests/tensor/views.cpp checks it on random reshapes), so the view
/// takes it as built and skips the simplifier: one reshape view read once, 65 to 42.5 million compiler
/// instructions (g++ 12).
struct reshape_digits {
  bool aligned = false;
  index_t in_stride[XLAYOUT_MAX_RANK]{};
  index_t out_stride[XLAYOUT_MAX_RANK]{};
};
/// @pre in and out are static and hold as many elements, a count that fits int64 (reshape_info checks it).
constexpr reshape_digits reshape_digits_of(const view_dims& in, const view_dims& out) noexcept {
  reshape_digits r;
  index_t bounds[2 * XLAYOUT_MAX_RANK + 1]{};
  std::size_t n = 0;
  index_t size = 1;
  for (std::size_t j = out.size(); j-- > 0;) {
    if (out[j] < 2) return r;
    r.out_stride[j] = size;
    bounds[n++] = size;
    size *= out[j];  // a partial product of the element count (the precondition)
  }
  size = 1;
  for (std::size_t k = in.size(); k-- > 0;) {
    if (in[k] < 2) return r;
    r.in_stride[k] = size;
    bounds[n++] = size;
    size *= in[k];
  }
  bounds[n++] = size;
  for (std::size_t i = 1; i < n; ++i) {  // insertion sort: few bounds
    for (std::size_t k = i; k > 0 && bounds[k] < bounds[k - 1]; --k) {
      const index_t t = bounds[k];
      bounds[k] = bounds[k - 1];
      bounds[k - 1] = t;
    }
  }
  for (std::size_t i = 1; i < n; ++i) {
    if (bounds[i] % bounds[i - 1] != 0) return r;
  }
  r.aligned = true;
  return r;
}
constexpr result<indexing_map> reshape_digit_map(const view_dims& in, const view_dims& out,
                                                 const reshape_digits& r) noexcept {
  map_builder b(out.size(), 0);
  for (std::size_t j = 0; j < out.size(); ++j) b.set_bounds(j, {0, out[j] - 1});
  for (std::size_t k = 0; k < in.size(); ++k) {
    expr_id sum = 0;
    bool first = true;
    for (std::size_t j = 0; j < out.size(); ++j) {
      const index_t top = r.out_stride[j] * out[j];
      const index_t lo = r.out_stride[j] > r.in_stride[k] ? r.out_stride[j] : r.in_stride[k];
      const index_t hi = top < r.in_stride[k] * in[k] ? top : r.in_stride[k] * in[k];
      if (lo >= hi) continue;
      expr_id digit = b.dim(j);
      if (lo != r.out_stride[j]) digit = b.ws.floordiv(digit, b.constant(lo / r.out_stride[j]));
      if (hi != top) digit = b.ws.mod(digit, b.constant(hi / lo));
      if (lo != r.in_stride[k]) digit = b.ws.mul(digit, b.constant(lo / r.in_stride[k]));
      sum = first ? digit : b.ws.add(sum, digit);
      first = false;
    }
    b.add_result(sum);
  }
  return b.finish();
}

constexpr view_op_info reshape_info(const view_dims& in, const view_dims& out, bool with_map) noexcept {
  if (has_negative_extent(out)) return view_error(error_id::negative_dimension);
  if (in == out) return identity_view_op(in, with_map);  // the same extents: the identity, '?' ones included
  if (has_dynamic(in) || has_dynamic(out)) {
    // Each '?' extent must map through unchanged: as many '?' in both, and the static extents between them
    // (and before the first, after the last) hold as many elements on both sides. Otherwise the reshape
    // would split or merge an extent known only at run time.
    std::size_t n_dyn_in = 0, n_dyn_out = 0;
    for (index_t d : in) n_dyn_in += d == dyn ? 1 : 0;
    for (index_t d : out) n_dyn_out += d == dyn ? 1 : 0;
    if (n_dyn_in != n_dyn_out) return view_error(error_id::view_dynamic_extents);
    for (std::size_t k = 0; k <= n_dyn_in; ++k) {
      const index_t a = segment_product(in, k), b = segment_product(out, k);
      if (a < 0 || b < 0 || a != b) return view_error(error_id::view_dynamic_extents);
    }
    // XLA's reshape map with each '?' at a placeholder extent q (a power of two small enough for the
    // element count to fit int64): the segments match, so each '?' dimension's result is the matching view
    // dimension itself (checked), whatever q is; its bounds are then widened to a '?' extent's.
    index_t q = view_dynamic_bound;
    const auto fits = [&](const view_dims& d) {
      checked_index n{1, true};
      for (index_t e : d) n = n.ok ? checked_mul(n.value, e == dyn ? q : e) : n;
      return n.ok && n.value <= (index_t{1} << 62);
    };
    while (q > 1 && !fits(in)) q /= 2;
    view_dims in_q, out_q;
    for (index_t e : in) in_q.push_back(e == dyn ? q : e);
    for (index_t e : out) out_q.push_back(e == dyn ? q : e);
    // Simplified here (the other ops leave it to the view): its results are checked below.
    view_op_info info =
        finish_view_op(hlo::op_maps_detail::simplified(hlo::op_maps_detail::raw_reshape_map(in_q, out_q),
                                                       point_variables::replace),
                       out_q);
    if (info.issue.id != error_id::none) return info;
    info.extents = out;
    std::size_t j = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (out[i] != dyn) continue;
      while (in[j] != dyn) ++j;
      const expr_node& r = info.map.pool.nodes[info.map.results[j]];
      if (r.kind != expr_kind::variable || r.value != static_cast<index_t>(i))
        return view_error(error_id::view_dynamic_extents);
      info.map.bounds[i] = {0, view_dynamic_bound - 1};
      info.extent_rules[i] = {extent_rule::input, static_cast<index_t>(j++)};
    }
    return info;
  }
  const auto n_in = checked_element_count(view_shape(in)), n_out = checked_element_count(view_shape(out));
  if (!n_in.has_value() || !n_out.has_value() || n_in.value_ != n_out.value_)
    return view_error(error_id::view_element_count);
  const reshape_digits digits = reshape_digits_of(in, out);
  view_op_info info = !with_map        ? view_op_without_map(out, in.size())
                      : digits.aligned ? finish_view_op(reshape_digit_map(in, out, digits), out)
                                       : finish_view_op(hlo::op_maps_detail::raw_reshape_map(in, out), out);
  info.canonical = digits.aligned;
  return info;
}

/// One dimension of a slice: static [start:limit:stride] (`fixed`), a run-time range (`range`, three
/// arguments: start, limit, stride) or a run-time index (`index`, one argument; the dimension is dropped).
struct slice_spec {
  enum kind_t : std::uint8_t { fixed, range, index } kind = fixed;
  index_t start = 0;
  index_t limit = 0;
  index_t stride = 1;
};

constexpr view_op_info slice_info(const view_dims& in, const slice_spec* s, std::size_t n,
                                  bool with_map) noexcept {
  if (n != in.size()) return view_error(error_id::view_invalid_slice);
  bool all_fixed = true;
  for (std::size_t i = 0; i < n; ++i) {
    const index_t hi = in[i] == dyn ? view_dynamic_bound : in[i];
    if (s[i].kind != slice_spec::fixed) {
      all_fixed = false;
    } else if (s[i].start < 0 || s[i].start > s[i].limit || s[i].limit > hi || s[i].stride < 1) {
      return view_error(error_id::view_invalid_slice, static_cast<index_t>(i));
    }
  }
  view_check checks[XLAYOUT_MAX_RANK]{};
  std::size_t num_checks = 0;
  for (std::size_t i = 0, arg = 0; i < n; ++i) {
    const auto d = static_cast<index_t>(i), a = static_cast<index_t>(arg);
    if (s[i].kind == slice_spec::fixed && in[i] == dyn)
      checks[num_checks++] = {view_check::at_least, d, 0, s[i].limit};
    if (s[i].kind == slice_spec::range) checks[num_checks++] = {view_check::range, d, a, 0};
    if (s[i].kind == slice_spec::index) checks[num_checks++] = {view_check::index, d, a, 0};
    arg += s[i].kind == slice_spec::range ? 3 : (s[i].kind == slice_spec::index ? 1 : 0);
  }
  view_op_info info;
  if (all_fixed) {  // XLA's slice map (the one hlo::op's slice gives, without building an hlo::op)
    view_dims out;
    static_vector<hlo::slice_dimension, XLAYOUT_MAX_RANK> dims;
    for (std::size_t i = 0; i < n; ++i) {
      out.push_back(ceil_div(s[i].limit - s[i].start, s[i].stride));
      dims.push_back({s[i].start, s[i].limit, s[i].stride});
    }
    info = with_map ? finish_view_op(hlo::op_maps_detail::slice_map(dims, out), out)
                    : view_op_without_map(out, n);
    info.canonical = no_unit_extent(out);
  } else {
    // (d...){rt...} -> (d * stride + start) per dimension: a range's start and stride are symbols the view
    // holds, an index is one; the bounds of each are what a valid slice of that extent allows.
    std::size_t out_rank = 0, num_symbols = 0;
    for (std::size_t i = 0; i < n; ++i) {
      out_rank += s[i].kind == slice_spec::index ? 0 : 1;
      num_symbols += s[i].kind == slice_spec::range ? 2 : (s[i].kind == slice_spec::index ? 1 : 0);
    }
    map_builder b(out_rank, 0, num_symbols);
    view_dims out;
    std::size_t o = 0, k = 0, arg = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const index_t hi = in[i] == dyn ? view_dynamic_bound : in[i];
      const index_t last = hi > 0 ? hi - 1 : 0;
      if (s[i].kind == slice_spec::fixed) {
        const index_t e = ceil_div(s[i].limit - s[i].start, s[i].stride);
        out.push_back(e);
        b.set_bounds(o, {0, e > 0 ? e - 1 : 0});
        b.add_result(b.ws.add(b.ws.mul(b.dim(o), b.constant(s[i].stride)), b.constant(s[i].start)));
        ++o;
      } else if (s[i].kind == slice_spec::range) {
        out.push_back(dyn);
        info.extent_rules[o] = {extent_rule::sliced, static_cast<index_t>(arg)};
        b.set_bounds(o, {0, last});
        b.set_bounds(out_rank + k, {0, last});
        b.set_bounds(out_rank + k + 1, {1, hi > 0 ? hi : 1});
        info.symbol_rules[k] = {symbol_rule::argument, static_cast<index_t>(i), static_cast<index_t>(arg), 0};
        info.symbol_rules[k + 1] = {symbol_rule::clamped_stride, static_cast<index_t>(i),
                                    static_cast<index_t>(arg + 2), 0};
        b.add_result(b.ws.add(b.ws.mul(b.dim(o), b.rt_var(k + 1)), b.rt_var(k)));
        ++o;
        k += 2;
        arg += 3;
      } else {
        b.set_bounds(out_rank + k, {0, last});
        info.symbol_rules[k] = {symbol_rule::argument, static_cast<index_t>(i), static_cast<index_t>(arg), 0};
        b.add_result(b.rt_var(k));
        ++k;
        arg += 1;
      }
    }
    const view_op_info m = finish_view_op(b.finish(), out);
    info.issue = m.issue;
    info.map = m.map;
    info.extents = m.extents;
    info.num_symbols = info.stored_symbols = m.map.num_symbols();
  }
  if (info.issue.id == error_id::none && has_dynamic(in) && !positions_fit(info.extents))
    return view_error(error_id::view_size_overflow);
  for (std::size_t c = 0; c < num_checks; ++c) info.checks[c] = checks[c];
  info.num_checks = num_checks;
  return info;
}

/// XLA's dynamic-slice with static sizes: (d_i) -> (d_i + rt_i), rt_i in [0, extent_i - size_i], the starts
/// (clamped into that range, as XLA clamps them) held by the view.
constexpr view_op_info dynamic_slice_info(const view_dims& in, const view_dims& sizes) noexcept {
  if (has_negative_extent(sizes)) return view_error(error_id::negative_dimension);
  if (sizes.size() != in.size()) return view_error(error_id::view_invalid_slice);
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (sizes[i] < 0 || sizes[i] > (in[i] == dyn ? view_dynamic_bound : in[i]))
      return view_error(error_id::view_invalid_slice, static_cast<index_t>(i));
  }
  if (has_dynamic(in) && !positions_fit(sizes)) return view_error(error_id::view_size_overflow);
  // XLA's map for dynamic-slice operand 0 with no start known, taken directly rather than through the op:
  // the op's indexing holds at most XLAYOUT_HLO_MAX_RT_VARS (4) runtime variables' sources, which a view
  // does not need (a rank-5 dynamic_slice stopped on that capacity).
  const bool known[XLAYOUT_MAX_RANK + 1]{};
  const index_t starts[XLAYOUT_MAX_RANK + 1]{};
  view_dims last = view_sizes(in);
  for (std::size_t i = 0; i < in.size(); ++i) last[i] -= sizes[i];
  view_op_info info =
      finish_view_op(hlo::op_maps_detail::dynamic_slice_map(sizes, last, known, starts), sizes);
  info.stored_symbols = info.map.num_symbols();
  for (std::size_t i = 0; i < in.size(); ++i) {
    const auto d = static_cast<index_t>(i);
    info.symbol_rules[i] = {symbol_rule::clamped_start, d, d, sizes[i]};
    if (in[i] == dyn) info.checks[info.num_checks++] = {view_check::at_least, d, 0, sizes[i]};
  }
  return info;
}

constexpr view_op_info reverse_info(const view_dims& in, const dimension_list& dims, bool with_map) noexcept {
  if (!distinct_dimensions(dims, in.size())) return view_error(error_id::view_invalid_dimensions);
  bool reverses_dynamic = false;
  for (index_t d : dims) reverses_dynamic = reverses_dynamic || in[static_cast<std::size_t>(d)] == dyn;
  view_op_info info;
  if (!reverses_dynamic) {
    // XLA's reverse map (the one hlo::op's reverse gives, without building an hlo::op).
    info = with_map ? finish_view_op(hlo::op_maps_detail::reverse_map(dims, view_sizes(in)), in)
                    : view_op_without_map(in, in.size());
    info.canonical = no_unit_extent(in);
  } else {
    // XLA's map with the extent of a reversed '?' dimension as a symbol the view holds: (d){rt} -> (rt - d),
    // rt = extent - 1.
    std::size_t num_symbols = 0;
    for (index_t d : dims) num_symbols += in[static_cast<std::size_t>(d)] == dyn ? 1 : 0;
    map_builder b(in.size(), 0, num_symbols);
    std::size_t k = 0;
    for (std::size_t i = 0; i < in.size(); ++i) {
      bool reversed = false;
      for (index_t d : dims) reversed = reversed || d == static_cast<index_t>(i);
      b.set_bounds(i, {0, in[i] == dyn ? view_dynamic_bound - 1 : (in[i] > 0 ? in[i] - 1 : 0)});
      if (!reversed) {
        b.add_result(b.dim(i));
      } else if (in[i] != dyn) {
        b.add_result(b.ws.sub(b.constant(in[i] - 1), b.dim(i)));
      } else {
        b.set_bounds(in.size() + k, {0, view_dynamic_bound - 1});
        info.symbol_rules[k] = {symbol_rule::extent_minus_one, static_cast<index_t>(i), 0, 0};
        b.add_result(b.ws.sub(b.rt_var(k), b.dim(i)));
        ++k;
      }
    }
    const view_op_info m = finish_view_op(b.finish(), in);
    info.issue = m.issue;
    info.map = m.map;
    info.extents = m.extents;
    info.num_symbols = info.stored_symbols = m.map.num_symbols();
  }
  for (std::size_t i = 0; i < in.size(); ++i)
    info.extent_rules[i] = {extent_rule::input, static_cast<index_t>(i)};
  return info;
}

/// XLA's broadcast: input dimension i is output dimension dims[i]; no dims: the trailing ones.
constexpr view_op_info broadcast_info(const view_dims& in, const view_dims& out,
                                      dimension_list dims) noexcept {
  if (has_negative_extent(out)) return view_error(error_id::negative_dimension);
  if (dims.empty() && in.size() <= out.size()) {
    for (std::size_t i = 0; i < in.size(); ++i)
      dims.push_back(static_cast<index_t>(out.size() - in.size() + i));
  }
  if (dims.size() != in.size() || !distinct_dimensions(dims, out.size()))
    return view_error(error_id::view_invalid_dimensions);
  for (std::size_t i = 0; i < dims.size(); ++i) {
    if (out[static_cast<std::size_t>(dims[i])] != in[i]) return view_error(error_id::view_invalid_dimensions);
  }
  if (!positions_fit(out)) return view_error(error_id::view_size_overflow);
  bool injective = true;
  std::size_t new_dynamic = 0;  // new '?' dimensions: their extents are run-time arguments, in order
  extent_rule rules[XLAYOUT_MAX_RANK]{};
  view_check checks[XLAYOUT_MAX_RANK]{};
  for (std::size_t j = 0; j < out.size(); ++j) {
    bool from_input = false;
    for (index_t d : dims) from_input = from_input || d == static_cast<index_t>(j);
    if (!from_input && out[j] == dyn) {
      rules[j] = {extent_rule::argument, static_cast<index_t>(new_dynamic)};
      checks[new_dynamic] = {view_check::extent, static_cast<index_t>(j), static_cast<index_t>(new_dynamic),
                             0};
      ++new_dynamic;
    }
    if (!from_input && (out[j] > 1 || out[j] == dyn)) injective = false;
  }
  hlo::op o;
  o.code = hlo::opcode::broadcast;
  o.attrs.dimensions = dims;
  view_op_info info = view_op_map(o, in, out);
  info.injective = injective;
  for (std::size_t j = 0; j < out.size(); ++j) info.extent_rules[j] = rules[j];
  for (std::size_t i = 0; i < dims.size(); ++i)
    info.extent_rules[static_cast<std::size_t>(dims[i])] = {extent_rule::input, static_cast<index_t>(i)};
  for (std::size_t c = 0; c < new_dynamic; ++c) info.checks[c] = checks[c];
  info.num_checks = new_dynamic;
  return info;
}

/// True for a layout that is only a minor_to_major (what XLA's bitcast map looks at).
constexpr bool plain_layout(const layout& l) noexcept {
  return l.tiles.empty() && l.padded_dimensions.empty() && l.tail_padding_alignment_in_elements <= 1;
}

/// The view of `base`'s buffer as `text`: its index -> the base index holding the same element. Where
/// is_bitcast holds, the element at row-major position p of the view is the one at position p of the base,
/// so the map is the reshape map; XLA's bitcast map (hlo::checked_bitcast_map) where both layouts are only a
/// minor_to_major (it ignores tiles), XLA's reshape map otherwise.
constexpr view_op_info bitcast_info(const shape& base, std::string_view text) noexcept {
  const auto parsed = parse_shape(text);
  if (!parsed.has_value()) {
    view_op_info info;
    info.issue = parsed.error();
    return info;
  }
  const shape& v = parsed.value_;
  if (v.element_type != base.element_type || !is_static(v) || !is_bitcast(base, v))
    return view_error(error_id::view_not_a_bitcast);
  view_dims out;
  for (index_t d : v.dimensions) out.push_back(d);
  if (plain_layout(v.layout) && plain_layout(base.layout)) {
    const auto m = hlo::checked_bitcast_map(v, base);
    if (m.has_value() && m.value_.kind == map_kind::regular) return finish_view_op(m, out);
  }
  return finish_view_op(hlo::op_maps_detail::raw_reshape_map(hlo::op_maps_detail::dims_of(base), out), out);
}

/// A user's map as a view: its dimensions are the view's, starting at 0; its results index the input.
template <class H>
constexpr view_op_info map_view_info(const view_dims& in) noexcept {
  const indexing_map& m = H::value;
  if (m.kind != map_kind::regular || m.num_results != in.size())
    return view_error(error_id::view_map_mismatch);
  view_op_info info;
  for (std::size_t d = 0; d < m.num_dims; ++d) {
    if (m.bounds[d].lower != 0 || m.bounds[d].upper == index_max)
      return view_error(error_id::view_map_mismatch);
    info.extents.push_back(m.bounds[d].upper + 1);
  }
  // Each result inside its input extent at every point of the domain, by the lowering's own interval
  // arithmetic (which also finds a step that may overflow): at compile time for a static extent, when the
  // view is built for a '?' one.
  for (std::size_t r = 0; r < m.num_results; ++r) {
    interval range;
    if (!lowered_interval(m, m.results[r], range) || range.lower < 0 ||
        (in[r] != dyn && range.upper >= in[r]) || range.upper == index_max)
      return view_error(error_id::view_map_out_of_range);
    if (in[r] == dyn)
      info.checks[info.num_checks++] = {view_check::result, static_cast<index_t>(r), 0, range.upper + 1};
  }
  if (!positions_fit(info.extents)) return view_error(error_id::view_size_overflow);
  info.map = m;
  info.num_symbols = m.num_symbols();
  info.input_rank = m.num_results;
  info.injective = false;  // not decided
  return info;
}

template <class Op, class Earlier>
struct composed_op;

/// The maps of a view op chain M (an op, or a composed_op), from the base outward: collect writes them to
/// out[0, size), out[0] indexing the base. `symbols`: the composed map's (each op's, added up: composition
/// keeps them all); `base_rank`: its results (the base's rank).
template <class M>
struct view_chain {
  static constexpr std::size_t size = 1;
  static constexpr std::size_t symbols = M::info.num_symbols;
  static constexpr std::size_t base_rank = M::info.input_rank;
  static constexpr void collect(const indexing_map** out) noexcept { out[0] = &M::raw_map; }
};
template <class Op, class Earlier>
struct view_chain<composed_op<Op, Earlier>> {
  static constexpr std::size_t size = view_chain<Earlier>::size + 1;
  static constexpr std::size_t symbols = view_chain<Earlier>::symbols + Op::info.num_symbols;
  static constexpr std::size_t base_rank = view_chain<Earlier>::base_rank;
  static constexpr void collect(const indexing_map** out) noexcept {
    view_chain<Earlier>::collect(out);
    out[size - 1] = &Op::raw_map;
  }
};

/// The map of a view: its ops' maps (maps[0] nearest the base) composed in one workspace, each after the
/// earlier ones (checked_compose's order of symbols: the earlier ops' first; without the constraints that
/// always hold, as a view op's results lie inside the dimensions they feed), then simplified once. Unused
/// symbols stay, so that operator() keeps its arguments and the view its stored values.
constexpr result<indexing_map> view_chain_map(const indexing_map* const* maps, std::size_t n) noexcept {
  for (std::size_t k = 0; k < n; ++k) {
    if (maps[k]->kind == map_kind::undefined) return error_id::view_map_mismatch;  // an op's map failed
  }
  expr_workspace ws;
  expr_id remap[XLAYOUT_MAX_EXPRS]{};
  map_draft acc = import_map(ws, *maps[0], remap);
  for (std::size_t k = 1; k < n && acc.kind == map_kind::regular; ++k) {
    expr_id r[XLAYOUT_MAX_EXPRS]{};
    const map_draft op = import_map(ws, *maps[k], r);
    map_draft next;
    const error_id e = compose_drafts(ws, op, acc, false, next);
    if (e != error_id::none) return e;
    acc = next;
  }
  simplify_draft(ws, acc, simplify_options{});
  return finish_map(ws, acc);
}

/// The map of view op chain Self as a map_holder's `value` (a static member computed when a view's accessor
/// first needs it: a view that is only viewed again composes nothing). Its error, if any (a capacity or an
/// int64 overflow on the way), is the compile error; the value is then a map of zeros, so that it is the
/// only one.
template <class Self>
constexpr result<indexing_map> view_map_result() noexcept {
  if constexpr (view_chain<Self>::size == 1 && Self::info.canonical) {
    return result<indexing_map>(Self::raw_map);  // already what the simplifier would make of it
  } else {
    const indexing_map* maps[view_chain<Self>::size]{};
    view_chain<Self>::collect(maps);
    return view_chain_map(maps, view_chain<Self>::size);
  }
}
template <class Self>
struct view_map_value {
  static constexpr result<indexing_map> map_result = view_map_result<Self>();
  static constexpr error_id map_issue = map_result.has_value() ? error_id::none : map_result.error().id;
  static constexpr indexing_map value =
      raise_if_error<map_issue, 0> && map_issue == error_id::none
          ? map_result.value_
          : empty_view_map(Self::info.extents, view_chain<Self>::base_rank).value_;
};

// The view operations as types: each holds its view_op_info (`info`, with the op's map before
// simplification) and, as a map_holder, the view's simplified map (`value`).
template <class In, index_t... P>
struct transpose_op : view_map_value<transpose_op<In, P...>> {
  static constexpr view_op_info info = transpose_info(dims_of_extents<In>(), dimension_list{P...}, false);
  static constexpr indexing_map raw_map =
      transpose_info(dims_of_extents<In>(), dimension_list{P...}, true).map;
};
template <class In, class Out>
struct reshape_op : view_map_value<reshape_op<In, Out>> {
  static constexpr view_op_info info = reshape_info(dims_of_extents<In>(), dims_of_extents<Out>(), false);
  static constexpr indexing_map raw_map =
      reshape_info(dims_of_extents<In>(), dims_of_extents<Out>(), true).map;
};
template <class S>
constexpr slice_spec slice_spec_of() noexcept {
  if constexpr (std::is_same_v<S, runtime_slice>) {
    return {slice_spec::range, 0, 0, 1};
  } else if constexpr (std::is_same_v<S, slice_index_tag>) {
    return {slice_spec::index, 0, 0, 1};
  } else {
    return {slice_spec::fixed, S::start, S::limit, S::stride};
  }
}
template <class In, class... S>
struct slice_op : view_map_value<slice_op<In, S...>> {
  static constexpr slice_spec specs[] = {slice_spec_of<S>()..., {}};
  static constexpr view_op_info info = slice_info(dims_of_extents<In>(), specs, sizeof...(S), false);
  static constexpr indexing_map raw_map = slice_info(dims_of_extents<In>(), specs, sizeof...(S), true).map;
};
template <class In, class Sizes>
struct dynamic_slice_op : view_map_value<dynamic_slice_op<In, Sizes>> {
  static constexpr view_op_info info = dynamic_slice_info(dims_of_extents<In>(), dims_of_extents<Sizes>());
  static constexpr const indexing_map& raw_map = info.map;
};
template <class In, index_t... D>
struct reverse_op : view_map_value<reverse_op<In, D...>> {
  static constexpr view_op_info info = reverse_info(dims_of_extents<In>(), dimension_list{D...}, false);
  static constexpr indexing_map raw_map = reverse_info(dims_of_extents<In>(), dimension_list{D...}, true).map;
};
template <class In, class Out, index_t... D>
struct broadcast_op : view_map_value<broadcast_op<In, Out, D...>> {
  static constexpr view_op_info info =
      broadcast_info(dims_of_extents<In>(), dims_of_extents<Out>(), dimension_list{D...});
  static constexpr const indexing_map& raw_map = info.map;
};
template <class Base, fixed_string S>
struct bitcast_op : view_map_value<bitcast_op<Base, S>> {
  static constexpr view_op_info info = bitcast_info(Base::static_shape, S.view());
  static constexpr const indexing_map& raw_map = info.map;
};
/// A map_view: the user's map as written (not simplified) when it is the whole view.
template <class In, class H>
struct map_op {
  static constexpr view_op_info info = map_view_info<H>(dims_of_extents<In>());
  static constexpr const indexing_map& raw_map = info.map;
  static constexpr indexing_map value = info.map;
};

/// A view's chain after an earlier one: Op (new view -> old view), then Earlier (old view -> base). Its map
/// (`value`) is the chain's maps composed and simplified once; its info holds the view's extents, stored
/// symbols and whether it is injective (no map).
template <class Op, class Earlier>
struct composed_op : view_map_value<composed_op<Op, Earlier>> {
  static constexpr view_op_info info = [] {
    view_op_info i;
    // Symbols the view holds come last: Op may add some, but no symbols of operator() after them.
    if (Earlier::info.stored_symbols > 0 && Op::info.num_symbols > Op::info.stored_symbols) {
      i.issue = error{error_id::view_map_mismatch, -1};
      return i;
    }
    i.extents = Op::info.extents;
    i.stored_symbols = Earlier::info.stored_symbols + Op::info.stored_symbols;
    i.injective = Op::info.injective && Earlier::info.injective;
    return i;
  }();
};

template <class Map, std::size_t... D>
Extents<Map::info.extents[D]...> view_extents_of(std::index_sequence<D...>);

/// The extents type of a view op's result.
template <class Map>
using view_extents_t = decltype(view_extents_of<Map>(std::make_index_sequence<Map::info.extents.size()>{}));

// --- Folding a view op into the chain it views ------------------------------------------------------------
// A view of a view records the new op after the earlier ones (composed_op), except where the two fold into
// one op whose map is known without composing: two reshapes are one reshape (of the earlier input to the new
// extents), transposes, reverses and slices with static parameters are one axis_op, and an op that is the
// identity (a reshape to the same extents, a fold that comes back to the input) leaves the chain as it was.
// The map is the same function either way (what `view_chain_map` would compose and simplify); the fold only
// spares the composition, and the intermediate ops' maps.

/// A run of static transposes, reverses and slices as one map: view dimension i reads input dimension
/// src[i] at coef[i] * i + off[i] (a transpose: coef 1, off 0; a reverse: coef -1, off extent - 1; a slice:
/// coef stride, off start). `ok` is false for an op that is not one of them.
struct axis_spec {
  bool ok = false;
  std::size_t rank = 0;
  index_t src[XLAYOUT_MAX_RANK]{};
  index_t coef[XLAYOUT_MAX_RANK]{};
  index_t off[XLAYOUT_MAX_RANK]{};
};

/// The axis_op of a folded run: In, the input's extents; Out, the view's; S, the run's axis_spec (a
/// template argument of class type: the fold names the op by the spec it computed, with no pack to spell
/// out and no spec to decode).
template <class In, class Out, axis_spec S>
struct axis_op;

template <class Op>
struct axis_of {
  static constexpr axis_spec spec{};
};
// The specs as functions of values, not lambdas in each specialisation: a lambda is a class and functions
// the compiler instantiates per op type, a call of a non-template function only constant evaluation.
constexpr axis_spec transpose_axes(const dimension_list& perm) noexcept {
  axis_spec s{true, perm.size()};
  for (std::size_t i = 0; i < s.rank; ++i) s.src[i] = perm[i], s.coef[i] = 1;
  return s;
}
constexpr axis_spec reverse_axes(const view_dims& in, const dimension_list& dims) noexcept {
  axis_spec s{true, in.size()};
  for (std::size_t i = 0; i < s.rank; ++i) s.src[i] = static_cast<index_t>(i), s.coef[i] = 1;
  for (index_t d : dims) {
    const auto i = static_cast<std::size_t>(d);
    if (in[i] == dyn) return axis_spec{};  // a symbol: not folded
    s.coef[i] = -1;
    s.off[i] = in[i] - 1;
  }
  return s;
}
constexpr axis_spec slice_axes(const view_dims& start, const view_dims& stride) noexcept {
  axis_spec s{true, start.size()};
  for (std::size_t i = 0; i < s.rank; ++i)
    s.src[i] = static_cast<index_t>(i), s.coef[i] = stride[i], s.off[i] = start[i];
  return s;
}
template <class In, index_t... P>
struct axis_of<transpose_op<In, P...>> {
  static constexpr axis_spec spec = transpose_axes(dimension_list{P...});
};
template <class In, index_t... D>
struct axis_of<reverse_op<In, D...>> {
  static constexpr axis_spec spec = reverse_axes(dims_of_extents<In>(), dimension_list{D...});
};
template <class In, class... S>
  requires(is_slice<S>::value && ...)
struct axis_of<slice_op<In, S...>> {
  static constexpr axis_spec spec = slice_axes(view_dims{S::start...}, view_dims{S::stride...});
};
template <class In, class Out, axis_spec S>
struct axis_of<axis_op<In, Out, S>> {
  static constexpr axis_spec spec = S;
};

/// a after b: view dimension i of a reads dimension j = a.src[i] of b's view, which reads b's input.
constexpr axis_spec then_axes(const axis_spec& a, const axis_spec& b) noexcept {
  axis_spec s{true, a.rank};
  for (std::size_t i = 0; i < a.rank; ++i) {
    const auto j = static_cast<std::size_t>(a.src[i]);
    const checked_index coef = checked_mul(b.coef[j], a.coef[i]), scaled = checked_mul(b.coef[j], a.off[i]);
    const checked_index off = checked_add(scaled.value, b.off[j]);
    if (!coef.ok || !scaled.ok || !off.ok) return axis_spec{};  // not folded: composed (and checked) instead
    s.src[i] = b.src[j];
    s.coef[i] = coef.value;
    s.off[i] = off.value;
  }
  return s;
}

constexpr bool is_identity_axes(const axis_spec& s) noexcept {
  for (std::size_t i = 0; i < s.rank; ++i) {
    if (s.src[i] != static_cast<index_t>(i) || s.coef[i] != 1 || s.off[i] != 0) return false;
  }
  return true;
}

/// An axis_op's info: its map, built as the folded ops' maps compose, `(d_i) -> (coef * d_i + off)` at
/// input dimension src[i] (a '?' extent passes through a transpose: its dimension's rule reads the input).
constexpr view_op_info axis_info(const view_dims& in, const view_dims& out, const axis_spec& s,
                                 bool with_map) noexcept {
  view_op_info info = view_op_without_map(out, in.size());
  if (with_map) {
    map_builder b(out.size(), 0);
    const view_dims sizes = view_sizes(out);
    expr_id results[XLAYOUT_MAX_RANK]{};
    for (std::size_t i = 0; i < out.size(); ++i) {
      b.set_size(i, sizes[i]);
      expr_id e = b.dim(i);
      if (s.coef[i] != 1) e = b.ws.mul(e, b.constant(s.coef[i]));
      if (s.off[i] != 0) e = b.ws.add(e, b.constant(s.off[i]));
      results[s.src[i]] = e;
    }
    for (std::size_t k = 0; k < in.size(); ++k) b.add_result(results[k]);
    info = finish_view_op(b.finish(), out);
  }
  info.canonical = no_unit_extent(out);
  for (std::size_t i = 0; i < out.size(); ++i) info.extent_rules[i] = {extent_rule::input, s.src[i]};
  return info;
}

template <class In, class Out, axis_spec S>
struct axis_op : view_map_value<axis_op<In, Out, S>> {
  static constexpr view_op_info info = axis_info(dims_of_extents<In>(), dims_of_extents<Out>(), S, false);
  static constexpr indexing_map raw_map =
      axis_info(dims_of_extents<In>(), dims_of_extents<Out>(), S, true).map;
};

/// The input extents of a view op that can fold (void for others).
template <class Op>
struct op_input {
  using type = void;
};
template <class In, index_t... P>
struct op_input<transpose_op<In, P...>> {
  using type = In;
};
template <class In, index_t... D>
struct op_input<reverse_op<In, D...>> {
  using type = In;
};
template <class In, class... S>
struct op_input<slice_op<In, S...>> {
  using type = In;
};
template <class In, class Out, axis_spec S>
struct op_input<axis_op<In, Out, S>> {
  using type = In;
};
template <class In, class Out>
struct op_input<reshape_op<In, Out>> {
  using type = In;
};

/// A chain's last op (head) and the chain before it (tail; void when the chain is one op).
template <class M>
struct chain_parts {
  using head = M;
  using tail = void;
};
template <class Op, class Earlier>
struct chain_parts<composed_op<Op, Earlier>> {
  using head = Op;
  using tail = Earlier;
};

template <class Op>
inline constexpr bool is_identity_op = false;
template <class Op>
inline constexpr bool is_reshape_op = false;
template <class In, class Out>
inline constexpr bool is_reshape_op<reshape_op<In, Out>> = true;
template <class E>
inline constexpr bool is_identity_op<reshape_op<E, E>> = true;

/// Head as the chain's last op, after tail (void: none).
template <class Head, class Tail>
using with_tail = std::conditional_t<std::is_void_v<Tail>, Head, composed_op<Head, Tail>>;

/// The chain after its last op was folded into one that is the identity on In: the tail, or (nothing
/// before it) the identity op itself.
template <class In, class Tail>
using without_head = std::conditional_t<std::is_void_v<Tail>, reshape_op<In, In>, Tail>;

template <class Op, class Head>
struct folded_axes {
  static constexpr axis_spec spec = then_axes(axis_of<Op>::spec, axis_of<Head>::spec);
};

/// The chain of a view of a view: Op (new) after the chain M of the viewed view, folded where it can be.
template <class Op, class M>
constexpr auto fold_view_op() noexcept {
  using head = typename chain_parts<M>::head;
  using tail = typename chain_parts<M>::tail;
  using in = typename op_input<head>::type;
  using out = view_extents_t<Op>;
  if constexpr (is_identity_op<Op> || (axis_of<Op>::spec.ok && is_identity_axes(axis_of<Op>::spec) &&
                                       std::is_same_v<typename op_input<Op>::type, out>)) {
    return std::type_identity<M>{};  // the identity (a reshape to the same extents, ...): the view as it was
  } else if constexpr (std::is_void_v<tail> && is_identity_op<head>) {
    return std::type_identity<Op>{};  // the viewed view is its base
  } else if constexpr (axis_of<Op>::spec.ok && axis_of<head>::spec.ok) {
    using fold = folded_axes<Op, head>;
    if constexpr (!fold::spec.ok) {
      return std::type_identity<composed_op<Op, M>>{};
    } else if constexpr (std::is_same_v<in, out> && is_identity_axes(fold::spec)) {
      return std::type_identity<without_head<in, tail>>{};
    } else {
      return std::type_identity<with_tail<axis_op<in, out, fold::spec>, tail>>{};
    }
  } else if constexpr (is_reshape_op<Op> && is_reshape_op<head>) {
    if constexpr (std::is_same_v<in, out>) {
      return std::type_identity<without_head<in, tail>>{};
    } else {
      return std::type_identity<with_tail<reshape_op<in, out>, tail>>{};
    }
  } else {
    return std::type_identity<composed_op<Op, M>>{};
  }
}
template <class Op, class M>
using folded_view_op = typename decltype(fold_view_op<Op, M>())::type;

/// What a view function returns after reporting its error: a tensor that accepts every use silently, so
/// that one mistake gives one error.
template <class T>
constexpr auto view_fallback() noexcept {
  if constexpr (requires { typename T::element_type; }) {
    return invalid_tensor<typename T::element_type>{};
  } else {
    return invalid_tensor<float>{};
  }
}

/// The values a view holds for its stored symbols (none: an empty type).
template <std::size_t N>
struct stored_values {
  index_t values[N]{};
};
template <>
struct stored_values<0> {};

/// Whether Op's run-time precondition C holds for the input's extents `in` and the arguments. Each check is a
/// constant (device code cannot read Op::info at run time).
template <class Op, std::size_t C>
XLAYOUT_HD constexpr bool view_arg_ok(const index_t* in, const index_t* args) noexcept {
  constexpr view_check k = Op::info.checks[C];
  const index_t e = k.kind == view_check::extent ? 0 : in[k.dim];  // extent: dim is the view's
  if constexpr (k.kind == view_check::at_least || k.kind == view_check::result) {
    return e >= k.size;
  } else if constexpr (k.kind == view_check::range) {
    const index_t start = args[k.arg], limit = args[k.arg + 1], stride = args[k.arg + 2];
    return 0 <= start && start <= limit && limit <= e && stride >= 1;
  } else if constexpr (k.kind == view_check::extent) {
    return 0 <= args[k.arg] && args[k.arg] < view_dynamic_bound;
  } else {
    return 0 <= args[k.arg] && args[k.arg] < e;
  }
}
/// The default handler's report of a view's run-time precondition that fails (assertions on): the id, what
/// the check is about and its values, then it stops as the handler does, e.g.
///   [xlayout:view_invalid_slice] dimension 1: runtime_slice{0, 6, 1} with extent 5 (0 <= start
///   <= limit <= extent, stride >= 1) at .../xlayout/tensor/view.hpp:<line>
/// `kind` a view_check kind; `at` its dimension (the input's; the view's for `extent`, the result for
/// `result`); a, b, c its arguments; `extent` the input's extent (unused for `extent`).
[[noreturn]] XLAYOUT_COLD XLAYOUT_HD inline void view_argument_failed_at(
    [[maybe_unused]] const char* file, [[maybe_unused]] int line, [[maybe_unused]] int kind,
    [[maybe_unused]] long long at, [[maybe_unused]] long long a, [[maybe_unused]] long long b,
    [[maybe_unused]] long long c, [[maybe_unused]] long long extent) noexcept {
  switch (kind) {
    case view_check::at_least:
      XLAYOUT_DETAIL_PRINT(
          "[xlayout:view_invalid_slice] dimension %lld: extent %lld, below %lld (a Slice's limit or "
          "a dynamic_slice's size)",
          at, extent, a);
      break;
    case view_check::range:
      XLAYOUT_DETAIL_PRINT(
          "[xlayout:view_invalid_slice] dimension %lld: runtime_slice{%lld, %lld, %lld} with extent "
          "%lld (0 <= start <= limit <= extent, stride >= 1)",
          at, a, b, c, extent);
      break;
    case view_check::index:
      XLAYOUT_DETAIL_PRINT("[xlayout:view_invalid_slice] dimension %lld: index %lld outside the extent %lld",
                           at, a, extent);
      break;
    case view_check::extent:
      XLAYOUT_DETAIL_PRINT(
          "[xlayout:view_invalid_dimensions] broadcast: extent %lld of the view's dimension %lld, outside "
          "[0, 2^32)",
          a, at);
      break;
    default:
      XLAYOUT_DETAIL_PRINT(
          "[xlayout:view_map_out_of_range] map_view: result %lld reaches %lld, outside the extent %lld", at,
          a - 1, extent);
      break;
  }
  XLAYOUT_DETAIL_PRINT(" at %s:%d\n", file, line);
  default_handler_stop();
}

/// Op's run-time precondition C, checked when the view is built: its id (view_invalid_slice,
/// view_invalid_dimensions, view_map_out_of_range) through XLAYOUT_EXPECTS, a compile error in a constant
/// expression; with the default handler at run time, view_argument_failed_at's report.
template <class Op, std::size_t C>
XLAYOUT_HD constexpr void expect_view_arg([[maybe_unused]] const index_t* in,
                                          [[maybe_unused]] const index_t* args) noexcept {
#if defined(XLAYOUT_ENABLE_ASSERTS) && XLAYOUT_ENABLE_ASSERTS && defined(XLAYOUT_DEFAULT_ASSERT_HANDLER)
  // With the default handler, the values too (as the accessor's index check reports the index).
  if (!__builtin_is_constant_evaluated()) {
    constexpr view_check k = Op::info.checks[C];
    if (!view_arg_ok<Op, C>(in, args)) {
      const bool has_args = k.kind != view_check::at_least && k.kind != view_check::result;
      const long long a = has_args ? args[k.arg] : k.size;
      const long long b = k.kind == view_check::range ? args[k.arg + 1] : 0;
      const long long c = k.kind == view_check::range ? args[k.arg + 2] : 0;
      view_argument_failed_at(__FILE__, __LINE__, k.kind, k.dim, a, b, c,
                              k.kind == view_check::extent ? 0 : in[k.dim]);
    }
    return;
  }
#endif
  if constexpr (Op::info.checks[C].kind == view_check::extent) {
    XLAYOUT_EXPECTS((view_arg_ok<Op, C>(in, args)), view_invalid_dimensions);
  } else if constexpr (Op::info.checks[C].kind == view_check::result) {
    XLAYOUT_EXPECTS((view_arg_ok<Op, C>(in, args)), view_map_out_of_range);
  } else {
    XLAYOUT_EXPECTS((view_arg_ok<Op, C>(in, args)), view_invalid_slice);
  }
}
template <class Op, std::size_t... C>
XLAYOUT_HD constexpr void expect_view_args([[maybe_unused]] const index_t* in,
                                           [[maybe_unused]] const index_t* args,
                                           std::index_sequence<C...>) noexcept {
  (expect_view_arg<Op, C>(in, args), ...);
}
/// The dimension check C of Op is about (a constant: device code cannot read Op::info at run time).
template <class Op, std::size_t C>
inline constexpr index_t view_check_dim = Op::info.checks[C].dim;
/// The value of Op's stored symbol K for the input's extents and the arguments.
template <class Op, std::size_t K>
XLAYOUT_HD constexpr index_t view_symbol_value(const index_t* in, const index_t* args) noexcept {
  constexpr symbol_rule r = Op::info.symbol_rules[K];
  if constexpr (r.kind == symbol_rule::extent_minus_one) {
    return in[r.dim] - 1;
  } else if constexpr (r.kind == symbol_rule::clamped_start) {
    const index_t hi = in[r.dim] - r.size, v = args[r.arg];
    return v < 0 ? 0 : (v > hi ? hi : v);
  } else if constexpr (r.kind == symbol_rule::clamped_stride) {
    const index_t hi = in[r.dim] > 1 ? in[r.dim] : 1, v = args[r.arg];
    return v < 1 ? 1 : (v > hi ? hi : v);
  } else {
    return args[r.arg];
  }
}

/// The '?' extents a view holds (none: an empty type of its own, so that it shares its address with the
/// base's empty members).
template <std::size_t N>
struct dynamic_extent_values {
  index_t values[N]{};
};
template <>
struct dynamic_extent_values<0> {};

template <class Op, std::size_t... K>
XLAYOUT_HD constexpr void store_symbols(index_t* out, const index_t* in, const index_t* args,
                                        std::index_sequence<K...>) noexcept {
  ((out[K] = view_symbol_value<Op, K>(in, args)), ...);
}
template <class Ext, std::size_t... K>
XLAYOUT_HD constexpr Ext make_extents_of(const index_t* dynamic, std::index_sequence<K...>) noexcept {
  return Ext(dynamic[K]...);
}

/// The extent of Op's view dimension D, which is '?', for the input's extents and the arguments.
template <class Op, std::size_t D>
XLAYOUT_HD constexpr index_t view_extent_value(const index_t* in, const index_t* args) noexcept {
  constexpr extent_rule r = Op::info.extent_rules[D];
  if constexpr (r.kind == extent_rule::input) {
    return in[r.a];
  } else if constexpr (r.kind == extent_rule::argument) {
    return args[r.a];
  } else {
    // ceil((limit - start) / stride) as 1 + (limit - start - 1) / stride, in unsigned arithmetic: no step
    // wraps, whatever the stride (a start or limit outside the extent is a failed precondition, checked
    // before by checked_slice and XLAYOUT_EXPECTS).
    using U = std::uint64_t;
    const index_t start = args[r.a], limit = args[r.a + 1], stride = args[r.a + 2];
    return limit <= start || stride < 1
               ? 0
               : static_cast<index_t>(
                     (static_cast<U>(limit) - static_cast<U>(start) - 1) / static_cast<U>(stride) + 1);
  }
}

/// Dimension D's extent where it is '?' (view_extent_value), 0 where it is static.
template <class Op, class Ext, std::size_t D>
XLAYOUT_HD constexpr index_t dynamic_extent_or_zero(const index_t* in, const index_t* args) noexcept {
  if constexpr (Ext::static_extent(D) == dyn) {
    return view_extent_value<Op, D>(in, args);
  } else {
    return 0;
  }
}
/// The first '?' dimension of Op's view whose extent is not below view_dynamic_bound (the bound its map
/// gives it), or -1: what checked_slice reports as view_dynamic_extents.
template <class Op, class Ext, std::size_t... D>
XLAYOUT_HD constexpr index_t too_large_view_extent(const index_t* in, const index_t* args,
                                                   std::index_sequence<D...>) noexcept {
  const index_t extents[] = {dynamic_extent_or_zero<Op, Ext, D>(in, args)..., 0};
  for (std::size_t d = 0; d < sizeof...(D); ++d) {
    if (extents[d] >= view_dynamic_bound) return static_cast<index_t>(d);
  }
  return -1;
}

/// The view's extents: Op's static ones, and its '?' ones from the input's extents and the arguments.
template <class Op, class Ext, std::size_t... D>
XLAYOUT_HD constexpr Ext view_extents_value(const index_t* in, const index_t* args,
                                            std::index_sequence<D...>) noexcept {
  if constexpr (Ext::rank_dynamic() == 0) {
    return Ext{};
  } else {
    const index_t all[] = {dynamic_extent_or_zero<Op, Ext, D>(in, args)..., 0};
    index_t dynamic[Ext::rank_dynamic()]{};
    std::size_t k = 0;
    checked_index positions{1, true};
    for (std::size_t d = 0; d < sizeof...(D); ++d) {
      const index_t n = Ext::static_extent(d) == dyn ? all[d] : Ext::static_extent(d);
      positions = positions.ok ? checked_mul(positions.value, n) : positions;
      if (Ext::static_extent(d) == dyn) {
        XLAYOUT_EXPECTS(all[d] < view_dynamic_bound, view_dynamic_extents);
        dynamic[k++] = all[d];
      }
    }
    XLAYOUT_EXPECTS(positions.ok, view_size_overflow);
    return make_extents_of<Ext>(dynamic, std::make_index_sequence<Ext::rank_dynamic()>{});
  }
}

/// Writes t's extents to in[0, rank); returns the first '?' dimension whose extent is not below
/// view_dynamic_bound (what a view's map assumes of a '?' extent), or -1.
template <class T>
XLAYOUT_HD constexpr index_t input_extents(const T& t, index_t* in) noexcept {
  index_t too_large = -1;
  for (std::size_t d = 0; d < T::rank(); ++d) {
    in[d] = t.extent(d);
    if (T::static_extent(d) == dyn && in[d] >= view_dynamic_bound && too_large < 0)
      too_large = static_cast<index_t>(d);
  }
  return too_large;
}

/// Why T cannot be viewed (error_id::none when it can): it must be a Tensor, a runtime_tensor of static rank
/// or a view.
template <class T>
constexpr error_id view_input_issue() noexcept {
  if constexpr (is_tensor_view<T>::value || is_view_base<T>::value) {
    return error_id::none;
  } else {
    return error_id::view_input;
  }
}

/// True for a Tensor with a '?' extent, and for a runtime_tensor (what bitcast does not take).
template <class T>
inline constexpr bool dynamic_tensor = [] {
  if constexpr (is_basic_tensor<T>::value) {
    return T::extents_type::rank_dynamic() > 0;
  } else {
    return is_view_base<T>::value;
  }
}();

/// The issue of T as a view's input (as constants: nvcc forbids calling constexpr host functions from the
/// host-device functions below, even in constant expressions). The fallback of an earlier error
/// (invalid_tensor) takes every view silently.
template <class T>
struct input_check {
  static constexpr bool fallback = is_invalid_tensor<T>::value;
  static constexpr error_id id = fallback ? error_id::none : view_input_issue<T>();
};
/// The issue of a view op, with its column in the op's text (bitcast's shape).
template <class Op>
struct op_check {
  /// The op's Extents<...> reported a negative extent itself: the view is the fallback, with no error more.
  static constexpr bool reported = Op::info.issue.id == error_id::negative_dimension;
  static constexpr error_id id = reported ? error_id::none : Op::info.issue.id;
  static constexpr index_t column = diagnostic_column(Op::info.issue);
};

/// The view object V(base, stored, extents) of a runtime_tensor. In CUDA device code such a view (which
/// copies the tensor's mapping) is made by a call: inlined into a kernel that then reads the view, nvcc 13
/// took 53 s to compile a kernel reading one element of transpose<1, 0>(t), 9.2 s with the call, when the
/// mapping was 3.8 KB at every rank; at rank 2 (672 bytes since) about 7 s and 5 s (docs/views.md). A
/// Tensor's view (a pointer and extents) is made in place (checked_view).
template <class V, class B, class S, class E>
XLAYOUT_HD XLAYOUT_DEVICE_NOINLINE constexpr V make_view_out_of_line(const B& b, const S& s,
                                                                     const E& e) noexcept {
  return V(b, s, e);
}

/// Reports the issue of T or of Op (one error), and makes the view when there is none; otherwise returns a
/// view_fallback.
template <class T, template <class> class OpOf>
XLAYOUT_HD constexpr auto checked_view(const T& t, [[maybe_unused]] const index_t* args = nullptr) noexcept {
  static_assert(raise_if_error<input_check<T>::id, 0>);
  if constexpr (input_check<T>::id != error_id::none || input_check<T>::fallback) {
    return view_fallback<T>();  // reported above
  } else {
    using Op = OpOf<typename T::extents_type>;
    static_assert(raise_if_error<op_check<Op>::id, op_check<Op>::column>);
    if constexpr (op_check<Op>::id != error_id::none || op_check<Op>::reported) {
      return view_fallback<T>();  // reported above
    } else {
      // The view of t through Op (whose input is t's index space): for a tensor, a view of it; for a view, a
      // view of its base through the chain with Op (folded: fold_view_op). `args` are Op's run-time arguments
      // (dynamic_slice's starts, a runtime_slice's start, limit and stride, a slice index), from which the
      // view computes its '?' extents and the symbols it holds. (One function with the checks: each function
      // a view instantiates costs compile time.)
      using ext = view_extents_t<Op>;
      constexpr std::size_t added = Op::info.stored_symbols;
      [[maybe_unused]] index_t in[T::rank() + 1]{};
      ext e{};
      // Only where something is known at run time: read the input's extents, check Op's preconditions,
      // compute the '?' extents (each step a function the compiler instantiates, for nothing in the common
      // case).
      if constexpr (T::rank_dynamic() > 0 || ext::rank_dynamic() > 0 || Op::info.num_checks > 0 ||
                    added > 0) {
        [[maybe_unused]] const index_t too_large = input_extents(t, in);
        XLAYOUT_EXPECTS(too_large < 0, view_dynamic_extents);
        expect_view_args<Op>(in, args, std::make_index_sequence<Op::info.num_checks>{});
        e = view_extents_value<Op, ext>(in, args, std::make_index_sequence<ext::rank()>{});
      }
      if constexpr (is_tensor_view<T>::value) {
        using map = folded_view_op<Op, typename T::map_type>;
        static_assert(raise_if_error<map::info.issue.id, 0>);
        if constexpr (map::info.issue.id != error_id::none) {
          return view_fallback<T>();  // reported above
        } else {
          stored_values<map::info.stored_symbols> s{};
          constexpr std::size_t earlier = T::map_type::info.stored_symbols;
          if constexpr (earlier > 0) {
            for (std::size_t k = 0; k < earlier; ++k) s.values[k] = t.stored_symbol(k);
          }
          if constexpr (added > 0)
            store_symbols<Op>(s.values + earlier, in, args, std::make_index_sequence<added>{});
          using view = tensor_view<typename T::base_type, map>;
          if constexpr (is_basic_tensor<typename T::base_type>::value) {
            return view(t.base(), s, e);
          } else {
            return make_view_out_of_line<view>(t.base(), s, e);
          }
        }
      } else {
        stored_values<added> s{};
        if constexpr (added > 0) store_symbols<Op>(s.values, in, args, std::make_index_sequence<added>{});
        if constexpr (is_basic_tensor<T>::value) {
          return tensor_view<T, Op>(t, s, e);
        } else {
          return make_view_out_of_line<tensor_view<T, Op>>(t, s, e);
        }
      }
    }
  }
}

template <index_t... P>
struct bind_transpose {
  template <class In>
  using op = transpose_op<In, P...>;
};
template <class Out>
struct bind_reshape {
  template <class In>
  using op = reshape_op<In, Out>;
};
/// A slice argument's run-time values (runtime_slice: start, limit, stride; an index: itself).
template <class S>
XLAYOUT_HD constexpr void push_slice_args([[maybe_unused]] index_t* args, [[maybe_unused]] std::size_t& n,
                                          [[maybe_unused]] const S& s) noexcept {
  if constexpr (std::is_same_v<S, runtime_slice>) {
    args[n++] = s.start;
    args[n++] = s.limit;
    args[n++] = s.stride;
  } else if constexpr (std::integral<S>) {
    args[n++] = static_cast<index_t>(s);
  } else if constexpr (is_index_constant<S>::value) {
    args[n++] = static_cast<index_t>(S::value);
  }
}

/// The run-time values of slice's arguments, in order.
template <class... S>
struct slice_args {
  index_t values[3 * sizeof...(S) + 1]{};
  XLAYOUT_HD constexpr explicit slice_args(const S&... s) noexcept {
    std::size_t n = 0;
    (push_slice_args(values, n, s), ...);
  }
};

template <class... S>
struct bind_slice {
  template <class In>
  using op = slice_op<In, S...>;
};
template <class Sizes>
struct bind_dynamic_slice {
  template <class In>
  using op = dynamic_slice_op<In, Sizes>;
};
template <index_t... D>
struct bind_reverse {
  template <class In>
  using op = reverse_op<In, D...>;
};
template <class Out, index_t... D>
struct bind_broadcast {
  template <class In>
  using op = broadcast_op<In, Out, D...>;
};
/// False for an IndexingMap<"..."> whose text or simplification failed: that error is reported where the
/// type is formed, and a view of it reports nothing more. (A constant, not a function: device code reads it.)
template <class H>
struct map_holder_status : std::true_type {};
template <class H>
  requires requires { H::ok; }
struct map_holder_status<H> : std::bool_constant<H::ok> {};
template <class H>
struct bind_map {
  template <class In>
  using op = map_op<In, H>;
};

/// for_each's loop nest: dimension D of the view, the inner ones inside.
XLAYOUT_EXEC_CHECK_DISABLE
template <std::size_t D, class V, class F>
XLAYOUT_HD constexpr void view_loop(const V& v, index_array<V::rank()>& idx, F& f) {
  if constexpr (D == V::rank()) {
    f(static_cast<const index_array<V::rank()>&>(idx), v(idx));
  } else {
    const index_t n = v.extent(D);
    for (index_t i = 0; i < n; ++i) {
      idx[D] = i;
      view_loop<D + 1>(v, idx, f);
    }
  }
}

}  // namespace detail

/// A view of a Tensor: the base tensor and a compile-time map from the view's index (and symbols, for a
/// map_view whose map has some) to the base's logical index, lowered to inline arithmetic. Built by
/// transpose, reshape, slice, reverse, broadcast, bitcast and map_view; a view of a view is a view of the
/// same base with the composed map. It is as large as its base (a pointer for a static Tensor).
template <class Base, class Map>
class tensor_view {
  static_assert(detail::is_view_base<Base>::value,
                "xlayout::tensor_view: the base must be a Tensor or a runtime_tensor of static rank");
  static_assert(
      requires { Map::info.extents; }, "xlayout::tensor_view: the map must be a view op chain");

 public:
  using base_type = Base;
  using map_type = Map;
  /// The map lowered to inline arithmetic: lowered_map<Map>'s members (a class of its own, so that the map
  /// is composed only where the view is read, not for a view that is only viewed again).
  struct lowered : lowered_map<Map> {};
  using element_type = typename Base::element_type;
  using value_type = typename Base::value_type;
  using reference = typename Base::reference;
  using data_handle_type = typename Base::data_handle_type;
  using checked_reference_type = typename Base::checked_reference_type;
  using index_type = index_t;
  using extents_type = detail::view_extents_t<Map>;

  /// The XLA element type of the base.
  static constexpr xlayout::element_type xla_element_type = Base::xla_element_type;
  /// The symbols whose values the view holds (dynamic_slice's starts): the map's last ones.
  static constexpr std::size_t stored_symbols = Map::info.stored_symbols;
  /// The symbols operator() takes after the indices (0 but for a map_view whose map has symbols).
  static constexpr std::size_t num_symbols = detail::view_chain<Map>::symbols - stored_symbols;
  /// True when the view's map is the identity on the base's extents: v(i...) is base()(i...).
  static constexpr bool is_identity =
      is_identity_map_v<Map> && std::is_same_v<extents_type, typename Base::extents_type>;
  /// No two indices of the view reach the same element (false for a broadcast that repeats elements, and
  /// for a map_view, which is not analysed).
  static constexpr bool is_injective = Map::info.injective;
  /// The view's shape: the base's element type and the view's extents, no layout.
  static constexpr xlayout::shape static_shape = [] {
    xlayout::shape s;
    s.element_type = Base::xla_element_type;
    for (std::size_t d = 0; d < extents_type::rank(); ++d) {
      s.dimensions.push_back(extents_type::static_extent(d));
      s.dynamic_dimensions.push_back(extents_type::static_extent(d) == dyn);
    }
    return s;
  }();

  XLAYOUT_HD static constexpr std::size_t rank() noexcept { return extents_type::rank(); }
  XLAYOUT_HD static constexpr std::size_t rank_dynamic() noexcept { return extents_type::rank_dynamic(); }
  XLAYOUT_HD static constexpr index_t static_extent(std::size_t d) noexcept {
    return extents_type::static_extent(d);
  }
  /// XLA's text of the view's shape, without a layout: "f32[512,256]" ("f32[?,256]" with a '?' extent).
  static constexpr auto to_string() noexcept {
    return xlayout::to_string(static_shape, print_options{.layout = false});
  }
  /// The map from the view's index to the base's logical index (simplified).
  static constexpr const indexing_map& map() noexcept { return Map::value; }

  constexpr tensor_view() noexcept = default;
  XLAYOUT_HD constexpr explicit tensor_view(const Base& base) noexcept
    requires(extents_type::rank_dynamic() == 0)
      : base_(base) {}
  /// The view with the values of its stored symbols (dynamic_slice's starts, ...) and its extents (what the
  /// view functions build).
  XLAYOUT_HD constexpr tensor_view(const Base& base, const detail::stored_values<stored_symbols>& s,
                                   const extents_type& e = extents_type{}) noexcept
      : base_(base), stored_(s) {
    if constexpr (rank_dynamic() > 0) {
      for (std::size_t d = 0, k = 0; d < rank(); ++d) {
        if (static_extent(d) == dyn) dynamic_.values[k++] = e.extent(d);
      }
    }
  }

  /// Element (i, j, ...) (then the symbols, if the map has some): the base's element at the map's results.
  /// Each index must be inside its extent (XLAYOUT_EXPECTS; a compile error for a static index or in a
  /// constant expression, naming index_out_of_range).
  template <index_like... I>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference operator()(I... i) const noexcept {
    static_assert(sizeof...(I) == rank() + num_symbols,
                  "[xlayout:index_rank_mismatch] xlayout::tensor_view: give one index per dimension, then "
                  "one value per symbol of the map (the note shows: given == rank + symbols)");
    if constexpr (sizeof...(I) != rank() + num_symbols) {
      return base_(index_array<Base::rank()>{});  // reported above
    } else {
      if constexpr ((static_index<I> || ...))
        check_static_indices<I...>(std::make_index_sequence<sizeof...(I)>{});
      // Over a runtime_tensor, no spare slot (but for a view of rank 0 without symbols): a slot left to
      // zero-initialisation became a loop of stores that kept the array in memory inside clang 19's loops of
      // reads, too big then to unswitch on the runtime_tensor's access path (bench/views, the `runtime` row:
      // 1.87 -> 1.00). Over a Tensor the spare slot stays: without it clang 19's reshape loop executed 1.43
      // times the instructions (the `reshape` row, 0.70 -> 1.00 of the hand-written loop's).
      constexpr std::size_t n = sizeof...(I) + stored_symbols;
      index_t vars[n + (detail::is_basic_tensor<Base>::value || n == 0 ? 1 : 0)] = {detail::to_index(i)...};
      if constexpr (stored_symbols > 0) append_stored(vars + sizeof...(I));
      if constexpr (num_symbols > 0) expect_symbols(vars, std::make_index_sequence<num_symbols>{});
      if (__builtin_is_constant_evaluated()) {
        for (std::size_t d = 0; d < rank(); ++d) {
          if (vars[d] < 0 || vars[d] >= extent(d)) index_out_of_range(vars[d], extent(d));
        }
      }
      return element_at(vars, std::make_index_sequence<rank()>{}, std::make_index_sequence<Base::rank()>{});
    }
  }
  /// An index that is no integer (a double, a bool, a pointer): one compile error naming the id.
  template <class... I>
    requires(detail::not_index_arguments<I...>)
  XLAYOUT_HD constexpr reference operator()(I...) const noexcept {
    static_assert(sizeof...(I) == 0,  // false: some index is no integer
                  "[xlayout:invalid_index_type] xlayout::tensor_view: indices and symbol values are integers "
                  "(not bool) or integral constants (std::integral_constant)");
    return base_(index_array<Base::rank()>{});  // reported above
  }
  /// Element idx (a view without symbols).
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference operator()(const index_array<rank()>& idx) const noexcept
    requires(num_symbols == 0)
  {
    return call_with(idx, std::make_index_sequence<rank()>{});
  }
  template <std::integral I>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference operator()(
      const std::array<I, rank()>& idx) const noexcept
    requires(num_symbols == 0)
  {
    index_array<rank()> a;
    for (std::size_t d = 0; d < rank(); ++d) a[d] = static_cast<index_t>(idx[d]);
    return call_with(a, std::make_index_sequence<rank()>{});
  }
  /// An index array of another length than the rank: one compile error naming the id.
  template <detail::index_array_of_other_length<rank()> A>
  XLAYOUT_HD constexpr reference operator()(const A&) const noexcept {
    static_assert(detail::index_array_length<A> == rank(),
                  "[xlayout:index_rank_mismatch] xlayout::tensor_view: the index array needs one index per "
                  "dimension (the note shows: its length == rank)");
    return base_(index_array<Base::rank()>{});  // reported above
  }
  XLAYOUT_HD constexpr reference operator[](const index_array<rank()>& idx) const noexcept
    requires(num_symbols == 0)
  {
    return (*this)(idx);
  }
#if defined(__cpp_multidimensional_subscript) && __cpp_multidimensional_subscript >= 202110L
  /// v[i, j] where the compiler has multidimensional subscripts (C++23), as for a Tensor.
  template <index_like... I>
  XLAYOUT_HD constexpr reference operator[](I... i) const noexcept {
    return (*this)(i...);
  }
#endif

  /// Checked access: the element, or index_out_of_range (an index outside its extent), view_map_out_of_range
  /// (a symbol outside its range) or index_rank_mismatch. The indices, then the values of the map's symbols,
  /// as for operator(). Never asserts.
  template <index_like... I>
  XLAYOUT_HD constexpr result<checked_reference_type> at(I... i) const noexcept {
    static_assert(
        sizeof...(I) == rank() + num_symbols,
        "[xlayout:index_rank_mismatch] xlayout::tensor_view::at: give one index per dimension, then "
        "one value per symbol of the map (the note shows: given == rank + symbols)");
    const index_t idx[] = {detail::to_index(i)..., 0};
    return at(idx, sizeof...(I));
  }
  template <class... I>
    requires(detail::not_index_values<I...>)
  XLAYOUT_HD constexpr result<checked_reference_type> at(I...) const noexcept {
    static_assert(sizeof...(I) == 0,  // false: some index is no integer
                  "[xlayout:invalid_index_type] xlayout::tensor_view::at: indices and symbol values are "
                  "integers (not bool) or integral constants (std::integral_constant)");
    return error_id::invalid_index_type;  // reported above
  }
  /// The same with n values: rank() indices, then num_symbols symbol values.
  XLAYOUT_HD constexpr result<checked_reference_type> at(const index_t* idx, std::size_t n) const noexcept {
    if (n != rank() + num_symbols) return error_id::index_rank_mismatch;
    for (std::size_t d = 0; d < rank(); ++d) {
      if (idx[d] < 0 || idx[d] >= extent(d)) return error_id::index_out_of_range;
    }
    if (!symbols_inside(idx, std::make_index_sequence<num_symbols>{})) return error_id::view_map_out_of_range;
    index_t vars[XLAYOUT_MAX_RANK + num_symbols + stored_symbols + 1]{};
    for (std::size_t d = 0; d < n; ++d) vars[d] = idx[d];
    append_stored(vars + n);
    const index_array<Base::rank()> b = lowered::evaluate(vars);
    return base_.at(b.values, Base::rank());
  }

  /// The base's index of element (i, j, ...) (a view without symbols of operator()); each index must be
  /// inside its extent (XLAYOUT_EXPECTS).
  template <index_like... I>
    requires(num_symbols == 0 && sizeof...(I) == rank())
  XLAYOUT_HD constexpr index_array<Base::rank()> base_index(I... i) const noexcept {
    index_t vars[sizeof...(I) + stored_symbols + 1] = {detail::to_index(i)...};
    append_stored(vars + sizeof...(I));
    detail::expect_in_range(vars, *this, std::make_index_sequence<rank()>{});
    return lowered::evaluate(vars);
  }
  /// The offset of element (i, j, ...) in the base's buffer: base().mapping() at base_index(i, j, ...) (what
  /// the std::mdspan layout of a view gives, interop/mdspan.hpp).
  template <index_like... I>
    requires(num_symbols == 0 && sizeof...(I) == rank())
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t offset(I... i) const noexcept {
    index_t vars[sizeof...(I) + stored_symbols + 1] = {detail::to_index(i)...};
    append_stored(vars + sizeof...(I));
    detail::expect_in_range(vars, *this, std::make_index_sequence<rank()>{});
    return offset_at(vars, std::make_index_sequence<Base::rank()>{});
  }
  /// base_index and offset at an index array, as operator() takes one.
  XLAYOUT_HD constexpr index_array<Base::rank()> base_index(const index_array<rank()>& idx) const noexcept
    requires(num_symbols == 0)
  {
    return base_index_with(idx, std::make_index_sequence<rank()>{});
  }
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t offset(const index_array<rank()>& idx) const noexcept
    requires(num_symbols == 0)
  {
    return offset_with(idx, std::make_index_sequence<rank()>{});
  }

  /// The value of stored symbol k (dynamic_slice's start k, clamped).
  XLAYOUT_HD constexpr index_t stored_symbol([[maybe_unused]] std::size_t k) const noexcept {
    if constexpr (stored_symbols == 0) {
      return 0;
    } else {
      return stored_.values[k];
    }
  }
  /// The base tensor, its data handle.
  XLAYOUT_HD constexpr const Base& base() const noexcept { return base_; }
  XLAYOUT_HD constexpr data_handle_type data() const noexcept { return base_.data(); }
  XLAYOUT_HD constexpr extents_type extents() const noexcept {
    if constexpr (rank_dynamic() == 0) {
      return extents_type{};
    } else {
      return make_extents(std::make_index_sequence<rank_dynamic()>{});
    }
  }
  XLAYOUT_HD constexpr index_t extent(std::size_t d) const noexcept {
    if constexpr (rank_dynamic() == 0) {
      return static_extent(d);
    } else {
      return static_extent(d) != dyn ? static_extent(d) : dynamic_.values[extents_type::dynamic_index(d)];
    }
  }
  /// The number of elements of the view (positions; a broadcast repeats elements).
  XLAYOUT_HD constexpr index_t size() const noexcept {
    std::uint64_t n = 1;  // fits int64 (checked when the view is made); unsigned: no step is undefined
    for (std::size_t d = 0; d < rank(); ++d) n *= static_cast<std::uint64_t>(extent(d));
    return static_cast<index_t>(n);
  }
  XLAYOUT_HD constexpr bool empty() const noexcept { return size() == 0; }

 private:
  template <std::size_t... D>
  XLAYOUT_HD constexpr index_array<Base::rank()> base_index_with(const index_array<rank()>& idx,
                                                                 std::index_sequence<D...>) const noexcept {
    return base_index(idx[D]...);
  }
  template <std::size_t... D>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t offset_with(const index_array<rank()>& idx,
                                                               std::index_sequence<D...>) const noexcept {
    return offset(idx[D]...);
  }
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void append_stored([[maybe_unused]] index_t* out) const noexcept {
    if constexpr (stored_symbols > 0) {
      for (std::size_t k = 0; k < stored_symbols; ++k) out[k] = stored_.values[k];
    }
  }
  // The symbols of operator() (a map_view's), each inside its bounds in the map: the lowering's intervals,
  // and the check that keeps the results inside the base, assume it (a precondition, view_map_out_of_range).
  template <std::size_t S>
  static constexpr index_t symbol_lower = Map::value.bounds[rank() + S].lower;
  template <std::size_t S>
  static constexpr index_t symbol_upper = Map::value.bounds[rank() + S].upper;
  template <std::size_t S>
  XLAYOUT_HD XLAYOUT_FORCEINLINE static constexpr bool symbol_inside(index_t v) noexcept {
    return symbol_lower<S> <= v && v <= symbol_upper<S>;
  }
  template <std::size_t... S>
  XLAYOUT_HD static constexpr bool symbols_inside([[maybe_unused]] const index_t* vars,
                                                  std::index_sequence<S...>) noexcept {
    return (symbol_inside<S>(vars[rank() + S]) && ...);
  }
  template <std::size_t... S>
  XLAYOUT_HD XLAYOUT_FORCEINLINE static constexpr void expect_symbols([[maybe_unused]] const index_t* vars,
                                                                      std::index_sequence<S...>) noexcept {
    const bool inside = (symbol_inside<S>(vars[rank() + S]) && ...);
    if (__builtin_is_constant_evaluated()) {
      if (!inside) diagnostics::view_map_out_of_range();  // not constexpr: the compile error names the rule
    } else {
      XLAYOUT_EXPECTS_ASSUME(inside, view_map_out_of_range);
    }
  }
  // The view's index check, then the base's element at the lowered map's results, in one function (each
  // function a view instantiates costs compile time): with assertions on, every index against its extent
  // (static extents as constants), then the handler; with them off, one assumption per dimension.
  template <std::size_t D>
  static constexpr index_t static_extent_of = extents_type::static_extent(D);
  template <std::size_t... D, std::size_t... R>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference element_at([[maybe_unused]] const index_t* vars,
                                                                std::index_sequence<D...>,
                                                                std::index_sequence<R...>) const noexcept {
    if (!__builtin_is_constant_evaluated()) {
#if defined(XLAYOUT_ENABLE_ASSERTS) && XLAYOUT_ENABLE_ASSERTS
      if constexpr (rank_dynamic() == 0) {
        if (!((static_cast<std::uint64_t>(vars[D]) < static_cast<std::uint64_t>(static_extent_of<D>)) &&
              ...)) {
#if defined(__CUDA_ARCH__)
          const index_t e[] = {static_extent_of<D>..., 0};
#else
          const index_t* e = detail::static_extent_list<static_extent_of<D>...>;
#endif
          detail::index_out_of_range_failed(__FILE__, __LINE__, vars, e, sizeof...(D));
        }
      } else {
        detail::expect_in_range(vars, *this, std::index_sequence<D...>{});
      }
#else
      if constexpr (rank_dynamic() == 0) {
        (detail::assume_in_range(vars[D], static_extent_of<D>), ...);
      } else {
        (detail::assume_in_range(vars[D], extent(D)), ...);
      }
#endif
    }
    const index_t idx[] = {lowered::template result<R>(vars)..., 0};
    return base_.element_of(idx);
  }
  template <std::size_t... R>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr index_t offset_at([[maybe_unused]] const index_t* vars,
                                                             std::index_sequence<R...>) const noexcept {
    return base_.mapping()(lowered::template result<R>(vars)...);
  }
  template <std::size_t... D>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr reference call_with(const index_array<rank()>& idx,
                                                               std::index_sequence<D...>) const noexcept {
    return (*this)(idx[D]...);
  }
  template <class... I, std::size_t... D>
  XLAYOUT_HD static constexpr void check_static_indices(std::index_sequence<D...>) noexcept {
    (check_static_index<D, I>(), ...);
  }
  template <std::size_t D, class I>
  XLAYOUT_HD static constexpr void check_static_index() noexcept {
    if constexpr (static_index<I> && D < rank() && static_extent(D) != dyn) {
      static_assert(0 <= I::value && static_cast<index_t>(I::value) < static_extent(D),
                    "[xlayout:index_out_of_range] xlayout::tensor_view: a static index is outside its "
                    "dimension (the note shows: 0 <= index && index < extent)");
    }
  }
  // Not constexpr: the index check calls it in a constant expression, so the compile error names the rule.
  XLAYOUT_HD static void index_out_of_range(index_t /*index*/, index_t /*extent*/) noexcept {}

  template <std::size_t... K>
  XLAYOUT_HD constexpr extents_type make_extents(std::index_sequence<K...>) const noexcept {
    return extents_type(dynamic_.values[K]...);
  }

  Base base_{};
  [[no_unique_address]] detail::dynamic_extent_values<rank_dynamic()> dynamic_{};
  [[no_unique_address]] detail::stored_values<stored_symbols> stored_{};
};

/// transpose<P...>(t): XLA's transpose with dimensions={P...}: view dimension i is dimension P[i] of t, and
/// v(i_0, i_1, ...) is t at the index j with j[P[i]] = i_i. P must be a permutation of t's dimensions
/// (view_not_a_permutation). t: a Tensor with static extents, or a view.
template <index_t... P, class T>
XLAYOUT_HD constexpr auto transpose(const T& t) noexcept {
  return detail::checked_view<T, detail::bind_transpose<P...>::template op>(t);
}

/// reshape<Extents<4, 8>>(t), reshape<4, 8>(t): XLA's reshape: the elements of t in row-major order, read
/// with the new extents (which must hold as many elements: view_element_count).
template <class NewExtents, class T>
  requires detail::is_extents<NewExtents>::value
XLAYOUT_HD constexpr auto reshape(const T& t) noexcept {
  return detail::checked_view<T, detail::bind_reshape<NewExtents>::template op>(t);
}
template <index_t... E, class T>
XLAYOUT_HD constexpr auto reshape(const T& t) noexcept {
  return detail::checked_view<T, detail::bind_reshape<Extents<E...>>::template op>(t);
}

/// slice(t, Slice<start, limit, stride>{}, ...): XLA's slice, one argument per dimension: v(i, ...) is
/// t(start + i * stride, ...). Per dimension: a Slice<start, limit, stride> (static; view_invalid_slice
/// unless 0 <= start <= limit <= extent and stride >= 1, the limit checked at run time on a '?' extent), a
/// runtime_slice{start, limit, stride} (known at run time: the view's extent is '?'; the same rule is a
/// precondition), or an integer (one index, a precondition that it lies in the extent; the dimension is
/// dropped, as std::submdspan drops it).
template <class T, class... S>
  requires(detail::is_slice_arg<S> && ...)
XLAYOUT_HD constexpr auto slice(const T& t, S... s) noexcept {
  const detail::slice_args<S...> args(s...);
  return detail::checked_view<T, detail::bind_slice<typename detail::slice_kind<S>::type...>::template op>(
      t, args.values);
}

namespace detail {
/// The id of Op's run-time precondition C, as the view reports it when assumed (expect_view_arg).
template <class Op, std::size_t C>
inline constexpr error_id view_check_id =
    Op::info.checks[C].kind == view_check::extent   ? error_id::view_invalid_dimensions
    : Op::info.checks[C].kind == view_check::result ? error_id::view_map_out_of_range
                                                    : error_id::view_invalid_slice;
/// The first of Op's run-time preconditions that fails for the input's extents and the arguments, as an
/// error (its id, the dimension it is about), or none.
template <class Op, std::size_t... C>
XLAYOUT_HD constexpr error failed_view_check([[maybe_unused]] const index_t* in,
                                             [[maybe_unused]] const index_t* args,
                                             std::index_sequence<C...>) noexcept {
  error failed{};
  ((failed = failed.id == error_id::none && !view_arg_ok<Op, C>(in, args)
                 ? error{view_check_id<Op, C>, view_check_dim<Op, C>}
                 : failed),
   ...);
  return failed;
}
/// Whether the view's positions (the product of its extents, the '?' ones computed) fit int64.
template <class Op, class Ext, std::size_t... D>
XLAYOUT_HD constexpr bool view_positions_fit(const index_t* in, const index_t* args,
                                             std::index_sequence<D...>) noexcept {
  const index_t all[] = {dynamic_extent_or_zero<Op, Ext, D>(in, args)..., 0};
  checked_index positions{1, true};
  for (std::size_t d = 0; d < sizeof...(D); ++d) {
    const index_t n = Ext::static_extent(d) == dyn ? all[d] : Ext::static_extent(d);
    positions = positions.ok ? checked_mul(positions.value, n) : positions;
  }
  return positions.ok;
}
/// The number of run-time extents broadcast through Bind takes, one per new '?' dimension; N (what it is
/// given) where the input or the op has an issue of its own, which checked_view reports before reading them.
template <class T, class Bind, std::size_t N>
consteval std::size_t broadcast_extents_wanted() {
  using input = input_check<T>;
  if constexpr (input::id != error_id::none || input::fallback) {
    return N;
  } else {
    using op = typename Bind::template op<typename T::extents_type>;
    return op::info.issue.id == error_id::none ? op::info.num_checks : N;
  }
}
/// checked_view(t, args) with the run-time preconditions checked instead of assumed (the checked_ forms):
/// the view, or view_dynamic_extents at a dimension of t whose '?' extent, or of the view whose run-time
/// extent, is 2^32 or more; the error of Op's first failed precondition, at its dimension; or
/// view_size_overflow. What the view rejects at compile time stays a compile-time error.
template <class T, template <class> class OpOf>
XLAYOUT_HD constexpr auto checked_view_or_error(const T& t,
                                                [[maybe_unused]] const index_t* args = nullptr) noexcept
    -> result<decltype(checked_view<T, OpOf>(t, args))> {
  using input = input_check<T>;
  if constexpr (input::id == error_id::none && !input::fallback) {
    using op = OpOf<typename T::extents_type>;
    if constexpr (op::info.issue.id == error_id::none) {
      index_t in[T::rank() + 1]{};
      if (const index_t d = input_extents(t, in); d >= 0) return error{error_id::view_dynamic_extents, d};
      const error failed = failed_view_check<op>(in, args, std::make_index_sequence<op::info.num_checks>{});
      if (failed.id != error_id::none) return failed;
      using ext = view_extents_t<op>;
      const index_t large = too_large_view_extent<op, ext>(in, args, std::make_index_sequence<ext::rank()>{});
      if (large >= 0) return error{error_id::view_dynamic_extents, large};
      if (!view_positions_fit<op, ext>(in, args, std::make_index_sequence<ext::rank()>{}))
        return error_id::view_size_overflow;
    }
  }
  return checked_view<T, OpOf>(t, args);  // a compile-time error is reported here
}
}  // namespace detail

/// checked_slice(t, s...): slice(t, s...) with its run-time preconditions checked instead of assumed: the
/// view, or the error view_invalid_slice at the first dimension whose runtime_slice or index does not fit
/// its extent (or whose static limit exceeds a '?' extent), or view_dynamic_extents at a dimension of t
/// whose '?' extent, or of the view whose run-time extent, is 2^32 or more. What slice rejects at compile
/// time stays a compile-time error. The other views have checked_ forms too (below).
///   auto v = checked_slice(t, runtime_slice{lo, hi, 1}, row);  // result<view>
///   if (!v) return v.error();                                 // error{view_invalid_slice, dimension}
template <class T, class... S>
  requires(detail::is_slice_arg<S> && ...)
XLAYOUT_HD constexpr auto checked_slice(const T& t, S... s) noexcept -> result<decltype(slice(t, s...))> {
  const detail::slice_args<S...> args(s...);
  return detail::checked_view_or_error<
      T, detail::bind_slice<typename detail::slice_kind<S>::type...>::template op>(t, args.values);
}

/// dynamic_slice<Sizes...>(t, starts...): XLA's dynamic-slice with static sizes and run-time starts, one
/// per dimension: v(i, ...) is t(start + i, ...). Each start is clamped into [0, extent - size], as XLA
/// clamps it; the view holds the clamped starts. view_invalid_slice unless there is one size per dimension,
/// each in [0, extent]. The map is XLA's, (d0, ...){rt0, ...} -> (d0 + rt0, ...), rt_i in [0, extent - size].
template <index_t... Sizes, class T, std::integral... I>
XLAYOUT_HD constexpr auto dynamic_slice(const T& t, I... starts) noexcept {
  static_assert(sizeof...(I) == sizeof...(Sizes),
                "[xlayout:view_invalid_slice] xlayout::dynamic_slice: give one size and one start per "
                "dimension");
  if constexpr (sizeof...(I) != sizeof...(Sizes)) {
    return detail::view_fallback<T>();  // reported above
  } else {
    const index_t given[] = {static_cast<index_t>(starts)..., 0};
    return detail::checked_view<T, detail::bind_dynamic_slice<Extents<Sizes...>>::template op>(t, given);
  }
}

/// reverse<D...>(t): XLA's reverse: v(i, ...) is t(i, ...) with index k of each listed dimension replaced
/// by extent - 1 - k. view_invalid_dimensions when a dimension is out of range or repeated.
template <index_t... D, class T>
XLAYOUT_HD constexpr auto reverse(const T& t) noexcept {
  return detail::checked_view<T, detail::bind_reverse<D...>::template op>(t);
}

/// broadcast<Extents<...>, D...>(t): XLA's broadcast to the new extents, dimension i of t becoming
/// dimension D[i] of the view (without D: the trailing dimensions); v(j) is t(j[D[0]], j[D[1]], ...).
/// view_invalid_dimensions unless the D are distinct, in range, and keep t's extents. A new dimension may be
/// '?': broadcast<Extents<dyn, 8>, 1>(t, n) takes the extents of the new '?' dimensions at run time, in
/// order, one each (view_invalid_dimensions otherwise; each in [0, 2^32), a precondition naming it too).
/// The view's positions (the product of its extents) fit in int64: view_size_overflow at compile time for
/// static extents, a precondition for '?' ones.
template <class NewExtents, index_t... D, class T, std::integral... N>
  requires detail::is_extents<NewExtents>::value
XLAYOUT_HD constexpr auto broadcast(const T& t, N... new_extents) noexcept {
  using bind = detail::bind_broadcast<NewExtents, D...>;
  constexpr std::size_t wanted = detail::broadcast_extents_wanted<T, bind, sizeof...(N)>();
  static_assert(sizeof...(N) == wanted,
                "[xlayout:view_invalid_dimensions] xlayout::broadcast: give one run-time extent per new "
                "'?' dimension, after the tensor (the note shows: given == new '?' dimensions)");
  if constexpr (sizeof...(N) != wanted) {
    return detail::view_fallback<T>();  // reported above
  } else {
    const index_t given[] = {static_cast<index_t>(new_extents)..., 0};
    return detail::checked_view<T, bind::template op>(t, given);  // reports the input's or the op's issue
  }
}

/// bitcast<"bf16[8,16,128]{2,1,0}">(t): the buffer of the Tensor t read as the shape of the text (XLA's
/// bitcast): v(i) is the element of t at the same buffer position. The text must be a static shape of t's
/// element type and is_bitcast(t's shape, it) must hold (view_not_a_bitcast); its own parse errors are
/// reported with their column. t must be a Tensor with static extents (a view has no layout of its own, and a
/// runtime_tensor's is not known at compile time: view_dynamic_extents).
template <fixed_string S, class T>
XLAYOUT_HD constexpr auto bitcast(const T& t) noexcept {
  using input = detail::input_check<T>;
  constexpr error_id id = input::fallback             ? input::id
                          : detail::dynamic_tensor<T> ? error_id::view_dynamic_extents
                          : !detail::is_basic_tensor<T>::value && input::id == error_id::none
                              ? error_id::view_not_a_bitcast
                              : input::id;
  static_assert(raise_if_error<id, 0>);
  if constexpr (id != error_id::none || input::fallback) {
    return detail::view_fallback<T>();  // reported above
  } else {
    using op = detail::bitcast_op<T, S>;
    static_assert(raise_if_error<detail::op_check<op>::id, detail::op_check<op>::column>);
    if constexpr (detail::op_check<op>::id != error_id::none) {
      return detail::view_fallback<T>();  // reported above
    } else {
      return tensor_view<T, op>(t);
    }
  }
}

/// map_view<IndexingMap<"...">>(t), map_view<m>(t) for an indexing_map value m: the view whose index (the
/// map's dimensions, each from 0; then its symbols, as extra arguments of operator()) reaches t at the map's
/// results (one per dimension of t). view_map_mismatch otherwise.
template <map_holder H, class T>
XLAYOUT_HD constexpr auto map_view(const T& t) noexcept {
  if constexpr (!detail::map_holder_status<H>::value) {
    return detail::view_fallback<T>();  // the map's own error (IndexingMap<"...">), reported already
  } else {
    return detail::checked_view<T, detail::bind_map<H>::template op>(t);
  }
}
template <indexing_map M, class T>
XLAYOUT_HD constexpr auto map_view(const T& t) noexcept {
  return map_view<map_constant<M>>(t);
}

/// The views with their run-time preconditions checked instead of assumed, for extents, starts and sizes
/// that arrive at run time (a custom call's): the view as a result, or the error the view would assert,
/// with the dimension it is about as its position (as checked_slice): view_dynamic_extents (a '?' extent of
/// the tensor, or a run-time extent of the view, of 2^32 or more), view_invalid_dimensions (a broadcast's
/// new '?' extent outside [0, 2^32)), view_invalid_slice (a dynamic_slice size above a '?' extent),
/// view_map_out_of_range (a map_view result outside a '?' extent), view_size_overflow. What the view
/// rejects at compile time stays a compile-time error.
///   auto v = checked_transpose<1, 0>(t);             // result<view>
///   if (!v) return v.error();
template <index_t... P, class T>
XLAYOUT_HD constexpr auto checked_transpose(const T& t) noexcept {
  return detail::checked_view_or_error<T, detail::bind_transpose<P...>::template op>(t);
}
template <class NewExtents, class T>
XLAYOUT_HD constexpr auto checked_reshape(const T& t) noexcept {
  return detail::checked_view_or_error<T, detail::bind_reshape<NewExtents>::template op>(t);
}
template <index_t... E, class T>
XLAYOUT_HD constexpr auto checked_reshape(const T& t) noexcept {
  return detail::checked_view_or_error<T, detail::bind_reshape<Extents<E...>>::template op>(t);
}
template <index_t... D, class T>
XLAYOUT_HD constexpr auto checked_reverse(const T& t) noexcept {
  return detail::checked_view_or_error<T, detail::bind_reverse<D...>::template op>(t);
}
template <index_t... Sizes, class T, std::integral... I>
XLAYOUT_HD constexpr auto checked_dynamic_slice(const T& t, I... starts) noexcept {
  if constexpr (sizeof...(I) != sizeof...(Sizes)) {
    return result<decltype(dynamic_slice<Sizes...>(t, starts...))>(dynamic_slice<Sizes...>(t, starts...));
  } else {
    const index_t given[] = {static_cast<index_t>(starts)..., 0};
    return detail::checked_view_or_error<T, detail::bind_dynamic_slice<Extents<Sizes...>>::template op>(
        t, given);
  }
}
template <class NewExtents, index_t... D, class T, std::integral... N>
XLAYOUT_HD constexpr auto checked_broadcast(const T& t, N... new_extents) noexcept {
  using bind = detail::bind_broadcast<NewExtents, D...>;
  if constexpr (!detail::is_extents<NewExtents>::value ||
                detail::broadcast_extents_wanted<T, bind, sizeof...(N)>() != sizeof...(N)) {
    // reported by broadcast (one run-time extent per new '?' dimension)
    using view = decltype(broadcast<NewExtents, D...>(t, new_extents...));
    return result<view>(broadcast<NewExtents, D...>(t, new_extents...));
  } else {
    const index_t given[] = {static_cast<index_t>(new_extents)..., 0};
    return detail::checked_view_or_error<T, bind::template op>(t, given);
  }
}
template <map_holder H, class T>
XLAYOUT_HD constexpr auto checked_map_view(const T& t) noexcept {
  if constexpr (!detail::map_holder_status<H>::value) {
    return result<decltype(map_view<H>(t))>(map_view<H>(t));  // the map's own error, reported already
  } else {
    return detail::checked_view_or_error<T, detail::bind_map<H>::template op>(t);
  }
}
template <indexing_map M, class T>
XLAYOUT_HD constexpr auto checked_map_view(const T& t) noexcept {
  return checked_map_view<map_constant<M>>(t);
}

namespace detail {
/// Where a view reads every element of its base exactly once through a permutation of the dimensions, each
/// possibly reversed (transpose, reverse of a static extent, and chains of them): view index p is
/// base index `source[p]`, or `last[p]` minus it where `reversed[p]`. `ok` is false for other views.
template <class V>
struct base_order_walk {
  static constexpr std::size_t rank = V::rank();
  struct info {
    bool ok = false;
    std::size_t source[rank == 0 ? 1 : rank]{};
    bool reversed[rank == 0 ? 1 : rank]{};
    index_t last[rank == 0 ? 1 : rank]{};
  };
  static constexpr info value = [] {
    info w;
    const indexing_map& m = V::map();
    using B = typename V::base_type;
    if (m.kind != map_kind::regular || m.num_symbols() != 0 || m.num_constraints != 0 ||
        m.num_results != rank || B::rank() != rank)
      return w;
    bool seen[rank == 0 ? 1 : rank]{};
    bool unit_result[rank == 0 ? 1 : rank]{};
    for (std::size_t r = 0; r < rank; ++r) {
      const expr_node& n = m.pool.nodes[m.results[r]];
      index_t p = -1, last = 0;
      bool reversed = false;
      if (n.kind == expr_kind::constant && n.value == 0 && B::static_extent(r) == 1) {
        // A size-1 base dimension: the simplifier replaced the view dimension that reads it (its only index
        // is 0) by the constant. Paired below with a view dimension of extent 1 that no result reads.
        unit_result[r] = true;
        continue;
      }
      if (n.kind == expr_kind::variable) {
        p = n.value;
      } else if (n.kind == expr_kind::add) {  // -d_p + last
        const expr_node& x = m.pool.nodes[n.lhs];
        const expr_node& k = m.pool.nodes[n.rhs];
        if (x.kind != expr_kind::mul || k.kind != expr_kind::constant) return w;
        const expr_node& v = m.pool.nodes[x.lhs];
        const expr_node& c = m.pool.nodes[x.rhs];
        if (v.kind != expr_kind::variable || c.kind != expr_kind::constant || c.value != -1) return w;
        p = v.value;
        last = k.value;
        reversed = true;
      }
      if (p < 0 || static_cast<std::size_t>(p) >= rank || seen[static_cast<std::size_t>(p)]) return w;
      const auto q = static_cast<std::size_t>(p);
      seen[q] = true;
      // The view's extent along p must be the base's along r (a slice to [0, n) is a variable too).
      const index_t ve = V::static_extent(q), be = B::static_extent(r);
      if (ve != be || (reversed && (ve == dyn || last != ve - 1))) return w;
      w.source[q] = r;
      w.reversed[q] = reversed;
      w.last[q] = last;
    }
    // transpose<0, 2, 1>(f32[1,16,256]) reads (0, d2, d1): view dimension 0 pairs with base dimension 0.
    std::size_t q = 0;
    for (std::size_t r = 0; r < rank; ++r) {
      if (!unit_result[r]) continue;
      while (q < rank && (seen[q] || V::static_extent(q) != 1)) ++q;
      if (q == rank) return w;
      seen[q] = true;
      w.source[q] = r;
    }
    w.ok = true;
    return w;
  }();
};
}  // namespace detail

namespace detail {
/// for_each's callback over the base of a view that base_order_walk W reads in the base's order: the view's
/// index from the base's, then f. A class, not a lambda, so that CUDA device code may call it with a
/// __device__ f; the walk's permutation as constants of the function (device code may not subscript
/// W::value, a host variable).
/// Whether each extent of view v is its base's extent at W's source dimension.
template <class W, class V, std::size_t... P>
XLAYOUT_HD constexpr bool base_order_extents(const V& v, std::index_sequence<P...>) noexcept {
  constexpr std::size_t source[] = {W::value.source[P]..., 0};
  return (true && ... && (v.extent(P) == v.base().extent(source[P])));
}
template <class W, class F>
struct base_order_visitor {
  F& f;
  XLAYOUT_EXEC_CHECK_DISABLE
  template <class X>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void operator()(const index_array<W::rank>& b, X&& x) const {
    call(b, static_cast<X&&>(x), std::make_index_sequence<W::rank>{});
  }
  XLAYOUT_EXEC_CHECK_DISABLE
  template <class X, std::size_t... P>
  XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void call(const index_array<W::rank>& b, X&& x,
                                                     std::index_sequence<P...>) const {
    constexpr std::size_t source[] = {W::value.source[P]..., 0};
    constexpr bool reversed[] = {W::value.reversed[P]..., false};
    constexpr index_t last[] = {W::value.last[P]..., 0};
    const index_array<W::rank> idx{{(reversed[P] ? last[P] - b[source[P]] : b[source[P]])...}};
    f(idx, static_cast<X&&>(x));
  }
};
}  // namespace detail

/// Calls f(index, element) for every element of the view, index an index_array<rank> (or f(element) when f
/// takes the element alone). A view that reads
/// every element of its base once through a permutation of its dimensions, each possibly reversed
/// (transpose, reverse, chains of them), is visited in the base's memory order, as for_each visits the base
/// (tile by tile, no division per element); any other view in row-major order of its index (the last
/// dimension fastest). A view with symbols of operator() is not iterable.
XLAYOUT_EXEC_CHECK_DISABLE
template <class Base, class Map, class F>
XLAYOUT_HD XLAYOUT_FORCEINLINE constexpr void for_each(const tensor_view<Base, Map>& v,
                                                       F&& f_or_element_only) {
  using V = tensor_view<Base, Map>;
  auto&& f = detail::element_callback<index_array<V::rank()>, typename V::reference>(f_or_element_only);
  using F2 = std::remove_reference_t<decltype(f)>;
  static_assert(
      V::num_symbols == 0,
      "[xlayout:view_not_iterable] xlayout::for_each: the view's map has symbols (extra arguments of "
      "v(...)); loop over them and call v(i, ..., s, ...) yourself");
  if constexpr (V::num_symbols == 0) {
    if (v.empty()) return;
    using W = detail::base_order_walk<V>;
    if constexpr (W::value.ok) {
      // '?' extents: the view's are the base's (a transpose or reverse keeps them)
      if (detail::base_order_extents<W>(v, std::make_index_sequence<V::rank()>{})) {
        if constexpr (detail::is_element_only<std::remove_cv_t<F2>>) {
          for_each(v.base(), f.f);  // the base's walk of f(element): a slot loop if it can
        } else {
          for_each(v.base(), detail::base_order_visitor<W, F2>{f});
        }
        return;
      }
    }
    index_array<V::rank()> idx{};
    detail::view_loop<0>(v, idx, f);
  }
}

}  // namespace XLAYOUT_NAMESPACE
