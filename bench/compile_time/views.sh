#!/usr/bin/env bash
# bench/compile_time/views.sh: what a distinct view costs g++: each view builds its op's map, and the view
# that is read composes the maps of its chain, simplifies the result and lowers it, at compile time.
# Generates two TUs in a temporary directory: the header with N distinct tensors read through no view, and
# the same N tensors each read through a chain of three views (a slice, a transpose or a reshape to rows of
# 16 and back, a reverse), one element at run-time indices (the accessor is instantiated and code is
# generated for it, as in a kernel).
# Prints wall time and peak memory (best of REPEAT runs) and the marginal cost per view.
# STEPS=5 reads each tensor through a chain of five views instead (the three, then a transpose and a reverse).
# OP=transpose|slice|reverse|reshape reads each tensor through one view of that op instead (STEPS is then
# 1): the chains above fold (the two reshapes are the identity), so they do not show what a lone reshape
# costs, whose map the simplifier works on. The marginal cost of one such view includes its share of what the
# first view of the kind instantiates once (the simplifier's functions for a reshape): compare two N.
# Usage: bench/compile_time/views.sh [N=60] [CXX=g++] [CXXFLAGS=...] [REPEAT=3] [MEASURE=time|instructions]
#        [STEPS=3|5] [OP=transpose|slice|reverse|reshape]
set -euo pipefail
n=${1:-60}
read -r -a cxx <<< "${CXX:-g++} ${CXXFLAGS:-}"  # the compiler and its flags, as words
repeat=${REPEAT:-3}
steps=${STEPS:-3}
op=${OP:-}
[[ -n "$op" ]] && steps=1
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

generate() {  # $1: with views (1) or not (0)
  echo '#include <xlayout/tensor.hpp>'
  echo 'using namespace xlayout;'
  layouts=('{1,0}' '{0,1}' '{1,0:T(2,2)}' '{1,0:T(8,128)}' '{0,1:T(4,4)}')
  for ((i = 0; i < n; ++i)); do
    rows=$((16 + 16 * (i % 4))); cols=$((32 + 16 * (i / 4)))
    l=${layouts[$((i % ${#layouts[@]}))]}
    t="Tensor<\"f32[$rows,$cols]$l\">(p)"
    if (($1 == 0)); then
      echo "float get$i(float* p, index_t a, index_t b) { return $t(a, b); }"
    elif [[ -n "$op" ]]; then
      case "$op" in
        transpose) v="transpose<1, 0>($t)" ;;
        slice) v="slice($t, Slice<1, $rows>{}, Slice<0, $cols, 2>{})" ;;
        reverse) v="reverse<0>($t)" ;;
        reshape) v="reshape<$((rows * cols / 16)), 16>($t)" ;;
        *) echo "views.sh: OP is transpose, slice, reverse or reshape" >&2; exit 2 ;;
      esac
      echo "float get$i(float* p, index_t a, index_t b) { return $v(a, b); }"
    elif ((i % 2 == 0)); then
      v="reverse<0>(transpose<1, 0>(slice($t, Slice<1, $rows>{}, Slice<0, $cols, 2>{})))"
      ((steps == 5)) && v="reverse<1>(transpose<1, 0>($v))"
      echo "float get$i(float* p, index_t a, index_t b) { return $v(a, b); }"
    else
      v="reverse<1>(reshape<$rows, $cols>(reshape<$((rows * cols / 16)), 16>($t)))"
      ((steps == 5)) && v="reverse<0>(transpose<1, 0>($v))"
      echo "float get$i(float* p, index_t a, index_t b) { return $v(a, b); }"
    fi
  done
}
generate 0 > "$work/tensors.cpp"
generate 1 > "$work/views.cpp"

# shellcheck source=measure.sh
source "$root/bench/compile_time/measure.sh"

read -r t_tensors m_tensors <<< "$(measure "$work/tensors.cpp")"
read -r t_views m_views <<< "$(measure "$work/views.cpp")"
echo "compiler: $("${cxx[0]}" --version | head -1)${cxx[1]:+ (${cxx[*]:1})}"
if [[ "${MEASURE:-time}" == instructions ]]; then
  echo "$n distinct tensors, no view:        ${t_tensors} instructions"
  echo "the same through $steps view(s) each:    ${t_views} instructions"
  awk "BEGIN{printf \"per view (marginal, of $((steps * n))):        %.1f million instructions\n\", ($t_views - $t_tensors) / 1e6 / ($steps * $n)}"
  exit 0
fi
echo "$n distinct tensors, no view:        ${t_tensors} s, ${m_tensors} MB"
echo "the same through $steps view(s) each:    ${t_views} s, ${m_views} MB"
awk "BEGIN{printf \"per view (marginal, of $((steps * n))):        %.1f ms, %.2f MB\n\", ($t_views - $t_tensors) * 1000 / ($steps * $n), ($m_views - $m_tensors) / ($steps * $n)}"
((steps > 1)) || exit 0
awk "BEGIN{printf \"per chain of $steps (marginal, of $n):       %.1f ms, %.2f MB\n\", ($t_views - $t_tensors) * 1000 / $n, ($m_views - $m_tensors) / $n}"
