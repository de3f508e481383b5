// tests/values/element_type.cpp: XLA's element types: names, widths, tags and the Mp11 list.
#include <boost/mp11/algorithm.hpp>
#include <boost/mp11/list.hpp>
#include <catch2/catch.hpp>
#include <string>
#include <type_traits>
#include <xlayout/values/element_type.hpp>

using namespace xlayout;

TEST_CASE("element types: XLA's names and storage widths", "[shape]") {
  // Widths as XLA's primitive_util::BitWidth gives them (PRED is stored in a byte).
  const struct {
    const char* name;
    int bits;
  } xla[] = {{"pred", 8},       {"s2", 2},
             {"s4", 4},         {"s8", 8},
             {"s16", 16},       {"s32", 32},
             {"s64", 64},       {"u2", 2},
             {"u4", 4},         {"u8", 8},
             {"u16", 16},       {"u32", 32},
             {"u64", 64},       {"f16", 16},
             {"bf16", 16},      {"f32", 32},
             {"f64", 64},       {"c64", 64},
             {"c128", 128},     {"f8e5m2", 8},
             {"f8e4m3fn", 8},   {"f8e4m3b11fnuz", 8},
             {"f8e5m2fnuz", 8}, {"f8e4m3fnuz", 8},
             {"f8e4m3", 8},     {"f8e3m4", 8},
             {"f8e8m0fnu", 8},  {"f4e2m1fn", 4},
             {"f6e3m2fn", 8},   {"f6e2m3fn", 8}};  // XLA's BitWidth of the F6 kinds: a byte each
  for (const auto& e : xla) {
    INFO(e.name);
    const element_type t = element_type_from_name(e.name);
    REQUIRE(t != element_type::invalid);
    CHECK(element_type_name(t) == e.name);
    CHECK(bit_width(t) == e.bits);
    CHECK(is_array_type(t));
    std::string upper = e.name;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    CHECK(element_type_from_name(upper) == t);  // XLA's documents write F32
  }
  STATIC_REQUIRE(element_type_from_name("g32") == element_type::invalid);
  STATIC_REQUIRE(byte_width(element_type::s4) == 1);  // ByteSizeOfPrimitiveType: unpacked
  STATIC_REQUIRE((is_sub_byte(element_type::u2) && !is_sub_byte(element_type::u8)));
  STATIC_REQUIRE((!is_array_type(element_type::token) && !is_array_type(element_type::tuple)));
  STATIC_REQUIRE((is_signed_integral(element_type::s16) && is_unsigned_integral(element_type::u16)));
  STATIC_REQUIRE((is_floating_point(element_type::bf16) && is_complex(element_type::c64)));
}

TEST_CASE("element tags are values that carry their type and storage", "[shape]") {
  STATIC_REQUIRE(element_type(F32) == element_type::f32);
  STATIC_REQUIRE(std::is_same_v<storage_t<decltype(F32)>, float>);
  STATIC_REQUIRE(std::is_same_v<storage_t<decltype(S8)>, std::int8_t>);
  STATIC_REQUIRE(std::is_same_v<storage_t<decltype(BF16)>, bf16_bits>);
  STATIC_REQUIRE(std::is_same_v<storage_t<decltype(S4)>, packed_byte>);
  STATIC_REQUIRE(decltype(BF16)::bits == 16);
  STATIC_REQUIRE(element_type_of<double> == element_type::f64);
  // The Mp11 list holds every array element type once, and each maps to a storage type.
  using namespace boost::mp11;
  STATIC_REQUIRE(mp_size<element_tags>::value == 32);
  STATIC_REQUIRE(mp_is_set<element_tags>::value);
  using storages = mp_transform<storage_t, element_tags>;
  STATIC_REQUIRE(mp_count<storages, void>::value == 0);
  STATIC_REQUIRE(mp_count<storages, float>::value == 1);
}

TEST_CASE("tags, storage and element_tags come from the one element-type list", "[shape]") {
  // Every array type of the list has its tag in element_tags, with the storage the list names and the width
  // bit_width gives; non-array types have tags (XLA's enumerator names) and no storage.
  using namespace boost::mp11;
  mp_for_each<element_tags>([](auto tag) {
    using Tag = decltype(tag);
    CHECK(is_array_type(Tag::value));
    CHECK(Tag::bits == bit_width(Tag::value));
    CHECK(!std::is_void_v<storage_t<Tag>>);
  });
  int array_types = 0;
  for (int i = 1; i < element_type_count; ++i) array_types += is_array_type(static_cast<element_type>(i));
  CHECK(array_types == int{mp_size<element_tags>::value});
  STATIC_REQUIRE(std::is_same_v<storage_t<decltype(F8E4M3FN)>, f8_bits<element_type::f8e4m3fn>>);
  STATIC_REQUIRE(std::is_same_v<storage_t<decltype(C128)>, complex_storage<double>>);
  STATIC_REQUIRE(std::is_same_v<storage_t<decltype(F4E2M1FN)>, packed_byte>);
  STATIC_REQUIRE(element_type(OPAQUE_TYPE) == element_type::opaque);
  STATIC_REQUIRE(element_type(BUFFER) == element_type::buffer);
  STATIC_REQUIRE(std::is_void_v<storage_t<decltype(TUPLE)>>);
}

TEST_CASE("XLA's PrimitiveType numbers, both ways (what a custom call's XLA_FFI_DataType gives)", "[shape]") {
  // xla_data.proto's PrimitiveType (and xla/ffi/api/c_api.h's XLA_FFI_DataType, which repeats it).
  const struct {
    const char* name;
    int number;
  } xla[] = {{"pred", 1},
             {"s8", 2},
             {"s16", 3},
             {"s32", 4},
             {"s64", 5},
             {"u8", 6},
             {"u16", 7},
             {"u32", 8},
             {"u64", 9},
             {"f16", 10},
             {"f32", 11},
             {"f64", 12},
             {"tuple", 13},
             {"opaque", 14},
             {"c64", 15},
             {"bf16", 16},
             {"token", 17},
             {"c128", 18},
             {"f8e5m2", 19},
             {"f8e4m3fn", 20},
             {"s4", 21},
             {"u4", 22},
             {"f8e4m3b11fnuz", 23},
             {"f8e5m2fnuz", 24},
             {"f8e4m3fnuz", 25},
             {"s2", 26},
             {"u2", 27},
             {"f8e4m3", 28},
             {"f8e3m4", 29},
             {"s1", 30},
             {"u1", 31},
             {"f4e2m1fn", 32},
             {"f8e8m0fnu", 33},
             {"buffer", 34},
             {"f6e3m2fn", 35},
             {"f6e2m3fn", 36}};
  for (const auto& e : xla) {
    INFO(e.name);
    const element_type t = element_type_from_name(e.name);
    REQUIRE(t != element_type::invalid);
    CHECK(primitive_type_number(t) == e.number);
    CHECK(element_type_from_primitive_type(e.number) == t);
  }
  STATIC_REQUIRE(element_type_from_primitive_type(11) == element_type::f32);
  CHECK(element_type_from_primitive_type(0) == element_type::invalid);
  CHECK(element_type_from_primitive_type(-1) == element_type::invalid);
  CHECK(element_type_from_primitive_type(34000) == element_type::invalid);
  CHECK(primitive_type_number(element_type::invalid) == 0);
}
