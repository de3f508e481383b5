// include/xlayout/static/shape.hpp: shapes and layouts as types: Shape<"f32[3,5]{1,0:T(2,2)}">,
// Layout<"{1,0:T(2,2)}">, Layout<1, 0, T(2, 2)>, shape_v<"...">, layout_v<"...">. Every spelling of the
// same value is the same type; static members forward to the constexpr functions, and bad text or an
// invalid layout is a compile error that names the rule ([xlayout:<id>]) and the column.
#pragma once
#include <concepts>
#include <cstddef>
#include <string_view>
#include <type_traits>

#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/fixed_string.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/layout/index_program.hpp>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/layout/sizes.hpp>
#include <xlayout/layout/validate.hpp>
#include <xlayout/text/parse_shape.hpp>
#include <xlayout/text/print_shape.hpp>
#include <xlayout/values/layout.hpp>
#include <xlayout/values/shape.hpp>
#include <xlayout/values/tile.hpp>

namespace XLAYOUT_NAMESPACE {

namespace detail {
/// What Shape<"..."> and Layout<...> become after their error has been reported: a type whose members
/// accept every use without a second error (one mistake, one error). Not the type of any valid spelling.
struct invalid_shape_type {
  static constexpr xlayout::shape value{};
  static constexpr xlayout::element_type element = xlayout::element_type::invalid;
  static constexpr xlayout::layout layout{};
  static constexpr index_program program{};
  static constexpr std::size_t rank() noexcept { return 0; }
  static constexpr index_t extent(std::size_t) noexcept { return 0; }
  static constexpr bool is_static() noexcept { return true; }
  static constexpr bool is_strided() noexcept { return true; }
  static constexpr index_t required_span_size() noexcept { return 0; }
  static constexpr index_t byte_size() noexcept { return 0; }
  static constexpr index_t physical_byte_size() noexcept { return 0; }
  template <class... I>
  static constexpr index_t linear_index(const I&...) noexcept {
    return 0;
  }
  static constexpr result<index_vector> multi_index(index_t) noexcept { return index_vector{}; }
  static constexpr auto to_string() noexcept { return xlayout::to_string(value); }
};
struct invalid_layout_type {
  static constexpr xlayout::layout value{};
  static constexpr std::size_t rank() noexcept { return 0; }
  static constexpr auto to_string() noexcept { return xlayout::to_string(value); }
};
template <class T>
inline constexpr bool is_invalid_spelling =
    std::is_same_v<T, invalid_shape_type> || std::is_same_v<T, invalid_layout_type>;
}  // namespace detail

template <shape V>
struct shape_type;

namespace detail {
/// Parses S once per distinct string; a parse or layout error is the compile error, and `type` is then
/// invalid_shape_type, which no later use reports again.
template <fixed_string S>
struct parsed_shape {
  static constexpr result<shape> parsed = parse_shape(S.view());
  static_assert(raise_if_error<parsed.error().id, diagnostic_column(parsed.error())>);
  static constexpr shape value = parsed.value_;
  // The shape through a call, not the member itself: nvcc's host pass re-prints a template argument that
  // names this member as parsed_shape<__T24>::value, a name host code cannot see, and a call's result
  // member by member, which compiles (static_vector's member constructor).
  static constexpr shape value_of() noexcept { return parsed.value_; }
  using type = std::conditional_t<parsed.has_value(), shape_type<value_of()>, invalid_shape_type>;
};
template <fixed_string S>
struct parsed_layout {
  static constexpr result<layout> parsed = parse_layout(S.view());
  static_assert(raise_if_error<parsed.error().id, diagnostic_column(parsed.error())>);
  static constexpr layout value = parsed.value_;
};

/// The shape whose dimensions are all unknown, for checking a layout on its own (permutation, tiles, ...).
constexpr shape any_shape_of_rank(std::size_t rank) noexcept {
  shape s;
  s.element_type = element_type::f32;
  for (std::size_t i = 0; i < rank; ++i) {
    s.dimensions.push_back(dyn);
    s.dynamic_dimensions.push_back(true);
  }
  return s;
}
}  // namespace detail

/// The shape written as XLA text, as a value: shape_v<"f32[3,5]{1,0:T(2,2)}">. Bad text does not compile.
template <fixed_string S>
inline constexpr shape shape_v = detail::parsed_shape<S>::value;

/// The layout written as XLA text, as a value: layout_v<"{1,0:T(2,2)}">. Bad text does not compile.
template <fixed_string S>
inline constexpr layout layout_v = detail::parsed_layout<S>::value;

/// A shape as a type: the type every `Shape<...>` spelling of the same value resolves to. Use it directly
/// for a shape value computed in C++ (`shape_type<make_shape(element_type::f32, {3, 5})>`).
template <shape V>
struct shape_type {
  // An invalid element type means the text did not parse: that error has been reported already.
  static_assert(V.element_type == element_type::invalid || raise_if_error<find_layout_issue(V).id, 0>);

  // The members read `value`, a static variable, never the template parameter object V: clang 18-20 read
  // the wrong bytes of a template parameter object with padding at run time (llvm#146272).
  static constexpr xlayout::shape value = V;
  static constexpr xlayout::element_type element = value.element_type;
  static constexpr xlayout::layout layout = value.layout;

  static constexpr std::size_t rank() noexcept { return value.rank(); }
  /// The size of dimension d (dyn for `?`, the bound for `<=N`).
  static constexpr index_t extent(std::size_t d) noexcept { return value.dimensions[d]; }
  static constexpr bool is_static() noexcept { return xlayout::is_static(value); }
  static constexpr bool is_strided() noexcept { return xlayout::is_strided(value); }

  /// The layout compiled to digit terms (exact for everything but unusual '*' groupings).
  static constexpr index_program program = compile_index_program(value);

  /// Slots the laid-out array spans (tile padding, padded dimensions and L(n) included).
  static constexpr index_t required_span_size() noexcept
    requires(xlayout::is_static(value))
  {
    return xlayout::required_span_size(value);
  }
  /// XLA's ByteSizeOf: logical elements only.
  static constexpr index_t byte_size() noexcept
    requires(xlayout::is_static(value))
  {
    return xlayout::byte_size(value);
  }
  /// Bytes of the laid-out buffer.
  static constexpr index_t physical_byte_size() noexcept
    requires(xlayout::is_static(value))
  {
    return xlayout::physical_byte_size(value);
  }

  /// The linear index of element (i, j, ...): Shape<"f32[3,5]{1,0:T(2,2)}">::linear_index(2, 3) == 17.
  /// @pre one index per dimension (a static_assert), each inside its dimension (a compile error naming
  ///      index_out_of_range in a constant expression; XLAYOUT_EXPECTS at run time)
  template <std::integral... I>
  static constexpr index_t linear_index(I... i) noexcept {
    static_assert(sizeof...(I) == value.rank(),
                  "[xlayout:index_rank_mismatch] xlayout::Shape::linear_index: give one index per dimension "
                  "(the note shows: given == rank)");
    static_assert(
        xlayout::is_static(value),
        "[xlayout:dynamic_dimension] xlayout::Shape::linear_index: the shape has dynamic dimensions; "
        "use a Tensor, which holds their sizes");
    if constexpr (sizeof...(I) != value.rank() || !xlayout::is_static(value)) {
      return 0;  // reported above
    } else {
      const index_t idx[] = {static_cast<index_t>(i)..., 0};
      for (std::size_t d = 0; d < sizeof...(I); ++d) {
        if (idx[d] < 0 || idx[d] >= value.dimensions[d]) {
          if (__builtin_is_constant_evaluated()) {
            index_out_of_range(idx[d], value.dimensions[d]);  // the compile error
          } else {
#if defined(XLAYOUT_ENABLE_ASSERTS) && XLAYOUT_ENABLE_ASSERTS
            detail::index_out_of_range_failed(__FILE__, __LINE__, idx, value.dimensions.data(), value.rank());
#endif
          }
        }
      }
      if constexpr (program.exact) {
        return program(idx);
      } else {
        return xlayout::linear_index(value, index_vector{static_cast<index_t>(i)...});
      }
    }
  }
  static constexpr index_t linear_index(const index_vector& idx) noexcept
    requires(xlayout::is_static(value))
  {
    return xlayout::linear_index(value, idx);
  }
  /// The element at a linear index, or padding_element / linear_index_out_of_range.
  static constexpr result<index_vector> multi_index(index_t linear) noexcept {
    return xlayout::multi_index(value, linear);
  }

  /// The canonical XLA text.
  static constexpr auto to_string() noexcept { return xlayout::to_string(value); }

 private:
  // Not constexpr: linear_index calls it in a constant expression, so the compile error names the rule.
  static void index_out_of_range(index_t /*index*/, index_t /*extent*/) noexcept {}
};

/// A shape as a type, from XLA text: Shape<"f32[3,5]{1,0:T(2,2)}">. `Shape<"F32[3,5]">` and
/// `Shape<"f32[3, 5]{1,0}">` are the same type.
template <fixed_string S>
using Shape = typename detail::parsed_shape<S>::type;

// ------------------------------------------------------------------------------------------------
// Layout<...>

/// One argument of Layout<...>: a minor_to_major number, a tile `T(2, 2)`, `pad(3, 5)`,
/// or the whole layout as text "{1,0:T(2,2)}". Converts implicitly; the fields are public only so that it
/// can be a template argument.
struct layout_arg {
  enum class kind_t : unsigned char { number, tile, padded, text } kind = kind_t::number;
  index_t number = 0;
  xlayout::tile tile_value{};
  padded_dimensions_spec padded_value{};
  result<xlayout::layout> parsed{};

  template <std::integral I>
  constexpr layout_arg(I n) noexcept : kind(kind_t::number), number(static_cast<index_t>(n)) {}  // NOLINT
  constexpr layout_arg(const xlayout::tile& t) noexcept : kind(kind_t::tile), tile_value(t) {}   // NOLINT
  constexpr layout_arg(const padded_dimensions_spec& p) noexcept
      : kind(kind_t::padded), padded_value(p) {}  // NOLINT
  template <std::size_t N>
  constexpr layout_arg(const char (&s)[N]) noexcept  // NOLINT
      : kind(kind_t::text), parsed(parse_layout(std::string_view(s, N - 1))) {}
};

/// Builds the layout the arguments describe, checked on its own (a permutation of 0..n-1, valid tiles).
/// Errors for text carry the position in the text.
template <class... A>
constexpr result<layout> layout_from_args(const A&... args) noexcept {
  const layout_arg all[] = {layout_arg(args)..., layout_arg(0)};
  constexpr std::size_t n = sizeof...(A);
  layout l;
  if (n == 1 && all[0].kind == layout_arg::kind_t::text) {
    if (!all[0].parsed) return all[0].parsed;
    l = all[0].parsed.value_;
  } else {
    int stage = 0;  // numbers, then tiles, then padded dimensions
    for (std::size_t i = 0; i < n; ++i) {
      const layout_arg& a = all[i];
      switch (a.kind) {
        case layout_arg::kind_t::number:
          if (stage > 0) return error_id::invalid_layout_arguments;
          if (!l.minor_to_major.try_push_back(a.number)) return error_id::rank_too_large;
          break;
        case layout_arg::kind_t::tile:
          if (stage > 1) return error_id::invalid_layout_arguments;
          stage = 1;
          if (!l.tiles.try_push_back(a.tile_value)) return error_id::too_many_tiles;
          break;
        case layout_arg::kind_t::padded:
          if (stage > 1) return error_id::invalid_layout_arguments;
          stage = 2;
          l.padded_dimensions = a.padded_value.widths;
          l.padding_value = a.padded_value.value;
          break;
        case layout_arg::kind_t::text:
          return error_id::invalid_layout_arguments;
      }
    }
  }
  shape probe = detail::any_shape_of_rank(l.rank());
  probe.layout = l;
  if (!l.padded_dimensions.empty() && l.padded_dimensions.size() != l.rank()) {
    return error_id::padded_dimensions_size_mismatch;
  }
  probe.layout.padded_dimensions.clear();  // checked against the sizes when the layout meets a shape
  if (auto issue = find_layout_issue(probe)) return issue.id;
  return l;
}

namespace detail {
/// The key of a layout's type: the layout's XLA text ("{1,0:T(2,2)}"). A `layout` value is about 1 KB of
/// fixed-capacity arrays, and a type keyed on it spells all of them in every name the compiler makes from
/// it (each member and accessor of each tensor) and in every diagnostic; the text is short, reads as XLA
/// writes it, and gives every property back (printing and parsing are exact inverses, M included).
template <std::size_t N>
struct layout_key {
  char text[N + 1];
  constexpr std::string_view view() const noexcept { return {text, N}; }
  constexpr layout decode() const noexcept { return parse_layout(view()).value_; }
};

/// Appends a layout's properties to `out` (or only counts them when out is null); returns the count.
constexpr std::size_t encode_layout(const layout& l, index_t* out) noexcept {
  std::size_t n = 0;
  const auto put = [&](index_t v) {
    if (out != nullptr) out[n] = v;
    ++n;
  };
  const auto put_list = [&](const auto& list) {
    put(static_cast<index_t>(list.size()));
    for (index_t v : list) put(v);
  };
  put_list(l.minor_to_major);
  put(static_cast<index_t>(l.tiles.size()));
  for (const tile& t : l.tiles) put_list(t.dimensions);
  put(l.tail_padding_alignment_in_elements);
  put(static_cast<index_t>(l.index_primitive_type));
  put(static_cast<index_t>(l.pointer_primitive_type));
  put(l.element_size_in_bits);
  put(l.memory_space);
  put(static_cast<index_t>(l.split_configs.size()));
  for (const split_config& c : l.split_configs) {
    put(c.dimension);
    put_list(c.split_indices);
  }
  put(l.physical_shape.present ? 1 : 0);
  put(static_cast<index_t>(l.physical_shape.element_type));
  put_list(l.physical_shape.dimensions);
  put_list(l.physical_shape.minor_to_major);
  put(l.dynamic_shape_metadata_prefix_bytes);
  put_list(l.padded_dimensions);
  put(static_cast<index_t>(l.padding_value));
  return n;
}

/// The key of a layout whose text does not fit the printer's capacity (shape_text_capacity): its properties
/// as integers (encode_layout).
template <std::size_t N>
struct layout_code {
  index_t values[N];
  constexpr layout decode() const noexcept {
    layout l;
    std::size_t n = 0;
    const auto get = [&] { return values[n++]; };
    const auto get_list = [&](auto& list) {
      for (index_t k = get(); k > 0; --k) list.push_back(get());
    };
    get_list(l.minor_to_major);
    for (index_t k = get(); k > 0; --k) {
      l.tiles.push_back({});
      get_list(l.tiles.back().dimensions);
    }
    l.tail_padding_alignment_in_elements = get();
    l.index_primitive_type = static_cast<xlayout::element_type>(get());
    l.pointer_primitive_type = static_cast<xlayout::element_type>(get());
    l.element_size_in_bits = get();
    l.memory_space = get();
    for (index_t k = get(); k > 0; --k) {
      l.split_configs.push_back({});
      l.split_configs.back().dimension = get();
      get_list(l.split_configs.back().split_indices);
    }
    l.physical_shape.present = get() != 0;
    l.physical_shape.element_type = static_cast<xlayout::element_type>(get());
    get_list(l.physical_shape.dimensions);
    get_list(l.physical_shape.minor_to_major);
    l.dynamic_shape_metadata_prefix_bytes = get();
    get_list(l.padded_dimensions);
    l.padding_value = static_cast<padding_value_kind>(get());
    return l;
  }
};

/// The type of the layout whose key is Key (see layout_type).
template <auto Key>
struct keyed_layout {
  static constexpr xlayout::layout value = Key.decode();
  static constexpr std::size_t rank() noexcept { return value.rank(); }
  static constexpr auto to_string() noexcept { return xlayout::to_string(value); }
};

/// The keyed_layout of the key whose characters are C... (a layout's text) or whose integers are X... (its
/// encode_layout): the only places a layout_key<N> or layout_code<N> type is formed. nvcc's host pass
/// re-prints a type by the expression its template argument had where the type was first formed, and an N
/// computed from a class-type template argument (the layout) would print as a name host code cannot see
/// (layout_type_of<__T24>::text.size()); the size of a pack prints as a number.
template <char... C>
struct keyed_by_chars {
  static constexpr layout_key<sizeof...(C)> key{{C..., '\0'}};
  using type = keyed_layout<key>;
};
template <index_t... X>
struct keyed_by_codes {
  using type = keyed_layout<layout_code<sizeof...(X)>{{X...}}>;
};
template <const auto& Text, class Seq>
struct keyed_by_text;
template <const auto& Text, std::size_t... I>
struct keyed_by_text<Text, std::index_sequence<I...>> : keyed_by_chars<Text.view()[I]...> {};
template <const auto& Code, class Seq>
struct keyed_by_code;
template <const auto& Code, std::size_t... I>
struct keyed_by_code<Code, std::index_sequence<I...>> : keyed_by_codes<Code[I]...> {};

/// The properties of V as integers, in an array of their number (encode_layout).
template <std::size_t N>
struct layout_code_array {
  index_t values[N == 0 ? 1 : N];
  constexpr index_t operator[](std::size_t i) const noexcept { return values[i]; }
};

template <layout V, bool ByText>
struct layout_type_by {  // the text
  static constexpr auto text = xlayout::to_string(V);
  using type = typename keyed_by_text<text, std::make_index_sequence<text.size()>>::type;
};
template <layout V>
struct layout_type_by<V, false> {  // the integers
  static constexpr std::size_t size = encode_layout(V, nullptr);
  static constexpr layout_code_array<size> code = [] {
    layout_code_array<size> k{};
    encode_layout(V, k.values);
    return k;
  }();
  using type = typename keyed_by_code<code, std::make_index_sequence<size>>::type;
  static_assert(identical(type::value, V),
                "[xlayout:internal] xlayout::layout_type: the layout's key does not give the layout back");
};

template <layout V>
struct layout_type_of {
  // The text, unless it was cut at the printer's capacity (a layout of many long tiles).
  static constexpr bool by_text = [] {
    const auto text = xlayout::to_string(V);
    if (text.overflowed()) return false;
    const result<layout> back = parse_layout(text.view());
    return back.has_value() && identical(back.value_, V);
  }();
  using type = typename layout_type_by<V, by_text>::type;
};
}  // namespace detail

/// A layout as a type: the type every `Layout<...>` spelling of the same value resolves to
/// (`layout_type<V>::value` is V, every property included). The type is keyed on V's text
/// (`keyed_layout<layout_key<12>{"{1,0:T(2,2)}"}>` in a diagnostic), so that the names of the types made from
/// it (a Tensor's mapping, its accessor) stay short; a layout whose text exceeds shape_text_capacity is keyed
/// on its properties as integers instead.
template <layout V>
using layout_type = typename detail::layout_type_of<V>::type;

namespace detail {
/// Builds and checks the layout once; after an error `type` is invalid_layout_type, which no later use
/// (a Tensor's layout, rank()) reports again.
template <layout_arg... A>
struct checked_layout {
  static constexpr result<layout> made = layout_from_args(A...);
  static_assert(raise_if_error<made.error().id, diagnostic_column(made.error())>);
  static constexpr layout value = made.value_;
  using type = std::conditional_t<made.has_value(), layout_type<value>, invalid_layout_type>;
};
}  // namespace detail

/// A layout as a type: `Layout<"{1,0:T(2,2)}">`, `Layout<1, 0, T(2, 2)>`, `Layout<0, 1, pad(3, 5)>`
/// (padded_dimensions). All spellings of one layout are the same type.
template <layout_arg... A>
using Layout = typename detail::checked_layout<A...>::type;

/// True for the types Layout<...> produces.
template <class L>
concept layout_like = requires {
  { L::value } -> std::convertible_to<layout>;
  L::rank();
};

}  // namespace XLAYOUT_NAMESPACE
