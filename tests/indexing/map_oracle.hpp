// tests/indexing/map_oracle.hpp: an independent, deliberately naive reading of XLA's indexing-map text for
// the tests: its own parser and evaluator (std::string, std::vector, exceptions), sharing no code with the
// library. Tests use it to check the library's results by brute force over the domain.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace oracle {

using i64 = std::int64_t;
__extension__ typedef __int128 i128;  // exact intermediate values

struct node {
  char op = 0;  // 'c' constant, 'v' variable, '+', '*', '/', 'C' ceildiv, '%', 'm' min, 'M' max
  i64 value = 0;
  int lhs = -1, rhs = -1;
};

struct map {
  bool undefined = false, known_empty = false;
  int num_dims = 0, num_range = 0, num_rt = 0;
  std::vector<std::string> names;
  std::vector<std::pair<i64, i64>> bounds;
  std::vector<node> nodes;
  std::vector<int> results;
  std::vector<std::pair<int, std::pair<i64, i64>>> constraints;
  int num_vars() const { return num_dims + num_range + num_rt; }
};

class parser {
 public:
  explicit parser(std::string text) : s_(std::move(text)) {}

  map parse_map() {
    map m;
    skip();
    if (word_is("UNDEFINED")) return m.undefined = true, m;
    if (word_is("KNOWN")) return m.known_empty = true, m;
    m.num_dims = name_list(m, '(', ')');
    skip();
    if (peek() == '[') m.num_range = name_list(m, '[', ']');
    skip();
    if (peek() == '{') m.num_rt = name_list(m, '{', '}');
    m.bounds.assign(m.names.size(), {INT64_MIN, INT64_MAX});
    expect("->");
    expect("(");
    skip();
    if (peek() == ')') {
      ++p_;
    } else {
      while (true) {
        m.results.push_back(expr(m));
        skip();
        if (peek() == ')') {
          ++p_;
          break;
        }
        expect(",");
      }
    }
    skip();
    if (p_ < s_.size()) {
      expect(",");
      expect("domain");
      expect(":");
      std::size_t var = 0;
      while (true) {
        skip();
        if (var < m.names.size()) {
          const std::string n = ident();
          if (n != m.names[var]) throw std::runtime_error("oracle: domain out of order at " + n);
          expect("in");
          m.bounds[var++] = range();
        } else {
          const int e = expr(m);
          expect("in");
          m.constraints.push_back({e, range()});
        }
        skip();
        if (p_ >= s_.size()) break;
        expect(",");
      }
    }
    for (auto& b : m.bounds) {
      if (b.first > b.second) m.known_empty = true;
    }
    return m;
  }

 private:
  std::string s_;
  std::size_t p_ = 0;

  char peek() const { return p_ < s_.size() ? s_[p_] : '\0'; }
  void skip() {
    while (p_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[p_]))) ++p_;
  }
  bool word_is(const std::string& w) {
    skip();
    if (s_.compare(p_, w.size(), w) == 0) {
      p_ += w.size();
      return true;
    }
    return false;
  }
  void expect(const std::string& w) {
    if (!word_is(w))
      throw std::runtime_error("oracle: expected '" + w + "' at " + std::to_string(p_) + " in " + s_);
  }
  std::string ident() {
    skip();
    std::size_t b = p_;
    while (p_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[p_])) || s_[p_] == '_')) ++p_;
    return s_.substr(b, p_ - b);
  }
  i64 integer() {
    skip();
    bool neg = false;
    if (peek() == '-') neg = true, ++p_;
    std::size_t b = p_;
    while (p_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[p_]))) ++p_;
    if (b == p_) throw std::runtime_error("oracle: expected integer in " + s_);
    const std::string digits = s_.substr(b, p_ - b);
    if (neg) return static_cast<i64>(std::stoll("-" + digits));
    return static_cast<i64>(std::stoull(digits));
  }
  std::pair<i64, i64> range() {
    expect("[");
    i64 a = integer();
    expect(",");
    i64 b = integer();
    expect("]");
    return {a, b};
  }
  int name_list(map& m, char open, char close) {
    expect(std::string(1, open));
    skip();
    int n = 0;
    if (peek() == close) return ++p_, 0;
    while (true) {
      m.names.push_back(ident());
      ++n;
      skip();
      if (peek() == close) return ++p_, n;
      expect(",");
    }
  }
  int add(map& m, node n) {
    m.nodes.push_back(n);
    return static_cast<int>(m.nodes.size()) - 1;
  }
  int expr(map& m) {
    int l = term(m);
    while (true) {
      skip();
      if (peek() == '+') {
        ++p_;
        l = add(m, {'+', 0, l, term(m)});
      } else if (peek() == '-' && (p_ + 1 >= s_.size() || s_[p_ + 1] != '>')) {
        ++p_;
        const int r = term(m);
        const int neg = add(m, {'*', 0, r, add(m, {'c', -1, -1, -1})});
        l = add(m, {'+', 0, l, neg});
      } else {
        return l;
      }
    }
  }
  int term(map& m) {
    int l = factor(m);
    while (true) {
      skip();
      char op = 0;
      if (peek() == '*') {
        op = '*', ++p_;
      } else if (peek() == '/') {
        op = '/', ++p_;
      } else {
        std::size_t save = p_;
        std::string w = ident();
        if (w == "floordiv" || w == "floorDiv") {
          op = '/';
        } else if (w == "ceildiv" || w == "ceilDiv") {
          op = 'C';
        } else if (w == "mod") {
          op = '%';
        } else {
          p_ = save;
          return l;
        }
      }
      l = add(m, {op, 0, l, factor(m)});
    }
  }
  int factor(map& m) {
    skip();
    if (peek() == '-') {
      ++p_;
      const int f = factor(m);
      return add(m, {'*', 0, f, add(m, {'c', -1, -1, -1})});
    }
    if (peek() == '(') {
      ++p_;
      const int e = expr(m);
      expect(")");
      return e;
    }
    if (std::isdigit(static_cast<unsigned char>(peek()))) return add(m, {'c', integer(), -1, -1});
    const std::string w = ident();
    if (w == "min" || w == "max") {
      expect("(");
      const int a = expr(m);
      expect(",");
      const int b = expr(m);
      expect(")");
      return add(m, {w == "min" ? 'm' : 'M', 0, a, b});
    }
    for (std::size_t i = 0; i < m.names.size(); ++i) {
      if (m.names[i] == w) return add(m, {'v', static_cast<i64>(i), -1, -1});
    }
    throw std::runtime_error("oracle: unknown name '" + w + "' in " + s_);
  }
};

inline map parse(const std::string& text) { return parser(text).parse_map(); }

/// Exact value with __int128 intermediates; nullopt on division by zero or a result beyond int64.
inline std::optional<i64> eval(const map& m, int e, const std::vector<i64>& vars) {
  const node& n = m.nodes[e];
  if (n.op == 'c') return n.value;
  if (n.op == 'v') return vars[n.value];
  auto a = eval(m, n.lhs, vars);
  auto b = eval(m, n.rhs, vars);
  if (!a || !b) return std::nullopt;
  i128 x = *a, y = *b, r = 0;
  switch (n.op) {
    case '+':
      r = x + y;
      break;
    case '*':
      r = x * y;
      break;
    case 'm':
      r = x < y ? x : y;
      break;
    case 'M':
      r = x > y ? x : y;
      break;
    case '/':
    case 'C':
    case '%': {
      if (y == 0) return std::nullopt;
      if (n.op == '%' && y < 0) y = -y;  // XLA: (a % b + |b|) % b
      i128 q = x / y;
      if ((x % y != 0) && ((x < 0) != (y < 0))) q -= 1;  // floor
      if (n.op == '/') r = q;
      if (n.op == 'C') r = (x % y == 0) ? q : q + 1;
      if (n.op == '%') r = x - q * y;
      break;
    }
  }
  if (r > INT64_MAX || r < INT64_MIN) return std::nullopt;
  return static_cast<i64>(r);
}

inline bool in_domain(const map& m, const std::vector<i64>& vars) {
  if (m.known_empty) return false;
  for (int v = 0; v < m.num_vars(); ++v) {
    if (vars[v] < m.bounds[v].first || vars[v] > m.bounds[v].second) return false;
  }
  for (auto& [e, r] : m.constraints) {
    auto x = eval(m, e, vars);
    if (!x || *x < r.first || *x > r.second) return false;
  }
  return true;
}

enum class verdict { equal, different, too_big };

/// Iterates the box `bounds` (inclusive); f(point) returns false to stop.
template <class F>
bool for_each_point(const std::vector<std::pair<i64, i64>>& bounds, F f) {
  std::vector<i64> p(bounds.size());
  for (std::size_t i = 0; i < bounds.size(); ++i) {
    if (bounds[i].first > bounds[i].second) return true;
    p[i] = bounds[i].first;
  }
  while (true) {
    if (!f(p)) return false;
    std::size_t i = bounds.size();
    while (i > 0) {
      --i;
      if (p[i] < bounds[i].second) {
        ++p[i];
        break;
      }
      p[i] = bounds[i].first;
      if (i == 0) return true;
    }
    if (bounds.empty()) return true;
  }
}

inline double box_points(const std::vector<std::pair<i64, i64>>& b) {
  double n = 1;
  for (auto& [lo, hi] : b) n *= hi < lo ? 0.0 : static_cast<double>(hi) - static_cast<double>(lo) + 1.0;
  return n;
}

/// The box to enumerate: the union of the two maps' bounds, each clamped to [-clamp, clamp] when unbounded.
inline std::vector<std::pair<i64, i64>> union_box(const map& a, const map& b, int n, i64 clamp) {
  std::vector<std::pair<i64, i64>> box;
  for (int v = 0; v < n; ++v) {
    i64 lo = INT64_MAX, hi = INT64_MIN;
    for (const map* m : {&a, &b}) {
      if (v < m->num_vars() && !m->known_empty) {
        lo = std::min(lo, m->bounds[v].first);
        hi = std::max(hi, m->bounds[v].second);
      }
    }
    if (lo == INT64_MAX) lo = 0, hi = 0;
    lo = std::max(lo, -clamp);
    hi = std::min(hi, clamp);
    box.push_back({lo, hi});
  }
  return box;
}

/// Pointwise comparison of two maps with the same variables: the same domain membership at every point of
/// the union of their boxes, and the same results inside. Unbounded variables are sampled on [-clamp, clamp].
inline verdict compare_pointwise(const map& a, const map& b, double max_points = 2e6, i64 clamp = 40) {
  if (a.undefined || b.undefined) return verdict::different;
  if (a.known_empty && b.known_empty) return verdict::equal;
  const map& shape = a.known_empty ? b : a;
  if (!a.known_empty && !b.known_empty &&
      (a.num_vars() != b.num_vars() || a.num_dims != b.num_dims || a.results.size() != b.results.size()))
    return verdict::different;
  auto box = union_box(a, b, shape.num_vars(), clamp);
  if (box_points(box) > max_points) return verdict::too_big;
  bool same = true;
  for_each_point(box, [&](const std::vector<i64>& p) {
    const bool ia = in_domain(a, p), ib = in_domain(b, p);
    if (ia != ib) return same = false;
    if (!ia) return true;
    for (std::size_t i = 0; i < a.results.size(); ++i) {
      if (eval(a, a.results[i], p) != eval(b, b.results[i], p)) return same = false;
    }
    return true;
  });
  return same ? verdict::equal : verdict::different;
}

/// Set semantics: for every dimension index, the set of result tuples over the symbols is the same.
inline verdict compare_sets(const map& a, const map& b, double max_points = 2e6, i64 clamp = 40) {
  if (a.undefined || b.undefined) return verdict::different;
  if (a.known_empty && b.known_empty) return verdict::equal;
  const map& shape = a.known_empty ? b : a;
  const int nd = shape.num_dims;
  if (!a.known_empty && !b.known_empty && (a.num_dims != b.num_dims || a.results.size() != b.results.size()))
    return verdict::different;
  auto dbox = union_box(a, b, nd, clamp);
  auto sym_box = [&](const map& m) {
    std::vector<std::pair<i64, i64>> box;
    for (int v = nd; v < m.num_vars(); ++v)
      box.push_back({std::max(m.bounds[v].first, -clamp), std::min(m.bounds[v].second, clamp)});
    return box;
  };
  const auto sa = sym_box(a), sb = sym_box(b);
  if (box_points(dbox) * (box_points(sa) + box_points(sb)) > max_points) return verdict::too_big;
  bool same = true;
  for_each_point(dbox, [&](const std::vector<i64>& d) {
    std::map<std::vector<i64>, int> seen;
    for (int side = 0; side < 2; ++side) {
      const map& m = side == 0 ? a : b;
      if (m.known_empty) continue;
      for_each_point(side == 0 ? sa : sb, [&](const std::vector<i64>& s) {
        std::vector<i64> p = d;
        p.insert(p.end(), s.begin(), s.end());
        if (!in_domain(m, p)) return true;
        std::vector<i64> out;
        for (int r : m.results) out.push_back(eval(m, r, p).value_or(INT64_MIN));
        seen[out] |= 1 << side;
        return true;
      });
    }
    for (auto& [k, mask] : seen) {
      if (mask != 3) return same = false;
    }
    return true;
  });
  return same ? verdict::equal : verdict::different;
}

/// Counts the floordiv / mod / ceildiv operations of an expression text (the op-count metric).
inline int count_div_ops(const std::string& t) {
  int n = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '/') ++n;
    auto word = [&](const char* w) {
      std::size_t len = std::char_traits<char>::length(w);
      if (t.compare(i, len, w) != 0) return false;
      const bool left = i == 0 || !(std::isalnum(static_cast<unsigned char>(t[i - 1])) || t[i - 1] == '_');
      const bool right =
          i + len >= t.size() || !(std::isalnum(static_cast<unsigned char>(t[i + len])) || t[i + len] == '_');
      return left && right;
    };
    if (word("floordiv") || word("mod") || word("ceildiv") || word("floorDiv") || word("ceilDiv")) ++n;
  }
  return n;
}

}  // namespace oracle
