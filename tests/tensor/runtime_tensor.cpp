// tests/tensor/runtime_tensor.cpp: runtime_tensor and runtime_mapping (a layout known only at run time)
// against the brute-force pad-reshape-transpose model of tests/support/brute_force_layout.hpp, on random
// layouts (tiles, combined dimensions, padded dimensions, tiles that are not powers of two), and their
// errors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string_view>
#include <type_traits>
#include <vector>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/static/shape.hpp>
#include <xlayout/tensor/runtime_tensor.hpp>
#include <xlayout/text/parse_shape.hpp>
#include <xlayout/text/print_shape.hpp>

#include "support/brute_force_layout.hpp"
#include "support/random_layout.hpp"

using namespace xlayout;

namespace {

shape random_shape(std::mt19937_64& rng) {
  // The rank first (the call form below handles ranks 1 to 4), then the shared generator.
  const auto rank = static_cast<std::size_t>(std::uniform_int_distribution<index_t>(1, 4)(rng));
  return xlayout_test::random_runtime_shape(rank, rng);
}

/// Where the model puts each element id (row-major numbering), -1 where it puts none.
std::vector<index_t> model_positions(const shape& s) {
  const std::vector<index_t> buffer = xlayout_test::brute_force_buffer(s);
  std::vector<index_t> where(static_cast<std::size_t>(*checked_element_count(s)), -1);
  for (std::size_t p = 0; p < buffer.size(); ++p) {
    if (buffer[p] >= 0) where[static_cast<std::size_t>(buffer[p])] = static_cast<index_t>(p);
  }
  return where;
}

}  // namespace

TEST_CASE("law: runtime_mapping puts every element where the brute-force model does (2,000 random layouts)",
          "[tensor][runtime][law]") {
  std::mt19937_64 rng(20261123);
  int layouts = 0, shift_layouts = 0, division_layouts = 0, strided_layouts = 0, two_digit_layouts = 0,
      three_digit_layouts = 0, merged_layouts = 0, unsupported = 0;
  long elements = 0;
  while (layouts < 2000) {
    const shape s = random_shape(rng);
    if (!is_valid_layout(s)) continue;
    const auto span = checked_required_span_size(s);
    if (!span || *span > 6000) continue;
    INFO("shape " << to_string(s).view());
    const auto m = make_runtime_mapping(s);
    if (!m) {
      // Only a layout whose index program is not exact may be refused; linear_index handles it. (A program
      // whose terms read sums of dimensions, a '*' group a tile splits, is taken: merges_dimensions.)
      REQUIRE(m.error().id == error_id::tile_access_unsupported);
      REQUIRE(!compile_index_program(s).exact);
      ++unsupported;
      continue;
    }
    ++layouts;
    shift_layouts += m->uses_shifts() ? 1 : 0;
    division_layouts += m->uses_shifts() ? 0 : 1;
    strided_layouts += m->is_strided() ? 1 : 0;
    two_digit_layouts += !m->is_strided() && m->uses_two_digits() ? 1 : 0;
    three_digit_layouts += !m->uses_two_digits() && m->uses_three_digits() ? 1 : 0;
    const index_program p = compile_index_program(s);
    const bool sums = std::any_of(p.terms.begin(), p.terms.end(),
                                  [](const index_term& t) { return t.single_dimension() < 0; });
    REQUIRE(m->merges_dimensions() == sums);
    if (m->merges_dimensions()) {
      ++merged_layouts;
      REQUIRE(m->program_rank() < m->rank());
      REQUIRE(m->fixed_path() == 0);  // the general path
      REQUIRE(!m->is_strided());
    }
    REQUIRE(m->required_span_size() == *span);
    REQUIRE(m->size() == *checked_element_count(s));
    REQUIRE(m->rank() == s.rank());
    // The same layout in a mapping of capacity 4 (a runtime_tensor<T, R> holds one of capacity R), made
    // directly and converted from the full one: the same path and, below, the same slots.
    const auto small = make_runtime_mapping<4>(s);
    REQUIRE(small.has_value());
    const basic_runtime_mapping<4> converted(*m);
    REQUIRE(small->fixed_path() == m->fixed_path());
    REQUIRE(converted.fixed_path() == m->fixed_path());
    REQUIRE(small->term_count() == m->term_count());
    const std::vector<index_t> where = model_positions(s);
    std::vector<index_t> idx(s.rank(), 0);
    for (index_t id = 0; id < m->size(); ++id) {
      index_t r = id;
      for (std::size_t d = s.rank(); d-- > 0;) {
        idx[d] = r % s.dimensions[d];
        r /= s.dimensions[d];
      }
      const index_t want = where[static_cast<std::size_t>(id)];
      REQUIRE(m->offset(idx.data()) == want);
      // The call form takes other paths (strided, two digits per dimension): the same answer.
      const index_t called = s.rank() == 1   ? (*m)(idx[0])
                             : s.rank() == 2 ? (*m)(idx[0], idx[1])
                             : s.rank() == 3 ? (*m)(idx[0], idx[1], idx[2])
                                             : (*m)(idx[0], idx[1], idx[2], idx[3]);
      REQUIRE(called == want);
      // The form of static rank (runtime_tensor<T, R>): its own paths (three digits per dimension).
      const index_t fixed = s.rank() == 1   ? m->fixed_offset<1>(idx[0])
                            : s.rank() == 2 ? m->fixed_offset<2>(idx[0], idx[1])
                            : s.rank() == 3 ? m->fixed_offset<3>(idx[0], idx[1], idx[2])
                                            : m->fixed_offset<4>(idx[0], idx[1], idx[2], idx[3]);
      REQUIRE(fixed == want);
      REQUIRE(small->offset(idx.data()) == want);
      REQUIRE(converted.offset(idx.data()) == want);
      const index_t small_fixed = s.rank() == 1   ? small->fixed_offset<1>(idx[0])
                                  : s.rank() == 2 ? small->fixed_offset<2>(idx[0], idx[1])
                                  : s.rank() == 3 ? small->fixed_offset<3>(idx[0], idx[1], idx[2])
                                                  : small->fixed_offset<4>(idx[0], idx[1], idx[2], idx[3]);
      REQUIRE(small_fixed == want);
      const auto checked = m->checked_offset(idx.data(), idx.size());
      REQUIRE(checked.has_value());
      REQUIRE(*checked == want);
      ++elements;
    }
  }
  INFO(shift_layouts << " shift, " << division_layouts << " division, " << strided_layouts << " strided, "
                     << two_digit_layouts << " two digits, " << three_digit_layouts << " three digits, "
                     << merged_layouts << " merged, " << unsupported << " refused, " << elements
                     << " elements");
  // Each path was exercised.
  CHECK(shift_layouts > 100);
  CHECK(division_layouts > 100);
  CHECK(strided_layouts > 100);
  CHECK(two_digit_layouts > 50);
  CHECK(three_digit_layouts > 3);
  CHECK(merged_layouts > 3);
}

namespace {
/// Checks for_each over a runtime_tensor of rank R (dynamic_rank: the rank a run-time value) against the
/// model: every element once, with its logical index, at the model's position, positions increasing.
template <std::size_t R>
void check_for_each(const shape& s, const std::vector<index_t>& where) {
  std::vector<float> buffer(static_cast<std::size_t>(*checked_required_span_size(s)), 0.0f);
  const auto t = [&] {
    if constexpr (R == dynamic_rank) {
      return make_runtime_tensor(buffer.data(), s);
    } else {
      return make_runtime_tensor<R>(buffer.data(), s);
    }
  }();
  REQUIRE(t.has_value());
  std::vector<int> seen(where.size(), 0);
  index_t previous = -1;
  long visits = 0;
  for_each(*t, [&](const auto& idx, float& x) {
    REQUIRE(std::size(idx) == s.rank());
    index_t id = 0;
    for (std::size_t d = 0; d < s.rank(); ++d) {
      REQUIRE(idx[d] >= 0);
      REQUIRE(idx[d] < s.dimensions[d]);
      id = id * s.dimensions[d] + idx[d];
    }
    const index_t position = &x - buffer.data();
    REQUIRE(position == where[static_cast<std::size_t>(id)]);
    REQUIRE(position > previous);
    previous = position;
    ++seen[static_cast<std::size_t>(id)];
    ++visits;
  });
  REQUIRE(visits == static_cast<long>(where.size()));
  for (const int n : seen) REQUIRE(n == 1);
  // With a callback of the element alone (one loop over the slots where the layout has no padding): the
  // model's positions in increasing order.
  std::vector<index_t> sorted = where, positions;
  std::sort(sorted.begin(), sorted.end());
  for_each(*t, [&](float& x) { positions.push_back(&x - buffer.data()); });
  REQUIRE(positions == sorted);
}
}  // namespace

TEST_CASE(
    "law: for_each over a runtime_tensor visits every element once, in increasing model position "
    "(1,000 random layouts)",
    "[tensor][runtime][law]") {
  std::mt19937_64 rng(20261124);
  int layouts = 0, merged = 0, dense = 0;
  while (layouts < 1000) {
    const shape s = random_shape(rng);
    if (!is_valid_layout(s)) continue;
    const auto span = checked_required_span_size(s);
    if (!span || *span > 6000) continue;
    const auto m = make_runtime_mapping(s);
    if (!m) continue;
    INFO("shape " << to_string(s).view());
    ++layouts;
    merged += m->merges_dimensions() ? 1 : 0;
    dense += m->size() == m->required_span_size() ? 1 : 0;
    const std::vector<index_t> where = model_positions(s);
    check_for_each<dynamic_rank>(s, where);
    switch (s.rank()) {
      case 1:
        check_for_each<1>(s, where);
        break;
      case 2:
        check_for_each<2>(s, where);
        break;
      case 3:
        check_for_each<3>(s, where);
        break;
      default:
        check_for_each<4>(s, where);
        break;
    }
  }
  INFO(merged << " layouts merge dimensions");
  CHECK(merged > 3);  // the walk of a program over merged groups (walk_merged) was exercised
  INFO(dense << " layouts have no padding");
  CHECK(dense > 100);  // the element-only walk of a layout without padding (one loop) was exercised
}

TEST_CASE("runtime_tensor: XLA's combined-dimension tiling T(*,*,2,*,3), whose tile splits the '*' groups",
          "[tensor][runtime]") {
  // "Tiled layout": f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)} tiles the array as [112,110] with T(2,3). By
  // hand: r = 56 i + 8 j + k, c = 10 l + m; the tiled shape is [56,37,2,3] (110 / 3 rounded up), so the
  // element is at ((r / 2) * 37 + c / 3) * 6 + (r % 2) * 3 + c % 3.
  const auto s = parse_shape("f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}");
  REQUIRE(s.has_value());
  const auto m = make_runtime_mapping(*s);
  REQUIRE(m.has_value());
  REQUIRE(m->merges_dimensions());
  REQUIRE(m->program_rank() == 2);
  REQUIRE(m->program_extent(0) == 112);
  REQUIRE(m->program_extent(1) == 110);
  REQUIRE(m->group(0) == 0);
  REQUIRE(m->group(2) == 0);
  REQUIRE(m->group(3) == 1);
  REQUIRE(m->group_weight(0) == 56);
  REQUIRE(m->group_weight(1) == 8);
  REQUIRE(m->group_weight(4) == 1);
  REQUIRE(m->required_span_size() == 56 * 37 * 6);
  std::vector<float> buffer(static_cast<std::size_t>(m->required_span_size()), -1.0f);
  const auto t = make_runtime_tensor<5>(buffer.data(), *s);
  REQUIRE(t.has_value());
  const basic_runtime_mapping<5> small(*m);
  // Every index of [2,7,8,11,10] in row-major order.
  const auto each_index = [](auto&& f) {
    for (index_t i = 0; i < 2; ++i)
      for (index_t j = 0; j < 7; ++j)
        for (index_t k = 0; k < 8; ++k)
          for (index_t l = 0; l < 11; ++l)
            for (index_t n = 0; n < 10; ++n) f(i, j, k, l, n);
  };
  long elements = 0;
  each_index([&](index_t i, index_t j, index_t k, index_t l, index_t n) {
    const index_t r = 56 * i + 8 * j + k, c = 10 * l + n;
    const index_t want = ((r / 2) * 37 + c / 3) * 6 + (r % 2) * 3 + c % 3;
    const index_t idx[] = {i, j, k, l, n};
    REQUIRE((*m)(i, j, k, l, n) == want);
    REQUIRE(m->fixed_offset<5>(i, j, k, l, n) == want);
    REQUIRE(small.offset(idx) == want);
    REQUIRE(&(*t)(i, j, k, l, n) == buffer.data() + want);
    (*t)(i, j, k, l, n) = static_cast<float>(r * 1000 + c);
    ++elements;
  });
  REQUIRE(elements == 12320);
  // for_each: every element once, in increasing position, with its index.
  index_t previous = -1;
  long visits = 0;
  for_each(*t, [&](const index_array<5>& e, float& x) {
    const index_t position = &x - buffer.data();
    REQUIRE(position > previous);
    previous = position;
    REQUIRE(x == static_cast<float>((56 * e[0] + 8 * e[1] + e[2]) * 1000 + 10 * e[3] + e[4]));
    ++visits;
  });
  REQUIRE(visits == 12320);

  // The same with the logical order reversed, {0,1,2,3,4}: the groups are merged in the physical order,
  // (4, 3, 2) into R = 88 e4 + 8 e3 + e2 of 880 and (1, 0) into C = 2 e1 + e0 of 14, tiled by (2,3): tiled
  // shape [440,5,2,3], slot (R / 2 * 5 + C / 3) * 6 + R % 2 * 3 + C % 3.
  const auto rs = parse_shape("f32[2,7,8,11,10]{0,1,2,3,4:T(*,*,2,*,3)}");
  REQUIRE(rs.has_value());
  const auto rm = make_runtime_mapping<5>(*rs);
  REQUIRE(rm.has_value());
  REQUIRE(rm->merges_dimensions());
  REQUIRE(rm->program_extent(rm->group(4)) == 880);
  REQUIRE(rm->program_extent(rm->group(0)) == 14);
  REQUIRE((rm->group_weight(4) == 88 && rm->group_weight(3) == 8 && rm->group_weight(1) == 2));
  long wrong = 0;
  each_index([&](index_t i, index_t j, index_t k, index_t l, index_t n) {
    const index_t r = 88 * n + 8 * l + k, c = 2 * j + i;
    wrong += rm->fixed_offset<5>(i, j, k, l, n) != (r / 2 * 5 + c / 3) * 6 + r % 2 * 3 + c % 3 ? 1 : 0;
  });
  CHECK(wrong == 0);
}

TEST_CASE(
    "runtime_tensor<T, Rank>: XLA's layouts of the benchmarks take the fast paths and agree with the model",
    "[tensor][runtime]") {
  struct expectation {
    const char* text;
    bool strided, two_digits, three_digits;
  };
  for (const expectation& e :
       {expectation{"f32[10,12]{1,0}", true, true, true}, expectation{"f32[10,12]{0,1}", true, true, true},
        expectation{"f32[5,6,7]{0,2,1}", true, true, true},
        expectation{"f32[10,12]{1,0:pad(10,16)}", true, true, true},
        expectation{"f32[10,12]{1,0:T(2,2)}", false, true, true},
        expectation{"f32[20,300]{1,0:T(8,128)}", false, true, true},
        expectation{"bf16[20,300]{1,0:T(8,128)(2,1)}", false, false, true},
        expectation{"f32[4,10,300]{2,1,0:T(*,2,128)}", false, true, true}}) {
    INFO(e.text);
    const auto s = parse_shape(e.text);
    REQUIRE(s.has_value());
    const auto m = make_runtime_mapping(*s);
    REQUIRE(m.has_value());
    CHECK(m->is_strided() == e.strided);
    CHECK(m->uses_two_digits() == e.two_digits);
    CHECK(m->uses_three_digits() == e.three_digits);
    const std::vector<index_t> where = model_positions(*s);
    for (std::size_t id = 0; id < where.size(); ++id) {
      const auto i = static_cast<index_t>(id);
      if (s->rank() == 2) {
        REQUIRE(m->fixed_offset<2>(i / s->dimensions[1], i % s->dimensions[1]) == where[id]);
      } else {
        const index_t n1 = s->dimensions[1], n2 = s->dimensions[2];
        REQUIRE(m->fixed_offset<3>(i / (n1 * n2), i / n2 % n1, i % n2) == where[id]);
      }
    }
  }
  // The rank is checked when the tensor is made.
  float f[16] = {};
  CHECK(make_runtime_tensor<3>(f, *parse_shape("f32[4,4]")).error().id == error_id::index_rank_mismatch);
  STATIC_REQUIRE(runtime_tensor<float, 2>::static_rank == 2);
  STATIC_REQUIRE(runtime_tensor<float>::static_rank == dynamic_rank);
}

namespace {
/// runtime_tensor<float, R>::visit against the model: the path visit hands over (a fixed_path_tensor with
/// 1, 2 or 3 digits, or the runtime_tensor itself) is the mapping's, and every element is where the model
/// puts it. Returns the path taken (0 general, 1 strided, 2 or 3 digits).
template <std::size_t R>
int check_visit(const shape& s, const std::vector<index_t>& where) {
  std::vector<float> buffer(static_cast<std::size_t>(*checked_required_span_size(s)), 0.0f);
  const auto t = make_runtime_tensor<R>(buffer.data(), s);
  REQUIRE(t.has_value());
  return t->visit([&](const auto& a) {
    using A = std::remove_cvref_t<decltype(a)>;
    int path = 0;
    if constexpr (!std::is_same_v<A, runtime_tensor<float, R>>) path = static_cast<int>(A::digits);
    REQUIRE(path == t->mapping().fixed_path());
    for (std::size_t id = 0; id < where.size(); ++id) {
      index_t idx[R]{};
      index_t r = static_cast<index_t>(id);
      for (std::size_t d = R; d-- > 0;) {
        idx[d] = r % s.dimensions[d];
        r /= s.dimensions[d];
      }
      const float* x = [&]<std::size_t... D>(std::index_sequence<D...>) { return &a(idx[D]...); }
      (std::make_index_sequence<R>{});
      REQUIRE(x - buffer.data() == where[id]);
    }
    return path;
  });
}
}  // namespace

TEST_CASE(
    "law: runtime_tensor::visit hands over the mapping's path and every element where the model puts it",
    "[tensor][runtime][law]") {
  std::mt19937_64 rng(20261124);
  int paths[4] = {};
  int layouts = 0;
  while (layouts < 1500) {
    const shape s = random_shape(rng);
    if (!is_valid_layout(s)) continue;
    const auto span = checked_required_span_size(s);
    if (!span || *span > 6000 || !make_runtime_mapping(s)) continue;
    INFO("shape " << to_string(s).view());
    ++layouts;
    const std::vector<index_t> where = model_positions(s);
    const int path = s.rank() == 1   ? check_visit<1>(s, where)
                     : s.rank() == 2 ? check_visit<2>(s, where)
                     : s.rank() == 3 ? check_visit<3>(s, where)
                                     : check_visit<4>(s, where);
    ++paths[path];
  }
  // Two levels of power-of-two tiles (three digits per dimension) are rare among random layouts: XLA's.
  for (const char* text : {"f32[20,300]{1,0:T(8,128)(2,1)}", "f32[9,17]{1,0:T(4,4)(2,1)}",
                           "f32[6,10,12]{2,1,0:T(2,4)(2,2)}", "f32[3,5]{0,1:T(2,2)(2,1)}"}) {
    INFO(text);
    const auto s = parse_shape(text);
    REQUIRE(s.has_value());
    const std::vector<index_t> where = model_positions(*s);
    ++paths[s->rank() == 2 ? check_visit<2>(*s, where) : check_visit<3>(*s, where)];
  }
  INFO(paths[0] << " general, " << paths[1] << " strided, " << paths[2] << " two digits, " << paths[3]
                << " three digits");
  // Each path was exercised.
  CHECK(paths[0] > 50);
  CHECK(paths[1] > 100);
  CHECK(paths[2] > 50);
  CHECK(paths[3] > 3);
}

TEST_CASE("runtime_tensor: the call forms agree with the model on XLA's tiled layouts", "[tensor][runtime]") {
  for (const char* text :
       {"f32[30,50]{1,0:T(8,128)}", "bf16[20,300]{1,0:T(8,128)(2,1)}", "f32[3,5]{1,0:T(2,2)}",
        "f32[4,6,10]{2,1,0:T(*,2,4)}", "f32[7,9]{0,1}", "f32[5,6]{1,0:T(3,4)}"}) {
    INFO(text);
    const auto s = parse_shape(text);
    REQUIRE(s.has_value());
    const std::vector<index_t> where = model_positions(*s);
    std::vector<float> buffer(static_cast<std::size_t>(*checked_required_span_size(*s)), -1.0f);
    if (s->element_type == element_type::bf16) continue;  // the element check is below
    for (std::size_t id = 0; id < where.size(); ++id) buffer[static_cast<std::size_t>(where[id])] = float(id);
    const auto t = make_runtime_tensor(buffer.data(), *s);
    REQUIRE(t.has_value());
    if (s->rank() == 2) {
      for (index_t i = 0; i < s->dimensions[0]; ++i) {
        for (index_t j = 0; j < s->dimensions[1]; ++j) REQUIRE((*t)(i, j) == float(i * s->dimensions[1] + j));
      }
    } else {
      for (index_t i = 0; i < s->dimensions[0]; ++i) {
        for (index_t j = 0; j < s->dimensions[1]; ++j) {
          for (index_t k = 0; k < s->dimensions[2]; ++k)
            REQUIRE((*t)(i, j, k) == float((i * s->dimensions[1] + j) * s->dimensions[2] + k));
        }
      }
    }
  }
}

TEST_CASE("runtime_tensor: errors are values", "[tensor][runtime]") {
  float f[64] = {};
  const auto parse = [](const char* text) { return *parse_shape(text); };
  // An unbounded dynamic dimension has no size; a bounded one is sized by its bound.
  CHECK(make_runtime_mapping(parse("f32[?,4]")).error().id == error_id::dynamic_dimension);
  REQUIRE(make_runtime_mapping(parse("f32[<=3,4]")).has_value());
  CHECK(make_runtime_mapping(parse("f32[<=3,4]"))->extent(0) == 3);
  // With padded dimensions the bound must fit the width; the padded row-major layout then holds (3, 2) at
  // 3 * 5 + 2.
  REQUIRE(make_runtime_mapping(parse("f32[<=4,3]{1,0:pad(6,5)}")).has_value());
  CHECK(make_runtime_mapping(parse("f32[<=4,3]{1,0:pad(6,5)}"))->required_span_size() == 30);
  CHECK((*make_runtime_mapping(parse("f32[<=4,3]{1,0:pad(6,5)}")))(3, 2) == 17);
  // No buffer for a token or an opaque value.
  CHECK(make_runtime_mapping(parse("token[]")).error().id == error_id::invalid_element_type);
  CHECK(make_runtime_tensor(f, parse("opaque[]")).error().id == error_id::invalid_element_type);
  // The element must be as wide as the shape's: float is not bf16, and sub-byte types are not supported.
  CHECK(make_runtime_tensor(f, parse("bf16[4,4]")).error().id == error_id::unsupported_element_size);
  std::int8_t b[8] = {};
  CHECK(make_runtime_tensor(b, parse("s4[4,4]")).error().id == error_id::unsupported_element_size);
  // E(n) is a sub-byte type's slot width; a wider type in slots of another width is refused as the static
  // Tensor refuses it (audit: f32[3]{0:E(8)} over std::uint8_t* was taken, one byte per f32).
  std::uint8_t raw[16] = {};
  CHECK(make_runtime_tensor(raw, parse("f32[3]{0:E(8)}")).error().id == error_id::unsupported_element_size);
  CHECK(make_runtime_tensor(reinterpret_cast<std::uint16_t*>(raw), parse("s32[3]{0:E(16)}")).error().id ==
        error_id::unsupported_element_size);
  CHECK(make_runtime_tensor(f, parse("f32[3]{0:E(32)}")).has_value());  // its own width: the default
  CHECK(make_runtime_tensor(raw, parse("s4[3]{0:E(8)}")).has_value());  // an s4 per byte
  // The storage of another XLA type of the width is a type mix-up (audit: float* for s32 was taken), as the
  // static Tensor says; raw bits (an unsigned integer of the width) and types xlayout does not know are not.
  CHECK(make_runtime_tensor(f, parse("s32[4]")).error().id == error_id::tensor_data_type);
  CHECK(make_runtime_tensor(reinterpret_cast<std::int32_t*>(f), parse("f32[4]")).error().id ==
        error_id::tensor_data_type);
  CHECK(make_runtime_tensor(b, parse("u8[4]")).error().id == error_id::tensor_data_type);
  CHECK(make_runtime_tensor(b, parse("pred[4]")).error().id == error_id::tensor_data_type);
  CHECK(make_runtime_tensor(reinterpret_cast<std::int32_t*>(f), parse("s32[4]")).has_value());
  CHECK(make_runtime_tensor(reinterpret_cast<std::uint32_t*>(f), parse("f32[4]")).has_value());
  CHECK(make_runtime_tensor(reinterpret_cast<std::uint16_t*>(f), parse("bf16[4]")).has_value());
  CHECK(make_runtime_tensor(reinterpret_cast<std::uint8_t*>(f), parse("f8e4m3fn[4]")).has_value());
  struct half_like {
    std::uint16_t bits;
  };
  CHECK(make_runtime_tensor(reinterpret_cast<half_like*>(f), parse("f16[4]")).has_value());
  // Wrong rank and out-of-range indices through the checked form, at (an array of indices, or the indices).
  const auto t = make_runtime_tensor(f, parse("f32[4,8]{1,0:T(2,4)}"));
  REQUIRE(t.has_value());
  const index_t two[] = {3, 7}, one[] = {3}, out[] = {4, 0}, neg[] = {0, -1};
  REQUIRE(t->at(two, 2).has_value());
  // T(2,4) of f32[4,8]: (3, 7) is in tile 1 * 2 + 1 = 3 (2 x 2 tiles of 8 elements), row 1 and column 3
  // of it: offset 3 * 8 + 1 * 4 + 3.
  CHECK(t->at(two, 2)->offset() == 3 * 8 + 1 * 4 + 3);
  CHECK(&t->at(two, 2)->get() == f + 31);
  CHECK(&t->at(3, 7)->get() == f + 31);
  CHECK(t->at(one, 1).error().id == error_id::index_rank_mismatch);
  CHECK(t->at(3).error().id == error_id::index_rank_mismatch);
  CHECK(t->at(out, 2).error().id == error_id::index_out_of_range);
  CHECK(t->at(neg, 2).error().id == error_id::index_out_of_range);
  CHECK(t->at(0, 8).error().id == error_id::index_out_of_range);
  // A span past int64 is span_overflow, not a wrapped size (the parser refuses such a shape; built here).
  shape huge = parse("f32[4,4]{1,0:T(2,4)}");
  huge.dimensions[0] = index_t{1} << 62;
  CHECK(make_runtime_mapping(huge).error().id == error_id::span_overflow);
  // A mapping of capacity 2 holds ranks up to 2.
  CHECK(make_runtime_mapping<2>(parse("f32[2,3,4]")).error().id == error_id::rank_too_large);
  CHECK(make_runtime_mapping<3>(parse("f32[2,3,4]")).has_value());
}

TEST_CASE("runtime_tensor: made from the shape's text, and visit on a rank known only at run time",
          "[tensor][runtime]") {
  // XLA's "Tiled layout" example f32[3,5]{1,0:T(2,2)}: tiled shape [2,3,2,2] row-major, so (i, j) is at
  // ((i / 2 * 3 + j / 2) * 2 + i % 2) * 2 + j % 2 (the hand formula).
  float f[24] = {};
  const auto hand = [](index_t i, index_t j) { return ((i / 2 * 3 + j / 2) * 2 + i % 2) * 2 + j % 2; };
  const auto m = make_runtime_mapping("f32[3,5]{1,0:T(2,2)}");
  const auto t2 = make_runtime_tensor<2>(f, "f32[3,5]{1,0:T(2,2)}");
  const auto t = make_runtime_tensor(f, std::string_view("f32[3,5]{1,0:T(2,2)}"));
  REQUIRE(m.has_value());
  REQUIRE(t2.has_value());
  REQUIRE(t.has_value());
  CHECK(t->rank() == 2);
  for (index_t i = 0; i < 3; ++i) {
    for (index_t j = 0; j < 5; ++j) {
      INFO(i << ", " << j);
      CHECK((*m)(i, j) == hand(i, j));
      CHECK(&(*t2)(i, j) == f + hand(i, j));
      CHECK(&(*t)(i, j) == f + hand(i, j));
    }
  }
  // The parser's error with its column (0-based: the 'x' after the layout), then make_runtime_tensor's own.
  const error trailing{error_id::extra_content, 20};
  CHECK(make_runtime_mapping("f32[3,5]{1,0:T(2,2)}x").error() == trailing);
  CHECK(make_runtime_tensor(f, "f32[3,5]{1,0:T(2,2)}x").error() == trailing);
  CHECK(make_runtime_tensor<2>(f, "f32[3,5]{1,0:T(2,2)}x").error() == trailing);
  CHECK(make_runtime_tensor<3>(f, "f32[3,5]{1,0:T(2,2)}").error().id == error_id::index_rank_mismatch);
  CHECK(make_runtime_tensor(f, "f32[?,5]").error().id == error_id::dynamic_dimension);
  CHECK(make_runtime_tensor(f, "bf16[3,5]").error().id == error_id::unsupported_element_size);

  // visit with the rank a run-time value hands over the tensor itself (no fixed path): the loop written for
  // rank 2 reads every element where the hand formula puts it.
  for (index_t k = 0; k < 24; ++k) f[k] = float(k);
  const float sum = t->visit([](const auto& a) {
    static_assert(std::is_same_v<std::remove_cvref_t<decltype(a)>, runtime_tensor<float>>);
    float s = 0;
    for (index_t i = 0; i < 3; ++i) {
      for (index_t j = 0; j < 5; ++j) s += a(i, j) * float(1 + i * 5 + j);
    }
    return s;
  });
  float expected = 0;
  for (index_t i = 0; i < 3; ++i) {
    for (index_t j = 0; j < 5; ++j) expected += float(hand(i, j)) * float(1 + i * 5 + j);
  }
  CHECK(sum == expected);
}

TEST_CASE("runtime_tensor: a shape without elements and a '*' layout the form shows strided are accepted",
          "[tensor][runtime]") {
  float f[32] = {};
  // A zero batch with a TPU layout (a custom call may receive one): nothing to place, span 0, no visit.
  for (const char* text : {"f32[0,256]{1,0:T(8,128)}", "f32[8,0]{1,0:T(8,128)}", "f32[0]{0:T(128)}",
                           "f32[3,0,5]{2,1,0:T(2,2)}", "f32[0,5]{0,1:T(*,2)(2,1)}"}) {
    INFO(text);
    const shape s = *parse_shape(text);
    const auto t = make_runtime_tensor(f, s);
    REQUIRE(t.has_value());
    CHECK(t->required_span_size() == required_span_size(s));
    CHECK(t->size() == 0);
    int visits = 0;
    for_each(*t, [&](std::span<const index_t>, float&) { ++visits; });
    CHECK(visits == 0);
  }
  // s32[9,3]{0,1:T(*,2)} merges the physical dimensions (3, 9) and cuts them in pairs: slot e0 + 9 * e1
  // (XLA's order kept), strided although the tiles do not split into digits.
  const auto c = make_runtime_tensor(f, *parse_shape("f32[9,3]{0,1:T(*,2)}"));
  REQUIRE(c.has_value());
  CHECK(c->mapping().is_strided());
  CHECK(&(*c)(4, 2) == f + 4 + 9 * 2);
  CHECK(&(*c)(8, 1) == f + 17);
}

TEST_CASE("runtime_tensor<T, R> holds a mapping of capacity R", "[tensor][runtime]") {
  // Its size follows its rank, not XLAYOUT_MAX_RANK: what every copy, view and kernel parameter pays.
  STATIC_REQUIRE(std::is_same_v<runtime_tensor<float, 2>::mapping_type, basic_runtime_mapping<2>>);
  STATIC_REQUIRE(std::is_same_v<runtime_tensor<float>::mapping_type, runtime_mapping>);
  STATIC_REQUIRE(std::is_same_v<runtime_tensor<float, 0>::mapping_type, basic_runtime_mapping<1>>);
  STATIC_REQUIRE(sizeof(runtime_tensor<float, 2>) * 4 < sizeof(runtime_tensor<float>));
  STATIC_REQUIRE(sizeof(runtime_tensor<float, 2>) < sizeof(runtime_tensor<float, 3>));
  // Built from a mapping of any capacity (the full one converts), with the same slots.
  float f[64] = {};
  const shape s = *parse_shape("f32[4,8]{1,0:T(2,4)}");
  const auto full = make_runtime_mapping(s);
  REQUIRE(full.has_value());
  const runtime_tensor<float, 2> t(f, *full);
  const auto made = make_runtime_tensor<2>(f, s);
  REQUIRE(made.has_value());
  for (index_t i = 0; i < 4; ++i) {
    for (index_t j = 0; j < 8; ++j) {
      CHECK(&t(i, j) == f + linear_index(s, {i, j}));
      CHECK(&(*made)(i, j) == f + linear_index(s, {i, j}));
    }
  }
  // Back to the full capacity (implicit: it holds every rank).
  const runtime_mapping back = t.mapping();
  CHECK(back.rank() == 2);
  CHECK(back(3, 7) == 31);
  // And in a constant expression.
  constexpr auto m2 = make_runtime_mapping<2>(shape_v<"f32[3,5]{1,0:T(2,2)}">);
  STATIC_REQUIRE((m2.has_value() && (*m2)(2, 3) == 17));
}
