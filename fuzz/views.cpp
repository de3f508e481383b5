// fuzz/views.cpp: views of a runtime_tensor of rank 2 (its layout parsed from the input) built by the
// checked_ forms with run-time arguments from the input, int64's edges among them: checked_slice
// (runtime_slice, and an index that drops a dimension), checked_dynamic_slice, checked_broadcast, and
// checked_transpose and checked_reverse over a slice. Properties: each form returns the view exactly where
// XLA's rule for its arguments holds (decided here in 128-bit arithmetic), else its error id at the failing
// dimension; every element of a returned view is the element the rule names, through v(i, j) and v.at(i, j),
// at the slot the brute-force model (tests/support/brute_force_layout.hpp, none of the library's index
// arithmetic) gives; and no step is undefined (the preset's ASan and UBSan). Input: the shape's text, a
// newline, then the arguments, each drawn by one selector byte: a small value, a value near an extent, near
// int64's edges, or 8 raw bytes.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>
#include <xlayout/tensor/runtime_tensor.hpp>
#include <xlayout/tensor/view.hpp>
#include <xlayout/text/parse_shape.hpp>

#include "fuzz_support.hpp"
#include "support/brute_force_layout.hpp"

namespace {

using fuzz::i128;
using xlayout::error_id;
using xlayout::index_t;

/// The arguments after the shape's text, one per call; 0 once the input is used up.
struct argument_reader {
  const std::uint8_t* p;
  std::size_t n;
  index_t e0, e1;  // the extents, for values near them
  index_t next() {
    if (n == 0) return 0;
    const std::uint8_t b = *p++;
    --n;
    const index_t k = b / 8;
    switch (b % 8) {
      case 4:
        return (k % 2 == 0 ? e0 : e1) + k % 5 - 2;
      case 5:
        return fuzz::i64_min + k % 3;
      case 6:
        return fuzz::i64_max - k % 3;
      case 7: {
        std::uint64_t v = 0;
        const std::size_t take = n < 8 ? n : 8;
        std::memcpy(&v, p, take);
        p += take;
        n -= take;
        return static_cast<index_t>(v);
      }
      default:
        return k % 20 - 2;
    }
  }
};

/// The base: a runtime_tensor over a buffer of ids, and the model's slot of each element (row-major id).
struct base_case {
  index_t e[2];
  std::vector<index_t> buffer;
  std::vector<index_t> slot_of;
  xlayout::runtime_tensor<const index_t, 2> t;
  const index_t* at(i128 i, i128 j) const {  // the model's element (i, j)
    return buffer.data() + slot_of[static_cast<std::size_t>(i * e[1] + j)];
  }
};

/// XLA's slice rule for one dimension of extent e.
bool slice_ok(i128 start, i128 limit, i128 stride, i128 e) {
  return 0 <= start && start <= limit && limit <= e && stride >= 1;
}
i128 slice_extent(i128 start, i128 limit, i128 stride) { return (limit - start + stride - 1) / stride; }

/// Every element of the rank-2 view v against `want(i, j)` (the model's element), through v(i, j) and v.at.
template <class V, class Want>
bool same_elements(const V& v, i128 n0, i128 n1, Want want) {
  if (v.extent(0) != n0 || v.extent(1) != n1) return false;
  for (index_t i = 0; i < v.extent(0); ++i) {
    for (index_t j = 0; j < v.extent(1); ++j) {
      const auto checked = v.at(i, j);
      if (&v(i, j) != want(i, j) || !checked || &checked->get() != want(i, j)) return false;
    }
  }
  return !v.at(static_cast<index_t>(n0), 0) && !v.at(0, -1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 512) return -1;
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = all.find('\n');
  const std::string_view text = all.substr(0, newline);
  const auto s = xlayout::parse_shape(text);
  if (!s || s->rank() != 2 || !xlayout::is_static(*s)) return 0;
  const auto span = xlayout::checked_required_span_size(*s);
  if (!span || *span > (1 << 12) || s->dimensions[0] > 64 || s->dimensions[1] > 64) return 0;
  for (const xlayout::tile& t : s->layout.tiles) {
    for (index_t d : t.dimensions) {
      if (d > (1 << 12)) return 0;  // the model pads on real arrays
    }
  }
  base_case b;
  b.e[0] = s->dimensions[0];
  b.e[1] = s->dimensions[1];
  b.buffer = xlayout_test::brute_force_buffer(*s);
  b.slot_of.assign(static_cast<std::size_t>(b.e[0] * b.e[1]), -1);
  for (std::size_t p = 0; p < b.buffer.size(); ++p) {
    if (b.buffer[p] >= 0) b.slot_of[static_cast<std::size_t>(b.buffer[p])] = static_cast<index_t>(p);
  }
  const auto made = xlayout::make_runtime_tensor<2>(static_cast<const index_t*>(b.buffer.data()), *s);
  if (!made) return 0;  // tiles that do not split into digits (tile_access_unsupported)
  b.t = *made;
  const index_t e0 = b.e[0], e1 = b.e[1];
  argument_reader args{data + (newline == std::string_view::npos ? size : newline + 1),
                       newline == std::string_view::npos ? 0 : size - newline - 1, e0, e1};

  // slice with two runtime_slices, then transpose and reverse of it.
  const index_t a0 = args.next(), l0 = args.next(), s0 = args.next();
  const index_t a1 = args.next(), l1 = args.next(), s1 = args.next();
  const auto v =
      xlayout::checked_slice(b.t, xlayout::runtime_slice{a0, l0, s0}, xlayout::runtime_slice{a1, l1, s1});
  const bool ok0 = slice_ok(a0, l0, s0, e0), ok1 = slice_ok(a1, l1, s1, e1);
  FUZZ_CHECK(v.has_value() == (ok0 && ok1), text);
  if (!v) {
    FUZZ_CHECK(v.error().id == error_id::view_invalid_slice && v.error().position == (ok0 ? 1 : 0), text);
  } else {
    const i128 n0 = slice_extent(a0, l0, s0), n1 = slice_extent(a1, l1, s1);
    FUZZ_CHECK(same_elements(*v, n0, n1, [&](i128 i, i128 j) { return b.at(a0 + i * s0, a1 + j * s1); }),
               text);
    const auto w = xlayout::checked_reverse<0>(*xlayout::checked_transpose<1, 0>(*v));
    FUZZ_CHECK(w.has_value(), text);
    FUZZ_CHECK(
        same_elements(*w, n1, n0, [&](i128 i, i128 j) { return b.at(a0 + j * s0, a1 + (n1 - 1 - i) * s1); }),
        text);
  }

  // An index that drops dimension 0, and a runtime_slice of dimension 1.
  const index_t row = args.next();
  const auto r = xlayout::checked_slice(b.t, row, xlayout::runtime_slice{a1, l1, s1});
  const bool row_ok = 0 <= row && row < e0;
  FUZZ_CHECK(r.has_value() == (row_ok && ok1), text);
  if (!r) {
    FUZZ_CHECK(r.error().id == error_id::view_invalid_slice && r.error().position == (row_ok ? 1 : 0), text);
  } else {
    const i128 n1 = slice_extent(a1, l1, s1);
    FUZZ_CHECK(r->extent(0) == n1, text);
    for (index_t j = 0; j < r->extent(0); ++j) FUZZ_CHECK(&(*r)(j) == b.at(row, a1 + j * s1), text);
  }

  // dynamic_slice of sizes 2 x 3: the starts clamped into [0, extent - size].
  const index_t st0 = args.next(), st1 = args.next();
  const auto d = xlayout::checked_dynamic_slice<2, 3>(b.t, st0, st1);
  FUZZ_CHECK(d.has_value() == (e0 >= 2 && e1 >= 3), text);
  if (!d) {
    FUZZ_CHECK(d.error().id == error_id::view_invalid_slice && d.error().position == (e0 >= 2 ? 1 : 0), text);
  } else {
    const auto clamp = [](i128 v, i128 hi) { return v < 0 ? i128{0} : (v > hi ? hi : v); };
    const i128 c0 = clamp(st0, e0 - 2), c1 = clamp(st1, e1 - 3);
    FUZZ_CHECK(same_elements(*d, 2, 3, [&](i128 i, i128 j) { return b.at(c0 + i, c1 + j); }), text);
  }

  // broadcast to [n, e0, e1]: n a run-time extent, in [0, 2^32 - 1] (view_invalid_dimensions otherwise).
  const index_t n = args.next();
  const auto c =
      xlayout::checked_broadcast<xlayout::Extents<xlayout::dyn, xlayout::dyn, xlayout::dyn>, 1, 2>(b.t, n);
  const bool n_ok = 0 <= n && n < (index_t{1} << 32);
  FUZZ_CHECK(c.has_value() == n_ok, text);
  if (!c) {
    FUZZ_CHECK(c.error().id == error_id::view_invalid_dimensions && c.error().position == 0, text);
  } else {
    FUZZ_CHECK(c->extent(0) == n && c->extent(1) == e0 && c->extent(2) == e1, text);
    for (const index_t k : {index_t{0}, n - 1}) {
      if (k < 0) continue;
      for (index_t i = 0; i < e0; ++i) {
        for (index_t j = 0; j < e1; ++j) FUZZ_CHECK(&(*c)(k, i, j) == b.at(i, j), text);
      }
    }
  }
  return 0;
}
