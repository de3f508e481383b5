# `xlayout analyze FILE`. Expected maps: XLA's document "Indexing analysis" (its fusion examples: p0 plus
# its transpose reads p0 twice, two chains of transposes that cancel read it once, softmax reads its input
# once element-wise and once along the reduced row), written out by hand.

# "Indexing analysis": p0 + transpose(p0) reads p0 at (d0, d1) and at (d1, d0).
$ xlayout analyze examples/hlo/transpose_add.hlo
output 0: f32[1000,1000]{1,0} (add)
  operand 0 (param_0):
    (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]
    (d0, d1) -> (d1, d0), domain: d0 in [0, 999], d1 in [0, 999]

# "Indexing analysis": both chains of transposes give (d0, d1, d2) -> (d2, d0, d1), so one map remains.
$ xlayout analyze examples/hlo/double_transpose.hlo --json
{"outputs": [{"output": 0, "shape": "f32[10,50,20]{2,1,0}", "operands": [{"operand": 0, "name": "p0", "maps": ["(d0, d1, d2) -> (d2, d0, d1), domain: d0 in [0, 9], d1 in [0, 49], d2 in [0, 19]"]}]}]}

# "Indexing analysis", softmax: the identity and the whole row, s0 over the reduced dimension.
$ xlayout analyze examples/hlo/softmax.hlo
output 0: f32[8,128]{1,0} (divide)
  operand 0 (param_0):
    (d0, d1) -> (d0, d1), domain: d0 in [0, 7], d1 in [0, 127]
    (d0, d1)[s0] -> (d0, s0), domain: d0 in [0, 7], d1 in [0, 127], s0 in [0, 127]

# The other direction: element (i, j) of the input reaches output (i, j) and, through the row sums, the
# whole output row i.
$ xlayout analyze examples/hlo/softmax.hlo --input 0 --json
{"input": 0, "outputs": [{"output": 0, "maps": ["(d0, d1) -> (d0, d1), domain: d0 in [0, 7], d1 in [0, 127]", "(d0, d1)[s0] -> (d0, s0), domain: d0 in [0, 7], d1 in [0, 127], s0 in [0, 127]"]}]}

# Every instruction reached (XLA's grouping by instruction).
$ xlayout analyze examples/hlo/transpose_add.hlo --group
output 0: f32[1000,1000]{1,0} (add)
  add:
    (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]
  param_0:
    (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]
    (d0, d1) -> (d1, d0), domain: d0 in [0, 999], d1 in [0, 999]
  transpose:
    (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]

# A dynamic-slice: the row offset is a runtime variable read from parameter 1 (its range: 64 - 8 = 56);
# the constant 0 offset folds into the map.
$ xlayout analyze examples/hlo/dynamic_slice.hlo
output 0: s32[8,4096]{1,0:T(8,128)} (window)
  operand 0 (data):
    (d0, d1){rt0} -> (d0 + rt0, d1), domain: d0 in [0, 7], d1 in [0, 4095], rt0 in [0, 56]
    runtime variables:
      rt0: parameter(1), (d0, d1) -> (), domain: d0 in [0, 7], d1 in [0, 4095]
  operand 1 (row):
    (d0, d1) -> (), domain: d0 in [0, 7], d1 in [0, 4095]

# An op without indexing (custom-call) reads its operand with unknown indexing.
$ xlayout analyze examples/hlo/custom_call.hlo
output 0: f32[16]{0} (neg)
  operand 0 (p0):
    unknown indexing

# Bad text: the id, the line and the column, and the line with a caret.
$ xlayout analyze examples/hlo/bad_operand.hlo
[stderr]
xlayout analyze: [xlayout:hlo_unknown_operand] HLO text: the operand is no instruction defined earlier in its computation (line 4, column 27 of examples/hlo/bad_operand.hlo)
    ROOT n = f32[10] negate(p1)
                            ^
[exit 2]

$ xlayout analyze examples/hlo/bad_operand.hlo --json
{"error": {"id": "hlo_unknown_operand", "line": 4, "column": 27, "position": 76, "message": "HLO text: the operand is no instruction defined earlier in its computation"}}
[stderr]
xlayout analyze: [xlayout:hlo_unknown_operand] HLO text: the operand is no instruction defined earlier in its computation (line 4, column 27 of examples/hlo/bad_operand.hlo)
    ROOT n = f32[10] negate(p1)
                            ^
[exit 2]

$ xlayout analyze examples/hlo/softmax.hlo --input 3
[stderr]
xlayout analyze: [xlayout:no_such_input] the analysed computation has no parameter(3)
[exit 2]

$ xlayout analyze missing.hlo
[stderr]
xlayout analyze: [xlayout:cannot_read] cannot read 'missing.hlo'
[exit 2]

# The JSON error has the fields of every other command's (position -1: not about a text).
$ xlayout analyze missing.hlo --json
{"error": {"id": "cannot_read", "position": -1, "message": "cannot read 'missing.hlo'"}}
[stderr]
xlayout analyze: [xlayout:cannot_read] cannot read 'missing.hlo'
[exit 2]

# 62 instructions, more than the library's default capacity of 48 maps per analysis: the command holds 1024
# (it answered capacity_exceeded). Negation after negation reads p0 where it writes.
$ xlayout analyze examples/hlo/long_chain.hlo
output 0: f32[4,4]{1,0} (r)
  operand 0 (p0):
    (d0, d1) -> (d0, d1), domain: d0 in [0, 3], d1 in [0, 3]

# A directory opens but cannot be read: the same error (it aborted on libstdc++'s exception).
$ xlayout analyze examples/hlo
[stderr]
xlayout analyze: [xlayout:cannot_read] cannot read 'examples/hlo'
[exit 2]

# A ROOT tuple whose operands are a tuple and a fusion (as XLA's optimised modules end): output 0 is the
# whole tuple a, printed with both its elements (only the first was); output 1 is the fusion, looked
# through to its negate of q: q element by element, p not read (it was unknown indexing).
$ xlayout analyze examples/hlo/outputs.hlo
output 0: (f32[], f32[3]{0}) (a)
  operand 0 (p):
    unknown indexing
  operand 1 (q):
    unknown indexing
output 1: f32[3]{0} (b)
  operand 0 (p):
    (not read)
  operand 1 (q):
    (d0) -> (d0), domain: d0 in [0, 2]

# A ROOT tuple of 12 outputs, past the library's default XLAYOUT_HLO_MAX_OUTPUTS (8; the command holds 64):
# parameter 11 reaches output 11 only, element by element (the outputs were cut to 8: a new user's audit).
$ xlayout analyze examples/hlo/wide_tuple.hlo --input 11 --json
{"input": 11, "outputs": [{"output": 0, "maps": []}, {"output": 1, "maps": []}, {"output": 2, "maps": []}, {"output": 3, "maps": []}, {"output": 4, "maps": []}, {"output": 5, "maps": []}, {"output": 6, "maps": []}, {"output": 7, "maps": []}, {"output": 8, "maps": []}, {"output": 9, "maps": []}, {"output": 10, "maps": []}, {"output": 11, "maps": ["(d0) -> (d0), domain: d0 in [0, 3]"]}]}

# An op the analysis finds malformed (a rank-2 transpose with three dimensions) has no position in the text:
# the message names the instruction.
$ xlayout analyze examples/hlo/malformed_transpose.hlo
[stderr]
xlayout analyze: [xlayout:hlo_malformed_op] HLO op: the shapes or attributes do not fit the opcode (an operand missing, sizes that do not match, a list whose size is not the rank, a dimension number out of range) (at instruction t)
[exit 2]
