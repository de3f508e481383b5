// fuzz/layout.cpp: libFuzzer target. Input: the text of a shape. For shapes with a small buffer, the tests'
// independent model (tests/support/brute_force_layout.hpp: the seed's pad, reshape and transpose on real
// arrays of element ids) places every element; linear_index must give that slot, multi_index must invert
// it and report padding slots as padding_element, the compiled index program (when exact) must agree, and
// required_span_size must be the model's buffer size. Where the layout compiles for run-time access, a
// runtime_tensor over the model's buffer must reach each element at its slot and for_each must visit every
// element once, in increasing slot order, with its index; the fixed paths of the call forms (strided, two
// or three digits per dimension, runtime_mapping::fixed_offset and operator()) must give the same slot,
// and so must the mapping of capacity R that a runtime_tensor<T, R> holds (made for it, and converted from
// the full one), whose for_each (its scratch sized by R) must visit as the full one's does. A shape of no
// slot (its sizes possibly int64's) must have an empty linear-to-logical map and an alignment of its own
// layout that overflows nothing.
// A static Tensor's accessor terms, evaluated from its layout's program for '?' extents
// (detail::specialize_program), must be the terms the shape compiles on its own. Where strides() gives
// strides (is_strided), every element must sit at the sum of its index times them.
#include <array>
#include <span>
#include <support/brute_force_layout.hpp>
#include <vector>
#include <xlayout/indexing/layout_map.hpp>
#include <xlayout/layout/bitcast.hpp>
#include <xlayout/tensor/runtime_tensor.hpp>

#include "shape_checks.hpp"

namespace {
// m.fixed_offset<R>(idx[0], ..., idx[R-1]) and m(idx[0], ..., idx[R-1]), both equal to want.
template <std::size_t R>
bool fixed_forms_agree(const xlayout::runtime_mapping& m, const xlayout::index_t* idx,
                       xlayout::index_t want) {
  return [&]<std::size_t... D>(std::index_sequence<D...>) {
    return m.fixed_offset<R>(idx[D]...) == want && m(idx[D]...) == want;
  }
  (std::make_index_sequence<R>{});
}

// The mapping of capacity R (what runtime_tensor<T, R> holds), made by make_runtime_mapping<R> and converted
// from the full one m: for_each over a runtime_tensor<T, R> visits every element of the model's buffer once,
// in increasing slot order, with its index (x is the element's row-major id), at the slot both give.
template <std::size_t R>
bool small_mapping_agrees(const xlayout::shape& s, const xlayout::runtime_mapping& m,
                          const std::vector<xlayout::index_t>& buffer) {
  const auto small = xlayout::make_runtime_mapping<R>(s);
  if (!small || small->fixed_path() != m.fixed_path()) return false;
  const xlayout::basic_runtime_mapping<R> converted(m);
  const xlayout::runtime_tensor<const xlayout::index_t, R> t(buffer.data(), *small);
  bool ok = true;
  xlayout::index_t elements = 0;
  const xlayout::index_t* previous = nullptr;
  xlayout::for_each(t, [&](const xlayout::index_array<R>& idx, const xlayout::index_t& x) {
    xlayout::index_t id = 0;
    for (std::size_t d = 0; d < R; ++d) id = id * s.dimensions[d] + idx[d];
    const xlayout::index_t at = &x - buffer.data();
    ok = ok && x == id && (previous == nullptr || &x > previous) && small->offset(idx.values) == at &&
         converted.offset(idx.values) == at && &t.at(idx.values, R)->get() == &x;
    previous = &x;
    ++elements;
  });
  return ok && elements == m.size();
}

// detail::specialize_program (a static Tensor's accessor terms, evaluated from its layout's program for '?'
// extents, detail::layout_program) must give the terms and span the shape compiles on its own, as
// tests/tensor/static_program.cpp checks over grids of extents for chosen layouts. T: the program's terms.
template <std::size_t T>
bool specialized_agrees(const xlayout::detail::accessor_program& full, const xlayout::shape& s) {
  constexpr std::size_t factors = 256;
  if (xlayout::detail::factor_count(full) > factors) return true;
  const auto flat = xlayout::detail::flatten<T, factors>(full);
  xlayout::index_t e[XLAYOUT_MAX_RANK + 1]{};
  for (std::size_t d = 0; d < s.rank(); ++d) e[d] = s.dimensions[d];
  const xlayout::index_t align = s.layout.tail_padding_alignment_in_elements;
  const auto got = xlayout::detail::specialize_program(flat, e, align);
  const xlayout::detail::accessor_program want = xlayout::detail::make_accessor_program(s);
  if (!want.exact) return true;
  if (!got.ok || got.count != want.terms.size()) return false;
  for (std::size_t k = 0; k < got.count; ++k) {
    const auto& w = want.terms[k];
    if (got.dimension[k] != w.dimension || got.divisor[k] != w.term.divisor ||
        got.modulus[k] != w.term.modulus || got.stride[k] != w.term.stride)
      return false;
  }
  return (got.span + align - 1) / align * align == want.span.constant;
}
template <std::size_t... T>
constexpr auto specialized_table(std::index_sequence<T...>) {
  using check = bool (*)(const xlayout::detail::accessor_program&, const xlayout::shape&);
  return std::array<check, sizeof...(T)>{specialized_agrees<T>...};
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 2048) return -1;
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  const auto s = xlayout::parse_shape(in);
  if (!s || !xlayout::is_static(*s)) return 0;
  const fuzz::i128 span = fuzz::exact_span(*s);
  if (span < 0 || span > (1 << 14)) return 0;
  if (span == 0) {
    // A buffer of no slot, its sizes possibly int64's (f32[0,3]{1,0:T(2^63-1,2)}): the layout map and the
    // bitcast alignment overflow nothing (the sanitizers check), and the map has no point.
    const auto lm = xlayout::linear_to_logical_map(*s);
    FUZZ_CHECK(!lm || lm->is_known_empty(), in);
    (void)xlayout::align_layouts(*s, *s);
  }
  for (xlayout::index_t d : s->dimensions) {
    if (d > (1 << 14)) return 0;
  }
  // The model pads each dimension to whole tiles on real arrays: a tile larger than any buffer it checks
  // (only a shape of zero elements has one with so small a span: bf16[0,8,130]{2,1,0:T(8,128)(3,2^63-1)})
  // would overflow its padded sizes (UBSan in brute_force_layout.hpp, fuzz run of 3b0a7e6).
  for (const xlayout::tile& t : s->layout.tiles) {
    for (xlayout::index_t d : t.dimensions) {
      if (d > (1 << 14)) return 0;
    }
  }
  const std::vector<xlayout::index_t> buffer = xlayout_test::brute_force_buffer(*s);
  FUZZ_CHECK(static_cast<fuzz::i128>(buffer.size()) == span, in);
  FUZZ_CHECK(
      xlayout::checked_required_span_size(*s).value_or(-1) == static_cast<xlayout::index_t>(buffer.size()),
      in);
  const xlayout::index_program prog = xlayout::compile_index_program(*s);
  const std::size_t rank = s->rank();
  bool positive = true;
  for (xlayout::index_t d : s->dimensions) positive = positive && d > 0;
  if (positive && s->layout.rank() == rank && s->layout.padded_dimensions.empty() &&
      s->layout.split_configs.empty()) {
    xlayout::shape any = xlayout::detail::any_shape_of_rank(rank);
    any.layout = s->layout;
    const xlayout::detail::accessor_program full = xlayout::detail::make_accessor_program(any);
    static constexpr auto table = specialized_table(std::make_index_sequence<xlayout::max_tiled_rank + 1>{});
    if (full.exact) FUZZ_CHECK(table[full.terms.size()](full, *s), in);
  }
  // detail::own_static_terms (a static shape's accessor terms: make_accessor_program's, and a static Tensor's
  // where its layout has no program for '?' extents): present exactly where the index program is exact and
  // reads one dimension per term, in decreasing stride, with the span; each element at its slot (below).
  const auto own = xlayout::detail::own_static_terms(*s);
  if (positive) {
    bool single = prog.exact;
    for (const xlayout::index_term& t : prog.terms) single = single && t.single_dimension() >= 0;
    FUZZ_CHECK(own.ok == single, in);
    FUZZ_CHECK(!own.ok || own.span == static_cast<xlayout::index_t>(buffer.size()), in);
    for (std::size_t k = 1; own.ok && k < own.count; ++k) FUZZ_CHECK(own.stride[k - 1] >= own.stride[k], in);
  }
  const auto st = xlayout::strides(*s);  // where the layout is strided: every slot is sum idx * stride
  for (std::size_t p = 0; p < buffer.size(); ++p) {
    const auto back = xlayout::multi_index(*s, static_cast<xlayout::index_t>(p));
    if (buffer[p] < 0) {
      FUZZ_CHECK(!back && back.error().id == xlayout::error_id::padding_element, in);
      continue;
    }
    xlayout::index_vector idx;
    idx.resize(rank);
    xlayout::index_t id = buffer[p];
    for (std::size_t d = rank; d-- > 0;) {
      idx[d] = id % s->dimensions[d];
      id /= s->dimensions[d];
    }
    const auto lin = xlayout::checked_linear_index(*s, idx);
    FUZZ_CHECK(lin && *lin == static_cast<xlayout::index_t>(p), in);
    FUZZ_CHECK(back && *back == idx, in);
    if (prog.exact) FUZZ_CHECK(prog(idx) == static_cast<xlayout::index_t>(p), in);
    if (positive && own.ok) {
      xlayout::index_t at = 0;
      for (std::size_t k = 0; k < own.count; ++k) {
        xlayout::index_t v = idx[static_cast<std::size_t>(own.dimension[k])] / own.divisor[k];
        if (own.modulus[k] != 0) v %= own.modulus[k];
        at += v * own.stride[k];
      }
      FUZZ_CHECK(at == static_cast<xlayout::index_t>(p), in);
    }
    if (st) {
      fuzz::i128 at = 0;
      for (std::size_t d = 0; d < rank; ++d) at += static_cast<fuzz::i128>(idx[d]) * (*st)[d];
      FUZZ_CHECK(at == static_cast<fuzz::i128>(p), in);
    }
  }
  if (const auto m = xlayout::make_runtime_mapping(*s)) {
    const xlayout::runtime_tensor<const xlayout::index_t> t(buffer.data(), *m);
    xlayout::index_t elements = 0;
    const xlayout::index_t* previous = nullptr;
    xlayout::for_each(t, [&](std::span<const xlayout::index_t> idx, const xlayout::index_t& x) {
      xlayout::index_t id = 0;
      for (std::size_t d = 0; d < rank; ++d) {
        FUZZ_CHECK(idx[d] >= 0 && idx[d] < s->dimensions[d], in);
        id = id * s->dimensions[d] + idx[d];
      }
      FUZZ_CHECK(x == id, in);
      FUZZ_CHECK(previous == nullptr || &x > previous, in);
      FUZZ_CHECK(m->offset(idx.data()) == &x - buffer.data(), in);
      const xlayout::index_t at = &x - buffer.data();
      using forms = bool (*)(const xlayout::runtime_mapping&, const xlayout::index_t*, xlayout::index_t);
      constexpr forms agree[] = {fixed_forms_agree<1>, fixed_forms_agree<2>, fixed_forms_agree<3>,
                                 fixed_forms_agree<4>};
      if (rank >= 1 && rank <= 4) FUZZ_CHECK(agree[rank - 1](*m, idx.data(), at), in);
      previous = &x;
      ++elements;
    });
    xlayout::index_t expected = 0;
    for (const xlayout::index_t id : buffer) expected += id >= 0 ? 1 : 0;
    FUZZ_CHECK(elements == expected, in);
    using small_forms = bool (*)(const xlayout::shape&, const xlayout::runtime_mapping&,
                                 const std::vector<xlayout::index_t>&);
    constexpr small_forms small[] = {small_mapping_agrees<1>, small_mapping_agrees<2>,
                                     small_mapping_agrees<3>, small_mapping_agrees<4>};
    if (rank >= 1 && rank <= 4) FUZZ_CHECK(small[rank - 1](*s, *m, buffer), in);
  }
  FUZZ_CHECK(!xlayout::multi_index(*s, static_cast<xlayout::index_t>(buffer.size())), in);
  FUZZ_CHECK(!xlayout::multi_index(*s, -1), in);
  return 0;
}
