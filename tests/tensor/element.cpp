// tests/tensor/element.cpp: float conversions of BF16, F16, the F8 kinds and F4E2M1FN. Decoding is checked
// for every bit pattern against an independent formula (ldexp in double); encoding against a brute-force
// search for the nearest value (ties to even, overflow as ml_dtypes), and F16 against the compiler's
// _Float16.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>
#include <xlayout/tensor/element.hpp>

#include "support/twin.hpp"

using namespace xlayout;

namespace {

struct format_case {
  element_type type;
  const char* name;
};
const format_case small_floats[] = {
    {element_type::f8e5m2, "f8e5m2"},
    {element_type::f8e4m3, "f8e4m3"},
    {element_type::f8e3m4, "f8e3m4"},
    {element_type::f8e4m3fn, "f8e4m3fn"},
    {element_type::f8e4m3fnuz, "f8e4m3fnuz"},
    {element_type::f8e5m2fnuz, "f8e5m2fnuz"},
    {element_type::f8e4m3b11fnuz, "f8e4m3b11fnuz"},
    {element_type::f8e8m0fnu, "f8e8m0fnu"},
    {element_type::f4e2m1fn, "f4e2m1fn"},
    {element_type::f6e3m2fn, "f6e3m2fn"},
    {element_type::f6e2m3fn, "f6e2m3fn"},
    {element_type::f16, "f16"},
    {element_type::bf16, "bf16"},
};

// What a bit pattern means, from the format's description alone (double arithmetic, no bit tricks on floats).
struct meaning {
  enum kind_t { number, nan, infinity } kind = number;
  double value = 0;  // with its sign (for infinity: +-1)
};
meaning reference_decode(const detail::minifloat_format& f, std::uint32_t bits) {
  const int payload = f.exponent_bits + f.mantissa_bits;
  const bool negative = f.is_signed && ((bits >> payload) & 1u);
  const std::uint32_t mag = bits & ((1u << payload) - 1);
  const std::uint32_t e = mag >> f.mantissa_bits, m = mag & ((1u << f.mantissa_bits) - 1);
  const std::uint32_t emax = (1u << f.exponent_bits) - 1;
  const double sign = negative ? -1 : 1;
  switch (f.nan) {
    case detail::nan_encoding::ieee:
      if (e == emax) return m != 0 ? meaning{meaning::nan} : meaning{meaning::infinity, sign};
      break;
    case detail::nan_encoding::all_ones:
      if (mag == (1u << payload) - 1) return {meaning::nan};
      break;
    case detail::nan_encoding::negative_zero:
      if (negative && mag == 0) return {meaning::nan};
      break;
    case detail::nan_encoding::none:
      break;
  }
  if (f.has_zero && e == 0) return {meaning::number, sign * std::ldexp(m, 1 - f.bias - f.mantissa_bits)};
  return {meaning::number,
          sign * std::ldexp((1u << f.mantissa_bits) + m, static_cast<int>(e) - f.bias - f.mantissa_bits)};
}

float decode(element_type t, std::uint32_t bits) {
  switch (t) {
    case element_type::bf16:
      return to_float(bf16_bits{static_cast<std::uint16_t>(bits)});
    case element_type::f16:
      return to_float(f16_bits{static_cast<std::uint16_t>(bits)});
    default:
      return detail::decode_minifloat(detail::format_of(t), bits);
  }
}
std::uint32_t encode(element_type t, float x) {
  switch (t) {
    case element_type::bf16:
      return from_float<bf16_bits>(x).bits;
    case element_type::f16:
      return from_float<f16_bits>(x).bits;
    default:
      return detail::encode_minifloat(detail::format_of(t), x);
  }
}
int pattern_count(const detail::minifloat_format& f) {
  return 1 << (f.exponent_bits + f.mantissa_bits + (f.is_signed ? 1 : 0));
}

}  // namespace

TEST_CASE("known values (ml_dtypes' definitions)", "[tensor][element]") {
  STATIC_REQUIRE(to_float(bf16_bits{0x3F80}) == 1.0f);
  STATIC_REQUIRE(from_float<bf16_bits>(1.0f).bits == 0x3F80);
  STATIC_REQUIRE(to_float(f16_bits{0x3C00}) == 1.0f);
  STATIC_REQUIRE(to_float(f16_bits{0x0001}) == 5.9604644775390625e-08f);  // smallest subnormal
  STATIC_REQUIRE(from_float<f16_bits>(65504.0f).bits == 0x7BFF);          // largest
  STATIC_REQUIRE(from_float<f16_bits>(65520.0f).bits == 0x7C00);          // halfway above it: infinity
  using E4M3FN = f8_bits<element_type::f8e4m3fn>;
  STATIC_REQUIRE(to_float(E4M3FN{0x7E}) == 448.0f);
  STATIC_REQUIRE(from_float<E4M3FN>(448.0f).bits == 0x7E);
  STATIC_REQUIRE(from_float<E4M3FN>(464.0f).bits == 0x7E);  // a tie: to the even mantissa, not to NaN
  STATIC_REQUIRE(from_float<E4M3FN>(480.0f).bits == 0x7F);  // too large: NaN (no infinity)
  using E5M2 = f8_bits<element_type::f8e5m2>;
  STATIC_REQUIRE(to_float(E5M2{0x7B}) == 57344.0f);
  STATIC_REQUIRE(from_float<E5M2>(1e9f).bits == 0x7C);  // infinity
  using E4M3FNUZ = f8_bits<element_type::f8e4m3fnuz>;
  STATIC_REQUIRE(from_float<E4M3FNUZ>(-0.0f).bits == 0x00);  // no negative zero
  STATIC_REQUIRE(to_float(E4M3FNUZ{0x7F}) == 240.0f);
  using E8M0 = f8_bits<element_type::f8e8m0fnu>;
  STATIC_REQUIRE(to_float(E8M0{127}) == 1.0f);
  STATIC_REQUIRE(from_float<E8M0>(0.25f).bits == 125);
  STATIC_REQUIRE(from_float<E8M0>(-1.0f).bits == 0xFF);  // unsigned: NaN
  // The F6 kinds (OCP MX: E3M2 bias 3, largest 28, smallest subnormal 2^-4; E2M3 bias 1, largest 7.5,
  // smallest subnormal 2^-3; finite, no NaN), one per byte in the low six bits, the sign bit 0x20.
  using E3M2 = f8_bits<element_type::f6e3m2fn>;
  using E2M3 = f8_bits<element_type::f6e2m3fn>;
  STATIC_REQUIRE(to_float(E3M2{0x1F}) == 28.0f);
  STATIC_REQUIRE(to_float(E3M2{0x3F}) == -28.0f);
  STATIC_REQUIRE(to_float(E3M2{0x01}) == 0.0625f);
  STATIC_REQUIRE(to_float(E3M2{0x0C}) == 1.0f);         // exponent field 3 = bias
  STATIC_REQUIRE(from_float<E3M2>(1e9f).bits == 0x1F);  // saturates
  STATIC_REQUIRE(to_float(E2M3{0x1F}) == 7.5f);
  STATIC_REQUIRE(to_float(E2M3{0x01}) == 0.125f);
  STATIC_REQUIRE(to_float(E2M3{0x08}) == 1.0f);  // exponent field 1 = bias
  STATIC_REQUIRE(from_float<E2M3>(-100.0f).bits == 0x3F);
  STATIC_REQUIRE(from_float<E2M3>(1.0625f).bits == 0x08);  // a tie between 1 and 1.125: to the even 1
}

TEST_CASE("decoding: every bit pattern of every small float type means what its format says",
          "[tensor][element]") {
  for (const format_case& c : small_floats) {
    INFO(c.name);
    const detail::minifloat_format f = detail::format_of(c.type);
    for (int b = 0; b < pattern_count(f); ++b) {
      INFO("bits " << b);
      const meaning m = reference_decode(f, static_cast<std::uint32_t>(b));
      const float got = decode(c.type, static_cast<std::uint32_t>(b));
      switch (m.kind) {
        case meaning::nan:
          CHECK(std::isnan(got));
          break;
        case meaning::infinity:
          CHECK(std::isinf(got));
          CHECK((got > 0) == (m.value > 0));
          break;
        case meaning::number:
          CHECK(static_cast<double>(got) == m.value);
          CHECK(std::signbit(got) == std::signbit(m.value));
          break;
      }
    }
  }
}

TEST_CASE("encoding: every value round-trips, and every float goes to the nearest value, ties to even",
          "[tensor][element]") {
  for (const format_case& c : small_floats) {
    INFO(c.name);
    const detail::minifloat_format f = detail::format_of(c.type);
    // The non-negative finite values with their patterns, sorted.
    struct point {
      double value;
      std::uint32_t bits;
    };
    std::vector<point> values;
    for (int b = 0; b < pattern_count(f); ++b) {
      const meaning m = reference_decode(f, static_cast<std::uint32_t>(b));
      if (m.kind != meaning::number) continue;
      if (!(m.value == 0 && std::signbit(m.value))) {  // -0 encodes as +0 where the type has one
        CHECK(encode(c.type, static_cast<float>(m.value)) == static_cast<std::uint32_t>(b));  // round trip
      }
      if (m.value >= 0 && !std::signbit(m.value)) values.push_back({m.value, static_cast<std::uint32_t>(b)});
    }
    std::sort(values.begin(), values.end(), [](const point& a, const point& b) { return a.value < b.value; });
    const point largest = values.back();
    // Values at or beyond largest + half its ulp overflow (a tie goes to the even neighbour: beyond the
    // largest when that one is odd, and always for e8m0, whose integer significand 1 is odd).
    const double half_ulp = std::ldexp(1.0, std::ilogb(largest.value) - f.mantissa_bits) / 2;
    const bool tie_overflows = f.mantissa_bits == 0 || (largest.bits & 1u) != 0;

    std::mt19937 rng(17);
    const double range =
        std::min(1.2 * largest.value, static_cast<double>(std::numeric_limits<float>::max()));
    std::uniform_real_distribution<double> pick(f.is_signed ? -range : 0.0, range);
    std::uniform_int_distribution<std::size_t> pick_index(0, values.size() - 2);
    for (int trial = 0; trial < 20000; ++trial) {
      float x = static_cast<float>(pick(rng));
      if (trial % 4 == 1) {  // exactly halfway between two neighbours: the tie rule decides
        const std::size_t k = pick_index(rng);
        x = static_cast<float>((values[k].value + values[k + 1].value) / 2) * (x < 0 ? -1.0f : 1.0f);
      }
      if (trial % 4 == 2) x = std::ldexp(x, -std::uniform_int_distribution<int>(0, 40)(rng));  // small values
      INFO("x = " << x);
      const std::uint32_t got = encode(c.type, x);
      const float back = decode(c.type, got);
      const double ax = std::fabs(static_cast<double>(x));
      if (ax > largest.value + half_ulp || (ax == largest.value + half_ulp && tie_overflows)) {
        if (f.has_infinity) {
          CHECK(std::isinf(back));
        } else if (f.nan != detail::nan_encoding::none) {
          CHECK(std::isnan(back));
        } else {
          CHECK(std::fabs(back) == static_cast<float>(largest.value));  // F4E2M1FN saturates
        }
        continue;
      }
      if (!f.has_zero && ax < values.front().value) {  // e8m0 has no zero: NaN for 0, else its smallest
        CHECK(got == (ax == 0 ? 0xFFu : 0u));
        continue;
      }
      // The nearest value: the neighbours below and above ax, ties to the even pattern (e8m0: up).
      const auto above = std::lower_bound(values.begin(), values.end(), ax,
                                          [](const point& p, double v) { return p.value < v; });
      const point hi = above == values.end() ? largest : *above;
      const point lo = above == values.begin() ? hi : *(above - 1);
      const double dlo = ax - lo.value, dhi = hi.value - ax;
      point best = dlo < dhi ? lo : hi;
      if (dlo == dhi) best = f.mantissa_bits == 0 ? hi : ((lo.bits & 1u) == 0 ? lo : hi);
      CHECK(static_cast<double>(std::fabs(back)) == best.value);
      if (best.value != 0 && f.is_signed) CHECK(std::signbit(back) == (x < 0));
    }
  }
}

TEST_CASE("F16 agrees with the compiler's _Float16 on every pattern and 2^26 floats",
          "[tensor][element]" XLAYOUT_RUN_ONCE) {
#if defined(__FLT16_MAX__)
  for (std::uint32_t b = 0; b < 65536; ++b) {
    _Float16 h;
    const auto s = static_cast<std::uint16_t>(b);
    std::memcpy(&h, &s, 2);
    const float ref = static_cast<float>(h), got = to_float(f16_bits{s});
    if (!(ref == got || (std::isnan(ref) && std::isnan(got)))) FAIL("decode " << b);
  }
  int mismatches = 0;
  for (std::uint64_t u = 0; u < (std::uint64_t{1} << 32); u += 64) {
    const auto v = static_cast<std::uint32_t>(u);
    float x;
    std::memcpy(&x, &v, 4);
    if (std::isnan(x)) continue;
    const _Float16 h = static_cast<_Float16>(x);
    std::uint16_t ref;
    std::memcpy(&ref, &h, 2);
    if (from_float<f16_bits>(x).bits != ref) ++mismatches;
  }
  CHECK(mismatches == 0);
#else
  WARN("skipped: this compiler has no _Float16");
#endif
}

TEST_CASE("BF16: the shift-based conversion agrees with the general one on 2^26 floats",
          "[tensor][element]" XLAYOUT_RUN_ONCE) {
  const detail::minifloat_format f = detail::format_of(element_type::bf16);
  int mismatches = 0;
  for (std::uint64_t u = 0; u < (std::uint64_t{1} << 32); u += 64) {
    const auto v = static_cast<std::uint32_t>(u);
    float x;
    std::memcpy(&x, &v, 4);
    const std::uint32_t general = detail::encode_minifloat(f, x);
    const std::uint32_t fast = from_float<bf16_bits>(x).bits;
    if (std::isnan(x) ? !std::isnan(to_float(bf16_bits{static_cast<std::uint16_t>(fast)})) : general != fast)
      ++mismatches;
  }
  CHECK(mismatches == 0);
  for (std::uint32_t b = 0; b < 65536; ++b) {
    const float a = to_float(bf16_bits{static_cast<std::uint16_t>(b)});
    const float g = detail::decode_minifloat(f, b);
    if (!(a == g || (std::isnan(a) && std::isnan(g)))) FAIL("decode " << b);
  }
}
