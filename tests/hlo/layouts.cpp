// tests/hlo/layouts.cpp: hlo::checked_physical_access / checked_tiled_access (an op's or a fusion's map
// composed with an operand's layout) against brute force: for every output index, the operand indices the
// op reads (an independent reference semantics written here), laid out by xlayout::linear_index, must be
// the image of the composed map; the tiled index, linearized row-major over the tiled shape (worked out by
// hand from XLA's "Tiled layout" document), must be that offset too. Also the element-by-element check of
// the untiled counterpart of a T(8,128)(2,1) bf16 layout that static_tests/hlo/layouts_as_maps.pass.cpp uses
// at bf16[1024,1024].
#include <catch2/catch.hpp>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>
#include <xlayout/hlo.hpp>
#include <xlayout/indexing.hpp>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/text/parse_shape.hpp>

#include "support/indexing_image.hpp"

using namespace xlayout;
using xlayout::testing::dims;
using xlayout::testing::idx;
using xlayout::testing::image;
using xlayout::testing::str;

namespace {

std::unique_ptr<hlo::module> parse(const std::string& text) {
  auto m = std::make_unique<hlo::module>();
  const hlo::parse_error e = hlo::parse_module_into(text, *m);
  INFO(text);
  REQUIRE(e.id == error_id::none);
  return m;
}

index_t lin(const shape& s, const idx& i) {
  index_vector v;
  for (index_t x : i) v.push_back(x);
  return linear_index(s, v);
}

index_t row_major(const idx& i, const dims& d) {
  REQUIRE(i.size() == d.size());
  index_t l = 0;
  for (std::size_t k = 0; k < d.size(); ++k) l = l * d[k] + i[k];
  return l;
}

dims dims_of(const shape& s) { return dims(s.dimensions.begin(), s.dimensions.end()); }

// operand index sets output index `out` reads of operand k (the reference semantics of the op)
using reference = std::function<std::set<idx>(const idx& out, std::size_t k)>;

// For every output index and every listed operand: the image of the physical access equals the
// linear_index of the reference's operand indices, and the tiled access linearized over `tiled` too.
void check_access(const std::string& text, const reference& reads, const std::vector<std::size_t>& operands,
                  const std::vector<dims>& tiled) {
  const auto m = parse(text);
  const std::uint16_t root = m->computations[m->entry].root;
  const hlo::op o = hlo::op_of(*m, root);
  const auto maps = hlo::checked_output_to_input(o, 0);
  REQUIRE(maps.has_value());
  for (std::size_t n = 0; n < operands.size(); ++n) {
    const std::size_t k = operands[n];
    const shape& s = o.operands[k];
    const auto pa = hlo::checked_physical_access((*maps)[k], s);
    const auto ta = hlo::checked_tiled_access((*maps)[k], s);
    REQUIRE(pa.has_value());
    REQUIRE(ta.has_value());
    INFO("operand " << k << " physical access " << to_string(pa->map).view() << "\ntiled access "
                    << to_string(ta->map).view());
    std::size_t checked = 0;
    testing::for_each_index(dims_of(o.results[0]), [&](const idx& out) {
      std::set<idx> want;
      for (const idx& in : reads(out, k)) want.insert(idx{lin(s, in)});
      const std::set<idx> got = image(pa->map, out);
      std::set<idx> got_tiled;
      for (const idx& t : image(ta->map, out)) got_tiled.insert(idx{row_major(t, tiled[n])});
      INFO("output " << str(out));
      CHECK(str(got) == str(want));
      CHECK(str(got_tiled) == str(want));
      ++checked;
    });
    CHECK(checked > 0);
  }
}

}  // namespace

TEST_CASE(
    "Tiled layout document: bf16[16,256]{1,0:T(8,128)(2,1)} lays out elements as the untiled "
    "bf16[2,2,4,128,2]{4,3,2,1,0} (brute force over linear_index)",
    "[hlo][layouts]") {
  const shape a = parse_shape("bf16[16,256]{1,0:T(8,128)(2,1)}").value();
  const shape b = parse_shape("bf16[2,2,4,128,2]{4,3,2,1,0}").value();
  // T(8,128): (i / 8, j / 128, i mod 8, j mod 128); T(2,1) on the last two: (i mod 8) / 2, j mod 128,
  // i mod 2 (and a trailing 1).
  std::set<index_t> offsets;
  for (index_t i = 0; i < 16; ++i) {
    for (index_t j = 0; j < 256; ++j) {
      const index_t la = lin(a, {i, j});
      INFO(i << "," << j);
      CHECK(la == lin(b, {i / 8, j / 128, (i % 8) / 2, j % 128, i % 2}));
      offsets.insert(la);
    }
  }
  CHECK(offsets.size() == 16 * 256);
  CHECK(*offsets.rbegin() == 16 * 256 - 1);
  // The same maps, through xlayout: the bitcast read then the tiled layout is the untiled offset, at every
  // element (the static test proves it at bf16[1024,1024] with `equivalent`).
  hlo::operand_indexing read;
  read.map =
      parse_indexing_map(
          "(d0, d1, d2, d3, d4) -> (d0 * 8 + d2 * 2 + d4, d1 * 128 + d3), domain: d0 in [0, 1], d1 in [0, "
          "1], d2 in [0, 3], d3 in [0, 127], d4 in [0, 1]")
          .value();
  const auto pa = hlo::checked_physical_access(read, a);
  REQUIRE(pa.has_value());
  testing::for_each_index(dims_of(b), [&](const idx& e) {
    INFO(str(e));
    CHECK(str(image(pa->map, e)) == str(std::set<idx>{idx{lin(b, e)}}));
  });
}

TEST_CASE("physical access of a transpose of a tiled operand: brute force", "[hlo][layouts]") {
  check_access(R"(HloModule m
ENTRY e {
  p0 = f32[24,16]{1,0:T(8,8)} parameter(0)
  ROOT t = f32[16,24]{1,0} transpose(p0), dimensions={1,0}
})",
               [](const idx& o, std::size_t) {
                 return std::set<idx>{{o[1], o[0]}};
               },
               {0}, {{3, 2, 8, 8}});
}

TEST_CASE("physical access of a reverse of a padded, column-major tiled operand: brute force",
          "[hlo][layouts]") {
  // {0,1:T(2,4)} on [5,7]: physical order (7, 5), tiled to (4, 2, 2, 4): padding in both dimensions.
  check_access(R"(HloModule m
ENTRY e {
  p0 = f32[5,7]{0,1:T(2,4)} parameter(0)
  ROOT r = f32[5,7]{1,0} reverse(p0), dimensions={0,1}
})",
               [](const idx& o, std::size_t) {
                 return std::set<idx>{{4 - o[0], 6 - o[1]}};
               },
               {0}, {{4, 2, 2, 4}});
}

TEST_CASE("physical access of a strided slice of bf16 T(8,128)(2,1): brute force", "[hlo][layouts]") {
  check_access(R"(HloModule m
ENTRY e {
  p0 = bf16[16,256]{1,0:T(8,128)(2,1)} parameter(0)
  ROOT s = bf16[4,35]{1,0} slice(p0), slice={[2:14:3], [10:250:7]}
})",
               [](const idx& o, std::size_t) {
                 return std::set<idx>{{2 + 3 * o[0], 10 + 7 * o[1]}};
               },
               {0}, {{2, 2, 4, 128, 2, 1}});
}

TEST_CASE("physical access of a broadcast of a tiled vector: brute force", "[hlo][layouts]") {
  check_access(R"(HloModule m
ENTRY e {
  p0 = f32[10]{0:T(4)} parameter(0)
  ROOT b = f32[3,10]{1,0} broadcast(p0), dimensions={1}
})",
               [](const idx& o, std::size_t) { return std::set<idx>{{o[1]}}; }, {0}, {{3, 4}});
}

TEST_CASE("physical access of a reduce of a tiled operand (range variables): brute force", "[hlo][layouts]") {
  // {0,1:T(4,2)} on [8,6]: physical order (6, 8), tiled to (2, 4, 4, 2).
  check_access(R"(HloModule m
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  p0 = f32[8,6]{0,1:T(4,2)} parameter(0)
  c = f32[] constant(0)
  ROOT r = f32[8]{0} reduce(p0, c), dimensions={1}, to_apply=add
})",
               [](const idx& o, std::size_t) {
                 std::set<idx> s;
                 for (index_t j = 0; j < 6; ++j) s.insert({o[0], j});
                 return s;
               },
               {0}, {{2, 4, 4, 2}});
}

TEST_CASE("physical access of p0 + transpose(p0) in a fusion, p0 tiled: brute force", "[hlo][layouts]") {
  const auto m = parse(R"(HloModule m
f {
  p0 = f32[16,16]{1,0:T(8,8)} parameter(0)
  t = f32[16,16]{1,0} transpose(p0), dimensions={1,0}
  ROOT a = f32[16,16]{1,0} add(p0, t)
}
ENTRY e {
  p = f32[16,16]{1,0:T(8,8)} parameter(0)
  ROOT fusion = f32[16,16]{1,0} fusion(p), kind=kLoop, calls=f
})");
  const auto f = hlo::checked_output_to_input(*m, 0);
  REQUIRE(f.has_value());
  REQUIRE(f->num_operands() == 1);
  REQUIRE(f->count(0) == 2);
  const shape& s = hlo::parameter_shape(*m, *f, 0);
  CHECK(s.layout.tiles.size() == 1);
  std::vector<indexing_map> access;
  for (std::size_t j = 0; j < 2; ++j) {
    const auto pa = hlo::checked_physical_access(*m, *f, 0, j);
    REQUIRE(pa.has_value());
    access.push_back(pa->map);
  }
  CHECK(hlo::checked_physical_access(*m, *f, 0, 2).error().id == error_id::hlo_operand_out_of_range);
  CHECK(hlo::checked_tiled_access(*m, *f, 1, 0).error().id == error_id::hlo_operand_out_of_range);
  testing::for_each_index({16, 16}, [&](const idx& o) {
    const std::set<idx> want{{lin(s, o)}, {lin(s, {o[1], o[0]})}};
    std::set<idx> got;
    for (const indexing_map& a : access) {
      for (const idx& x : image(a, o)) got.insert(x);
    }
    INFO(str(o));
    CHECK(str(got) == str(want));
  });
}

TEST_CASE("physical access: undefined stays undefined; a dynamic operand is an error", "[hlo][layouts]") {
  const hlo::operand_indexing undefined;
  const auto r = hlo::checked_physical_access(undefined, parse_shape("f32[4,4]{1,0:T(2,2)}").value());
  REQUIRE(r.has_value());
  CHECK(r->map.is_undefined());
  hlo::operand_indexing x;
  x.map = parse_indexing_map("(d0) -> (d0), domain: d0 in [0, 3]").value();
  CHECK_FALSE(hlo::checked_physical_access(x, parse_shape("f32[<=4]").value()).has_value());
}
