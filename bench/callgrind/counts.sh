# shellcheck shell=bash disable=SC2154  # $work: the caller's scratch directory
# bench/callgrind/counts.sh: sourced by the callgrind scripts (callgrind/instructions.sh, callgrind/
# split_groups.sh, views/instructions.sh, cute/instructions.sh), which make the directory $work first.
#   count_instructions DRIVER [callgrind_annotate options]  runs DRIVER under callgrind: its output in
#                      $work/stdout, the instructions of each function in $work/ir ("function count"; each
#                      loop is one flattened function); exits 2, printing the driver's output, if it fails.
#   ir F               F's count ("" where there is none).
#   driver_compiler D  the compiler that built D (clang's version string first: a clang binary also carries
#                      the C runtime's GCC string).

count_instructions() {
  local driver=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$driver" > "$work/stdout" 2> "$work/stderr" || {
    cat "$work/stdout" "$work/stderr" >&2
    exit 2
  }
  # Lines "N (pct) file:function [object]".
  callgrind_annotate "$@" --threshold=100 "$work/out" 2> /dev/null |
    awk '$1 ~ /^[0-9,]+$/ { n = $1; gsub(",", "", n); for (i = 2; i <= NF; ++i) if ($i ~ /:/) break
                            f = $i; sub(/^.*:/, "", f); print f, n }' > "$work/ir"
}

ir() { awk -v f="$1" '$1 == f { print $2; exit }' "$work/ir"; }

driver_compiler() {
  strings -a "$1" > "$work/strings"
  grep -m1 'clang version' "$work/strings" || grep -m1 '^GCC: ' "$work/strings" || echo unknown
}
