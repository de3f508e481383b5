# `xlayout delinearize SHAPE N`: the element at linear index N. Expected values: XLA's documents, by hand.

# "Tiled layout": linear index 17 of F32[3,5]{1,0:T(2,2)} is element (2,3).
$ xlayout delinearize 'f32[3,5]{1,0:T(2,2)}' 17
2 3

$ xlayout delinearize 'f32[3,5]{1,0:T(2,2)}' 17 --json
{"index": [2, 3]}

# "Tiled layout", figure 1: the 2x2 tile at slots 8..11 holds (0,4), padding, (1,4), padding (the array ends at
# column 4). A padding slot is an answer, not an error: exit code 1.
$ xlayout delinearize 'f32[3,5]{1,0:T(2,2)}' 8
0 4

$ xlayout delinearize 'f32[3,5]{1,0:T(2,2)}' 9
padding
[exit 1]

$ xlayout delinearize 'f32[3,5]{1,0:T(2,2)}' 9 --json
{"index": null, "padding": true}
[exit 1]

$ xlayout delinearize 'f32[3,5]{1,0:T(2,2)}' 23 --json
{"index": null, "padding": true}
[exit 1]

# "Tiled layout", figure 2: slot 16 is (2,0) and slot 17 is (3,0) (the 2x1 sub-tile pairs rows 2 and 3).
$ xlayout delinearize 'f32[4,8]{1,0:T(2,4)(2,1)}' 16
2 0

$ xlayout delinearize 'f32[4,8]{1,0:T(2,4)(2,1)}' 17
3 0

$ xlayout delinearize 'f32[4,8]{1,0:T(2,4)(2,1)}' 15 --json
{"index": [1, 7]}

# "Shapes and layout": "a d 0 b e 0 c f 0 0 0 0 0 0 0": slot 3 holds b = (0,1), slot 2 and slot 14 padding.
$ xlayout delinearize 'f32[2,3]{0,1:pad(3,5)}' 3
0 1

$ xlayout delinearize 'f32[2,3]{0,1:pad(3,5)}' 2
padding
[exit 1]

$ xlayout delinearize 'f32[2,3]{0,1:pad(3,5)}' 14 --json
{"index": null, "padding": true}
[exit 1]

# Rank 0: the one slot holds the element with no indices.
$ xlayout delinearize 'f32[]' 0 --json
{"index": []}

# Outside the buffer (24 slots: 0 to 23): bad input.
$ xlayout delinearize 'f32[3,5]{1,0:T(2,2)}' 24
[stderr]
xlayout delinearize: [xlayout:linear_index_out_of_range] index: the linear index is outside [0, required_span_size) (column 1 of N)
  f32[3,5]{1,0:T(2,2)} 24
                       ^
  N is 24, but f32[3,5]{1,0:T(2,2)} has 24 slots (0 to 23)
[exit 2]

$ xlayout delinearize 'f32[3,5]{1,0:T(2,2)}' -1 --json
{"error": {"id": "linear_index_out_of_range", "position": 0, "message": "index: the linear index is outside [0, required_span_size)", "argument": "N"}}
[stderr]
xlayout delinearize: [xlayout:linear_index_out_of_range] index: the linear index is outside [0, required_span_size) (column 1 of N)
  f32[3,5]{1,0:T(2,2)} -1
                       ^
  N is -1, but f32[3,5]{1,0:T(2,2)} has 24 slots (0 to 23)
[exit 2]

$ xlayout delinearize 'f32[3,5]{1,0:T(2,2)}' 1.5
[stderr]
xlayout delinearize: [xlayout:expected_integer] text: an integer is required here (column 2 of N)
  f32[3,5]{1,0:T(2,2)} 1.5
                        ^
[exit 2]

$ xlayout delinearize 'f32[3,5]{1,0:T(2,2)}'
[stderr]
xlayout delinearize: [xlayout:usage] too few arguments: usage: xlayout delinearize SHAPE N [--dims D0,D1,...]
  (see xlayout --help)
[exit 2]

# index and delinearize are inverses: `xlayout index SHAPE $(xlayout delinearize SHAPE N)` gives N.
$ xlayout index 'f32[4,8]{1,0:T(2,4)(2,1)}' 3 0
17

# '?' sized by --dims: 14 in row-major [5, 4] is (3, 2).
$ xlayout delinearize 'f32[5,?]' 14 --dims 4
3 2
