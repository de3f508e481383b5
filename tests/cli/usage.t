# The command line itself: help, unknown commands and options, options anywhere after the command.

$ xlayout help index
usage: xlayout index SHAPE I0 I1 ... [--dims D0,D1,...] [--json]

The linear index of element (I0, I1, ...) of SHAPE: where it lives in the laid-out buffer,
counted in elements (xlayout::checked_linear_index). Give one index per dimension,
dimension 0 first. A '<=N' dimension is sized N (as XLA sizes the buffer), a '?' one by
--dims.

  $ xlayout index 'f32[3,5]{1,0:T(2,2)}' 2 3
  17
  $ xlayout index 'f32[3,5]{1,0:T(2,2)}' 2 3 --json
  {"linear_index": 17}

errors (exit code 2): the shape's own (unexpected_character, not_a_permutation, ...),
dynamic_dimension (a '?' without --dims), index_rank_mismatch, index_out_of_range,
expected_integer, integer_too_large.

# `COMMAND --help` is the same as `help COMMAND`, and wins over everything else on the line.
$ xlayout delinearize 'f32[3,5' --help
usage: xlayout delinearize SHAPE N [--dims D0,D1,...] [--json]

The element at linear index N of SHAPE (xlayout::multi_index), printed as its indices,
dimension 0 first, so that `xlayout index SHAPE $(xlayout delinearize SHAPE N)` gives N.
A slot that holds padding prints `padding` and exits with code 1. A '<=N' dimension is
sized N, a '?' one by --dims.

  $ xlayout delinearize 'f32[3,5]{1,0:T(2,2)}' 17
  2 3
  $ xlayout delinearize 'f32[3,5]{1,0:T(2,2)}' 17 --json
  {"index": [2, 3]}
  $ xlayout delinearize 'f32[3,5]{1,0:T(2,2)}' 9 --json
  {"index": null, "padding": true}

errors (exit code 2): the shape's own, dynamic_dimension (a '?' without --dims),
linear_index_out_of_range (N outside [0, required_span_size)), expected_integer,
integer_too_large.

$ xlayout frobnicate 'f32[3]'
[stderr]
xlayout: [xlayout:usage] no command 'frobnicate' (commands: index, delinearize, info, draw, code, simplify, compose, equivalent, analyze)
  (see xlayout --help)
[exit 2]

$ xlayout frobnicate --json
{"error": {"id": "usage", "position": -1, "message": "no command 'frobnicate' (commands: index, delinearize, info, draw, code, simplify, compose, equivalent, analyze)"}}
[stderr]
xlayout: [xlayout:usage] no command 'frobnicate' (commands: index, delinearize, info, draw, code, simplify, compose, equivalent, analyze)
  (see xlayout --help)
[exit 2]

# analyze takes one file; --input and --group do not go together.
$ xlayout analyze
[stderr]
xlayout analyze: [xlayout:usage] too few arguments: usage: xlayout analyze FILE|- [--input K] [--group]
  (see xlayout --help)
[exit 2]

$ xlayout analyze examples/hlo/softmax.hlo --input 0 --group
[stderr]
xlayout analyze: [xlayout:usage] --input and --group do not go together
  (see xlayout --help)
[exit 2]

$ xlayout analyze examples/hlo/softmax.hlo --input
[stderr]
xlayout analyze: [xlayout:usage] --input needs a parameter number
  (see xlayout --help)
[exit 2]

$ xlayout index 'f32[3]' 1 --verbose
[stderr]
xlayout index: [xlayout:usage] unknown option '--verbose' for index
  (see xlayout --help)
[exit 2]

# --svg belongs to draw.
$ xlayout info 'f32[3]' --svg x.svg
[stderr]
xlayout info: [xlayout:usage] unknown option '--svg' for info
  (see xlayout --help)
[exit 2]

$ xlayout draw 'f32[3]' --svg
[stderr]
xlayout draw: [xlayout:usage] --svg needs a file name
  (see xlayout --help)
[exit 2]

# A negative number is an operand, not an option; after `--` everything is an operand.
$ xlayout delinearize 'f32[3]' -- -5
[stderr]
xlayout delinearize: [xlayout:linear_index_out_of_range] index: the linear index is outside [0, required_span_size) (column 1 of N)
  f32[3] -5
         ^
  N is -5, but f32[3]{0} has 3 slots (0 to 2)
[exit 2]

$ xlayout
[stderr]
xlayout: XLA's shapes, layouts and indexing maps, worked out by the xlayout library

usage: xlayout COMMAND ARGUMENTS... [--json]

commands:
  index SHAPE I0 I1 ...     the linear index of element (I0, I1, ...)
  delinearize SHAPE N       the element at linear index N (exit code 1 when N is padding)
  info SHAPE                canonical text, sizes, physical shape, strides, the offset formula
  draw SHAPE [--svg FILE]   the linear index of each element and the memory, slot by slot;
                            --svg also writes a picture (tiles coloured, padding hatched)
  code SHAPE                the offset of an element as a C/CUDA function
  simplify MAP              an indexing map, simplified
  compose MAP1 MAP2         MAP2 after MAP1 (XLA's order), simplified
  equivalent MAP1 MAP2      do the maps describe the same indexing? yes, no or unknown
  analyze FILE [--input K] [--group]
                            XLA's indexing analysis of an HLO module (FILE, or - for
                            standard input): the maps from each output to each parameter
  help [COMMAND]            this text, or one command's

options:
  --json                    print JSON on stdout; errors too:
                            {"error": {"id": "...", "position": N, "message": "..."}},
                            with "argument": "SHAPE", "MAP1", "I0", ... (the argument at
                            fault) or, for HLO text, "line": L and "column": C
  --help, -h                help (after a command: that command's)
  --version                 the version of xlayout
  --dims D0,D1,...          index, delinearize, info, draw, code: the sizes of the '?'
                            dimensions, in order (a bounded dimension '<=N' is sized by N,
                            as XLA sizes it)

SHAPE is XLA's text of an array shape, e.g. 'f32[3,5]{1,0:T(2,2)}' (quote it: shells treat
[ ] { } specially). MAP is XLA's text of an indexing map, e.g.
'(d0, d1) -> (d0 * 8 + d1), domain: d0 in [0, 3], d1 in [0, 7]'.

exit codes: 0 done; 1 delinearize: the slot holds padding; 2 bad input (on stderr: the
error id, the column, and the text with a caret under it).
[exit 2]

# The command's own ids: a picture that cannot be written, a memory too long to list as JSON (2^20 slots).
$ xlayout draw 'f32[2]' --svg /nonexistent-directory/picture.svg --json
{"error": {"id": "cannot_write", "position": -1, "message": "draw --svg: cannot write the file '/nonexistent-directory/picture.svg'"}}
[stderr]
xlayout draw: [xlayout:cannot_write] draw --svg: cannot write the file '/nonexistent-directory/picture.svg'
[exit 2]

$ xlayout draw 'f32[1024,1025]' --json
{"error": {"id": "too_large", "position": 0, "message": "draw --json: the memory has more slots than the command lists (1048576)", "argument": "SHAPE"}}
[stderr]
xlayout draw: [xlayout:too_large] draw --json: the memory has more slots than the command lists (1048576) (column 1 of SHAPE)
  f32[1024,1025]
  ^
  this shape has 1049600 slots
[exit 2]
