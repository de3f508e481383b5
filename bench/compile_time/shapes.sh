#!/usr/bin/env bash
# bench/compile_time/shapes.sh: what distinct compile-time shapes cost g++ (issue: <= 3 s and <= 300 MB for
# 200 distinct Shape<"..."> types each used for a linear index; the umbrella header alone <= 0.25 s).
# Generates three TUs in a temporary directory: the umbrella header alone, and N distinct shapes (tiled,
# repeated-tiled, '*'-combined, transposed), each used for a linear index in a constant expression.
# Prints wall time and peak memory (best of REPEAT runs) and the marginal cost per shape.
# Usage: bench/compile_time/shapes.sh [N=200] [CXX=g++] [CXXFLAGS=...] [REPEAT=3]
set -euo pipefail
n=${1:-200}
read -r -a cxx <<< "${CXX:-g++} ${CXXFLAGS:-}"  # the compiler and its flags, as words
repeat=${REPEAT:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo '#include <xlayout/xlayout.hpp>' > "$work/umbrella.cpp"
echo '#include <array>' > "$work/array.cpp"
{
  echo '#include <xlayout/xlayout.hpp>'
  echo 'using xlayout::Shape;'
  layouts=('{1,0}' '{0,1}' '{1,0:T(2,2)}' '{1,0:T(8,128)}' '{1,0:T(8,128)(2,1)}' '{0,1:T(4,4)}' '{1,0:T(*,4)}')
  for ((i = 0; i < n; ++i)); do
    rows=$((3 + i % 17)); cols=$((5 + i / 7))
    l=${layouts[$((i % ${#layouts[@]}))]}
    if ((i % 5 == 4)); then
      # a rank-3 shape with a 3-d permutation
      echo "constexpr auto v$i = Shape<\"f32[$rows,$cols,7]{0,2,1:T(2,2)}\">::linear_index($((rows - 1)), 1, 2);"
    else
      echo "constexpr auto v$i = Shape<\"bf16[$rows,$cols]$l\">::linear_index($((rows - 1)), $((cols - 1)));"
    fi
  done
  echo "int main() { return static_cast<int>(v0 + v$((n - 1))) & 1; }"
} > "$work/shapes.cpp"

# shellcheck source=measure.sh
source "$root/bench/compile_time/measure.sh"

read -r t_array m_array <<< "$(measure "$work/array.cpp")"
read -r t_umbrella m_umbrella <<< "$(measure "$work/umbrella.cpp")"
read -r t_shapes m_shapes <<< "$(measure "$work/shapes.cpp")"
echo "compiler: $("${cxx[0]}" --version | head -1)${cxx[1]:+ (${cxx[*]:1})}"
echo "<array> alone:                 ${t_array} s, ${m_array} MB"
echo "<xlayout/xlayout.hpp> alone:   ${t_umbrella} s, ${m_umbrella} MB (header cost over <array>: $(awk "BEGIN{printf \"%.2f\", $t_umbrella - $t_array}") s)"
echo "$n distinct Shape<\"...\">:      ${t_shapes} s, ${m_shapes} MB"
awk "BEGIN{printf \"per shape (marginal):          %.1f ms, %.2f MB\n\", ($t_shapes - $t_umbrella) * 1000 / $n, ($m_shapes - $m_umbrella) / $n}"
