// static_tests/layout/bitcast_tpu_sizes.pass.cpp: is_bitcast and the layout predicates decided at compile
// time on TPU-sized layouts (a million elements and more), which enumeration could not do (the old
// element-by-element is_bitcast exceeded g++'s constexpr operation limit at bf16[16,256]).
#include <xlayout/layout.hpp>

using namespace xlayout;

// bf16[1024,1024]{1,0:T(8,128)(2,1)} stores (I, J, a, j', b) for i = 8I + 2a + b, j = 128J + j'.
static_assert(is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">,
                         shape_v<"bf16[128,4,2,8,128]{2,4,1,3,0}">));
static_assert(is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">,
                         shape_v<"bf16[128,8,8,128]{3,1,2,0:T(2,1)}">));
static_assert(!is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">,
                          shape_v<"bf16[128,8,4,128,2]{4,3,2,1,0}">));
static_assert(!is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">,
                          shape_v<"bf16[1024,1024]{1,0:T(8,128)}">));
static_assert(!is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">,
                          shape_v<"f32[1024,1024]{1,0:T(8,128)(2,1)}">));
static_assert(is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">,
                         shape_v<"f16[1024,1024]{1,0:T(8,128)(2,1)}">));
static_assert(is_bitcast(shape_v<"f32[8,1024,1024]{2,1,0:T(8,128)}">,
                         shape_v<"f32[8,128,8,8,128]{4,2,3,1,0}">));
static_assert(!is_bitcast(shape_v<"f32[8,1024,1024]{2,1,0:T(8,128)}">,
                          shape_v<"f32[8,128,8,8,128]{4,3,2,1,0}">));
static_assert(is_bitcast(shape_v<"f32[8,1024,1024]{2,1,0}">, shape_v<"f32[8388608]{0}">));
static_assert(!is_bitcast(shape_v<"f32[8,1024,1024]{1,2,0}">, shape_v<"f32[8388608]{0}">));
// Padding: tiles that do not divide the dimensions; both layouts must pad alike.
static_assert(is_bitcast(shape_v<"bf16[1000,1000]{1,0:T(8,128)(2,1)}">,
                         shape_v<"bf16[1000,1000]{1,0:T(8,128)(2,1)}">));
static_assert(!is_bitcast(shape_v<"bf16[1000,1000]{1,0:T(8,128)(2,1)}">,
                          shape_v<"bf16[1000,1000]{1,0:T(8,128)}">));

static_assert(is_exhaustive(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">));
static_assert(has_padding(shape_v<"bf16[1000,1000]{1,0:T(8,128)(2,1)}">));
static_assert(is_contiguous(shape_v<"f32[8,1024,1024]{2,1,0}">) &&
              !is_contiguous(shape_v<"f32[8,1024,1024]{2,1,0:T(8,128)}">));
static_assert(is_transpose_of(shape_v<"bf16[1024,512]{1,0:T(8,128)(2,1)}">,
                              shape_v<"bf16[512,1024]{0,1:T(8,128)(2,1)}">));
static_assert(physical_equivalent(shape_v<"f32[8,1024,1024]{2,1,0:T(8,128)}">,
                                  shape_v<"f32[8,1024,1024]{2,1,0:T(8,128)(1,1)}">));

// XLA's tile-ignoring rules keep their answers, and say so in their names.
static_assert(reshape_is_bitcast_ignoring_tiles(shape_v<"f32[3,5]{1,0:T(2,2)}">, shape_v<"f32[15]{0}">));
static_assert(!is_bitcast(shape_v<"f32[3,5]{1,0:T(2,2)}">, shape_v<"f32[15]{0}">));
