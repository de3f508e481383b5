// tests/tensor/static_program.cpp: a static tensor's accessor program comes from its layout's program for
// dynamic extents, evaluated for the extents, or where the layout has none ('*' tiles, padded dimensions,
// tiles whose sizes multiply past 2^24), from the shape's own index program where each of its terms reads
// one dimension (detail::static_program, own_static_terms). Checked against the program the shape compiles
// on its own (make_accessor_program of the static shape: the same terms, in the same order, the same span)
// over grids of extents, and against the brute-force model of the seed's pad, reshape and transpose (every
// element's slot, and the span).
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

// The terms `got` (static_terms) against want (make_accessor_program of the static shape s, of extents e) and
// against the brute-force model. A span from the layout's program leaves L(n) to the accessor; the shape's
// own includes it (span_aligned).
template <class Got>
void check_terms(const Got& got, const detail::accessor_program& want, const shape& s,
                 const std::vector<index_t>& e, bool span_aligned) {
  const std::size_t R = e.size();
  const index_t align = s.layout.tail_padding_alignment_in_elements;
  REQUIRE(got.count == want.terms.size());
  for (std::size_t k = 0; k < got.count; ++k) {
    INFO("term " << k);
    CHECK(got.dimension[k] == want.terms[k].dimension);
    CHECK(got.divisor[k] == want.terms[k].term.divisor);
    CHECK(got.modulus[k] == want.terms[k].term.modulus);
    CHECK(got.stride[k] == want.terms[k].term.stride);
  }
  const auto aligned = [align](index_t n) { return (n + align - 1) / align * align; };
  CHECK(aligned(got.span) == want.span.constant);

  // Against the brute-force model, where it is small: every element at its slot, and the span.
  index_t elements = 1;
  for (index_t x : e) elements *= x;
  if (elements <= 4096) {
    const xlayout_test::array_nd a = xlayout_test::brute_force_array(s);
    const auto model_span = static_cast<index_t>(a.data.size());
    CHECK((span_aligned ? aligned(model_span) : model_span) == got.span);
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
}

shape static_shape_of(const std::vector<index_t>& e, const layout& l) {
  shape s;
  s.element_type = element_type::f32;
  for (index_t x : e) {
    s.dimensions.push_back(x);
    s.dynamic_dimensions.push_back(false);
  }
  s.layout = l;
  return s;
}

// Returns the number of extent vectors compared. Where the layout has a program for dynamic extents
// (expect_usable), each static shape's is that program specialized; elsewhere the shape's own
// (own_static_terms), which must exist exactly where make_accessor_program's is exact.
template <class L, std::size_t R>
int compare_programs(const std::vector<index_t>& each, bool expect_usable) {
  using from = detail::layout_program<L, R>;
  INFO("layout " << std::string(L::to_string().view()));
  CHECK(from::usable == expect_usable);
  int compared = 0;
  for (const auto& e : grid(R, each)) {
    INFO("extents " << text_of(e));
    const shape s = static_shape_of(e, L::value);
    const detail::accessor_program want = detail::make_accessor_program(s);
    if (from::usable) {
      REQUIRE(want.exact);
      const auto got =
          detail::specialize_program(from::flat, e.data(), L::value.tail_padding_alignment_in_elements);
      REQUIRE(got.ok);
      check_terms(got, want, s, e, false);
    } else {
      const auto got = detail::own_static_terms(s);
      REQUIRE(got.ok == want.exact);
      if (!got.ok) continue;
      check_terms(got, want, s, e, true);
    }
    ++compared;
  }
  return compared;
}

const std::vector<index_t> sizes1 = {1,   2,   3,   4,   5,   7,   8,   9,    16,
                                     100, 127, 128, 129, 255, 256, 257, 1000, 1024};
const std::vector<index_t> sizes2 = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 127, 128, 129, 256, 300};
const std::vector<index_t> sizes3 = {1, 2, 3, 4, 5, 8, 9, 16, 17, 128, 130};
const std::vector<index_t> sizes2_own = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 129, 256};
const std::vector<index_t> sizes3_own = {1, 2, 3, 4, 5, 8, 9, 17, 130};

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
  // ('*' groups whose tile lines up with the members' digits for some sizes; T(2,*,4) reads sums of
  // dimensions where it does not, and has no own program there; padded dimensions.)
  n += compare_programs<Layout<"{1,0:T(*,4)}">, 2>(sizes2, false);
  n += compare_programs<Layout<"{1,0:T(*,4)L(64)}">, 2>(sizes2_own, false);
  n += compare_programs<Layout<"{0,1:T(*,2)}">, 2>(sizes2_own, false);
  n += compare_programs<Layout<"{2,1,0:T(*,*,4)}">, 3>(sizes3_own, false);
  n += compare_programs<Layout<"{2,1,0:T(*,2,4)}">, 3>(sizes3_own, false);
  n += compare_programs<Layout<"{2,1,0:T(2,*,4)}">, 3>(sizes3_own, false);
  n += compare_programs<Layout<0, 1, pad(300, 300)>, 2>(sizes2_own, false);
  n += compare_programs<Layout<"{0:T(4096)(4096)(2)}">, 1>(sizes1, false);  // tile sizes past 2^24
  n += compare_programs<Layout<"{1,0:T(2,2)}">, 3>(sizes3, false);          // a layout of another rank: none
  CHECK(n > 7000);
}

TEST_CASE("static tensors take their layout's program; others compile their own") {
  STATIC_REQUIRE(detail::static_program<Extents<16, 256>, Layout<"{1,0:T(8,128)}">>::ok);
  STATIC_REQUIRE(detail::static_program<Extents<3, 40, 7>, Layout<"{0,2,1:T(2,2)}">>::ok);
  STATIC_REQUIRE(!detail::static_program<Extents<dyn, 256>, Layout<"{1,0:T(8,128)}">>::ok);
  STATIC_REQUIRE(!detail::static_program<Extents<16, 0>, Layout<"{1,0:T(8,128)}">>::ok);
  // The shape's own program, where its layout has none for dynamic extents.
  STATIC_REQUIRE(detail::static_program<Extents<16, 255>, Layout<"{1,0:T(*,4)}">>::ok);
  STATIC_REQUIRE(detail::static_program<Extents<16, 256>, Layout<0, 1, pad(20, 300)>>::ok);
  // Not where the shape's program reads a sum of dimensions (the general path's combined program does).
  STATIC_REQUIRE(!detail::static_program<Extents<4, 6, 5>, Layout<"{2,1,0:T(2,*,4)}">>::ok);
  STATIC_REQUIRE(!Tensor<"f32[4,6,5]{2,1,0:T(2,*,4)}">::mapping_type::exact);
  STATIC_REQUIRE(Tensor<"f32[4,6,5]{2,1,0:T(2,*,4)}">::mapping_type::compiled());
  // A span past int64 is left to the general path (tensor_program), which reports span_overflow.
  STATIC_REQUIRE(
      !detail::static_program<Extents<(index_t{1} << 40), (index_t{1} << 40)>, Layout<"{1,0}">>::ok);
  STATIC_REQUIRE(
      !detail::static_program<Extents<(index_t{1} << 40), (index_t{1} << 40)>, Layout<"{1,0:T(*,4)}">>::ok);
  // Tiles whose sizes multiply past 2^24 (the bound of the probes for '?' extents): the shape's own program.
  using big = Tensor<"f32[3,5]{0,1:T(4096)(4096)(2)}">;
  STATIC_REQUIRE((big::mapping_type::exact && detail::quick_tensor<"f32[3,5]{0,1:T(4096)(4096)(2)}">::ok));
  std::vector<float> buffer(static_cast<std::size_t>(big::mapping_type{}.required_span_size()));
  std::vector<index_t> visited;
  for_each(big(buffer.data()), [&](float& x) { visited.push_back(&x - buffer.data()); });
  std::vector<index_t> want;
  for (index_t j = 0; j < 5; ++j) {
    for (index_t i = 0; i < 3; ++i) want.push_back(linear_index(big::mapping_type::static_shape, {i, j}));
  }
  CHECK(visited == want);  // memory order: {0,1} puts dimension 0 minor
  // Either way the accessor gives the same element.
  using A = Tensor<"f32[16,256]{1,0:T(8,128)}">::mapping_type;
  STATIC_REQUIRE((A::exact && A::term_count == 4));
  STATIC_REQUIRE(A{}(9, 130) == linear_index(A::static_shape, {9, 130}));
}
