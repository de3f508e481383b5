// tests/layout/sizes.cpp: XLA's ByteSizeOf (logical) and the laid-out buffer's size.
#include <catch2/catch.hpp>
#include <xlayout/layout.hpp>

using namespace xlayout;

TEST_CASE("byte_size is XLA's ByteSizeOf; physical_byte_size counts padding, tiles and packing",
          "[layout][sizes]") {
  // Values from XLA's shape_util_test.cc (ArraySize, ByteSizeOf).
  STATIC_REQUIRE(byte_size(shape_v<"f32[3,5]{1,0:T(2,2)}">) == 60);
  STATIC_REQUIRE(physical_byte_size(shape_v<"f32[3,5]{1,0:T(2,2)}">) == 96);
  STATIC_REQUIRE(physical_byte_size(shape_v<"s4[9216,6144]{1,0:T(64,128)(8,1)E(4)}">) == 28311552);
  STATIC_REQUIRE(physical_byte_size(shape_v<"f32[3]{0:T(8,128)}">) == 4096);
  STATIC_REQUIRE(byte_size(shape_v<"c64[10,20]">) == 1600);
  // Sub-byte types: XLA's ByteSizeOf takes a byte per S4 unless E(4) says otherwise; the buffer packs.
  STATIC_REQUIRE(byte_size(shape_v<"s4[10]">) == 10);
  STATIC_REQUIRE(byte_size(shape_v<"s4[10]{0:E(4)}">) == 5);
  STATIC_REQUIRE(physical_byte_size(shape_v<"s4[10]">) == 5);
  STATIC_REQUIRE(physical_byte_size(shape_v<"s4[10]{0:E(8)}">) == 10);
  STATIC_REQUIRE(physical_byte_size(shape_v<"pred[8,8,8]{0,2,1:T(8,128)E(32)}">) == 8 * 1 * 8 * 128 * 4);
  STATIC_REQUIRE(physical_byte_size(shape_v<"f32[4,8]{1,0:L(100)}">) == 400);
  STATIC_REQUIRE(checked_byte_size(shape_v<"f32[?,8]">).error().id == error_id::dynamic_dimension);
}

TEST_CASE("byte strides: unpacked, packed, and the dense row-major check", "[layout][sizes][xla]") {
  STATIC_REQUIRE(unpacked_byte_strides(shape_v<"f32[3,5,7]{2,1,0}">).value() == index_vector{140, 28, 4});
  STATIC_REQUIRE(unpacked_byte_strides(shape_v<"s4[2,4]{1,0:E(4)}">).value() == index_vector{4, 1});
  STATIC_REQUIRE(!byte_strides(shape_v<"s4[10,20]{1,0:E(4)}">).has_value());
  STATIC_REQUIRE(byte_strides(shape_v<"f16[5,7,9]{2,1,0}">).value() == index_vector{126, 18, 2});
  STATIC_REQUIRE(byte_strides_is_major_to_minor({3960, 440, 44, 4}, {8, 9, 10, 11}, element_type::f32));
  STATIC_REQUIRE(!byte_strides_is_major_to_minor({1880, 440, 44, 4}, {8, 9, 10, 11}, element_type::f32));
}
