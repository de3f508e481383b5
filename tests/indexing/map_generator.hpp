// tests/indexing/map_generator.hpp: seeded random indexing maps for the law tests, written as XLA text the
// way XLA's indexing analysis describes ops (output-to-input maps): transpose, reshape (linearize then
// delinearize), slice (stride and offset), broadcast, reverse, pad with interior padding (constraints),
// broadcast input-to-output (symbols), and the tiled layouts' physical maps. Chains of them are composed.
#pragma once
#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <xlayout/indexing.hpp>
#include <xlayout/indexing/layout_map.hpp>
#include <xlayout/text/parse_shape.hpp>

namespace gen {

using dims = std::vector<long long>;

struct op_map {
  std::string text;  // output index -> input index, domain = the output box
  dims out;          // output sizes (the map's domain)
  dims in;           // input sizes (the results' ranges)
};

inline std::string var(int i) { return "d" + std::to_string(i); }

inline std::string header(const dims& out, int num_range = 0) {
  std::string s = "(";
  for (std::size_t i = 0; i < out.size(); ++i) s += (i ? ", " : "") + var(static_cast<int>(i));
  s += ")";
  if (num_range > 0) {
    s += "[";
    for (int j = 0; j < num_range; ++j) s += (j ? ", s" : "s") + std::to_string(j);
    s += "]";
  }
  return s;
}

inline std::string domain(const dims& out, const dims& range_sizes = {},
                          const std::vector<std::string>& extra = {}) {
  std::string s;
  for (std::size_t i = 0; i < out.size(); ++i)
    s += (i ? ", " : "") + var(static_cast<int>(i)) + " in [0, " + std::to_string(out[i] - 1) + "]";
  for (std::size_t j = 0; j < range_sizes.size(); ++j)
    s += (s.empty() ? "" : ", ") + std::string("s") + std::to_string(j) + " in [0, " +
         std::to_string(range_sizes[j] - 1) + "]";
  for (const auto& e : extra) s += ", " + e;
  return s.empty() ? s : ", domain: " + s;
}

inline std::string results(const std::vector<std::string>& r) {
  std::string s = " -> (";
  for (std::size_t i = 0; i < r.size(); ++i) s += (i ? ", " : "") + r[i];
  return s + ")";
}

class generator {
 public:
  explicit generator(unsigned seed) : rng_(seed) {}

  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool coin() { return pick(0, 1) == 1; }

  dims random_shape(int max_rank = 3, int max_size = 6) {
    dims d(pick(1, max_rank));
    for (auto& x : d) x = pick(1, max_size);
    return d;
  }

  /// A map whose output is a fresh shape and whose input is `in`.
  op_map random_op(const dims& in) {
    switch (pick(0, 7)) {
      case 0:
        return transpose(in);
      case 1:
      case 2:
        return reshape(in);
      case 3:
        return slice(in);
      case 4:
        return broadcast(in);
      case 5:
        return reverse(in);
      case 6:
        return pad(in);
      default:
        return tiled(in);
    }
  }

  op_map transpose(const dims& in) {
    std::vector<int> perm(in.size());
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng_);
    dims out(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) out[i] = in[perm[i]];
    // out[i] = in[perm[i]]: input dim perm[i] is output dim i.
    std::vector<std::string> r(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) r[perm[i]] = var(static_cast<int>(i));
    return {header(out) + results(r) + domain(out), out, in};
  }

  op_map reshape(const dims& in) {
    long long n = 1;
    for (auto x : in) n *= x;
    // A random factorisation of n.
    dims out;
    long long rest = n;
    while (rest > 1 && out.size() < 3) {
      std::vector<long long> divs;
      for (long long d = 2; d <= rest; ++d)
        if (rest % d == 0) divs.push_back(d);
      long long f = divs[pick(0, static_cast<int>(divs.size()) - 1)];
      if (out.size() == 2) f = rest;
      out.push_back(f);
      rest /= f;
    }
    if (out.empty()) out.push_back(1);
    if (coin()) std::reverse(out.begin(), out.end());
    // linear index of the output, then delinearize into the input (XLA's collapse/expand).
    std::string lin;
    long long stride = 1;
    for (std::size_t i = out.size(); i-- > 0;) {
      std::string t =
          stride == 1 ? var(static_cast<int>(i)) : var(static_cast<int>(i)) + " * " + std::to_string(stride);
      lin = lin.empty() ? t : t + " + " + lin;
      stride *= out[i];
    }
    std::vector<std::string> r(in.size());
    long long s2 = 1;
    const bool old_spelling = coin();
    for (std::size_t j = in.size(); j-- > 0;) {
      std::string q = s2 == 1 ? "(" + lin + ")"
                              : "(" + lin + ") " + (old_spelling ? "floordiv " : "/ ") + std::to_string(s2);
      r[j] = j == 0 ? q : "(" + q + ") mod " + std::to_string(in[j]);
      s2 *= in[j];
    }
    return {header(out) + results(r) + domain(out), out, in};
  }

  op_map slice(const dims& in) {
    dims out(in.size());
    std::vector<std::string> r(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
      const long long stride = pick(1, 3);
      const long long start = pick(0, static_cast<int>(in[i]) - 1);
      out[i] = (in[i] - start + stride - 1) / stride;
      std::string t = var(static_cast<int>(i));
      if (stride != 1) t += " * " + std::to_string(stride);
      if (start != 0) t += " + " + std::to_string(start);
      r[i] = t;
    }
    return {header(out) + results(r) + domain(out), out, in};
  }

  op_map broadcast(const dims& in) {
    // The output has the input's dims and up to two new ones; the map drops the new ones.
    dims out;
    std::vector<std::string> r(in.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < in.size() || out.size() < in.size() + 2; ++i) {
      if (out.size() >= 4) break;
      if (k < in.size() && (coin() || out.size() >= 3)) {
        r[k] = var(static_cast<int>(out.size()));
        out.push_back(in[k++]);
      } else if (out.size() < 3) {
        out.push_back(pick(1, 4));
      }
      if (k == in.size()) break;
    }
    while (k < in.size()) {
      r[k] = var(static_cast<int>(out.size()));
      out.push_back(in[k++]);
    }
    return {header(out) + results(r) + domain(out), out, in};
  }

  op_map reverse(const dims& in) {
    std::vector<std::string> r(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
      r[i] = coin() ? "-" + var(static_cast<int>(i)) + " + " + std::to_string(in[i] - 1)
                    : var(static_cast<int>(i));
    }
    return {header(in) + results(r) + domain(in), in, in};
  }

  /// pad output-to-input: d -> (d - lo) / (interior + 1) on [lo, ...], (d - lo) mod (interior + 1) in [0, 0].
  op_map pad(const dims& in) {
    dims out(in.size());
    std::vector<std::string> r(in.size());
    std::vector<std::string> cons;
    std::vector<std::pair<long long, long long>> bounds(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
      const long long lo = pick(0, 2), interior = pick(0, 1), hi = pick(0, 2);
      out[i] = lo + in[i] + (in[i] - 1) * interior + hi;
      const std::string d = var(static_cast<int>(i));
      const std::string shifted = lo == 0 ? d : d + " - " + std::to_string(lo);
      r[i] = interior == 0 ? shifted : "(" + shifted + ") / " + std::to_string(interior + 1);
      if (interior > 0)
        cons.push_back("(" + shifted + ") mod " + std::to_string(interior + 1) + " in [0, 0]");
      bounds[i] = {lo, lo + (in[i] - 1) * (interior + 1)};
    }
    std::string dom;
    for (std::size_t i = 0; i < in.size(); ++i)
      dom += (i ? ", " : "") + var(static_cast<int>(i)) + " in [" + std::to_string(bounds[i].first) + ", " +
             std::to_string(bounds[i].second) + "]";
    for (const auto& c : cons) dom += ", " + c;
    return {header(out) + results(r) + ", domain: " + dom, out, in};
  }

  /// The physical index of a random tiled layout of a shape with the output's sizes, read backwards: the
  /// map from the physical (tiled) index to the logical one, whose output is the tiled shape.
  op_map tiled(const dims& in) {
    std::string shape = "f32[";
    for (std::size_t i = 0; i < in.size(); ++i) shape += (i ? "," : "") + std::to_string(in[i]);
    shape += "]{";
    std::vector<int> m2m(in.size());
    std::iota(m2m.begin(), m2m.end(), 0);
    std::shuffle(m2m.begin(), m2m.end(), rng_);
    for (std::size_t i = 0; i < m2m.size(); ++i) shape += (i ? "," : "") + std::to_string(m2m[i]);
    shape += ":T(";
    const int tr = pick(1, static_cast<int>(std::min<std::size_t>(in.size(), 2)));
    for (int i = 0; i < tr; ++i) shape += (i ? "," : "") + std::to_string(pick(1, 4));
    shape += ")}";
    auto s = xlayout::parse_shape(shape);
    auto m = xlayout::physical_to_logical_map(*s, false);
    if (!m || m->num_dims > 6) return transpose(in);
    dims out(m->num_dims);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = m->bounds[i].upper + 1;
    return {std::string(xlayout::to_string(*m).view()), out, in};
  }

  /// A broadcast described input-to-output: (d...)[s...] -> (s0, d0, ...): symbols range over new dims.
  op_map broadcast_i2o(const dims& in) {
    const int ns = pick(1, 2);
    dims syms(ns);
    for (auto& x : syms) x = pick(1, 3);
    std::vector<std::string> r;
    for (std::size_t i = 0; i < in.size(); ++i) r.push_back(var(static_cast<int>(i)));
    for (int j = 0; j < ns; ++j)
      r.insert(r.begin() + pick(0, static_cast<int>(r.size())), "s" + std::to_string(j));
    dims outsz = in;
    return {header(in, ns) + results(r) + domain(in, syms), in, {}};
  }

 private:
  std::mt19937 rng_;
};

}  // namespace gen
