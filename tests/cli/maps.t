# `xlayout simplify MAP`, `compose MAP1 MAP2`, `equivalent MAP1 MAP2` on XLA's indexing-map text. Each
# expectation is worked out by hand from the maps' arithmetic (floor division and modulo by a constant).

# d0 floordiv 8 * 8 + d0 mod 8 == d0 for every d0.
$ xlayout simplify '(d0) -> (d0 floordiv 8 * 8 + d0 mod 8), domain: d0 in [0, 31]'
(d0) -> (d0), domain: d0 in [0, 31]

# With d1 in [0, 1]: d1 floordiv 2 == 0 and d1 mod 2 == d1.
$ xlayout simplify '(d0, d1) -> (d0 * 4 + d1 floordiv 2, d1 mod 2), domain: d0 in [0, 3], d1 in [0, 1]' --json
{"map": "(d0, d1) -> (d0 * 4, d1), domain: d0 in [0, 3], d1 in [0, 1]"}

# MAP2 after MAP1: splitting d0 into (d0 floordiv 4, d0 mod 4) and joining it again is the identity...
$ xlayout compose '(d0) -> (d0 floordiv 4, d0 mod 4), domain: d0 in [0, 15]' '(d0, d1) -> (d0 * 4 + d1), domain: d0 in [0, 3], d1 in [0, 3]'
(d0) -> (d0), domain: d0 in [0, 15]

# ... and MAP2's domain (d0 in [0, 1]) limits MAP1's d0 floordiv 4 to [0, 1], so d0 to [0, 7].
$ xlayout compose '(d0) -> (d0 floordiv 4, d0 mod 4), domain: d0 in [0, 15]' '(d0, d1) -> (d0 * 4 + d1), domain: d0 in [0, 1], d1 in [0, 3]' --json
{"map": "(d0) -> (d0), domain: d0 in [0, 7]"}

# A transpose, then row-major linearisation of the transposed 8x4 array.
$ xlayout compose '(d0, d1) -> (d1, d0), domain: d0 in [0, 3], d1 in [0, 7]' '(d0, d1) -> (d0 * 4 + d1), domain: d0 in [0, 7], d1 in [0, 3]'
(d0, d1) -> (d1 * 4 + d0), domain: d0 in [0, 3], d1 in [0, 7]

# d0 mod 4 == d0 on [0, 3], not on [0, 7] (d0 = 4).
$ xlayout equivalent '(d0) -> (d0 mod 4), domain: d0 in [0, 3]' '(d0) -> (d0), domain: d0 in [0, 3]'
yes

$ xlayout equivalent '(d0) -> (d0 mod 4), domain: d0 in [0, 7]' '(d0) -> (d0), domain: d0 in [0, 7]' --json
{"equivalent": "no"}

# 12 = 5 (mod 7), so the maps agree everywhere; on [0, 99] the library can check every point, on 10^8 points
# or half of int64 it can prove neither (and never answers a wrong yes). Every answer exits with 0.
$ xlayout equivalent '(d0) -> ((d0 * 5) mod 7), domain: d0 in [0, 99]' '(d0) -> ((d0 * 12) mod 7), domain: d0 in [0, 99]'
yes

$ xlayout equivalent '(d0) -> ((d0 * 5) mod 7), domain: d0 in [0, 99999999]' '(d0) -> ((d0 * 12) mod 7), domain: d0 in [0, 99999999]'
unknown

$ xlayout equivalent '(d0) -> ((d0 * 5) mod 7), domain: d0 in [0, 4611686018427387903]' '(d0) -> ((d0 * 12) mod 7), domain: d0 in [0, 4611686018427387903]' --json
{"equivalent": "unknown"}

# Different numbers of dimensions: different maps.
$ xlayout equivalent '(d0) -> (d0), domain: d0 in [0, 9]' '(d0, d1) -> (d0), domain: d0 in [0, 9], d1 in [0, 9]'
no

# Bad input: the column in the map that is wrong (d2 is not declared: 0-based position 18).
$ xlayout simplify '(d0, d1) -> (d0 + d2)' --json
{"error": {"id": "unknown_variable", "position": 18, "message": "IndexingMap: this name is not a declared dimension or symbol", "argument": "MAP"}}
[stderr]
xlayout simplify: [xlayout:unknown_variable] IndexingMap: this name is not a declared dimension or symbol (column 19 of MAP)
  (d0, d1) -> (d0 + d2)
                    ^
[exit 2]

$ xlayout equivalent '(d0) -> (d0), domain: d0 in [0, 9]' '(d0) -> (d0'
[stderr]
xlayout equivalent: [xlayout:unbalanced_parenthesis] IndexingMap: parentheses do not balance (column 12 of MAP2)
  (d0) -> (d0
             ^
[exit 2]

# MAP1's results feed MAP2's dimensions: 2 results cannot feed 1 dimension.
$ xlayout compose '(d0) -> (d0, d0), domain: d0 in [0, 9]' '(d0) -> (d0), domain: d0 in [0, 9]'
[stderr]
xlayout compose: [xlayout:variable_count_mismatch] IndexingMap: the number of variables does not match the map (column 1 of MAP2)
  (d0) -> (d0), domain: d0 in [0, 9]
  ^
  MAP1 has 2 results, MAP2 1 dimension: the results of MAP1 are the dimensions of MAP2
[exit 2]

$ xlayout compose '(d0) -> (d0)'
[stderr]
xlayout compose: [xlayout:usage] too few arguments: usage: xlayout compose MAP1 MAP2
  (see xlayout --help)
[exit 2]

# A map without a domain: the library reads it as unbounded, the command asks for the ranges (simplify,
# compose and equivalent reason from them). The error points just past the end of the map and names the
# variables without a range; a map that does not parse reports that first.
$ xlayout simplify '(d0) -> (d0 floordiv 8 * 8 + d0 mod 8)' --json
{"error": {"id": "missing_domain", "position": 38, "message": "IndexingMap: the map has no domain: each variable needs its range (`, domain: d0 in [lo, hi], ...`)", "argument": "MAP"}}
[stderr]
xlayout simplify: [xlayout:missing_domain] IndexingMap: the map has no domain: each variable needs its range (`, domain: d0 in [lo, hi], ...`) (column 39 of MAP)
  (d0) -> (d0 floordiv 8 * 8 + d0 mod 8)
                                        ^
  no range for d0: add `, domain: d0 in [0, N]`
[exit 2]

$ xlayout compose '(d0) -> (d0), domain: d0 in [0, 9]' '(d0, d1)[s0] -> (d0 + s0)'
[stderr]
xlayout compose: [xlayout:missing_domain] IndexingMap: the map has no domain: each variable needs its range (`, domain: d0 in [lo, hi], ...`) (column 26 of MAP2)
  (d0, d1)[s0] -> (d0 + s0)
                           ^
  no ranges for d0, d1, s0: add `, domain: d0 in [0, N], ...`
[exit 2]

$ xlayout equivalent '(d0) -> (d0)' '(d0) -> (d0'
[stderr]
xlayout equivalent: [xlayout:unbalanced_parenthesis] IndexingMap: parentheses do not balance (column 12 of MAP2)
  (d0) -> (d0
             ^
[exit 2]

# A map with no variables needs no domain.
$ xlayout simplify '() -> (3 + 4)'
() -> (7)
