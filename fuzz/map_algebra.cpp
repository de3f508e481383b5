// fuzz/map_algebra.cpp: libFuzzer target. Input: two indexing maps, one per line. Checks
// - compose(first, second): on the points of its box, the domain is {x in first's domain with first(x) in
//   second's domain} and the values are second(first(x)) (exact arithmetic); its simplification is the same
//   function (map_checks.hpp);
// - equivalent(a, b) never contradicts enumeration of small domains: no wrong yes, no wrong no; and a map
//   is never "not equivalent" to its own simplification.
#include "map_checks.hpp"

namespace {

using fuzz::exact;
using fuzz::i128;
using xlayout::index_t;
using xlayout::indexing_map;

void check_compose(const indexing_map& a, const indexing_map& b, std::string_view in) {
  if (a.kind != xlayout::map_kind::regular || b.kind != xlayout::map_kind::regular) return;
  if (a.num_results != b.num_dims) return;
  const auto c = xlayout::checked_compose(a, b);
  if (!c) return;  // capacities, too many variables
  FUZZ_CHECK(c->num_dims == a.num_dims && c->num_results == b.num_results, in);
  if (c->is_known_empty()) {
    // Every point of a's domain must then leave b's domain.
    if (b.num_symbols() != 0 || !fuzz::small_box(a.bounds, a.num_vars(), fuzz::point_limit)) return;
    fuzz::for_points(a.bounds, a.num_vars(), fuzz::point_limit, [&](const index_t* p) {
      if (fuzz::in_domain128(a, p) != 1) return true;
      index_t q[XLAYOUT_MAX_VARS]{};
      for (std::size_t i = 0; i < a.num_results; ++i) {
        const exact x = fuzz::eval128(a, a.results[i], p);
        if (!x.defined || !x.fits) return true;
        q[i] = static_cast<index_t>(x.value);
      }
      FUZZ_CHECK(fuzz::in_domain128(b, q) != 1, in);
      return true;
    });
    return;
  }
  FUZZ_CHECK(c->kind == xlayout::map_kind::regular, in);
  const std::size_t nd = a.num_dims, nr1 = a.num_range_vars, nr2 = b.num_range_vars, nt1 = a.num_rt_vars,
                    nt2 = b.num_rt_vars;
  FUZZ_CHECK(c->num_vars() == nd + nr1 + nr2 + nt1 + nt2, in);
  // Points of the composed box; a point outside first's or second's variable bounds is outside both.
  fuzz::for_points(c->bounds, c->num_vars(), fuzz::point_limit, [&](const index_t* p) {
    index_t pa[XLAYOUT_MAX_VARS]{}, pb[XLAYOUT_MAX_VARS]{};
    for (std::size_t v = 0; v < nd; ++v) pa[v] = p[v];
    for (std::size_t j = 0; j < nr1; ++j) pa[nd + j] = p[nd + nr2 + j];
    for (std::size_t k = 0; k < nt1; ++k) pa[nd + nr1 + k] = p[nd + nr2 + nr1 + nt2 + k];
    for (std::size_t j = 0; j < nr2; ++j) pb[b.num_dims + j] = p[nd + j];
    for (std::size_t k = 0; k < nt2; ++k) pb[b.num_dims + nr2 + k] = p[nd + nr2 + nr1 + k];
    const int da = fuzz::in_domain128(a, pa);
    if (da < 0) return true;
    for (std::size_t i = 0; i < a.num_results; ++i) {
      const exact x = fuzz::eval128(a, a.results[i], pa);
      if (!x.defined || !x.fits) return true;  // second's variables are int64
      pb[i] = static_cast<index_t>(x.value);
    }
    const int db = fuzz::in_domain128(b, pb);
    const int dc = fuzz::in_domain128(*c, p);
    if (db < 0 || dc < 0) return true;
    FUZZ_CHECK(dc == (da == 1 && db == 1 ? 1 : 0), in);
    if (dc == 0) return true;
    for (std::size_t i = 0; i < b.num_results; ++i) {
      const exact want = fuzz::eval128(b, b.results[i], pb);
      const exact got = fuzz::eval128(*c, c->results[i], p);
      if (!want.defined) continue;
      FUZZ_CHECK(got.defined && got.value == want.value, in);
    }
    return true;
  });
  fuzz::check_simplify(*c, in);
}

/// The truth by enumeration: 1 equivalent, 0 not, -1 not decidable here (big or unbounded domains,
/// undefined or non-int64 values).
int enumerate_truth(const indexing_map& a, const indexing_map& b) {
  if (a.num_dims != b.num_dims || a.num_results != b.num_results) return 0;
  const auto empty_kind = [](const indexing_map& m) { return m.kind == xlayout::map_kind::known_empty; };
  for (const indexing_map* m : {&a, &b}) {
    if (m->kind == xlayout::map_kind::undefined) return -1;
    if (!empty_kind(*m) && !fuzz::small_box(m->bounds, m->num_vars(), 256)) return -1;
  }
  xlayout::interval dims[XLAYOUT_MAX_VARS]{};
  for (std::size_t v = 0; v < a.num_dims; ++v) {
    if (empty_kind(a))
      dims[v] = b.bounds[v];
    else if (empty_kind(b))
      dims[v] = a.bounds[v];
    else
      dims[v] = a.bounds[v].union_with(b.bounds[v]);
  }
  if (!fuzz::small_box(dims, a.num_dims, 256)) return -1;
  int truth = 1;
  // The set of result tuples of m at dimension point d.
  const auto image = [](const indexing_map& m, const index_t* d, bool& ok) {
    std::set<std::vector<i128>> out;
    if (m.kind != xlayout::map_kind::regular) return out;
    for (std::size_t v = 0; v < m.num_dims; ++v) {
      if (d[v] < m.bounds[v].lower || d[v] > m.bounds[v].upper) return out;
    }
    xlayout::interval sym[XLAYOUT_MAX_VARS]{};
    for (std::size_t v = 0; v < m.num_symbols(); ++v) sym[v] = m.bounds[m.num_dims + v];
    fuzz::for_points(sym, m.num_symbols(), 1 << 20, [&](const index_t* s) {
      index_t p[XLAYOUT_MAX_VARS]{};
      for (std::size_t v = 0; v < m.num_dims; ++v) p[v] = d[v];
      for (std::size_t v = 0; v < m.num_symbols(); ++v) p[m.num_dims + v] = s[v];
      const int in = fuzz::in_domain128(m, p);
      if (in < 0) return ok = false;
      if (in == 0) return true;
      std::vector<i128> t;
      for (std::size_t i = 0; i < m.num_results; ++i) {
        const exact x = fuzz::eval128(m, m.results[i], p);
        if (!x.defined || !x.fits) return ok = false;
        t.push_back(x.value);
      }
      out.insert(t);
      return true;
    });
    return out;
  };
  fuzz::for_points(dims, a.num_dims, 1 << 20, [&](const index_t* d) {
    bool ok = true;
    const auto ia = image(a, d, ok);
    const auto ib = image(b, d, ok);
    if (!ok) return (truth = -1), false;
    if (ia != ib) truth = 0;
    return true;
  });
  return truth;
}

void check_equivalent(const indexing_map& a, const indexing_map& b, std::string_view in) {
  const xlayout::tribool e = xlayout::equivalent(a, b);
  const int truth = enumerate_truth(a, b);
  if (truth >= 0 && e != xlayout::tribool::unknown) {
    if ((e == xlayout::tribool::yes) != (truth == 1))
      std::fprintf(stderr, "equivalent says %s, enumeration says %s\n", xlayout::to_string(e).data(),
                   truth ? "yes" : "no");
    FUZZ_CHECK((e == xlayout::tribool::yes) == (truth == 1), in);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return -1;
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  const std::size_t nl = in.find('\n');
  if (nl == std::string_view::npos) return -1;
  const auto a = xlayout::parse_indexing_map(in.substr(0, nl));
  const auto b = xlayout::parse_indexing_map(in.substr(nl + 1));
  if (!a || !b) return 0;
  check_compose(*a, *b, in);
  check_equivalent(*a, *b, in);
  if (const auto s = xlayout::checked_simplify(*a)) {
    FUZZ_CHECK(xlayout::equivalent(*a, *s) != xlayout::tribool::no, in);
    check_equivalent(*a, *s, in);
  }
  return 0;
}
