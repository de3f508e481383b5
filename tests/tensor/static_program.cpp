// tests/tensor/static_program.cpp: a static tensor's accessor program comes from its layout's program for
// dynamic extents, evaluated for the extents (detail::static_program). Checked against the program the
// shape compiles on its own (make_accessor_program of the static shape: the same terms, in the same order,
// the same span) over grids of extents, and against the brute-force model of the seed's pad, reshape and
// transpose (every element's slot, and the span).
#include <catch2/catch.hpp>
#include <cstddef>
#include <string>
#include <vector>
#include <xlayout/tensor.hpp>

#include "support/brute_force_layout.hpp"
#include "support/twin.hpp"

using namespace xlayout;

namespace {

std::string text_of(const std::vector<index_t>& e) {
  std::string s = "[";
  for (std::size_t d = 0; d < e.size(); ++d) s += (d ? "," : "") + std::to_string(e[d]);
  return s + "]";
}

// Every extent vector of rank R over the values `each`.
std::vector<std::vector<index_t>> grid(std::size_t rank, const std::vector<index_t>& each) {
  std::vector<std::vector<index_t>> out{{}};
  for (std::size_t d = 0; d < rank; ++d) {
    std::vector<std::vector<index_t>> next;
    for (const auto& v : out) {
      for (index_t x : each) {
        next.push_back(v);
        next.back().push_back(x);
      }
    }
    out = next;
  }
  return out;
}

// Returns the number of extent vectors compared.
template <class L, std::size_t R>
int compare_programs(const std::vector<index_t>& each, bool expect_usable) {
  using from = detail::layout_program<L, R>;
  INFO("layout " << std::string(L::to_string().view()));
  CHECK(from::usable == expect_usable);
  if (!from::usable) return 0;
  int compared = 0;
  for (const auto& e : grid(R, each)) {
    INFO("extents " << text_of(e));
    shape s;
    s.element_type = element_type::f32;
    for (index_t x : e) {
      s.dimensions.push_back(x);
      s.dynamic_dimensions.push_back(false);
    }
    s.layout = L::value;
    const index_t align = L::value.tail_padding_alignment_in_elements;
    const auto got = detail::specialize_program(from::flat, e.data(), align);
    const detail::accessor_program want = detail::make_accessor_program(s);
    REQUIRE(want.exact);
    REQUIRE(got.ok);
    REQUIRE(got.count == want.terms.size());
    for (std::size_t k = 0; k < got.count; ++k) {
      INFO("term " << k);
      CHECK(got.dimension[k] == want.terms[k].dimension);
      CHECK(got.divisor[k] == want.terms[k].term.divisor);
      CHECK(got.modulus[k] == want.terms[k].term.modulus);
      CHECK(got.stride[k] == want.terms[k].term.stride);
    }
    CHECK((got.span + align - 1) / align * align == want.span.constant);

    // Against the brute-force model, where it is small: every element at its slot, and the span.
    index_t elements = 1;
    for (index_t x : e) elements *= x;
    if (elements <= 4096) {
      const xlayout_test::array_nd a = xlayout_test::brute_force_array(s);
      CHECK(static_cast<index_t>(a.data.size()) == got.span);
      for (std::size_t slot = 0; slot < a.data.size(); ++slot) {
        index_t id = a.data[slot];
        if (id < 0) continue;
        std::vector<index_t> idx(R);  // the element's index, from its row-major id
        for (std::size_t d = R; d-- > 0;) {
          idx[d] = id % e[d];
          id /= e[d];
        }
        index_t offset = 0;
        for (std::size_t k = 0; k < got.count; ++k) {
          index_t v = idx[static_cast<std::size_t>(got.dimension[k])] / got.divisor[k];
          if (got.modulus[k] != 0) v %= got.modulus[k];
          offset += v * got.stride[k];
        }
        if (offset != static_cast<index_t>(slot)) {
          FAIL_CHECK("element " << text_of(idx) << " at " << offset << ", the model says " << slot);
          break;
        }
      }
    }
    ++compared;
  }
  return compared;
}

const std::vector<index_t> sizes1 = {1,   2,   3,   4,   5,   7,   8,   9,    16,
                                     100, 127, 128, 129, 255, 256, 257, 1000, 1024};
const std::vector<index_t> sizes2 = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 127, 128, 129, 256, 300};
const std::vector<index_t> sizes3 = {1, 2, 3, 4, 5, 8, 9, 16, 17, 128, 130};

}  // namespace

TEST_CASE("a static tensor's program is its layout's program for dynamic extents, evaluated",
          XLAYOUT_RUN_ONCE) {
  int n = 0;
  n += compare_programs<Layout<"{0}">, 1>(sizes1, true);
  n += compare_programs<Layout<"{0:T(128)}">, 1>(sizes1, true);
  n += compare_programs<Layout<"{0:T(4)(2)}">, 1>(sizes1, true);
  n += compare_programs<Layout<"{0:T(256)L(1024)}">, 1>(sizes1, true);
  n += compare_programs<Layout<"{1,0}">, 2>(sizes2, true);
  n += compare_programs<Layout<"{0,1}">, 2>(sizes2, true);
  n += compare_programs<Layout<"{1,0:T(2,2)}">, 2>(sizes2, true);
  n += compare_programs<Layout<"{1,0:T(8,128)}">, 2>(sizes2, true);
  n += compare_programs<Layout<"{1,0:T(8,128)(2,1)}">, 2>(sizes2, true);
  n += compare_programs<Layout<"{1,0:T(16,128)(4,1)E(8)}">, 2>(sizes2, true);
  n += compare_programs<Layout<"{0,1:T(4,4)}">, 2>(sizes2, true);
  n += compare_programs<Layout<"{0,1:T(3,5)}">, 2>(sizes2, true);
  n += compare_programs<Layout<"{1,0:T(8)}">, 2>(sizes2, true);
  n += compare_programs<Layout<"{1,0:T(4,4)L(64)}">, 2>(sizes2, true);
  n += compare_programs<Layout<"{0,2,1:T(2,2)}">, 3>(sizes3, true);
  n += compare_programs<Layout<"{2,1,0:T(8,128)}">, 3>(sizes3, true);
  n += compare_programs<Layout<"{2,0,1:T(4,8)(2,1)}">, 3>(sizes3, true);
  n += compare_programs<Layout<"{2,1,0:T(2,2,2)}">, 3>(sizes3, true);
  // Layouts whose sizes have no formula of the extents compile each shape's own program.
  n += compare_programs<Layout<"{1,0:T(*,4)}">, 2>(sizes2, false);
  n += compare_programs<Layout<"{1,0:T(2,2)}">, 3>(sizes3, false);  // a layout of another rank
  CHECK(n > 4000);
}

TEST_CASE("static tensors take their layout's program; others compile their own") {
  STATIC_REQUIRE(detail::static_program<Extents<16, 256>, Layout<"{1,0:T(8,128)}">>::ok);
  STATIC_REQUIRE(detail::static_program<Extents<3, 40, 7>, Layout<"{0,2,1:T(2,2)}">>::ok);
  STATIC_REQUIRE(!detail::static_program<Extents<dyn, 256>, Layout<"{1,0:T(8,128)}">>::ok);
  STATIC_REQUIRE(!detail::static_program<Extents<16, 0>, Layout<"{1,0:T(8,128)}">>::ok);
  STATIC_REQUIRE(!detail::static_program<Extents<16, 256>, Layout<"{1,0:T(*,4)}">>::ok);
  STATIC_REQUIRE(!detail::static_program<Extents<16, 256>, Layout<0, 1, pad(20, 300)>>::ok);
  // A span past int64 is left to the shape's own program, which reports span_overflow.
  STATIC_REQUIRE(
      !detail::static_program<Extents<(index_t{1} << 40), (index_t{1} << 40)>, Layout<"{1,0}">>::ok);
  // Either way the accessor gives the same element.
  using A = Tensor<"f32[16,256]{1,0:T(8,128)}">::mapping_type;
  STATIC_REQUIRE((A::exact && A::term_count == 4));
  STATIC_REQUIRE(A{}(9, 130) == linear_index(A::static_shape, {9, 130}));
}
