# `xlayout index SHAPE I0 I1 ...`. Expected values: XLA's documents "Shapes and layout" and
# "Tiled layout", checked by hand.

# "Tiled layout": element (2,3) of F32[3,5]{1,0:T(2,2)} is at linear index 17.
$ xlayout index 'f32[3,5]{1,0:T(2,2)}' 2 3
17

$ xlayout index 'f32[3,5]{1,0:T(2,2)}' 2 3 --json
{"linear_index": 17}

# XLA's documents write the type in upper case; --json may come anywhere after the command.
$ xlayout index --json 'F32[3,5]{1,0:T(2,2)}' 2 3
{"linear_index": 17}

# "Tiled layout", figure 2 (4x8 tiled (2,4)(2,1)): rows 0 2 4 .. 14 / 1 3 .. 15 / 16 18 .. 30 / 17 19 .. 31.
$ xlayout index 'f32[4,8]{1,0:T(2,4)(2,1)}' 0 1
2

$ xlayout index 'f32[4,8]{1,0:T(2,4)(2,1)}' 1 0
1

$ xlayout index 'f32[4,8]{1,0:T(2,4)(2,1)}' 2 1
18

$ xlayout index 'f32[4,8]{1,0:T(2,4)(2,1)}' 3 7
31

# "Shapes and layout": the [2x3] array a b c / d e f is "a d b e c f" with minor_to_major {0,1} (e = (1,1) is 4th),
# "a b c d e f" with {1,0} (d = (1,0) is 4th), and "a d 0 b e 0 c f 0 0 0 ..." padded to [3,5] (b = (0,1) is 4th,
# f = (1,2) is 8th).
$ xlayout index 'f32[2,3]{0,1}' 1 1
3

$ xlayout index 'f32[2,3]{1,0}' 1 0
3

$ xlayout index 'f32[2,3]{0,1:pad(3,5)}' 0 1
3

$ xlayout index 'f32[2,3]{0,1:pad(3,5)}' 1 2
7

# Rank 1 and rank 0 (a scalar: no indices, linear index 0).
$ xlayout index 'f32[5]{0:T(2)}' 4
4

$ xlayout index 'f32[]'
0

# Bad input: exit code 2, the id and the column on stderr, the operands with a caret under the column.
$ xlayout index 'f32[3,5]{1,0:T(2,2)}' 2 7
[stderr]
xlayout index: [xlayout:index_out_of_range] index: an index is outside its dimension (column 1 of I1)
  f32[3,5]{1,0:T(2,2)} 2 7
                         ^
  I1 is 7, but dimension 1 has size 5 (0 to 4)
[exit 2]

$ xlayout index 'f32[3,5]{1,0:T(2,2)}' 2 7 --json
{"error": {"id": "index_out_of_range", "position": 0, "message": "index: an index is outside its dimension", "argument": "I1"}}
[stderr]
xlayout index: [xlayout:index_out_of_range] index: an index is outside its dimension (column 1 of I1)
  f32[3,5]{1,0:T(2,2)} 2 7
                         ^
  I1 is 7, but dimension 1 has size 5 (0 to 4)
[exit 2]

$ xlayout index 'f32[3,5]' -1 0
[stderr]
xlayout index: [xlayout:index_out_of_range] index: an index is outside its dimension (column 1 of I0)
  f32[3,5] -1 0
           ^
  I0 is -1, but dimension 0 has size 3 (0 to 2)
[exit 2]

# Wrong number of indices: too few points past the end, too many at the first extra one.
$ xlayout index 'f32[3,5]{1,0:T(2,2)}' 2
[stderr]
xlayout index: [xlayout:index_rank_mismatch] index: the number of indices differs from the rank of the shape (missing I1)
  f32[3,5]{1,0:T(2,2)} 2
                         ^
  f32[3,5]{1,0:T(2,2)} has rank 2: give 2 indices, not 1
[exit 2]

$ xlayout index 'f32[3,5]{1,0:T(2,2)}' 2 3 4 --json
{"error": {"id": "index_rank_mismatch", "position": 0, "message": "index: the number of indices differs from the rank of the shape", "argument": "I2"}}
[stderr]
xlayout index: [xlayout:index_rank_mismatch] index: the number of indices differs from the rank of the shape (column 1 of I2)
  f32[3,5]{1,0:T(2,2)} 2 3 4
                           ^
  f32[3,5]{1,0:T(2,2)} has rank 2: give 2 indices, not 3
[exit 2]

# Not an integer: the caret under the first character that is not a digit.
$ xlayout index 'f32[3,5]' 2 3x
[stderr]
xlayout index: [xlayout:expected_integer] text: an integer is required here (column 2 of I1)
  f32[3,5] 2 3x
              ^
[exit 2]

$ xlayout index 'f32[3,5]' 99999999999999999999 0 --json
{"error": {"id": "integer_too_large", "position": 0, "message": "text: the integer does not fit in int64", "argument": "I0"}}
[stderr]
xlayout index: [xlayout:integer_too_large] text: the integer does not fit in int64 (column 1 of I0)
  f32[3,5] 99999999999999999999 0
           ^
[exit 2]

# Text that does not parse: the column in the shape (0-based position 7 is the '}' where ']' belongs).
$ xlayout index 'f32[3,5}' 0 0 --json
{"error": {"id": "expected_closing_bracket", "position": 7, "message": "text: expected ']' (closing a shape's dimensions, a map's symbols or a range)", "argument": "SHAPE"}}
[stderr]
xlayout index: [xlayout:expected_closing_bracket] text: expected ']' (closing a shape's dimensions, a map's symbols or a range) (column 8 of SHAPE)
  f32[3,5} 0 0
         ^
[exit 2]

# An invalid layout: the second 1 of {1,1} (column 12) repeats a dimension.
$ xlayout index 'f32[3,5]{1,1}' 0 0
[stderr]
xlayout index: [xlayout:not_a_permutation] Layout: minor_to_major must list each dimension exactly once (column 12 of SHAPE)
  f32[3,5]{1,1} 0 0
             ^
[exit 2]

$ xlayout index 'f32[3,5]{1,0:T(0,2)}' 0 0
[stderr]
xlayout index: [xlayout:invalid_tile_size] Layout: a tile dimension must be positive, or '*' to combine dimensions (column 16 of SHAPE)
  f32[3,5]{1,0:T(0,2)} 0 0
                 ^
[exit 2]

# A dynamic dimension has no size to compute with: the caret under the '?'.
$ xlayout index 'f32[3,?]' 0 0
[stderr]
xlayout index: [xlayout:dynamic_dimension] Shape: this needs static sizes, but a dimension is dynamic ('?' or '<=N') (column 7 of SHAPE)
  f32[3,?] 0 0
        ^
  give the size of each '?' dimension with --dims, e.g. --dims 8
[exit 2]

# (An operand with spaces is shown alone.)
$ xlayout index '(f32[2], f32[3])' 0
[stderr]
xlayout index: [xlayout:tuple_not_allowed] Shape: a tuple is not an array shape (use parse_shape_tree for tuples) (column 1 of SHAPE)
  (f32[2], f32[3])
  ^
[exit 2]

$ xlayout index
[stderr]
xlayout index: [xlayout:usage] too few arguments: usage: xlayout index SHAPE I0 I1 ... [--dims D0,D1,...]
  (see xlayout --help)
[exit 2]

# A '<=N' dimension is sized N, as XLA sizes the buffer: row-major [4, 5], 3 * 5 + 4.
$ xlayout index 'f32[<=4,5]' 3 4
19

# A '?' dimension takes its size from --dims: row-major [5, 4], 3 * 4 + 2.
$ xlayout index 'f32[5,?]' 3 2 --dims 4
14

# After '--' every argument is an operand, '--json' too: no JSON output, and it is not an index.
$ xlayout index 'f32[3]' -- 1 --json
[stderr]
xlayout index: [xlayout:expected_integer] text: an integer is required here (column 1 of I1)
  f32[3] 1 --json
           ^
[exit 2]

# A dimension of size 0 has no index (the range said "0 to -1").
$ xlayout index 'f32[0,5]' 0 0
[stderr]
xlayout index: [xlayout:index_out_of_range] index: an index is outside its dimension (column 1 of I0)
  f32[0,5] 0 0
           ^
  I0 is 0, but dimension 0 has size 0 (no index)
[exit 2]
