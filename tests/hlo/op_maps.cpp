// tests/hlo/op_maps.cpp: hlo::output_to_input / input_to_output. Named cases from XLA's "Indexing
// analysis" document and its tests; and laws on random small ops: for every output index, the
// set of operand indices the op reads, computed here by an independent reference semantics of each op,
// equals the set the map gives (its symbols enumerated over their ranges, filtered by the domain); the
// input-to-output maps give the inverse relation. Fixed random seed.
#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>
#include <xlayout/hlo.hpp>
#include <xlayout/indexing.hpp>
#include <xlayout/text.hpp>

using namespace xlayout;
using idx = std::vector<index_t>;
using dims = std::vector<index_t>;

namespace {

// ---- building ops ----------------------------------------------------------------------------------

constexpr shape shp(std::initializer_list<index_t> d) { return make_shape(element_type::f32, d); }
shape shp(const dims& d) {
  shape s;
  s.element_type = element_type::f32;
  for (index_t x : d) {
    s.dimensions.push_back(x);
    s.dynamic_dimensions.push_back(false);
  }
  s.layout = default_layout(static_cast<index_t>(d.size()));
  return s;
}
dims dims_of(const shape& s) { return dims(s.dimensions.begin(), s.dimensions.end()); }
dimension_list dl(const std::vector<index_t>& v) {
  dimension_list l;
  for (index_t x : v) l.push_back(x);
  return l;
}
constexpr dimension_list cdl(std::initializer_list<index_t> v) {
  dimension_list l;
  for (index_t x : v) l.push_back(x);
  return l;
}

constexpr hlo::op make_op(hlo::opcode c, std::initializer_list<shape> operands,
                          std::initializer_list<shape> results) {
  hlo::op o;
  o.code = c;
  for (const shape& s : operands) o.operands.push_back(s);
  for (const shape& s : results) o.results.push_back(s);
  return o;
}

constexpr indexing_map xla(std::string_view text) { return parse_indexing_map(text).value(); }
std::string map_text(const indexing_map& m) { return std::string(to_string(m).view()); }

// ---- the law ---------------------------------------------------------------------------------------

void for_each_index(const dims& d, const std::function<void(const idx&)>& f) {
  for (index_t x : d) {
    if (x <= 0) return;
  }
  idx i(d.size(), 0);
  while (true) {
    f(i);
    std::size_t k = d.size();
    while (k > 0) {
      --k;
      if (++i[k] < d[k]) break;
      i[k] = 0;
      if (k == 0) return;
    }
    if (d.empty()) return;
  }
}

// Values of the index operands (dynamic-slice offsets, gather indices), row-major.
struct tensor {
  dims shape;
  std::vector<index_t> data;
  index_t at(const idx& i) const {
    index_t lin = 0;
    for (std::size_t k = 0; k < shape.size(); ++k) lin = lin * shape[k] + i[k];
    return data[static_cast<std::size_t>(lin)];
  }
};
using values = std::map<std::size_t, tensor>;

// The image of `from` under one operand indexing: range variables over their bounds, runtime variables
// set to the value of their source operand at the index their map gives, points outside the domain
// dropped.
std::set<idx> image(const hlo::operand_indexing& oi, const idx& from, const values& vals) {
  const indexing_map& m = oi.map;
  std::set<idx> out;
  REQUIRE(!m.is_undefined());
  if (m.is_known_empty()) return out;
  REQUIRE(from.size() == m.num_dims);
  std::vector<index_t> vars(m.num_vars(), 0);
  for (std::size_t i = 0; i < from.size(); ++i) vars[i] = from[i];
  const std::size_t first_rt = m.num_dims + m.num_range_vars;
  REQUIRE(oi.runtime_variables.size() == m.num_rt_vars);
  for (std::size_t k = 0; k < m.num_rt_vars; ++k) {
    const hlo::runtime_variable& rv = oi.runtime_variables[k];
    const auto at = checked_evaluate(rv.map, from.data(), from.size(), nullptr, 0);
    REQUIRE(at.has_value());
    vars[first_rt + k] = vals.at(rv.operand).at(idx(at->begin(), at->end()));
  }
  dims range;
  for (std::size_t j = 0; j < m.num_range_vars; ++j) {
    const interval b = m.bounds[m.num_dims + j];
    REQUIRE(b.upper - b.lower < 4096);
    range.push_back(b.upper - b.lower + 1);
  }
  for_each_index(range, [&](const idx& s) {
    for (std::size_t j = 0; j < s.size(); ++j) vars[m.num_dims + j] = m.bounds[m.num_dims + j].lower + s[j];
    if (!in_domain(m, vars.data(), vars.size())) return;
    const auto r = checked_evaluate(m, vars.data(), m.num_dims, vars.data() + m.num_dims, m.num_symbols());
    REQUIRE(r.has_value());
    out.insert(idx(r->begin(), r->end()));
  });
  return out;
}

std::string str(const idx& i) {
  std::string s = "(";
  for (std::size_t k = 0; k < i.size(); ++k) s += (k ? "," : "") + std::to_string(i[k]);
  return s + ")";
}
std::string str(const std::set<idx>& s) {
  std::string r = "{";
  for (const idx& i : s) r += str(i) + " ";
  return r + "}";
}

// reads(o, k): the operand-k indices output index o reads (the reference semantics).
using reference = std::function<std::set<idx>(const idx& out, std::size_t operand)>;

enum class law { exact, superset };

// o2i for output `output_id`: every output index, every operand: the map's image equals the reference.
// i2o: every operand index reaches exactly the outputs whose reference reads it.
void check_laws(const hlo::op& o, const reference& reads, const values& vals = {}, std::size_t output_id = 0,
                bool check_i2o = true, const std::vector<law>& laws = {}) {
  INFO("op " << to_string(o.code));
  const auto o2i = hlo::checked_output_to_input(o, output_id);
  REQUIRE(o2i.has_value());
  REQUIRE(o2i->size() == o.operands.size());
  const dims out_dims = dims_of(o.results[output_id]);
  std::vector<std::map<idx, std::set<idx>>> inverse(o.operands.size());
  for_each_index(out_dims, [&](const idx& out) {
    for (std::size_t k = 0; k < o.operands.size(); ++k) {
      const std::set<idx> want = reads(out, k);
      for (const idx& in : want) inverse[k][in].insert(out);
      const std::set<idx> got = image((*o2i)[k], out, vals);
      INFO("operand " << k << " output " << str(out) << " map " << map_text((*o2i)[k].map));
      if (k < laws.size() && laws[k] == law::superset) {
        CHECK(std::includes(got.begin(), got.end(), want.begin(), want.end()));
      } else {
        CHECK(str(got) == str(want));
      }
    }
  });
  if (!check_i2o) return;
  for (std::size_t k = 0; k < o.operands.size(); ++k) {
    const auto i2o = hlo::checked_input_to_output(o, k);
    REQUIRE(i2o.has_value());
    REQUIRE(i2o->size() == std::max<std::size_t>(1, o.results.size()));
    for_each_index(dims_of(o.operands[k]), [&](const idx& in) {
      const auto it = inverse[k].find(in);
      const std::set<idx> want = it == inverse[k].end() ? std::set<idx>{} : it->second;
      const std::set<idx> got = image((*i2o)[output_id], in, vals);
      INFO("i2o operand " << k << " index " << str(in) << " map " << map_text((*i2o)[output_id].map));
      CHECK(str(got) == str(want));
    });
  }
}

// ---- random shapes ---------------------------------------------------------------------------------

std::mt19937 rng(20261123);
index_t uniform(index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); }
dims random_dims(std::size_t rank, index_t lo = 1, index_t hi = 4) {
  dims d;
  for (std::size_t i = 0; i < rank; ++i) d.push_back(uniform(lo, hi));
  return d;
}
std::vector<index_t> random_permutation(std::size_t n) {
  std::vector<index_t> p(n);
  for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<index_t>(i);
  std::shuffle(p.begin(), p.end(), rng);
  return p;
}
idx delinearize(index_t lin, const dims& d) {
  idx i(d.size());
  for (std::size_t k = d.size(); k-- > 0;) {
    i[k] = lin % d[k];
    lin /= d[k];
  }
  return i;
}
index_t linearize(const idx& i, const dims& d) {
  index_t lin = 0;
  for (std::size_t k = 0; k < d.size(); ++k) lin = lin * d[k] + i[k];
  return lin;
}
// The position of an element in memory under a minor_to_major layout (tiles ignored).
index_t physical(const idx& i, const shape& s) {
  index_t lin = 0;
  for (std::size_t k = s.rank(); k-- > 0;) {
    const auto d = static_cast<std::size_t>(s.layout.minor_to_major[k]);
    lin = lin * s.dimensions[d] + i[d];
  }
  return lin;
}
idx from_physical(index_t lin, const shape& s) {
  idx i(s.rank());
  for (std::size_t k = 0; k < s.rank(); ++k) {
    const auto d = static_cast<std::size_t>(s.layout.minor_to_major[k]);
    i[d] = lin % s.dimensions[d];
    lin /= s.dimensions[d];
  }
  return i;
}
shape with_random_layout(shape s) {
  s.layout.minor_to_major.clear();
  for (index_t d : random_permutation(s.rank())) s.layout.minor_to_major.push_back(d);
  return s;
}

// One window dimension applied to an output position: the input positions it reads (padding and the
// holes of base dilation read nothing).
std::vector<index_t> window_reads(index_t out, const hlo::window_dimension& w, index_t in_size, index_t k) {
  const index_t p = out * w.stride + k * w.window_dilation - w.padding_low;
  if (p < 0 || p % w.base_dilation != 0 || p / w.base_dilation >= in_size) return {};
  return {p / w.base_dilation};
}
hlo::window_dimension random_window(index_t in_size, index_t& out_size) {
  while (true) {
    hlo::window_dimension w;
    w.size = uniform(1, 3);
    w.stride = uniform(1, 2);
    w.padding_low = uniform(-1, 2);
    w.padding_high = uniform(-1, 2);
    w.base_dilation = uniform(1, 2);
    w.window_dilation = uniform(1, 2);
    w.window_reversal = uniform(0, 1) == 1;
    const index_t padded = w.padding_low + w.padding_high + (in_size - 1) * w.base_dilation + 1;
    const index_t window = (w.size - 1) * w.window_dilation + 1;
    if (padded < window) continue;
    out_size = (padded - window) / w.stride + 1;
    return w;
  }
}

}  // namespace

// ---- named cases -------------------------------------------------------------------------------------

TEST_CASE("Indexing analysis document: transpose, both directions (constexpr)", "[hlo][op_maps]") {
  constexpr hlo::op t = [] {
    hlo::op o = make_op(hlo::opcode::transpose, {shp({3, 12288, 6, 128})}, {shp({3, 6, 128, 12288})});
    o.attrs.dimensions = cdl({0, 2, 3, 1});
    return o;
  }();
  STATIC_REQUIRE(
      hlo::output_to_input(t, 0)[0].map ==
      xla("(d0, d1, d2, d3) -> (d0, d3, d1, d2), domain: d0 in [0, 2], d1 in [0, 5], d2 in [0, 127], "
          "d3 in [0, 12287]"));
  STATIC_REQUIRE(
      hlo::input_to_output(t, 0)[0].map ==
      xla("(d0, d1, d2, d3) -> (d0, d2, d3, d1), domain: d0 in [0, 2], d1 in [0, 12287], d2 in [0, 5], "
          "d3 in [0, 127]"));
}

TEST_CASE("XLA's ReduceOp test: reduced dimensions become range variables, inits -> () (constexpr)",
          "[hlo][op_maps]") {
  constexpr hlo::op r = [] {
    hlo::op o = make_op(hlo::opcode::reduce, {shp({150, 20, 10, 50}), shp({})}, {shp({150, 10})});
    o.attrs.dimensions = cdl({3, 1});
    return o;
  }();
  STATIC_REQUIRE(hlo::output_to_input(r, 0).size() == 2);
  STATIC_REQUIRE(
      hlo::output_to_input(r, 0)[0].map ==
      xla("(d0, d1)[s0, s1] -> (d0, s0, d1, s1), domain: d0 in [0, 149], d1 in [0, 9], s0 in [0, 19], "
          "s1 in [0, 49]"));
  STATIC_REQUIRE(hlo::output_to_input(r, 0)[1].map ==
                 xla("(d0, d1) -> (), domain: d0 in [0, 149], d1 in [0, 9]"));
  STATIC_REQUIRE(hlo::input_to_output(r, 1)[0].map ==
                 xla("()[s0, s1] -> (s0, s1), domain: s0 in [0, 149], s1 in [0, 9]"));
}

TEST_CASE("Indexing analysis document: slice with strides", "[hlo][op_maps]") {
  hlo::op s = make_op(hlo::opcode::slice, {shp({10, 20, 50})}, {shp({5, 3, 25})});
  s.attrs.slice.push_back({5, 10, 1});
  s.attrs.slice.push_back({3, 20, 7});
  s.attrs.slice.push_back({0, 50, 2});
  CHECK(map_text(hlo::output_to_input(s, 0)[0].map) ==
        "(d0, d1, d2) -> (d0 + 5, d1 * 7 + 3, d2 * 2), domain: d0 in [0, 4], d1 in [0, 2], d2 in [0, 24]");
  // The document: (d0, d1, d2) -> (d0, d1 / 7, d2 / 2) on the strided range; XLA's test subtracts the start.
  CHECK(map_text(hlo::input_to_output(s, 0)[0].map) ==
        "(d0, d1, d2) -> (d0 - 5, (d1 - 3) / 7, d2 / 2), domain: d0 in [5, 9], d1 in [3, 17], d2 in [0, 48], "
        "(d1 - 3) mod 7 in [0, 0], d2 mod 2 in [0, 0]");
}

TEST_CASE("Indexing analysis document: generic reshape f32[4,8] -> f32[2,4,4] (linearize, delinearize)",
          "[hlo][op_maps]") {
  const hlo::op r = make_op(hlo::opcode::reshape, {shp({4, 8})}, {shp({2, 4, 4})});
  // The document's forms (equivalent to XLA's simplified ones).
  CHECK(equivalent(hlo::output_to_input(r, 0)[0].map,
                   xla("(d0, d1, d2) -> (d0 * 2 + (d1 * 4 + d2) floordiv 8, (d1 * 4 + d2) mod 8), domain: "
                       "d0 in [0, 1], d1 in [0, 3], d2 in [0, 3]")) == tribool::yes);
  CHECK(
      equivalent(hlo::input_to_output(r, 0)[0].map,
                 xla("(d0, d1) -> ((d0 * 8 + d1) floordiv 16, ((d0 * 8 + d1) mod 16) floordiv 4, d1 mod 4), "
                     "domain: d0 in [0, 3], d1 in [0, 7]")) == tribool::yes);
  CHECK(map_text(hlo::output_to_input(r, 0)[0].map) ==
        "(d0, d1, d2) -> (d0 * 2 + d1 / 2, (d1 mod 2) * 4 + d2), domain: d0 in [0, 1], d1 in [0, 3], d2 in "
        "[0, 3]");
}

TEST_CASE("Indexing analysis document: concatenate", "[hlo][op_maps]") {
  hlo::op c = make_op(hlo::opcode::concatenate, {shp({3, 50}), shp({3, 30})}, {shp({3, 80})});
  c.attrs.dimensions = cdl({1});
  const auto o2i = hlo::output_to_input(c, 0);
  CHECK(map_text(o2i[0].map) == "(d0, d1) -> (d0, d1), domain: d0 in [0, 2], d1 in [0, 49]");
  CHECK(map_text(o2i[1].map) == "(d0, d1) -> (d0, d1 - 50), domain: d0 in [0, 2], d1 in [50, 79]");
  CHECK(map_text(hlo::input_to_output(c, 1)[0].map) ==
        "(d0, d1) -> (d0, d1 + 50), domain: d0 in [0, 2], d1 in [0, 29]");
}

TEST_CASE("dynamic-slice: a constant offset folds into the map as XLA folds it; out of range it does not",
          "[hlo][op_maps]") {
  hlo::op ds = make_op(hlo::opcode::dynamic_slice, {shp({100, 8}), shp({}), shp({})}, {shp({10, 8})});
  ds.attrs.dynamic_slice_sizes = cdl({10, 8});
  ds.operand_values.resize(3);
  ds.operand_values[1] = {true, 42};
  ds.operand_values[2] = {false, 0};
  auto r = hlo::output_to_input(ds, 0);
  CHECK(map_text(r[0].map) ==
        "(d0, d1){rt0} -> (d0 + 42, d1 + rt0), domain: d0 in [0, 9], d1 in [0, 7], rt0 in [0, 0]");
  REQUIRE(r[0].runtime_variables.size() == 1);
  CHECK(r[0].runtime_variables[0].operand == 2);
  CHECK(std::string(hlo::to_string(r[0]).view()) ==
        "(d0, d1){rt0} -> (d0 + 42, d1 + rt0), domain: d0 in [0, 9], d1 in [0, 7], rt0 in [0, 0]\n"
        "runtime variables:\n\nrt0: parameter(2); (d0, d1) -> (), domain: d0 in [0, 9], d1 in [0, 7]");
  ds.operand_values[1] = {true, 91};  // > 100 - 10: XLA keeps the runtime variable
  r = hlo::output_to_input(ds, 0);
  CHECK(map_text(r[0].map) ==
        "(d0, d1){rt0, rt1} -> (d0 + rt0, d1 + rt1), domain: d0 in [0, 9], d1 in [0, 7], rt0 in [0, 90], rt1 "
        "in [0, 0]");
  hlo::op dus = make_op(hlo::opcode::dynamic_update_slice, {shp({20, 30}), shp({5, 10}), shp({}), shp({})},
                        {shp({20, 30})});
  dus.operand_values.resize(4);
  dus.operand_values[2] = {true, 3};
  CHECK(map_text(hlo::output_to_input(dus, 0)[1].map) ==
        "(d0, d1){rt0} -> (d0 - 3, d1 - rt0), domain: d0 in [0, 19], d1 in [0, 29], rt0 in [0, 20]");
}

TEST_CASE("undefined maps for opcodes the analysis does not model; errors for malformed ops",
          "[hlo][op_maps]") {
  hlo::op sort = make_op(hlo::opcode::other, {shp({4, 4}), shp({4, 3})}, {shp({4, 3})});
  auto o2i = hlo::checked_output_to_input(sort, 0);
  REQUIRE(o2i.has_value());
  REQUIRE(o2i->size() == 2);
  CHECK(o2i.value()[0].map.is_undefined());
  CHECK(std::string(hlo::to_string(o2i.value()[1]).view()) == "unknown indexing");
  auto i2o = hlo::checked_input_to_output(sort, 1);
  REQUIRE(i2o.has_value());
  CHECK((i2o->size() == 1 && i2o.value()[0].map.is_undefined()));
  // pad has no input-to-output maps in XLA.
  hlo::op pad = make_op(hlo::opcode::pad, {shp({4}), shp({})}, {shp({6})});
  pad.attrs.padding.push_back({1, 1, 0});
  CHECK(hlo::checked_input_to_output(pad, 0).value()[0].map.is_undefined());

  hlo::op t = make_op(hlo::opcode::transpose, {shp({2, 3})}, {shp({3, 2})});
  CHECK(hlo::checked_output_to_input(t, 0).error().id == error_id::hlo_malformed_op);  // no dimensions
  t.attrs.dimensions = cdl({1, 1});
  CHECK(hlo::checked_output_to_input(t, 0).error().id == error_id::hlo_malformed_op);
  t.attrs.dimensions = cdl({1, 0});
  CHECK(hlo::checked_output_to_input(t, 1).error().id == error_id::hlo_operand_out_of_range);
  CHECK(hlo::checked_input_to_output(t, 1).error().id == error_id::hlo_operand_out_of_range);
  hlo::op r = make_op(hlo::opcode::reshape, {shp({2, 3})}, {shp({5})});
  CHECK(hlo::checked_output_to_input(r, 0).error().id == error_id::hlo_malformed_op);
  hlo::op s = make_op(hlo::opcode::slice, {shp({2, 3})}, {shp({1, 3})});
  s.attrs.slice.push_back({0, 1, 1});
  CHECK(hlo::checked_output_to_input(s, 0).error().id == error_id::hlo_malformed_op);
  hlo::op conv = make_op(hlo::opcode::convolution, {shp({1, 4, 2}), shp({3, 2, 2})}, {shp({1, 2, 2})});
  CHECK(hlo::checked_output_to_input(conv, 0).error().id == error_id::hlo_malformed_op);  // no dim numbers
  hlo::op d = make_op(hlo::opcode::dot, {shp({2, 3})}, {shp({2, 2})});
  CHECK(hlo::checked_output_to_input(d, 0).error().id == error_id::hlo_malformed_op);  // missing rhs
  hlo::op none = make_op(hlo::opcode::add, {}, {});
  CHECK(hlo::checked_output_to_input(none, 0).error().id == error_id::hlo_malformed_op);
}

// ---- shapes that do not fit the opcode -----------------------------------------------------------------

namespace {

using one_op_module = hlo::basic_module<16, 2, 32, 512>;

/// The ENTRY root of a module as an hlo::op: parse_module reads the text (it checks the syntax and each
/// shape, not whether the shapes fit the opcode); the maps say whether they do.
hlo::op root_op(std::string_view text) {
  auto m = std::make_unique<one_op_module>();
  const hlo::parse_error e = hlo::parse_module_into(text, *m);
  INFO(text << "\n" << hlo::describe(e).view());
  REQUIRE(e.id == error_id::none);
  return hlo::op_of(*m, m->computations[m->entry].root);
}
/// The error of output_to_input (output 0) on the root of the module `text` (none when it has maps).
error_id o2i_error(std::string_view text) {
  return hlo::checked_output_to_input(root_op(text), 0).error().id;
}
/// The error of input_to_output (operand `input`) on the root of the module `text`.
error_id i2o_error(std::string_view text, std::size_t input = 0) {
  return hlo::checked_input_to_output(root_op(text), input).error().id;
}

}  // namespace

TEST_CASE("regression (audit): a '?' size is dynamic_dimension before any arithmetic on it",
          "[hlo][op_maps]") {
  // XLA stores '?' as INT64_MIN: pad, reduce-window, convolution, reverse, dynamic-slice and
  // dynamic-update-slice subtracted from it (signed overflow under UBSan; a dynamic-update-slice of a '?'
  // update gave a map that read nothing). A literal INT64_MIN slice size is no '?': malformed.
  const std::string e = "ENTRY e {\n";
  CHECK(o2i_error(e + "  p = f32[?] parameter(0)\n  z = f32[] constant(0)\n  ROOT r = f32[?] pad(p, z), "
                      "padding=1_1_1\n}") == error_id::dynamic_dimension);
  CHECK(o2i_error(e + "  p = f32[?] parameter(0)\n  ROOT r = f32[?] reverse(p), dimensions={0}\n}") ==
        error_id::dynamic_dimension);
  CHECK(i2o_error(e + "  p = f32[?] parameter(0)\n  ROOT r = f32[?] reverse(p), dimensions={0}\n}") ==
        error_id::dynamic_dimension);
  CHECK(o2i_error(e + "  p = f32[?] parameter(0)\n  i = s32[] parameter(1)\n  ROOT d = f32[4] "
                      "dynamic-slice(p, i), dynamic_slice_sizes={4}\n}") == error_id::dynamic_dimension);
  CHECK(o2i_error(e + "  p = f32[64] parameter(0)\n  u = f32[?] parameter(1)\n  i = s32[] parameter(2)\n"
                      "  ROOT d = f32[64] dynamic-update-slice(p, u, i)\n}") == error_id::dynamic_dimension);
  CHECK(o2i_error(e + "  p = f32[64,4096] parameter(0)\n  r = s32[] parameter(1)\n  z = s32[] constant(0)\n"
                      "  ROOT w = f32[8,4096] dynamic-slice(p, r, z), "
                      "dynamic_slice_sizes={-9223372036854775808,4096}\n}") == error_id::hlo_malformed_op);
  CHECK(o2i_error(e + "  p = f32[?] parameter(0)\n  q = f32[3] parameter(1)\n  ROOT r = f32[?] "
                      "concatenate(p, q), dimensions={0}\n}") == error_id::dynamic_dimension);
  CHECK(o2i_error(e + "  p = f32[?,4] parameter(0)\n  ROOT r = f32[?] reshape(p)\n}") ==
        error_id::dynamic_dimension);
  const std::string add =
      "add {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[] add(a, b)\n}\n";
  CHECK(o2i_error(add + e +
                  "  p = f32[?] parameter(0)\n  z = f32[] constant(0)\n  ROOT r = f32[?] "
                  "reduce-window(p, z), window={size=3 stride=2 pad=1_1}, to_apply=add\n}") ==
        error_id::dynamic_dimension);
}

TEST_CASE("regression (audit): a gather from a '?' operand: the start's range is unbounded above",
          "[hlo][op_maps]") {
  // The start of a simplified gather is clamped to [0, size - slice size]; with size '?' (index_min) that
  // subtraction overflowed (UBSan; with a slice of 2 the wrap read 2^63 - 2). Now the range is unbounded
  // above, without arithmetic on the '?'; a known size keeps its bound (10 - 2 = 8).
  const auto gather_of = [](std::string_view operand) {
    return "ENTRY e {\n  p = " + std::string(operand) +
           " parameter(0)\n  i = s32[4,1] parameter(1)\n"
           "  ROOT g = f32[4,2,8] gather(p, i), offset_dims={1,2}, collapsed_slice_dims={}, "
           "start_index_map={0}, index_vector_dim=1, slice_sizes={2,8}\n}";
  };
  for (const auto& [operand, upper] :
       {std::pair<std::string_view, index_t>{"f32[?,8]", xlayout::index_max}, {"f32[10,8]", 8}}) {
    INFO(operand);
    const auto maps = hlo::checked_output_to_input(root_op(gather_of(operand)), 0);
    REQUIRE(maps.has_value());
    REQUIRE(maps->size() == 2);
    const auto& operand_map = (*maps)[0].map;
    REQUIRE(operand_map.num_rt_vars == 1);
    CHECK(operand_map.bounds[operand_map.num_dims + operand_map.num_range_vars].lower == 0);
    CHECK(operand_map.bounds[operand_map.num_dims + operand_map.num_range_vars].upper == upper);
  }
}

TEST_CASE("regression (audit): operand counts are the opcode's (XLA's parser: \"expects 2 operands\")",
          "[hlo][op_maps]") {
  constexpr auto malformed = error_id::hlo_malformed_op;
  const std::string e = "ENTRY e {\n  p = f32[4] parameter(0)\n  q = pred[4] parameter(1)\n";
  CHECK(o2i_error(e + "  ROOT r = f32[4] add(p)\n}") == malformed);
  CHECK(o2i_error(e + "  ROOT r = f32[4] add(p, p, p)\n}") == malformed);
  CHECK(o2i_error(e + "  ROOT r = f32[4] negate(p, p)\n}") == malformed);
  CHECK(o2i_error(e + "  ROOT r = f32[4] select(q, p)\n}") == malformed);
  CHECK(o2i_error(e + "  ROOT r = f32[4] clamp(p, p)\n}") == malformed);
  CHECK(o2i_error(e + "  ROOT r = pred[4] compare(), direction=EQ\n}") == malformed);
  CHECK(i2o_error(e + "  ROOT r = f32[4] add(p)\n}") == malformed);
  CHECK(o2i_error(e + "  ROOT r = f32[4] add(p, p)\n}") == error_id::none);
  CHECK(o2i_error(e + "  ROOT r = f32[4] select(q, p, p)\n}") == error_id::none);
  // An iota has no operand, and its iota_dimension is one of its result's (XLA's verifier).
  CHECK(o2i_error(e + "  ROOT r = s32[4] iota(p), iota_dimension=0\n}") == malformed);
  CHECK(o2i_error(e + "  ROOT r = s32[4] iota(), iota_dimension=1\n}") == malformed);
  CHECK(o2i_error(e + "  ROOT r = s32[4] iota(), iota_dimension=0\n}") == error_id::none);
  // Gather indices from an iota whose dimension is out of range: malformed, not folded into the map.
  const std::string gather = "ENTRY e {\n  op = f32[8,6]{1,0} parameter(0)\n  idx = s32[5,1]{1,0} iota(), ";
  const std::string rest =
      "\n  ROOT g = f32[5,2,6]{2,1,0} gather(op, idx), offset_dims={1,2}, collapsed_slice_dims={}, "
      "start_index_map={0}, index_vector_dim=1, slice_sizes={2,6}\n}";
  CHECK(o2i_error(gather + "iota_dimension=7" + rest) == malformed);
  CHECK(o2i_error(gather + "iota_dimension=0" + rest) == error_id::none);
}

TEST_CASE("malformed dot (XLA's InferDotOpShape): output dims, contracting and batch sizes",
          "[hlo][op_maps]") {
  constexpr auto malformed = error_id::hlo_malformed_op;
  const std::string two = "ENTRY e {\n  p0 = f32[8,128] parameter(0)\n  p1 = f32[128,64] parameter(1)\n";
  const std::string dims = ", lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}";
  CHECK(o2i_error(two + "  ROOT d = f32[8,64]{1,0} dot(p0, p1)" + dims) == error_id::none);
  // The output must be lhs's free dims, then rhs's: 65 is no dimension of rhs; [64,8] has them swapped.
  CHECK(o2i_error(two + "  ROOT d = f32[8,65]{1,0} dot(p0, p1)" + dims) == malformed);
  CHECK(o2i_error(two + "  ROOT d = f32[64,8]{1,0} dot(p0, p1)" + dims) == malformed);
  // The contracting dimensions differ: 128 against 256.
  CHECK(o2i_error("ENTRY e {\n  p0 = f32[8,128] parameter(0)\n  p1 = f32[256,64] parameter(1)\n"
                  "  ROOT d = f32[8,64]{1,0} dot(p0, p1)" +
                  dims) == malformed);
  // Batch dimensions: sizes 2 and 3 differ; the output lists the batch dimension first.
  const std::string batch =
      ", lhs_batch_dims={0}, rhs_batch_dims={0}, lhs_contracting_dims={2}, "
      "rhs_contracting_dims={1}\n}";
  CHECK(o2i_error("ENTRY e {\n  p0 = f32[2,8,16] parameter(0)\n  p1 = f32[2,16,4] parameter(1)\n"
                  "  ROOT d = f32[2,8,4] dot(p0, p1)" +
                  batch) == error_id::none);
  CHECK(o2i_error("ENTRY e {\n  p0 = f32[2,8,16] parameter(0)\n  p1 = f32[3,16,4] parameter(1)\n"
                  "  ROOT d = f32[2,8,4] dot(p0, p1)" +
                  batch) == malformed);
  CHECK(o2i_error("ENTRY e {\n  p0 = f32[2,8,16] parameter(0)\n  p1 = f32[2,16,4] parameter(1)\n"
                  "  ROOT d = f32[8,2,4] dot(p0, p1)" +
                  batch) == malformed);
  // scaled-dot shares dot's rules.
  hlo::op sd = make_op(hlo::opcode::scaled_dot, {shp({8, 128}), shp({128, 64}), shp({8, 4}), shp({4, 64})},
                       {shp({8, 65})});
  sd.attrs.dot.lhs_contracting_dimensions = cdl({1});
  sd.attrs.dot.rhs_contracting_dimensions = cdl({0});
  CHECK(hlo::checked_output_to_input(sd, 0).error().id == malformed);
  sd.results[0] = shp({8, 64});
  CHECK(hlo::checked_output_to_input(sd, 0).has_value());
}

TEST_CASE("malformed broadcast (XLA's HLO verifier): an operand size differs from its output dimension",
          "[hlo][op_maps]") {
  const std::string p = "ENTRY e {\n  p0 = f32[20] parameter(0)\n";
  CHECK(o2i_error(p + "  ROOT b = f32[10,20]{1,0} broadcast(p0), dimensions={1}\n}") == error_id::none);
  CHECK(o2i_error(p + "  ROOT b = f32[10,21]{1,0} broadcast(p0), dimensions={1}\n}") ==
        error_id::hlo_malformed_op);
  CHECK(i2o_error(p + "  ROOT b = f32[10,21]{1,0} broadcast(p0), dimensions={1}\n}") ==
        error_id::hlo_malformed_op);
  // No degenerate broadcast in HLO: a size-1 operand dimension must match too.
  CHECK(o2i_error("ENTRY e {\n  p0 = f32[1] parameter(0)\n  ROOT b = f32[10,20]{1,0} broadcast(p0), "
                  "dimensions={1}\n}") == error_id::hlo_malformed_op);
}

TEST_CASE("malformed slice (XLA's InferSliceShape): output sizes, start and limit inside the operand",
          "[hlo][op_maps]") {
  const std::string p = "ENTRY e {\n  p0 = f32[20] parameter(0)\n";
  CHECK(o2i_error(p + "  ROOT s = f32[10]{0} slice(p0), slice={[0:20:2]}\n}") == error_id::none);
  CHECK(i2o_error(p + "  ROOT s = f32[10]{0} slice(p0), slice={[0:20:2]}\n}") == error_id::none);
  // ceil((20 - 0) / 2) is 10, not 7.
  CHECK(o2i_error(p + "  ROOT s = f32[7]{0} slice(p0), slice={[0:20:2]}\n}") == error_id::hlo_malformed_op);
  CHECK(i2o_error(p + "  ROOT s = f32[7]{0} slice(p0), slice={[0:20:2]}\n}") == error_id::hlo_malformed_op);
  // ceil((20 - 1) / 3) is 7.
  CHECK(o2i_error(p + "  ROOT s = f32[7]{0} slice(p0), slice={[1:20:3]}\n}") == error_id::none);
  CHECK(o2i_error(p + "  ROOT s = f32[6]{0} slice(p0), slice={[1:20:3]}\n}") == error_id::hlo_malformed_op);
  // The limit past the operand, a negative start, a start after the limit.
  CHECK(o2i_error(p + "  ROOT s = f32[5]{0} slice(p0), slice={[18:23]}\n}") == error_id::hlo_malformed_op);
  CHECK(o2i_error(p + "  ROOT s = f32[5]{0} slice(p0), slice={[-1:4]}\n}") == error_id::hlo_malformed_op);
  CHECK(o2i_error(p + "  ROOT s = f32[0]{0} slice(p0), slice={[5:3]}\n}") == error_id::hlo_malformed_op);
  // A '?' output size (XLA's unbounded dynamic size, index_min in the shape) overflowed in the operand's
  // constraint (the hlo_text fuzzer, under UBSan; the sanitize preset stops here on that code, where the
  // wrapped bound, clipped by the domain, printed the same): the input-to-output map is the static output's,
  // the operand read at 1, 4, ..., 19.
  const auto dynamic =
      hlo::checked_input_to_output(root_op(p + "  ROOT s = f32[?]{0} slice(p0), slice={[1:20:3]}\n}"), 0);
  const auto fixed =
      hlo::checked_input_to_output(root_op(p + "  ROOT s = f32[7]{0} slice(p0), slice={[1:20:3]}\n}"), 0);
  REQUIRE(dynamic.has_value());
  REQUIRE(fixed.has_value());
  CHECK(std::string(hlo::to_string((*dynamic)[0]).view()) == std::string(hlo::to_string((*fixed)[0]).view()));
  CHECK_THAT(std::string(hlo::to_string((*fixed)[0]).view()), Catch::Matchers::Contains("d0 in [1, 19]"));
}

TEST_CASE("malformed elementwise ops (XLA's HLO verifier): operand dims differ from the output's",
          "[hlo][op_maps]") {
  constexpr auto malformed = error_id::hlo_malformed_op;
  const std::string ab = "ENTRY e {\n  a = f32[20] parameter(0)\n  b = f32[21] parameter(1)\n";
  CHECK(o2i_error(ab + "  ROOT s = f32[20] add(a, b)\n}") == malformed);
  CHECK(i2o_error(ab + "  ROOT s = f32[20] add(a, b)\n}") == malformed);
  CHECK(o2i_error(ab + "  ROOT s = f32[20] multiply(a, a)\n}") == error_id::none);
  CHECK(o2i_error(ab + "  ROOT s = f32[21] multiply(a, a)\n}") == malformed);
  CHECK(o2i_error(ab + "  ROOT s = f32[20] negate(b)\n}") == malformed);
  CHECK(o2i_error(ab + "  ROOT c = pred[20] compare(a, b), direction=LT\n}") == malformed);
  // select: a scalar predicate is read at (); a predicate of other dims is malformed.
  const std::string sel =
      "ENTRY e {\n  a = f32[4] parameter(0)\n  c = pred[] parameter(1)\n"
      "  d = pred[5] parameter(2)\n";
  CHECK(o2i_error(sel + "  ROOT s = f32[4] select(c, a, a)\n}") == error_id::none);
  CHECK(o2i_error(sel + "  ROOT s = f32[4] select(d, a, a)\n}") == malformed);
  // clamp: scalar bounds are read at (); bounds of other dims are malformed.
  const std::string cl =
      "ENTRY e {\n  x = f32[4] parameter(0)\n  lo = f32[] parameter(1)\n"
      "  l3 = f32[3] parameter(2)\n";
  CHECK(o2i_error(cl + "  ROOT c = f32[4] clamp(lo, x, lo)\n}") == error_id::none);
  CHECK(o2i_error(cl + "  ROOT c = f32[4] clamp(l3, x, l3)\n}") == malformed);
  // ... and in the other direction a scalar operand feeds every output element (it was
  // variable_count_mismatch: the output's identity map has the output's dimensions, not the scalar's).
  CHECK(i2o_error(sel + "  ROOT s = f32[4] select(c, a, a)\n}") == error_id::none);
  CHECK(i2o_error(cl + "  ROOT c = f32[4] clamp(lo, x, lo)\n}") == error_id::none);
  // all-reduce is elementwise in XLA's analysis: operand dims as the output's.
  const std::string ar =
      "add {\n  x = f32[] parameter(0)\n  y = f32[] parameter(1)\n  ROOT s = f32[] add(x, y)\n}\n"
      "ENTRY e {\n  p = f32[4,8] parameter(0)\n";
  CHECK(o2i_error(ar + "  ROOT s = f32[4,8] all-reduce(p), replica_groups={{0,1}}, to_apply=add\n}") ==
        error_id::none);
  CHECK(o2i_error(ar + "  ROOT s = f32[4,9] all-reduce(p), replica_groups={{0,1}}, to_apply=add\n}") ==
        malformed);
  CHECK(i2o_error(ar + "  ROOT s = f32[8,4] all-reduce(p), replica_groups={{0,1}}, to_apply=add\n}") ==
        malformed);
}

TEST_CASE("all-reduce, all-reduce-start, all-reduce-done: the maps of XLA's analysis", "[hlo][op_maps]") {
  // XLA's ComputeOutputToInputIndexing and ComputeInputToOutputIndexing (since June 2026, XLA's commit
  // "Reattempt wrap all collectives in async-start for GPUs") read all-reduce element by element (the
  // identity: one device); all-reduce-start and all-reduce-done are no longer among the ops they model, so
  // their maps are undefined ("unknown indexing").
  const std::string text =
      "add {\n  x = f32[] parameter(0)\n  y = f32[] parameter(1)\n"
      "  ROOT s = f32[] add(x, y)\n}\nENTRY e {\n  p = f32[4,8]{1,0} parameter(0)\n";
  const std::string identity = "(d0, d1) -> (d0, d1), domain: d0 in [0, 3], d1 in [0, 7]";
  const hlo::op all_reduce =
      root_op(text + "  ROOT a = f32[4,8]{1,0} all-reduce(p), replica_groups={{0,1}}, to_apply=add\n}");
  CHECK(all_reduce.code == hlo::opcode::all_reduce);
  CHECK(map_text(hlo::checked_output_to_input(all_reduce, 0).value()[0].map) == identity);
  CHECK(map_text(hlo::checked_input_to_output(all_reduce, 0).value()[0].map) == identity);
  const auto unknown_both_ways = [](const hlo::op& o) {
    const auto o2i = hlo::checked_output_to_input(o, 0);
    REQUIRE(o2i.has_value());
    REQUIRE(o2i->size() == 1);
    CHECK(std::string(hlo::to_string((*o2i)[0]).view()) == "unknown indexing");
    const auto i2o = hlo::checked_input_to_output(o, 0);
    REQUIRE(i2o.has_value());
    REQUIRE(i2o->size() == 1);
    CHECK((*i2o)[0].map.is_undefined());
  };
  const hlo::op start =
      root_op(text + "  ROOT s = f32[4,8]{1,0} all-reduce-start(p), replica_groups={{0,1}}, to_apply=add\n}");
  CHECK(start.code == hlo::opcode::all_reduce_start);
  unknown_both_ways(start);
  const hlo::op done =
      root_op(text +
              "  s = f32[4,8]{1,0} all-reduce-start(p), replica_groups={{0,1}}, to_apply=add\n"
              "  ROOT d = f32[4,8]{1,0} all-reduce-done(s)\n}");
  CHECK(done.code == hlo::opcode::all_reduce_done);
  unknown_both_ways(done);
  // Several operands (a tuple result): XLA's elementwise maps over a tuple shape do not exist; undefined.
  hlo::op variadic = make_op(hlo::opcode::all_reduce, {shp({4}), shp({8})}, {shp({4}), shp({8})});
  const auto v = hlo::checked_output_to_input(variadic, 1);
  REQUIRE(v.has_value());
  REQUIRE(v->size() == 2);
  CHECK(((*v)[0].map.is_undefined() && (*v)[1].map.is_undefined()));
  CHECK(hlo::checked_input_to_output(variadic, 0).value()[0].map.is_undefined());
}

TEST_CASE("bitcast-convert that changes the element width: the narrower side's extra minor dimension",
          "[hlo][op_maps]") {
  // XLA's shape inference (InferBitcastConvertShape): f32 to u8 adds a minor dimension of 32 / 8 = 4, u8 to
  // f32 drops it. Output element (i, j) of u8[3,4] is byte j of f32 element i; output element i of f32[3]
  // is made of u8 elements (i, 0..3).
  const std::string narrowing =
      "ENTRY e {\n  p = f32[3]{0} parameter(0)\n  ROOT c = u8[3,4]{1,0} bitcast-convert(p)\n}";
  const std::string widening =
      "ENTRY e {\n  p = u8[3,4]{1,0} parameter(0)\n  ROOT c = f32[3]{0} bitcast-convert(p)\n}";
  const std::string byte_to_word = "(d0, d1) -> (d0), domain: d0 in [0, 2], d1 in [0, 3]";
  const std::string word_to_bytes = "(d0)[s0] -> (d0, s0), domain: d0 in [0, 2], s0 in [0, 3]";
  CHECK(map_text(hlo::checked_output_to_input(root_op(narrowing), 0).value()[0].map) == byte_to_word);
  CHECK(map_text(hlo::checked_input_to_output(root_op(narrowing), 0).value()[0].map) == word_to_bytes);
  CHECK(map_text(hlo::checked_output_to_input(root_op(widening), 0).value()[0].map) == word_to_bytes);
  CHECK(map_text(hlo::checked_input_to_output(root_op(widening), 0).value()[0].map) == byte_to_word);
  // Every u8 element (i, j) reads word i.
  const indexing_map m = hlo::checked_output_to_input(root_op(narrowing), 0).value()[0].map;
  for (index_t i = 0; i < 3; ++i) {
    for (index_t j = 0; j < 4; ++j) {
      const auto r = evaluate(m, {i, j});
      CHECK((r.size() == 1 && r[0] == i));
    }
  }
  // The same width stays elementwise; widths whose sizes do not follow are malformed.
  const std::string p = "ENTRY e {\n  p = f32[3]{0} parameter(0)\n";
  CHECK(map_text(hlo::checked_output_to_input(root_op(p + "  ROOT c = s32[3]{0} bitcast-convert(p)\n}"), 0)
                     .value()[0]
                     .map) == "(d0) -> (d0), domain: d0 in [0, 2]");
  CHECK(o2i_error(p + "  ROOT c = u8[3,3]{1,0} bitcast-convert(p)\n}") == error_id::hlo_malformed_op);
  CHECK(o2i_error(p + "  ROOT c = u8[3]{0} bitcast-convert(p)\n}") == error_id::hlo_malformed_op);
  CHECK(o2i_error(p + "  ROOT c = u8[2,4]{1,0} bitcast-convert(p)\n}") == error_id::hlo_malformed_op);
  CHECK(i2o_error(p + "  ROOT c = f64[3]{0} bitcast-convert(p)\n}") == error_id::hlo_malformed_op);
  CHECK(o2i_error(p + "  ROOT c = s16[3,2]{1,0} bitcast-convert(p)\n}") == error_id::none);
}

TEST_CASE("malformed reduce-window (XLA's InferWindowOutputShape): output sizes from the window arithmetic",
          "[hlo][op_maps]") {
  constexpr auto malformed = error_id::hlo_malformed_op;
  const std::string p =
      "add {\n  x = f32[] parameter(0)\n  y = f32[] parameter(1)\n  ROOT s = f32[] add(x, y)\n}\n"
      "ENTRY e {\n  p = f32[4,5] parameter(0)\n  z = f32[] constant(0)\n";
  CHECK(o2i_error(p +
                  "  ROOT r = f32[2,2] reduce-window(p, z), window={size=2x2 stride=2x2}, to_apply=add\n}") ==
        error_id::none);
  CHECK(o2i_error(p +
                  "  ROOT r = f32[3,2] reduce-window(p, z), window={size=2x2 stride=2x2}, to_apply=add\n}") ==
        malformed);
  // Dim 1: the base 5 dilated by 2 is 9, padded 1 + 9 + 1 = 11; the window 3: (11 - 3) / 2 + 1 = 5.
  const std::string w = "window={size=1x3 stride=1x2 pad=0_0x1_1 lhs_dilate=1x2}, to_apply=add\n}";
  CHECK(o2i_error(p + "  ROOT r = f32[4,5] reduce-window(p, z), " + w) == error_id::none);
  CHECK(o2i_error(p + "  ROOT r = f32[4,6] reduce-window(p, z), " + w) == malformed);
  // Window dilation 2 makes the window of size 3 span 5: (5 - 5) / 1 + 1 = 1.
  CHECK(
      o2i_error(
          p + "  ROOT r = f32[4,1] reduce-window(p, z), window={size=1x3 rhs_dilate=1x2}, to_apply=add\n}") ==
      error_id::none);
  CHECK(
      o2i_error(
          p + "  ROOT r = f32[4,3] reduce-window(p, z), window={size=1x3 rhs_dilate=1x2}, to_apply=add\n}") ==
      malformed);
  // A padded size below 0 has no output size in XLA.
  CHECK(o2i_error(
            p + "  ROOT r = f32[4,0] reduce-window(p, z), window={size=1x1 pad=0_0x-6_0}, to_apply=add\n}") ==
        malformed);
}

TEST_CASE("malformed concatenate, reverse and pad (XLA's shape inference): sizes that do not follow",
          "[hlo][op_maps]") {
  constexpr auto malformed = error_id::hlo_malformed_op;
  const std::string ab =
      "ENTRY e {\n  a = f32[2,3] parameter(0)\n  b = f32[2,4] parameter(1)\n"
      "  z = f32[] constant(0)\n";
  CHECK(o2i_error(ab + "  ROOT c = f32[2,7] concatenate(a, b), dimensions={1}\n}") == error_id::none);
  // Along dimension 0 the other sizes (3 and 4) must be the output's.
  CHECK(o2i_error(ab + "  ROOT c = f32[4,3] concatenate(a, b), dimensions={0}\n}") == malformed);
  CHECK(i2o_error(ab + "  ROOT c = f32[4,4] concatenate(a, b), dimensions={0}\n}", 0) == malformed);
  CHECK(o2i_error(ab + "  ROOT r = f32[2,3] reverse(a), dimensions={1}\n}") == error_id::none);
  CHECK(o2i_error(ab + "  ROOT r = f32[2,4] reverse(a), dimensions={1}\n}") == malformed);
  CHECK(i2o_error(ab + "  ROOT r = f32[2,4] reverse(a), dimensions={1}\n}") == malformed);
  // pad: 3 + 1 + 2 + (3 - 1) * 1 = 8 along dimension 1; a negative result has no shape.
  CHECK(o2i_error(ab + "  ROOT p = f32[2,8] pad(a, z), padding=0_0x1_2_1\n}") == error_id::none);
  CHECK(o2i_error(ab + "  ROOT p = f32[2,9] pad(a, z), padding=0_0x1_2_1\n}") == malformed);
  CHECK(o2i_error(ab + "  ROOT p = f32[2,0] pad(a, z), padding=0_0x-2_-2\n}") == malformed);
}

TEST_CASE("malformed convolution (XLA's InferConvolveShape): spatial, batch and feature sizes",
          "[hlo][op_maps]") {
  constexpr auto malformed = error_id::hlo_malformed_op;
  const auto conv = [](std::string_view input, std::string_view kernel, std::string_view output,
                       std::string_view attrs) {
    return "ENTRY e {\n  p0 = f32[" + std::string(input) + "] parameter(0)\n  p1 = f32[" +
           std::string(kernel) + "] parameter(1)\n  ROOT c = f32[" + std::string(output) +
           "] convolution(p0, p1), " + std::string(attrs) + ", dim_labels=b01f_i01o->b01f\n}";
  };
  // XLA's ConvolutionOp test: spatial 12 - 3 + 1 = 10 and 10 - 5 + 1 = 6; features: the kernel's 8.
  CHECK(o2i_error(conv("1,12,10,4", "4,3,5,8", "1,10,6,8", "window={size=3x5}")) == error_id::none);
  CHECK(o2i_error(conv("1,12,10,4", "4,3,5,8", "1,10,7,8", "window={size=3x5}")) == malformed);
  CHECK(o2i_error(conv("1,12,10,4", "4,3,5,8", "1,10,6,9", "window={size=3x5}")) == malformed);
  CHECK(o2i_error(conv("1,12,10,4", "4,3,5,8", "2,10,6,8", "window={size=3x5}")) == malformed);
  // Stride 2 and padding: (12 + 2 - 3) / 2 + 1 = 6, (10 + 4 - 5) / 2 + 1 = 5.
  CHECK(o2i_error(conv("1,12,10,4", "4,3,5,8", "1,6,5,8", "window={size=3x5 stride=2x2 pad=1_1x2_2}")) ==
        error_id::none);
  CHECK(o2i_error(conv("1,12,10,4", "4,3,5,8", "1,5,5,8", "window={size=3x5 stride=2x2 pad=1_1x2_2}")) ==
        malformed);
  // The window size must be the kernel's spatial size.
  CHECK(o2i_error(conv("1,12,10,4", "4,3,4,8", "1,10,6,8", "window={size=3x5}")) == malformed);
  // Feature groups: 4 input features in 2 groups of 2, the kernel's input features.
  CHECK(o2i_error(conv("1,12,10,4", "2,3,5,8", "1,10,6,8", "window={size=3x5}, feature_group_count=2")) ==
        error_id::none);
  CHECK(o2i_error(conv("1,12,10,4", "4,3,5,8", "1,10,6,8", "window={size=3x5}, feature_group_count=2")) ==
        malformed);
  // Batch groups: the output batch is 14 / 7 = 2; the kernel's 7 output features are a multiple of 7.
  CHECK(o2i_error(conv("14,12,10,4", "4,3,5,7", "2,10,6,7", "window={size=3x5}, batch_group_count=7")) ==
        error_id::none);
  CHECK(o2i_error(conv("14,12,10,4", "4,3,5,7", "14,10,6,7", "window={size=3x5}, batch_group_count=7")) ==
        malformed);
  CHECK(o2i_error(conv("15,12,10,4", "4,3,5,7", "2,10,6,7", "window={size=3x5}, batch_group_count=7")) ==
        malformed);
}

TEST_CASE("malformed gather (XLA's InferGatherShape): offset dims from slice_sizes, batch dims from indices",
          "[hlo][op_maps]") {
  constexpr auto malformed = error_id::hlo_malformed_op;
  const auto gather = [](std::string_view operand, std::string_view indices, std::string_view output,
                         std::string_view attrs) {
    return "ENTRY e {\n  p0 = f32[" + std::string(operand) + "] parameter(0)\n  p1 = s32[" +
           std::string(indices) + "] parameter(1)\n  ROOT g = f32[" + std::string(output) +
           "] gather(p0, p1), " + std::string(attrs) + "\n}";
  };
  // XLA's GatherOp test (the simplified form): [1806] from the indices, then the slice sizes 7, 8, 4.
  const std::string simple =
      "offset_dims={1,2,3}, collapsed_slice_dims={}, start_index_map={0,1}, "
      "index_vector_dim=1, slice_sizes={7,8,4}";
  CHECK(o2i_error(gather("33,76,70", "1806,2", "1806,7,8,4", simple)) == error_id::none);
  CHECK(o2i_error(gather("33,76,70", "1806,2", "1806,7,8,5", simple)) == malformed);
  CHECK(o2i_error(gather("33,76,70", "1806,2", "1805,7,8,4", simple)) == malformed);
  // A slice size past the operand's (71 > 70).
  CHECK(o2i_error(gather("33,76,70", "1806,2", "1806,7,8,71",
                         "offset_dims={1,2,3}, collapsed_slice_dims={}, start_index_map={0,1}, "
                         "index_vector_dim=1, slice_sizes={7,8,71}")) == malformed);
  // Not simplified (undefined maps), still checked: dimension 0 collapsed, so [5] from the indices, then 4.
  const std::string collapsed =
      "offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, slice_sizes={1,4}";
  CHECK(o2i_error(gather("3,4", "5,1", "5,4", collapsed)) == error_id::none);
  CHECK(o2i_error(gather("3,4", "5,1", "5,3", collapsed)) == malformed);
  // More collapsed and operand-batching dimensions together than the operand has.
  CHECK(o2i_error(gather("3,4", "5,1", "5",
                         "offset_dims={}, collapsed_slice_dims={0,1}, operand_batching_dims={0,1}, "
                         "start_indices_batching_dims={0}, start_index_map={0}, index_vector_dim=1, "
                         "slice_sizes={1,1}")) == malformed);
  // index_vector_dim=0: the batch dims are the indices' other dims ([5]).
  const std::string leading =
      "offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=0, slice_sizes={1,4}";
  CHECK(o2i_error(gather("3,4", "1,5", "5,4", leading)) == error_id::none);
  CHECK(o2i_error(gather("3,4", "1,5", "1,4", leading)) == malformed);
  // A collapsed dimension's slice size is at most 1.
  CHECK(
      o2i_error(gather("3,4", "5,1", "5,4",
                       "offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, "
                       "slice_sizes={2,4}")) == malformed);
}

TEST_CASE("malformed dynamic-slice, dynamic-update-slice, all-gather (XLA's shape inference and verifier)",
          "[hlo][op_maps]") {
  constexpr auto malformed = error_id::hlo_malformed_op;
  const std::string p =
      "ENTRY e {\n  p0 = f32[100,8] parameter(0)\n  i = s32[] parameter(1)\n"
      "  u = f32[5,4] parameter(2)\n  w = f32[5,9] parameter(3)\n";
  // dynamic-slice: the output's sizes are dynamic_slice_sizes, each at most the operand's.
  CHECK(o2i_error(p + "  ROOT d = f32[10,8] dynamic-slice(p0, i, i), dynamic_slice_sizes={10,8}\n}") ==
        error_id::none);
  CHECK(o2i_error(p + "  ROOT d = f32[10,7] dynamic-slice(p0, i, i), dynamic_slice_sizes={10,8}\n}") ==
        malformed);
  CHECK(o2i_error(p + "  ROOT d = f32[10,9] dynamic-slice(p0, i, i), dynamic_slice_sizes={10,9}\n}") ==
        malformed);
  // dynamic-update-slice: the output has the operand's sizes; the update's are at most the operand's.
  CHECK(o2i_error(p + "  ROOT d = f32[100,8] dynamic-update-slice(p0, u, i, i)\n}") == error_id::none);
  CHECK(o2i_error(p + "  ROOT d = f32[100,9] dynamic-update-slice(p0, u, i, i)\n}") == malformed);
  CHECK(o2i_error(p + "  ROOT d = f32[100,8] dynamic-update-slice(p0, w, i, i)\n}") == malformed);
  // all-gather: along dimensions={0} a multiple of the operand's 100 (2 participants: 200); the rest equal.
  CHECK(o2i_error(p + "  ROOT a = f32[200,8] all-gather(p0), replica_groups={{0,1}}, dimensions={0}\n}") ==
        error_id::none);
  CHECK(o2i_error(p + "  ROOT a = f32[150,8] all-gather(p0), replica_groups={{0,1}}, dimensions={0}\n}") ==
        malformed);
  CHECK(o2i_error(p + "  ROOT a = f32[200,9] all-gather(p0), replica_groups={{0,1}}, dimensions={0}\n}") ==
        malformed);
  // A shard count of 0 (XLA's InferAllGatherShape wants at least 1).
  CHECK(o2i_error(p + "  ROOT a = f32[0,8] all-gather(p0), replica_groups={{0,1}}, dimensions={0}\n}") ==
        malformed);
}

// ---- laws on random ops --------------------------------------------------------------------------------

TEST_CASE("law: elementwise ops of any arity, scalar operands broadcast", "[hlo][op_maps][law]") {
  for (int trial = 0; trial < 20; ++trial) {
    const dims d = random_dims(static_cast<std::size_t>(uniform(0, 3)));
    const auto arity = static_cast<std::size_t>(uniform(1, 4));
    hlo::op o;
    o.code = arity == 3 ? hlo::opcode::select : (arity == 1 ? hlo::opcode::negate : hlo::opcode::add);
    if (arity == 4) o.code = hlo::opcode::map;
    std::vector<bool> scalar;
    for (std::size_t k = 0; k < arity; ++k) {
      scalar.push_back(uniform(0, 3) == 0);
      o.operands.push_back(scalar.back() ? shp({}) : shp(d));
    }
    o.results.push_back(shp(d));
    // input_to_output of a scalar operand of a non-scalar op: every output element, as for a broadcast of a
    // scalar (XLA's analysis gives the output's identity there, whose dimensions are not the operand's).
    check_laws(
        o, [&](const idx& out, std::size_t k) { return std::set<idx>{scalar[k] ? idx{} : out}; }, {}, 0,
        true);
  }
}

TEST_CASE("law: broadcast, transpose, reverse, get-tuple-element, tuple", "[hlo][op_maps][law]") {
  for (int trial = 0; trial < 20; ++trial) {
    const dims out = random_dims(static_cast<std::size_t>(uniform(1, 4)));
    // broadcast: keep a random increasing subset of the output dims.
    std::vector<index_t> kept;
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (uniform(0, 1)) kept.push_back(static_cast<index_t>(i));
    }
    dims in;
    for (index_t k : kept) in.push_back(out[static_cast<std::size_t>(k)]);
    hlo::op b = make_op(hlo::opcode::broadcast, {shp(in)}, {shp(out)});
    b.attrs.dimensions = dl(kept);
    check_laws(b, [&](const idx& o, std::size_t) {
      idx i;
      for (index_t k : kept) i.push_back(o[static_cast<std::size_t>(k)]);
      return std::set<idx>{i};
    });
    // transpose: out[i] = in[p[i]].
    const std::vector<index_t> p = random_permutation(out.size());
    dims tin(out.size());
    for (std::size_t i = 0; i < p.size(); ++i) tin[static_cast<std::size_t>(p[i])] = out[i];
    hlo::op t = make_op(hlo::opcode::transpose, {shp(tin)}, {shp(out)});
    t.attrs.dimensions = dl(p);
    check_laws(t, [&](const idx& o, std::size_t) {
      idx i(o.size());
      for (std::size_t k = 0; k < p.size(); ++k) i[static_cast<std::size_t>(p[k])] = o[k];
      return std::set<idx>{i};
    });
    // reverse
    hlo::op r = make_op(hlo::opcode::reverse, {shp(out)}, {shp(out)});
    r.attrs.dimensions = dl(kept);
    check_laws(r, [&](const idx& o, std::size_t) {
      idx i = o;
      for (index_t k : kept)
        i[static_cast<std::size_t>(k)] =
            out[static_cast<std::size_t>(k)] - 1 - o[static_cast<std::size_t>(k)];
      return std::set<idx>{i};
    });
    // get-tuple-element (output to input only in XLA)
    hlo::op g = make_op(hlo::opcode::get_tuple_element, {shp(out)}, {shp(out)});
    check_laws(
        g, [&](const idx& o, std::size_t) { return std::set<idx>{o}; }, {}, 0, false);
    // tuple: input k -> element k, identity.
    hlo::op tu = make_op(hlo::opcode::tuple, {shp(out), shp(in)}, {shp(out), shp(in)});
    for (std::size_t k = 0; k < 2; ++k) {
      const auto m = hlo::input_to_output(tu, k);
      for_each_index(dims_of(tu.operands[k]),
                     [&](const idx& i) { CHECK(str(image(m[0], i, {})) == str(std::set<idx>{i})); });
    }
  }
}

TEST_CASE("law: reduce (variadic), slice, concatenate, pad, all-gather", "[hlo][op_maps][law]") {
  for (int trial = 0; trial < 15; ++trial) {
    const dims in = random_dims(static_cast<std::size_t>(uniform(1, 4)));
    std::vector<index_t> reduced, kept;
    for (std::size_t i = 0; i < in.size(); ++i)
      (uniform(0, 1) ? reduced : kept).push_back(static_cast<index_t>(i));
    std::shuffle(reduced.begin(), reduced.end(), rng);
    dims out;
    for (index_t k : kept) out.push_back(in[static_cast<std::size_t>(k)]);
    const auto arity = static_cast<std::size_t>(uniform(1, 2));
    hlo::op r;
    r.code = hlo::opcode::reduce;
    for (std::size_t k = 0; k < arity; ++k) r.operands.push_back(shp(in));
    for (std::size_t k = 0; k < arity; ++k) r.operands.push_back(shp({}));
    for (std::size_t k = 0; k < arity; ++k) r.results.push_back(shp(out));
    r.attrs.dimensions = dl(reduced);
    for (std::size_t output = 0; output < arity; ++output) {
      check_laws(
          r,
          [&](const idx& o, std::size_t k) {
            std::set<idx> s;
            if (k >= arity) return std::set<idx>{idx{}};
            for_each_index(in, [&](const idx& i) {
              idx p;
              for (index_t d : kept) p.push_back(i[static_cast<std::size_t>(d)]);
              if (p == o) s.insert(i);
            });
            return s;
          },
          {}, output);
    }
    // slice
    hlo::op s = make_op(hlo::opcode::slice, {shp(in)}, {});
    dims sout;
    for (index_t n : in) {
      const index_t start = uniform(0, n - 1), limit = uniform(start + 1, n), stride = uniform(1, 3);
      s.attrs.slice.push_back({start, limit, stride});
      sout.push_back((limit - start + stride - 1) / stride);
    }
    s.results.push_back(shp(sout));
    check_laws(s, [&](const idx& o, std::size_t) {
      idx i(o.size());
      for (std::size_t k = 0; k < o.size(); ++k)
        i[k] = s.attrs.slice[k].start + o[k] * s.attrs.slice[k].stride;
      return std::set<idx>{i};
    });
    // concatenate along a random dimension
    const auto cd = static_cast<std::size_t>(uniform(0, static_cast<index_t>(in.size()) - 1));
    const auto parts = static_cast<std::size_t>(uniform(1, 3));
    hlo::op c;
    c.code = hlo::opcode::concatenate;
    c.attrs.dimensions = cdl({static_cast<index_t>(cd)});
    dims cout = in;
    cout[cd] = 0;
    std::vector<index_t> offsets;
    for (std::size_t k = 0; k < parts; ++k) {
      dims d = in;
      d[cd] = uniform(1, 3);
      offsets.push_back(cout[cd]);
      cout[cd] += d[cd];
      c.operands.push_back(shp(d));
    }
    c.results.push_back(shp(cout));
    check_laws(c, [&](const idx& o, std::size_t k) {
      const index_t lo = offsets[k], hi = lo + c.operands[k].dimensions[cd];
      if (o[cd] < lo || o[cd] >= hi) return std::set<idx>{};
      idx i = o;
      i[cd] -= lo;
      return std::set<idx>{i};
    });
    // pad (negative edges too)
    hlo::op p = make_op(hlo::opcode::pad, {shp(in), shp({})}, {});
    dims pout;
    for (index_t n : in) {
      hlo::padding_dimension pd;
      do {
        pd = {uniform(-2, 2), uniform(-2, 2), uniform(0, 2)};
      } while (pd.edge_padding_low + pd.edge_padding_high + n + (n - 1) * pd.interior_padding < 1);
      p.attrs.padding.push_back(pd);
      pout.push_back(pd.edge_padding_low + pd.edge_padding_high + n + (n - 1) * pd.interior_padding);
    }
    p.results.push_back(shp(pout));
    check_laws(
        p,
        [&](const idx& o, std::size_t k) {
          if (k == 1) return std::set<idx>{idx{}};
          idx i(o.size());
          for (std::size_t d = 0; d < o.size(); ++d) {
            const hlo::padding_dimension& pd = p.attrs.padding[d];
            const index_t q = o[d] - pd.edge_padding_low;
            if (q < 0 || q % (pd.interior_padding + 1) != 0 || q / (pd.interior_padding + 1) >= in[d])
              return std::set<idx>{};
            i[d] = q / (pd.interior_padding + 1);
          }
          return std::set<idx>{i};
        },
        {}, 0, false);
    // all-gather along a random dimension, with the replica that holds the element.
    const index_t replicas = uniform(1, 3);
    dims aout = in;
    aout[cd] *= replicas;
    hlo::op ag = make_op(hlo::opcode::all_gather, {shp(in)}, {shp(aout)});
    ag.attrs.dimensions = cdl({static_cast<index_t>(cd)});
    check_laws(
        ag,
        [&](const idx& o, std::size_t) {
          idx i = o;
          i[cd] = o[cd] % in[cd];
          return std::set<idx>{i};
        },
        {}, 0, false);
    const auto m = hlo::output_to_input(ag, 0);
    for_each_index(aout, [&](const idx& o) {
      hlo::operand_indexing rep;
      rep.map = m[0].replica_id_map;
      CHECK(str(image(rep, o, {})) == str(std::set<idx>{idx{o[cd] / in[cd]}}));
    });
  }
}

TEST_CASE("law: reshape and bitcast (any layouts)", "[hlo][op_maps][law]") {
  for (int trial = 0; trial < 40; ++trial) {
    // Two factorizations of one element count.
    const std::vector<index_t> primes = {2, 2, 3, 2, 5, 1, 1};
    dims a, b;
    index_t n = 1;
    for (int k = 0; k < uniform(1, 4); ++k) n *= primes[static_cast<std::size_t>(uniform(0, 6))];
    for (dims* d : {&a, &b}) {
      index_t rest = n;
      const auto rank = static_cast<std::size_t>(uniform(1, 4));
      for (std::size_t k = 0; k + 1 < rank; ++k) {
        std::vector<index_t> divisors;
        for (index_t x = 1; x <= rest; ++x) {
          if (rest % x == 0) divisors.push_back(x);
        }
        const index_t x =
            divisors[static_cast<std::size_t>(uniform(0, static_cast<index_t>(divisors.size()) - 1))];
        d->push_back(x);
        rest /= x;
      }
      d->push_back(rest);
    }
    const hlo::op r = make_op(hlo::opcode::reshape, {shp(a)}, {shp(b)});
    check_laws(r, [&](const idx& o, std::size_t) { return std::set<idx>{delinearize(linearize(o, b), a)}; });
    const shape la = with_random_layout(shp(a)), lb = with_random_layout(shp(b));
    const hlo::op bc = make_op(hlo::opcode::bitcast, {la}, {lb});
    INFO("bitcast " << to_string(la).view() << " -> " << to_string(lb).view());
    check_laws(bc,
               [&](const idx& o, std::size_t) { return std::set<idx>{from_physical(physical(o, lb), la)}; });
  }
}

TEST_CASE("law: dot and scaled-dot", "[hlo][op_maps][law]") {
  for (int trial = 0; trial < 15; ++trial) {
    const auto nb = static_cast<std::size_t>(uniform(0, 1)), nc = static_cast<std::size_t>(uniform(0, 2));
    const auto nl = static_cast<std::size_t>(uniform(0, 1)), nr = static_cast<std::size_t>(uniform(0, 1));
    const dims batch = random_dims(nb, 1, 3), contract = random_dims(nc, 1, 3), lfree = random_dims(nl, 1, 3),
               rfree = random_dims(nr, 1, 3);
    // Operand layouts: a random permutation of [batch..., free..., contracting...].
    const std::vector<index_t> pl = random_permutation(nb + nl + nc), pr = random_permutation(nb + nr + nc);
    auto place = [](const std::vector<index_t>& perm, const dims& all) {
      dims d(all.size());
      for (std::size_t i = 0; i < all.size(); ++i) d[static_cast<std::size_t>(perm[i])] = all[i];
      return d;
    };
    dims lall = batch, rall = batch;
    lall.insert(lall.end(), lfree.begin(), lfree.end());
    lall.insert(lall.end(), contract.begin(), contract.end());
    rall.insert(rall.end(), rfree.begin(), rfree.end());
    rall.insert(rall.end(), contract.begin(), contract.end());
    dims out = batch;
    out.insert(out.end(), lfree.begin(), lfree.end());
    out.insert(out.end(), rfree.begin(), rfree.end());
    hlo::op d = make_op(hlo::opcode::dot, {shp(place(pl, lall)), shp(place(pr, rall))}, {shp(out)});
    for (std::size_t i = 0; i < nb; ++i) {
      d.attrs.dot.lhs_batch_dimensions.push_back(pl[i]);
      d.attrs.dot.rhs_batch_dimensions.push_back(pr[i]);
    }
    for (std::size_t i = 0; i < nc; ++i) {
      d.attrs.dot.lhs_contracting_dimensions.push_back(pl[nb + nl + i]);
      d.attrs.dot.rhs_contracting_dimensions.push_back(pr[nb + nr + i]);
    }
    auto reads = [&](const idx& o, std::size_t k) {
      const std::vector<index_t>& perm = k == 0 ? pl : pr;
      const std::size_t nfree = k == 0 ? nl : nr, first_free = k == 0 ? nb : nb + nl;
      std::set<idx> s;
      for_each_index(contract, [&](const idx& c) {
        idx all;
        for (std::size_t i = 0; i < nb; ++i) all.push_back(o[i]);
        for (std::size_t i = 0; i < nfree; ++i) all.push_back(o[first_free + i]);
        all.insert(all.end(), c.begin(), c.end());
        idx i(all.size());
        for (std::size_t j = 0; j < all.size(); ++j) i[static_cast<std::size_t>(perm[j])] = all[j];
        s.insert(i);
      });
      return s;
    };
    check_laws(d, reads, {}, 0, false);
    // scaled-dot: scales with each dimension divided by 1 or by a divisor of it.
    hlo::op sd = d;
    sd.code = hlo::opcode::scaled_dot;
    std::vector<dims> factors(2);
    for (std::size_t k = 0; k < 2; ++k) {
      dims sc;
      for (index_t n : dims_of(d.operands[k])) {
        const index_t f = n % 2 == 0 && uniform(0, 1) ? 2 : 1;
        factors[k].push_back(f);
        sc.push_back(n / f);
      }
      sd.operands.push_back(shp(sc));
    }
    check_laws(
        sd,
        [&](const idx& o, std::size_t k) {
          if (k < 2) return reads(o, k);
          std::set<idx> s;
          for (idx i : reads(o, k - 2)) {
            for (std::size_t j = 0; j < i.size(); ++j) i[j] /= factors[k - 2][j];
            s.insert(i);
          }
          return s;
        },
        {}, 0, false);
  }
}

TEST_CASE("law: reduce-window with strides, padding, base and window dilation", "[hlo][op_maps][law]") {
  for (int trial = 0; trial < 30; ++trial) {
    const dims in = random_dims(static_cast<std::size_t>(uniform(1, 2)), 1, 5);
    hlo::op r = make_op(hlo::opcode::reduce_window, {shp(in), shp({})}, {});
    dims out;
    for (index_t n : in) {
      index_t o = 0;
      hlo::window_dimension w = random_window(n, o);
      w.window_reversal = false;
      r.attrs.window.push_back(w);
      out.push_back(o);
    }
    r.results.push_back(shp(out));
    check_laws(
        r,
        [&](const idx& o, std::size_t k) {
          if (k == 1) return std::set<idx>{idx{}};
          std::set<idx> s;
          dims window;
          for (const auto& w : r.attrs.window) window.push_back(w.size);
          for_each_index(window, [&](const idx& w) {
            idx i;
            for (std::size_t d = 0; d < in.size(); ++d) {
              const auto pos = window_reads(o[d], r.attrs.window[d], in[d], w[d]);
              if (pos.empty()) return;
              i.push_back(pos[0]);
            }
            s.insert(i);
          });
          return s;
        },
        {}, 0, false);
  }
}

TEST_CASE("law: convolution with dimension numbers, feature groups, batch groups, reversal",
          "[hlo][op_maps][law]") {
  for (int trial = 0; trial < 30; ++trial) {
    const auto sr = static_cast<std::size_t>(uniform(1, 2));
    const std::size_t rank = sr + 2;
    const index_t groups = uniform(1, 2);
    const bool batch_groups = groups > 1 && uniform(0, 1) == 1;
    const index_t in_group = uniform(1, 2), out_per_group = uniform(1, 2), out_batch = uniform(1, 2);
    const index_t in_batch = batch_groups ? out_batch * groups : out_batch;
    const index_t in_feat = batch_groups ? in_group : in_group * groups, out_feat = out_per_group * groups;
    dims in_sp = random_dims(sr, 1, 4), k_sp, out_sp;
    std::vector<hlo::window_dimension> windows;
    for (std::size_t i = 0; i < sr; ++i) {
      index_t o = 0;
      windows.push_back(random_window(in_sp[i], o));
      k_sp.push_back(windows.back().size);
      out_sp.push_back(o);
    }
    // Random dimension numbers: positions of [spatial..., batch/input-feature, feature/output-feature].
    const std::vector<index_t> pi = random_permutation(rank), pk = random_permutation(rank),
                               po = random_permutation(rank);
    hlo::convolution_dimension_numbers dn;
    for (std::size_t i = 0; i < sr; ++i) {
      dn.input_spatial_dimensions.push_back(pi[i]);
      dn.kernel_spatial_dimensions.push_back(pk[i]);
      dn.output_spatial_dimensions.push_back(po[i]);
    }
    dn.input_batch_dimension = pi[sr];
    dn.input_feature_dimension = pi[sr + 1];
    dn.kernel_input_feature_dimension = pk[sr];
    dn.kernel_output_feature_dimension = pk[sr + 1];
    dn.output_batch_dimension = po[sr];
    dn.output_feature_dimension = po[sr + 1];
    auto place = [&](const std::vector<index_t>& perm, const dims& sp, index_t a, index_t b) {
      dims d(rank);
      for (std::size_t i = 0; i < sr; ++i) d[static_cast<std::size_t>(perm[i])] = sp[i];
      d[static_cast<std::size_t>(perm[sr])] = a;
      d[static_cast<std::size_t>(perm[sr + 1])] = b;
      return d;
    };
    hlo::op c = make_op(hlo::opcode::convolution,
                        {shp(place(pi, in_sp, in_batch, in_feat)), shp(place(pk, k_sp, in_group, out_feat))},
                        {shp(place(po, out_sp, out_batch, out_feat))});
    c.attrs.convolution = dn;
    for (const auto& w : windows) c.attrs.window.push_back(w);
    c.attrs.feature_group_count = batch_groups ? 1 : groups;
    c.attrs.batch_group_count = batch_groups ? groups : 1;
    auto reads = [&](const idx& o, std::size_t k) {
      const auto at = [&](const std::vector<index_t>& perm, std::size_t i) {
        return o[static_cast<std::size_t>(perm[i])];
      };
      const index_t b = at(po, sr), f = at(po, sr + 1);
      const index_t group = f / out_per_group;
      std::set<idx> s;
      for_each_index(k_sp, [&](const idx& w) {
        for (index_t ci = 0; ci < in_group; ++ci) {
          if (k == 1) {
            dims kw(sr);
            for (std::size_t i = 0; i < sr; ++i)
              kw[i] = windows[i].window_reversal ? k_sp[i] - 1 - w[i] : w[i];
            idx ki(rank);
            for (std::size_t i = 0; i < sr; ++i) ki[static_cast<std::size_t>(pk[i])] = kw[i];
            ki[static_cast<std::size_t>(pk[sr])] = ci;
            ki[static_cast<std::size_t>(pk[sr + 1])] = f;
            s.insert(ki);
            continue;
          }
          idx ii(rank);
          for (std::size_t i = 0; i < sr; ++i) {
            const auto pos = window_reads(at(po, i), windows[i], in_sp[i], w[i]);
            if (pos.empty()) return;
            ii[static_cast<std::size_t>(pi[i])] = pos[0];
          }
          ii[static_cast<std::size_t>(pi[sr])] = batch_groups ? group * out_batch + b : b;
          ii[static_cast<std::size_t>(pi[sr + 1])] = batch_groups ? ci : group * in_group + ci;
          s.insert(ii);
        }
      });
      return s;
    };
    INFO("batch groups " << batch_groups << " groups " << groups);
    // With batch groups XLA's input map reads every batch group (an over-approximation).
    check_laws(c, reads, {}, 0, false, {batch_groups ? law::superset : law::exact, law::exact});
  }
}

TEST_CASE("law: dynamic-slice, dynamic-update-slice and gather with runtime values", "[hlo][op_maps][law]") {
  for (int trial = 0; trial < 20; ++trial) {
    const dims in = random_dims(static_cast<std::size_t>(uniform(1, 3)), 1, 5);
    dims sizes, starts;
    for (index_t n : in) {
      sizes.push_back(uniform(1, n));
      starts.push_back(uniform(0, n - sizes.back()));
    }
    hlo::op ds = make_op(hlo::opcode::dynamic_slice, {shp(in)}, {shp(sizes)});
    ds.attrs.dynamic_slice_sizes = dl(sizes);
    values vals;
    ds.operand_values.push_back({});
    for (std::size_t i = 0; i < in.size(); ++i) {
      ds.operands.push_back(shp({}));
      vals[i + 1] = tensor{{}, {starts[i]}};
      ds.operand_values.push_back({uniform(0, 1) == 1, starts[i]});  // some offsets are known constants
    }
    check_laws(
        ds,
        [&](const idx& o, std::size_t k) {
          if (k > 0) return std::set<idx>{idx{}};
          idx i = o;
          for (std::size_t d = 0; d < i.size(); ++d) i[d] += starts[d];
          return std::set<idx>{i};
        },
        vals, 0, false);
    // dynamic-update-slice: update `sizes` at `starts` into `in`.
    hlo::op dus = make_op(hlo::opcode::dynamic_update_slice, {shp(in), shp(sizes)}, {shp(in)});
    values uvals;
    dus.operand_values.push_back({});
    dus.operand_values.push_back({});
    for (std::size_t i = 0; i < in.size(); ++i) {
      dus.operands.push_back(shp({}));
      uvals[i + 2] = tensor{{}, {starts[i]}};
      dus.operand_values.push_back({uniform(0, 1) == 1, starts[i]});
    }
    const auto o2i = hlo::output_to_input(dus, 0);
    for_each_index(in, [&](const idx& o) {
      bool inside = true;
      idx u = o;
      for (std::size_t d = 0; d < o.size(); ++d) {
        u[d] -= starts[d];
        inside = inside && u[d] >= 0 && u[d] < sizes[d];
      }
      // XLA's operand map is the identity everywhere (the update region included: an over-approximation);
      // the update map gives o - start, which is an update index exactly inside the region.
      CHECK(str(image(o2i[0], o, uvals)) == str(std::set<idx>{o}));
      std::set<idx> got_update;
      for (const idx& i : image(o2i[1], o, uvals)) {
        bool ok = true;
        for (std::size_t d = 0; d < i.size(); ++d) ok = ok && i[d] >= 0 && i[d] < sizes[d];
        if (ok) got_update.insert(i);
      }
      CHECK(str(got_update) == str(inside ? std::set<idx>{u} : std::set<idx>{}));
      for (std::size_t k = 2; k < dus.operands.size(); ++k)
        CHECK(str(image(o2i[k], o, uvals)) == str(std::set<idx>{idx{}}));
    });
    // gather (XLA's simplified form): output [batch, slice...], indices [batch, index vector].
    const index_t batch = uniform(1, 3);
    std::vector<index_t> start_index_map;
    for (std::size_t i = 0; i < in.size(); ++i) {
      if (uniform(0, 1)) start_index_map.push_back(static_cast<index_t>(i));
    }
    if (start_index_map.empty()) start_index_map.push_back(0);
    std::shuffle(start_index_map.begin(), start_index_map.end(), rng);
    const auto nv = static_cast<index_t>(start_index_map.size());
    dims gout = {batch};
    gout.insert(gout.end(), sizes.begin(), sizes.end());
    hlo::op g = make_op(hlo::opcode::gather, {shp(in), shp({batch, nv})}, {shp(gout)});
    for (std::size_t i = 0; i < in.size(); ++i)
      g.attrs.gather.offset_dims.push_back(static_cast<index_t>(i + 1));
    g.attrs.gather.start_index_map = dl(start_index_map);
    g.attrs.gather.index_vector_dim = 1;
    g.attrs.slice_sizes = dl(sizes);
    tensor indices{{batch, nv}, {}};
    for (index_t bi = 0; bi < batch; ++bi) {
      for (index_t j = 0; j < nv; ++j) {
        const auto dim = static_cast<std::size_t>(start_index_map[static_cast<std::size_t>(j)]);
        indices.data.push_back(uniform(0, in[dim] - sizes[dim]));
      }
    }
    check_laws(
        g,
        [&](const idx& o, std::size_t k) {
          if (k == 1) {
            std::set<idx> s;
            for (index_t j = 0; j < nv; ++j) s.insert(idx{o[0], j});
            return s;
          }
          idx i(in.size());
          for (std::size_t d = 0; d < in.size(); ++d) i[d] = o[d + 1];
          for (index_t j = 0; j < nv; ++j)
            i[static_cast<std::size_t>(start_index_map[static_cast<std::size_t>(j)])] +=
                indices.at({o[0], j});
          return std::set<idx>{i};
        },
        values{{1, indices}}, 0, false);
  }
}
