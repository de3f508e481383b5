// cli/help.hpp: the help texts of the xlayout command (`xlayout --help`, `xlayout help COMMAND`).
#pragma once
#include <string_view>

namespace xlayout_cli {

inline constexpr std::string_view general_help =
    R"(xlayout: XLA's shapes, layouts and indexing maps, worked out by the xlayout library

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
)";

inline constexpr std::string_view index_help =
    R"(usage: xlayout index SHAPE I0 I1 ... [--dims D0,D1,...] [--json]

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
)";

inline constexpr std::string_view delinearize_help =
    R"(usage: xlayout delinearize SHAPE N [--dims D0,D1,...] [--json]

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
)";

inline constexpr std::string_view info_help =
    R"(usage: xlayout info SHAPE [--dims D0,D1,...] [--json]

What the library knows about SHAPE: its canonical text (as XLA prints it), element type and
bits per element, dimensions, minor_to_major, tiles, the number of elements,
required_span_size (slots of the laid-out buffer, padding included), byte_size (XLA's
ByteSizeOf: the elements only), physical_byte_size (the laid-out buffer), physical_shape
(the pad-reshape-transpose shape of XLA's "Tiled layout" document) and, when the layout
is strided, the strides; and the offset of element (d0, d1, ...) as a formula: the
simplified map from the index to the linear index, in XLA's text and as C code.

A dynamic shape is sized as XLA sizes its buffer: a bounded dimension '<=N' by N; a '?'
dimension by the next value of --dims, else what needs its size is unknown.

  $ xlayout info 'f32[3,5]{1,0:T(2,2)}' --json
  {"shape": "f32[3,5]{1,0:T(2,2)}", "element_type": "f32", "element_bits": 32, ...}

errors (exit code 2): the shape's own; usage (--dims does not give one size per '?').
)";

inline constexpr std::string_view code_help =
    R"(usage: xlayout code SHAPE [--dims D0,D1,...] [--json]

The offset, in elements, of element (d0, d1, ...) of SHAPE in its laid-out buffer, as a
C/CUDA function to paste into a kernel: the library's map from the index to the linear
index, simplified, with XLA's floordiv and mod written as C's / and % where the dividend is
non-negative (they agree there); where it can be negative (a '*' group split by a later
tile, e.g. 'f32[2,3]{0,1:T(*,3)(3,2)}') it calls xlayout_floordiv, xlayout_mod or
xlayout_ceildiv, whose definitions are printed with it. A '<=N' dimension is sized by N, a
'?' one by --dims.

  $ xlayout code 'f32[3,5]{1,0:T(2,2)}'

--json: {"shape": "...", "map": "...", "expression": "...", "code": "..."}.

errors (exit code 2): the shape's own, dynamic_dimension ('?' without --dims).
)";

inline constexpr std::string_view draw_help =
    R"(usage: xlayout draw SHAPE [--svg FILE] [--dims D0,D1,...] [--json]

The memory map of SHAPE. First the linear index of each element: for rank 2 a grid (rows:
dimension 0, columns: dimension 1), for higher ranks one grid per leading index, labelled
[i, j, :, :], for rank 1 one row; '|' and '-' mark where first-level tiles meet. Then the
memory in order, slot by slot, with the element each slot holds and '.' for padding: one
line per tile when a tile takes at most 16 slots. Large shapes are summarised (32 rows
and the columns that fit in about 100 characters per grid, 8 grids, 256 slots).

--svg FILE also writes a picture: the array, grown by the padding around it, each element
labelled by its linear index and coloured by its tile (sub-tiles of a second tile boxed in
red, padding hatched), and the memory, slot by slot.

--json: {"shape": "...", "required_span_size": N, "linear_index": [[...], ...] (nested
like the array), "memory": [[I0, I1, ...] or null for padding, one per slot]}; up to
1048576 slots.

  $ xlayout draw 'f32[3,5]{1,0:T(2,2)}' --svg tiles.svg
)";

inline constexpr std::string_view simplify_help =
    R"(usage: xlayout simplify MAP [--json]

MAP simplified (xlayout::checked_simplify), printed in XLA's format.

  $ xlayout simplify '(d0) -> (d0 floordiv 8 * 8 + d0 mod 8), domain: d0 in [0, 31]'
  (d0) -> (d0), domain: d0 in [0, 31]
  --json: {"map": "..."}
)";

inline constexpr std::string_view compose_help =
    R"(usage: xlayout compose MAP1 MAP2 [--json]

MAP2 after MAP1 (XLA's order: the results of MAP1 feed the dimensions of MAP2), simplified,
unused symbols removed (xlayout::checked_compose_simplified).
  --json: {"map": "..."}
)";

inline constexpr std::string_view equivalent_help =
    R"(usage: xlayout equivalent MAP1 MAP2 [--json]

yes when the maps describe the same indexing (the same domain and, for every index in it,
the same results), no when they differ somewhere, unknown when the library can prove
neither (xlayout::equivalent: never a wrong yes). The exit code is 0 in all three cases.
  --json: {"equivalent": "yes"}
)";

inline constexpr std::string_view analyze_help =
    R"(usage: xlayout analyze FILE|- [--input K] [--group] [--json]

XLA's indexing analysis of the HLO module in FILE ('-': standard input), as XLA's tests run
it: the computation a ROOT fusion calls, or else the ENTRY computation as one fusion. For
each output of that computation and each of its parameters, the set of indexing maps from
the output's index to the parameter's (xlayout::hlo::output_to_input), printed as XLA
prints them ("unknown indexing" where an op has no map). Runtime variables (dynamic-slice
offsets, gather indices) are listed with their source; an all-gather adds its replica id.

  --input K   the other direction: from parameter K to each output it reaches
              (xlayout::hlo::input_to_output)
  --group     every instruction reached, not only the parameters (XLA's grouping by
              instruction)

  --json: {"outputs": [{"output": 0, "shape": "...", "operands": [{"operand": 0,
           "name": "p0", "maps": ["(d0, d1) -> (d1, d0), domain: ...", ...]}, ...]}, ...]}
          --input K: {"input": K, "outputs": [{"output": 0, "maps": [...]}, ...]}
          --group: "groups": [{"instruction": "...", "maps": [...]}, ...] in place of
          "operands". A set with runtime variables or a replica id also has "indexings":
          [{"map": ..., "runtime_variables": [{"name", "source", "map"}], "replica_id_map"}].
  Errors in the HLO text: the id, the line and the column (exit code 2);
  --json: {"error": {"id": ..., "line": L, "column": C, "position": N, "message": ...}}.

  $ xlayout analyze fusion.hlo
)";

}  // namespace xlayout_cli
