# `xlayout code SHAPE`: the offset of element (d0, d1, ...) as a C/CUDA function. Expected values by hand:
# "Tiled layout"'s 3x5 array in 2x2 tiles (see info.t: (d0 / 2) * 8 + (d1 / 2) * 2 + d0 * 2 + d1, element
# (2,3) at 17); "Shapes and layout"'s [2x3] padded to [3,5], column-major: d1 * 3 + d0 (f = (1,2) at 7).
$ xlayout code 'f32[3,5]{1,0:T(2,2)}'
// f32[3,5]{1,0:T(2,2)}: the offset, in elements, of element (d0, d1) in the laid-out buffer
// (d0, d1) -> ((d0 / 2) * 8 + (d1 / 2) * 2 + d0 * 2 + d1), domain: d0 in [0, 2], d1 in [0, 4]
// Only for 0 <= d0 <= 2, 0 <= d1 <= 4: the indices are non-negative there, so C's / and %
// (which truncate) agree with XLA's floordiv and mod. Needs <stdint.h>; add __host__ __device__ for CUDA.
static inline int64_t offset(int64_t d0, int64_t d1) { return d0 / 2 * 8 + d1 / 2 * 2 + d0 * 2 + d1; }

$ xlayout code 'f32[2,3]{0,1:pad(3,5)}' --json
{"shape": "f32[2,3]{0,1:pad(3,5)}", "map": "(d0, d1) -> (d1 * 3 + d0), domain: d0 in [0, 1], d1 in [0, 2]", "expression": "d1 * 3 + d0", "code": "// f32[2,3]{0,1:pad(3,5)}: the offset, in elements, of element (d0, d1) in the laid-out buffer\n// (d0, d1) -> (d1 * 3 + d0), domain: d0 in [0, 1], d1 in [0, 2]\n// Only for 0 <= d0 <= 1, 0 <= d1 <= 2: the indices are non-negative there, so C's / and %\n// (which truncate) agree with XLA's floordiv and mod. Needs <stdint.h>; add __host__ __device__ for CUDA.\nstatic inline int64_t offset(int64_t d0, int64_t d1) { return d1 * 3 + d0; }\n"}

# A scalar has one element, at 0.
$ xlayout code 'f32[]'
// f32[]: the offset, in elements, of element () in the laid-out buffer
// () -> (0)
// Needs <stdint.h>; add __host__ __device__ for CUDA.
static inline int64_t offset(void) { return 0; }

# Rank 1 in tiles of 4: a tile is 4 consecutive slots, so the
# offset is the index itself.
$ xlayout code 'f32[10]{0:T(4)}' --json
{"shape": "f32[10]{0:T(4)}", "map": "(d0) -> (d0), domain: d0 in [0, 9]", "expression": "d0", "code": "// f32[10]{0:T(4)}: the offset, in elements, of element (d0) in the laid-out buffer\n// (d0) -> (d0), domain: d0 in [0, 9]\n// Only for 0 <= d0 <= 9: the indices are non-negative there, so C's / and %\n// (which truncate) agree with XLA's floordiv and mod. Needs <stdint.h>; add __host__ __device__ for CUDA.\nstatic inline int64_t offset(int64_t d0) { return d0; }\n"}

# Dynamic shapes: '<=4' is sized 4, '?' takes --dims: [7, 4] row-major, d0 * 4 + d1.
$ xlayout code 'f32[?,<=4]' --dims 7
// f32[?,<=4]{1,0} (sized as f32[7,4]{1,0}): the offset, in elements, of element (d0, d1) in the laid-out buffer
// (d0, d1) -> (d0 * 4 + d1), domain: d0 in [0, 6], d1 in [0, 3]
// Only for 0 <= d0 <= 6, 0 <= d1 <= 3: the indices are non-negative there, so C's / and %
// (which truncate) agree with XLA's floordiv and mod. Needs <stdint.h>; add __host__ __device__ for CUDA.
static inline int64_t offset(int64_t d0, int64_t d1) { return d0 * 4 + d1; }

$ xlayout code 'f32[?,<=4]'
[stderr]
xlayout code: [xlayout:dynamic_dimension] Shape: this needs static sizes, but a dimension is dynamic ('?' or '<=N') (column 5 of SHAPE)
  f32[?,<=4]
      ^
  give the size of each '?' dimension with --dims, e.g. --dims 8
[exit 2]

# The shell split a shape at a space: the error says to quote it.
$ xlayout code 'f32[3,' '5]{1,0}'
[stderr]
xlayout code: [xlayout:usage] too many arguments: usage: xlayout code SHAPE [--dims D0,D1,...]
  quote the shape: 'f32[3, 5]{1,0}' (the shell split it into several arguments)
  (see xlayout --help)
[exit 2]

$ xlayout index 'f32[3,' '5]{1,0:T(2,2)}' 2 3
[stderr]
xlayout index: [xlayout:unexpected_end] text: the text ends where more is required (column 7 of SHAPE)
  f32[3, 5]{1,0:T(2,2)} 2 3
        ^
  quote the shape: 'f32[3, 5]{1,0:T(2,2)}' (the shell split it into several arguments)
[exit 2]

# An operand that ends a shape's text and starts the next: bash brace expansion of f32[2,3]{1,0}.
$ xlayout delinearize f32[2,3]1 f32[2,3]0 4
[stderr]
xlayout delinearize: [xlayout:usage] too many arguments: usage: xlayout delinearize SHAPE N [--dims D0,D1,...]
  quote the shape: 'f32[2,3]{1,0}' (the shell split it into several arguments)
  (see xlayout --help)
[exit 2]
