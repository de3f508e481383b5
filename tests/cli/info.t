# `xlayout info SHAPE`. Expected values worked out by hand from XLA's documents: F32[3,5]{1,0:T(2,2)} has 15
# elements in 2x3 tiles of 2x2 = 24 slots ("Tiled layout": "the tile index bounds (2,3) and the tile (2,2)
# give the combined vector (2,3,2,2)"); byte_size (XLA's ByteSizeOf) counts elements only: 15 * 4 = 60;
# the laid-out buffer is 24 * 4 = 96 bytes; tiles reorder elements, so there are no strides. The offset of
# (d0, d1): tile (d0 / 2, d1 / 2) starts at (d0 / 2) * 3 * 4 + (d1 / 2) * 4, and inside it the element is at
# (d0 mod 2) * 2 + d1 mod 2; with d0 mod 2 = d0 - (d0 / 2) * 2 that sums to (d0 / 2) * 8 + (d1 / 2) * 2 +
# d0 * 2 + d1 (element (2,3): 8 + 2 + 4 + 3 = 17, the document's example).
$ xlayout info 'F32[3,5]{1,0:T(2,2)}'
shape               f32[3,5]{1,0:T(2,2)}
element_type        f32 (32 bits)
dimensions          [3, 5]
minor_to_major      [1, 0]
tiles               (2,2)
element_count       15
required_span_size  24 (9 of padding)
byte_size           60 (XLA's ByteSizeOf: the elements only)
physical_byte_size  96 (the laid-out buffer)
physical_shape      [2, 3, 2, 2]
strides             none (the tiles reorder the elements)
offset_map          (d0, d1) -> ((d0 / 2) * 8 + (d1 / 2) * 2 + d0 * 2 + d1), domain: d0 in [0, 2], d1 in [0, 4]
offset_code         d0 / 2 * 8 + d1 / 2 * 2 + d0 * 2 + d1

$ xlayout info 'f32[3,5]{1,0:T(2,2)}' --json
{"shape": "f32[3,5]{1,0:T(2,2)}", "element_type": "f32", "element_bits": 32, "dimensions": [3, 5], "minor_to_major": [1, 0], "tiles": ["(2,2)"], "element_count": 15, "required_span_size": 24, "byte_size": 60, "physical_byte_size": 96, "physical_shape": [2, 3, 2, 2], "strided": false, "offset_map": "(d0, d1) -> ((d0 / 2) * 8 + (d1 / 2) * 2 + d0 * 2 + d1), domain: d0 in [0, 2], d1 in [0, 4]", "offset_code": "d0 / 2 * 8 + d1 / 2 * 2 + d0 * 2 + d1"}

# Figure 2: two levels of tiles; 4x8 fills (2,4) tiles exactly, no padding: (2,2,2,4) then (2,1) re-tiles
# the (2,4) into (1,4,2,1). Offset: 16 * (d0 / 2) + 8 * (d1 / 4) + 2 * (d1 mod 4) + d0 mod 2, which is
# (d0 / 2) * 14 + d1 * 2 + d0 (element (3,7): 14 + 14 + 3 = 31, the last slot).
$ xlayout info 'f32[4,8]{1,0:T(2,4)(2,1)}' --json
{"shape": "f32[4,8]{1,0:T(2,4)(2,1)}", "element_type": "f32", "element_bits": 32, "dimensions": [4, 8], "minor_to_major": [1, 0], "tiles": ["(2,4)", "(2,1)"], "element_count": 32, "required_span_size": 32, "byte_size": 128, "physical_byte_size": 128, "physical_shape": [2, 2, 1, 4, 2, 1], "strided": false, "offset_map": "(d0, d1) -> ((d0 / 2) * 14 + d1 * 2 + d0), domain: d0 in [0, 3], d1 in [0, 7]", "offset_code": "d0 / 2 * 14 + d1 * 2 + d0"}

# "Shapes and layout": [2x3] padded to [3,5], column-major: 15 slots; dimension 0 is minor (stride 1), dimension 1 steps
# over a padded column of 3 (b = (0,1) is at 3 in "a d 0 b e 0 ...").
$ xlayout info 'f32[2,3]{0,1:pad(3,5)}' --json
{"shape": "f32[2,3]{0,1:pad(3,5)}", "element_type": "f32", "element_bits": 32, "dimensions": [2, 3], "minor_to_major": [0, 1], "tiles": [], "padded_dimensions": [3, 5], "element_count": 6, "required_span_size": 15, "byte_size": 24, "physical_byte_size": 60, "physical_shape": [5, 3], "strided": true, "strides": [1, 3], "offset_map": "(d0, d1) -> (d1 * 3 + d0), domain: d0 in [0, 1], d1 in [0, 2]", "offset_code": "d1 * 3 + d0"}

# Row-major without tiles: strides (5, 1), offset d0 * 5 + d1.
$ xlayout info 'f32[3,5]'
shape               f32[3,5]{1,0}
element_type        f32 (32 bits)
dimensions          [3, 5]
minor_to_major      [1, 0]
tiles               none
element_count       15
required_span_size  15
byte_size           60 (XLA's ByteSizeOf: the elements only)
physical_byte_size  60 (the laid-out buffer)
physical_shape      [3, 5]
strides             [5, 1]
offset_map          (d0, d1) -> (d0 * 5 + d1), domain: d0 in [0, 2], d1 in [0, 4]
offset_code         d0 * 5 + d1

# XLA accepts f32[1048576,1048576,1024,1024]: 2^20 * 2^20 * 2^10 * 2^10 = 2^60 elements (1152921504606846976)
# of 4 bytes, 2^62 = 4611686018427387904 bytes (counted in bytes: its 2^65 bits do not fit in int64). Row-major
# strides: 2^20 * 2^10 * 2^10 = 2^40 = 1099511627776, 2^10 * 2^10 = 1048576, 1024, 1.
$ xlayout info 'f32[1048576,1048576,1024,1024]'
shape               f32[1048576,1048576,1024,1024]{3,2,1,0}
element_type        f32 (32 bits)
dimensions          [1048576, 1048576, 1024, 1024]
minor_to_major      [3, 2, 1, 0]
tiles               none
element_count       1152921504606846976
required_span_size  1152921504606846976
byte_size           4611686018427387904 (XLA's ByteSizeOf: the elements only)
physical_byte_size  4611686018427387904 (the laid-out buffer)
physical_shape      [1048576, 1048576, 1024, 1024]
strides             [1099511627776, 1048576, 1024, 1]
offset_map          (d0, d1, d2, d3) -> (d0 * 1099511627776 + d1 * 1048576 + d2 * 1024 + d3), domain: d0 in [0, 1048575], d1 in [0, 1048575], d2 in [0, 1023], d3 in [0, 1023]
offset_code         d0 * 1099511627776 + d1 * 1048576 + d2 * 1024 + d3

# Packed 4-bit elements, E(4): ByteSizeOf is ceil(15 * 4 / 8) = 8 bytes; the buffer is 24 slots * 4 bits = 12.
$ xlayout info 's4[3,5]{1,0:T(2,2)E(4)}' --json
{"shape": "s4[3,5]{1,0:T(2,2)E(4)}", "element_type": "s4", "element_bits": 4, "dimensions": [3, 5], "minor_to_major": [1, 0], "tiles": ["(2,2)"], "element_count": 15, "required_span_size": 24, "byte_size": 8, "physical_byte_size": 12, "physical_shape": [2, 3, 2, 2], "strided": false, "offset_map": "(d0, d1) -> ((d0 / 2) * 8 + (d1 / 2) * 2 + d0 * 2 + d1), domain: d0 in [0, 2], d1 in [0, 4]", "offset_code": "d0 / 2 * 8 + d1 / 2 * 2 + d0 * 2 + d1"}

# Dynamic shapes are sized as XLA sizes their buffer: a bounded dimension <=3 by its bound, 3.
$ xlayout info 'f32[<=3,5]'
shape               f32[<=3,5]{1,0}
element_type        f32 (32 bits)
dimensions          [<=3, 5] (sized [3, 5]: '<=N' by its bound, as XLA sizes the buffer; '?' by --dims)
minor_to_major      [1, 0]
tiles               none
element_count       15
required_span_size  15
byte_size           60 (XLA's ByteSizeOf: the elements only)
physical_byte_size  60 (the laid-out buffer)
physical_shape      [3, 5]
strides             [5, 1]
offset_map          (d0, d1) -> (d0 * 5 + d1), domain: d0 in [0, 2], d1 in [0, 4]
offset_code         d0 * 5 + d1

# An unbounded '?' has no size: what needs it is unknown (null in JSON); the rest is still there.
$ xlayout info 'f32[?,5]'
shape               f32[?,5]{1,0}
element_type        f32 (32 bits)
dimensions          [?, 5]
minor_to_major      [1, 0]
tiles               none
element_count       unknown (dimension 0 is '?': give --dims)
required_span_size  unknown (dimension 0 is '?': give --dims)
byte_size           unknown (dimension 0 is '?': give --dims)
physical_byte_size  unknown (dimension 0 is '?': give --dims)
physical_shape      unknown (dimension 0 is '?': give --dims)
strides             unknown (dimension 0 is '?': give --dims)
offset_map          unknown (dimension 0 is '?': give --dims)
offset_code         unknown (dimension 0 is '?': give --dims)

$ xlayout info 'f32[?,5]' --json
{"shape": "f32[?,5]{1,0}", "element_type": "f32", "element_bits": 32, "dimensions": [null, 5], "dynamic_dimensions": [true, false], "minor_to_major": [1, 0], "tiles": [], "element_count": null, "required_span_size": null, "byte_size": null, "physical_byte_size": null, "physical_shape": null, "strided": true, "offset_map": null, "offset_code": null}

# --dims sizes the '?' dimensions in order: [7, <=4] column-major is [7, 4] with strides (1, 7): 28
# elements, 112 bytes, offset d1 * 7 + d0.
$ xlayout info 'f32[?,<=4]{0,1}' --dims 7 --json
{"shape": "f32[?,<=4]{0,1}", "element_type": "f32", "element_bits": 32, "dimensions": [7, 4], "dynamic_dimensions": [true, true], "minor_to_major": [0, 1], "tiles": [], "element_count": 28, "required_span_size": 28, "byte_size": 112, "physical_byte_size": 112, "physical_shape": [4, 7], "strided": true, "strides": [1, 7], "offset_map": "(d0, d1) -> (d1 * 7 + d0), domain: d0 in [0, 6], d1 in [0, 3]", "offset_code": "d1 * 7 + d0"}

$ xlayout info 'f32[?,?]' --dims 7
[stderr]
xlayout info: [xlayout:usage] --dims gives 1 size, but f32[?,?] has 2 '?' dimensions
  (see xlayout --help)
[exit 2]

$ xlayout info 'f32[?]' --dims=-1
[stderr]
xlayout info: [xlayout:usage] --dims needs sizes such as 8,4, not '-1'
  (see xlayout --help)
[exit 2]

# Unquoted, bash expands f32[3,5]{1,0} into two arguments: the command says to quote it.
$ xlayout info f32[3,5]1 f32[3,5]0
[stderr]
xlayout info: [xlayout:usage] too many arguments: usage: xlayout info SHAPE [--dims D0,D1,...]
  quote the shape: 'f32[3,5]{1,0}' (the shell split it into several arguments)
  (see xlayout --help)
[exit 2]

$ xlayout info 'f32[3,5]' 'f32[2]'
[stderr]
xlayout info: [xlayout:usage] too many arguments: usage: xlayout info SHAPE [--dims D0,D1,...]
  (see xlayout --help)
[exit 2]

# Elements and span fit in int64 but the bytes do not: 2^61 f32 elements are 2^63 bytes. The sizes that
# overflow print as too large (null in JSON) instead of refusing the shape, as index and draw accept it.
$ xlayout info 'f32[2305843009213693952]'
shape               f32[2305843009213693952]{0}
element_type        f32 (32 bits)
dimensions          [2305843009213693952]
minor_to_major      [0]
tiles               none
element_count       2305843009213693952
required_span_size  2305843009213693952
byte_size           too large for int64 ([xlayout:span_overflow])
physical_byte_size  too large for int64 ([xlayout:span_overflow])
physical_shape      [2305843009213693952]
strides             [1]
offset_map          (d0) -> (d0), domain: d0 in [0, 2305843009213693951]
offset_code         d0

$ xlayout info 'f32[2305843009213693952]' --json
{"shape": "f32[2305843009213693952]{0}", "element_type": "f32", "element_bits": 32, "dimensions": [2305843009213693952], "minor_to_major": [0], "tiles": [], "element_count": 2305843009213693952, "required_span_size": 2305843009213693952, "byte_size": null, "physical_byte_size": null, "physical_shape": [2305843009213693952], "strided": true, "strides": [1], "offset_map": "(d0) -> (d0), domain: d0 in [0, 2305843009213693951]", "offset_code": "d0"}

# is_strided cannot tell for a '*' in a later tile over padded dimensions; by hand the merged index
# m = 2 * d0 + d1 sits at (m / 3) * 24 + (m mod 3) * 8 = 8 * m in the [2, 1, 3, 8] tiles: 16 * d0 + 8 * d1.
$ xlayout info 'f32[2,2]{1,0:T(*,1)(3,8)pad(3,2)}'
shape               f32[2,2]{1,0:T(*,1)(3,8)pad(3,2)}
element_type        f32 (32 bits)
dimensions          [2, 2]
minor_to_major      [1, 0]
tiles               (*,1)(3,8)
padded_dimensions   [3, 2]
element_count       4
required_span_size  48 (44 of padding)
byte_size           16 (XLA's ByteSizeOf: the elements only)
physical_byte_size  192 (the laid-out buffer)
physical_shape      [2, 1, 3, 8]
strides             unknown (is_strided cannot tell for this layout; offset_map has no division)
offset_map          (d0, d1) -> (d0 * 16 + d1 * 8), domain: d0 in [0, 1], d1 in [0, 1]
offset_code         d0 * 16 + d1 * 8
