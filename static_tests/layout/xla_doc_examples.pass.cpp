// static_tests/layout/xla_doc_examples.pass.cpp: the worked examples of XLA's documents "Shapes and
// layout" and "Tiled layout", as static_asserts.
#include <type_traits>
#include <xlayout/layout.hpp>

using namespace xlayout;

// "Tiled layout": element (2,3) of F32[3,5] in 2x2 tiles lives at linear index 17 (in all spellings).
static_assert(Shape<"F32[3,5]{1,0:T(2,2)}">::linear_index(2, 3) == 17);
static_assert(linear_index(shape_v<"f32[3,5]{1,0:T(2,2)}">, {2, 3}) == 17);
static_assert(std::is_same_v<Layout<"{1,0:T(2,2)}">, Layout<1, 0, T(2, 2)>>);
static_assert(linear_index(make_shape(element_type::f32, {3, 5}, Layout<1, 0, T(2, 2)>::value), {2, 3}) ==
              17);

// "Shapes and layout": [2x3] with minor_to_major [0,1] is "a d b e c f": e (1,1) is the 4th element in
// memory.
static_assert(Shape<"f32[2,3]{0,1}">::linear_index(1, 1) == 3);
static_assert(Shape<"f32[2,3]{1,0}">::linear_index(1, 1) == 4);  // "a b c d e f"

// "Shapes and layout": padded_dimensions [3,5], column-major: "a d 0 b e 0 c f 0 0 0 0 0 0 0".
using padded_2x3 = shape_type<make_shape(element_type::f32, {2, 3}, Layout<0, 1, pad(3, 5)>::value)>;
static_assert(padded_2x3::required_span_size() == 15);
static_assert(padded_2x3::linear_index(0, 2) == 6);  // c
static_assert(padded_2x3::linear_index(1, 2) == 7);  // f
static_assert(!padded_2x3::multi_index(2).has_value());

// "Tiled layout", figure 2: the 4x8 array tiled (2,4)(2,1).
static_assert(Shape<"f32[4,8]{1,0:T(2,4)(2,1)}">::linear_index(0, 1) == 2);
static_assert(Shape<"f32[4,8]{1,0:T(2,4)(2,1)}">::linear_index(1, 0) == 1);
static_assert(Shape<"f32[4,8]{1,0:T(2,4)(2,1)}">::linear_index(3, 7) == 31);

// "Tiled layout", combined dimensions: F32[2,7,8,11,10] combined to [112,110] and tiled (2,3).
static_assert(Shape<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">::required_span_size() == 112 * 111);
static_assert(tiled_dimensions(shape_v<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">).value() ==
              tiled_dimensions(shape_v<"f32[112,110]{1,0:T(2,3)}">).value());

// The pad-reshape-transpose shape of figure 1.
static_assert(to_string(physical_shape(shape_v<"f32[3,5]{1,0:T(2,2)}">).value()) == "f32[2,3,2,2]{3,2,1,0}");
