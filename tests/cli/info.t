# `xlayout info SHAPE`. Expected values worked out by hand from XLA's documents: F32[3,5]{1,0:T(2,2)} has 15
# elements in 2x3 tiles of 2x2 = 24 slots ("Tiled layout": "the tile index bounds (2,3) and the tile (2,2)
# give the combined vector (2,3,2,2)"); byte_size (XLA's ByteSizeOf) counts elements only: 15 * 4 = 60;
# the laid-out buffer is 24 * 4 = 96 bytes; tiles reorder elements, so there are no strides.
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

$ xlayout info 'f32[3,5]{1,0:T(2,2)}' --json
{"shape": "f32[3,5]{1,0:T(2,2)}", "element_type": "f32", "element_bits": 32, "dimensions": [3, 5], "minor_to_major": [1, 0], "tiles": ["(2,2)"], "element_count": 15, "required_span_size": 24, "byte_size": 60, "physical_byte_size": 96, "physical_shape": [2, 3, 2, 2], "strided": false}

# Figure 2: two levels of tiles; 4x8 fills (2,4) tiles exactly, no padding: (2,2,2,4) then (2,1) re-tiles
# the (2,4) into (1,4,2,1).
$ xlayout info 'f32[4,8]{1,0:T(2,4)(2,1)}' --json
{"shape": "f32[4,8]{1,0:T(2,4)(2,1)}", "element_type": "f32", "element_bits": 32, "dimensions": [4, 8], "minor_to_major": [1, 0], "tiles": ["(2,4)", "(2,1)"], "element_count": 32, "required_span_size": 32, "byte_size": 128, "physical_byte_size": 128, "physical_shape": [2, 2, 1, 4, 2, 1], "strided": false}

# "Shapes and layout": [2x3] padded to [3,5], column-major: 15 slots; dimension 0 is minor (stride 1), dimension 1 steps
# over a padded column of 3 (b = (0,1) is at 3 in "a d 0 b e 0 ...").
$ xlayout info 'f32[2,3]{0,1:pad(3,5)}' --json
{"shape": "f32[2,3]{0,1:pad(3,5)}", "element_type": "f32", "element_bits": 32, "dimensions": [2, 3], "minor_to_major": [0, 1], "tiles": [], "padded_dimensions": [3, 5], "element_count": 6, "required_span_size": 15, "byte_size": 24, "physical_byte_size": 60, "physical_shape": [5, 3], "strided": true, "strides": [1, 3]}

# Row-major without tiles: strides (5, 1).
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

# Packed 4-bit elements, E(4): ByteSizeOf is ceil(15 * 4 / 8) = 8 bytes; the buffer is 24 slots * 4 bits = 12.
$ xlayout info 's4[3,5]{1,0:T(2,2)E(4)}' --json
{"shape": "s4[3,5]{1,0:T(2,2)E(4)}", "element_type": "s4", "element_bits": 4, "dimensions": [3, 5], "minor_to_major": [1, 0], "tiles": ["(2,2)"], "element_count": 15, "required_span_size": 24, "byte_size": 8, "physical_byte_size": 12, "physical_shape": [2, 3, 2, 2], "strided": false}

$ xlayout info 'f32[?,5]' --json
{"error": {"id": "dynamic_dimension", "position": 4, "message": "Shape: this needs static sizes, but a dimension is dynamic ('?' or '<=N')", "argument": "SHAPE"}}
[stderr]
xlayout info: [xlayout:dynamic_dimension] Shape: this needs static sizes, but a dimension is dynamic ('?' or '<=N') (column 5 of SHAPE)
  f32[?,5]
      ^
  give every dimension a size: '?' and '<=N' have none to compute with
[exit 2]

$ xlayout info 'f32[3,5]' 'f32[2]'
[stderr]
xlayout info: [xlayout:usage] too many arguments: usage: xlayout info SHAPE
  (see xlayout --help)
[exit 2]
