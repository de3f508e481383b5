// tests/tensor/for_each.cpp: for_each / for_each_offset visit every element exactly once, in increasing
// memory order, with the logical index linear_index maps to that position, and never a padding slot (checked
// against the brute-force pad-reshape-transpose model); for_each_static does the same, unrolled.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>
#include <xlayout/tensor/for_each.hpp>
#include <xlayout/tensor/runtime_tensor.hpp>
#include <xlayout/tensor/tensor.hpp>
#include <xlayout/tensor/view.hpp>

#include "support/brute_force_layout.hpp"

using namespace xlayout;
using xlayout_test::brute_force_buffer;

namespace {

// Walks t and checks the walk against the brute-force buffer: the i-th visited element is the i-th
// non-padding slot of the buffer, and its index is the element that slot holds.
template <class T>
void check_walk(const T& t) {
  const shape s = t.shape();
  INFO(std::string(to_string(s).view()));
  const std::vector<index_t> buffer = brute_force_buffer(s);
  std::vector<index_t> expected_offsets;
  for (index_t p = 0; p < static_cast<index_t>(buffer.size()); ++p) {
    if (buffer[static_cast<std::size_t>(p)] >= 0) expected_offsets.push_back(p);
  }
  std::size_t visited = 0;
  for_each_offset(t.mapping(), [&](const index_array<T::rank()>& idx, index_t offset) {
    REQUIRE(visited < expected_offsets.size());
    REQUIRE(offset == expected_offsets[visited]);
    index_t row_major = 0;  // the element id the model stores: the row-major number of the index
    for (std::size_t d = 0; d < T::rank(); ++d) row_major = row_major * t.extent(d) + idx[d];
    REQUIRE(buffer[static_cast<std::size_t>(offset)] == row_major);
    ++visited;
  });
  CHECK(visited == expected_offsets.size());
  CHECK(static_cast<index_t>(visited) == t.size());
}

}  // namespace

TEST_CASE("for_each_offset walks memory order, skipping padding, on a dozen layouts", "[tensor][for_each]") {
  static float storage[1];  // never read: the offsets are (a pointer carries no length to check)
  float* const buf = storage;
  check_walk(Tensor<"f32[3,5]{1,0:T(2,2)}">(buf));
  check_walk(Tensor<"f32[3,5]{0,1:T(2,2)}">(buf));
  check_walk(Tensor<"f32[37,300]{1,0:T(8,128)}">(buf));
  check_walk(Tensor<"bf16[37,300]{1,0:T(8,128)(2,1)}">(reinterpret_cast<bf16_bits*>(buf)));
  check_walk(Tensor<"f32[10,20,300]{2,1,0:T(*,2,128)}">(buf));
  // A tile that splits a '*' group (compiled(), not exact): walked as the merged shape, indices split back.
  check_walk(Tensor<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">(buf));
  check_walk(Tensor<"f32[3,5,7]{2,1,0:T(*,2,4)}">(buf));
  check_walk(Tensor<"f32[4,3,5,6]{3,2,1,0:T(2,*,*,4)}">(buf));
  check_walk(Tensor<"bf16[6,5,9]{2,1,0:T(*,8,2)(2,1)}">(reinterpret_cast<bf16_bits*>(buf)));
  check_walk(Tensor<"f32[2,3,5]{1,2,0:T(*,2,2)}">(buf));  // merged in the physical order
  check_walk(Tensor<"f32[2,7,8,11,10]{0,1,2,3,4:T(*,*,2,*,3)}">(buf));
  check_walk(Tensor<"f32[6,5]{1,0:T(4,3)(2,2)}">(buf));  // not compiled: the multi_index walk
  check_walk(Tensor<F32, Extents<2, 3>, Layout<0, 1, pad(3, 5)>>(buf));
  check_walk(Tensor<"f32[10,20,30]{1,2,0}">(buf));
  check_walk(Tensor<"f32[4,6,5]{1,2,0:T(2,4)}">(buf));
  check_walk(Tensor<"f32[17]{0:T(4)(2)L(8)}">(buf));
  check_walk(Tensor<"f32[4,4]{1,0:T(*,8)}">(buf));  // two digits in one tiled dimension
  check_walk(Tensor<"f32[]">(buf));
  for (index_t n : {0, 1, 5, 8, 9, 130}) {
    check_walk(Tensor<"bf16[?,256]{1,0:T(8,128)(2,1)}">(reinterpret_cast<bf16_bits*>(buf), n));
    check_walk(Tensor<"f32[129,?]{1,0:T(8,128)(2,1)}">(buf, n));
    check_walk(Tensor<"f32[?,?]{0,1:T(8,128)}">(buf, n, 3));
    check_walk(Tensor<F32, Extents<dyn, 6>, Layout<1, 0, T(combine, 4)>>(buf, n));  // fallback, dynamic
  }
  check_walk(Tensor<"f32[5,0,3]{1,0,2}">(buf));  // no elements
}

TEST_CASE("for_each_offset on layouts whose tiles divide the extents (digits of constant counts)",
          "[tensor][for_each]") {
  static float storage[1];  // never read: the offsets are (a pointer carries no length to check)
  float* const buf = storage;
  check_walk(Tensor<"f32[4,6]{1,0:T(2,2)}">(buf));
  check_walk(Tensor<"f32[6,8]{0,1:T(2,4)}">(buf));
  check_walk(Tensor<"f32[16,256]{1,0:T(8,128)}">(buf));
  check_walk(Tensor<"bf16[16,256]{1,0:T(8,128)(2,1)}">(reinterpret_cast<bf16_bits*>(buf)));
  check_walk(Tensor<"bf16[16,200]{1,0:T(8,128)(2,1)}">(reinterpret_cast<bf16_bits*>(buf)));
  check_walk(Tensor<"f32[8,16]{1,0:T(4,4)(2,2)}">(buf));
  check_walk(Tensor<"f32[16]{0:T(4)(2)}">(buf));
  check_walk(Tensor<"f32[4,16]{1,0:T(*,8)}">(buf));
  check_walk(Tensor<"f32[4,6,8]{0,2,1:T(2,2)}">(buf));
  check_walk(Tensor<"f32[2,4,256]{2,1,0:T(*,2,128)}">(buf));
  check_walk(Tensor<"f32[8,8]{1,0:T(4,2)(2,2)}">(buf));
}

TEST_CASE("for_each passes the index and a reference to the element", "[tensor][for_each]") {
  STATIC_REQUIRE([] {
    float buf[24]{};
    Tensor<"f32[3,5]{1,0:T(2,2)}"> t(buf);
    for_each(t, [](const auto& idx, float& x) { x = static_cast<float>(idx[0] * 10 + idx[1]); });
    // Seed 004: element (2,3) is at 17; the padding slots (e.g. 14: row 3, column 0) stay 0.
    return buf[17] == 23.0f && buf[0] == 0.0f && buf[1] == 1.0f && buf[2] == 10.0f && buf[14] == 0.0f;
  }());
  std::uint8_t bytes[4]{};
  Tensor<"s4[8]"> s(bytes);
  for_each(s, [](const auto& idx, auto x) { x = static_cast<std::int8_t>(idx[0] - 4); });  // a proxy
  CHECK(bytes[0] == 0xDC);                                                                 // -4, -3
  int sum = 0;
  for_each(ConstTensor<"s4[8]">(s), [&](const auto& idx, std::int8_t v) {
    auto [i] = idx;  // an index_array is tuple-like
    CHECK(v == i - 4);
    sum += v;
  });
  CHECK(sum == -4 - 3 - 2 - 1 + 0 + 1 + 2 + 3);
}

namespace {
// The addresses for_each visits with a callback of the element alone, and with the (index, element) one:
// the same elements in the same order (the first form drops the index, nothing else).
template <class T>
void check_element_only(const T& t, std::size_t count) {
  std::vector<const float*> with_index, element_only;
  for_each(t, [&](const auto&, float& x) { with_index.push_back(&x); });
  for_each(t, [&](float& x) { element_only.push_back(&x); });
  CHECK(with_index.size() == count);
  CHECK(element_only == with_index);
}
}  // namespace

TEST_CASE("for_each takes f(element) as well as f(index, element)", "[tensor][for_each]") {
  STATIC_REQUIRE([] {
    float buf[24]{};
    Tensor<"f32[3,5]{1,0:T(2,2)}"> t(buf);
    float next = 1;
    for_each(t, [&](float& x) { x = next++; });  // memory order: 1, 2, ... where the elements are
    // Seed 004's offsets: (0,0) at 0, (0,1) at 1, (1,0) at 2, (2,3) at 17; padding slot 14 stays 0.
    return buf[0] == 1.0f && buf[1] == 2.0f && buf[2] == 3.0f && buf[14] == 0.0f && next == 16.0f;
  }());
  std::vector<float> buf(24);
  Tensor<"f32[3,5]{1,0:T(2,2)}"> t(buf.data());
  check_element_only(t, 15);
  // A packed element type: the callback takes the proxy (or the value, for a ConstTensor).
  std::uint8_t bytes[4]{};
  Tensor<"s4[8]"> s(bytes);
  std::int8_t v = -4;
  for_each(s, [&](auto x) { x = v++; });
  CHECK(bytes[0] == 0xDC);  // -4, -3
  int sum = 0;
  for_each(ConstTensor<"s4[8]">(s), [&](std::int8_t x) { sum += x; });
  CHECK(sum == -4 - 3 - 2 - 1 + 0 + 1 + 2 + 3);
  // A runtime_tensor of static and of run-time rank, and views: a transpose (visited in the base's memory
  // order) and a reshape (visited in its own row-major order).
  const std::string_view text = "f32[3,5]{1,0:T(2,2)}";
  check_element_only(make_runtime_tensor<2>(buf.data(), text).value(), 15);
  check_element_only(make_runtime_tensor(buf.data(), text).value(), 15);
  check_element_only(transpose<1, 0>(t), 15);
  check_element_only(reshape<5, 3>(t), 15);
  check_element_only(transpose<1, 0>(make_runtime_tensor<2>(buf.data(), text).value()), 15);
  // Layouts without padding, which f(element) walks as one loop over the slots: every slot once, in order
  // (and the (index, element) walk visits the same addresses).
  std::vector<float> dense(24);
  const auto check_slots = [&](const auto& d) {
    std::vector<const float*> seen;
    for_each(d, [&](float& x) { seen.push_back(&x); });
    REQUIRE(seen.size() == 24);
    for (std::size_t k = 0; k < seen.size(); ++k) CHECK(seen[k] == dense.data() + k);
    check_element_only(d, 24);
  };
  check_slots(Tensor<"f32[4,6]{0,1:T(2,2)}">(dense.data()));
  check_slots(Tensor<"f32[2,3,4]{0,2,1}">(dense.data()));
  check_slots(Tensor<F32, Extents<dyn, 6>, Layout<"{0,1:T(2,2)}">>(dense.data(), 4));
  check_slots(make_runtime_tensor(dense.data(), "f32[4,6]{0,1:T(2,2)}").value());
  check_slots(make_runtime_tensor<3>(dense.data(), "f32[2,3,4]{1,2,0}").value());
  // A transpose or reverse is walked in its base's order: the base's slot loop.
  check_slots(transpose<1, 0>(Tensor<"f32[4,6]{0,1:T(2,2)}">(dense.data())));
  check_slots(transpose<2, 0, 1>(make_runtime_tensor<3>(dense.data(), "f32[2,3,4]{1,2,0}").value()));
  check_slots(reverse<1>(transpose<1, 0>(Tensor<"f32[4,6]{0,1:T(2,2)}">(dense.data()))));
  STATIC_REQUIRE([] {
    float b[8]{};
    float next = 1;
    for_each(Tensor<"f32[2,4]{0,1:T(2,2)}">(b), [&](float& x) { x = next++; });
    return b[0] == 1.0f && b[7] == 8.0f && next == 9.0f;
  }());
}

TEST_CASE("for_each_static: unrolled, compile-time indices, memory order", "[tensor][for_each]") {
  STATIC_REQUIRE([] {
    float buf[16]{};
    Tensor<"f32[4,4]{1,0:T(2,2)}"> t(buf);
    index_t order[16]{};
    int n = 0;
    for_each_static(t, [&](auto idx, float& x) {
      constexpr index_t i = decltype(idx)::template get<0>();  // a constant
      constexpr index_t j = decltype(idx)::template get<1>();
      x = static_cast<float>(i * 10 + j);
      order[n++] = i * 4 + j;
      (void)t(decltype(idx)::template get<0>(), decltype(idx)::template get<1>());  // static indices
    });
    // 2x2 tiles: (0,0) (0,1) (1,0) (1,1) then the next tile (0,2) ...
    return n == 16 && order[0] == 0 && order[1] == 1 && order[2] == 4 && order[3] == 5 && order[4] == 2 &&
           buf[5] == 3.0f && buf[15] == 33.0f;
  }());
}
