#!/usr/bin/env bash
# bench/compile_time/simplify.sh: what compile-time simplification of indexing maps costs (issue: measure
# the compile time of 100 simplifications in one TU on g++ 12).
# Generates two TUs in a temporary directory: <xlayout/indexing.hpp> alone, and N distinct
# IndexingMap<"..."> (each parsed and simplified once), each used in a static_assert on the simplified
# text. The maps come in four families of N/4, sizes varied so that no two are the same:
#   seed     (d0, d1) -> (d0 + d1 floordiv C, d1 mod C) over d1 < C - 1   (static/indexing_map.hpp's example)
#   reshape2 (d0 * C + d1) split back into (d0, d1)                        (a 2-d reshape chain)
#   reshape3 (d0 * B * C + d1 * C + d2) split back into (d0, d1, d2)       (a 3-d reshape chain)
#   tiled    the linear offset of a T(T0,T1)-tiled layout, mapped back      (a tiled layout's inverse)
# Every one simplifies to the identity on its domain. Prints wall time and peak memory (best of REPEAT runs)
# and the marginal cost per simplification over the header alone.
# Usage: bench/compile_time/simplify.sh [N=100] [CXX=g++] [CXXFLAGS=...] [REPEAT=3]
#   e.g. CXX="clang++-19 -stdlib=libc++" bench/compile_time/simplify.sh   (CXX may carry flags)
set -euo pipefail
n=${1:-100}
read -r -a cxx <<< "${CXX:-g++} ${CXXFLAGS:-}"  # the compiler and its flags, as words
repeat=${REPEAT:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One map of family f (0..3), variant i; sets `text` (the map) and `want` (its simplified text).
map_text() {
  local f=$1 i=$2
  case $f in
    0)
      local c=$((16 + i)) r=$((7 + i % 5))
      text="(d0, d1) -> (d0 + d1 floordiv $c, d1 mod $c), domain: d0 in [0, $((r - 1))], d1 in [0, $((c - 2))]"
      want="(d0, d1) -> (d0, d1), domain: d0 in [0, $((r - 1))], d1 in [0, $((c - 2))]"
      ;;
    1)
      local c=$((3 + i)) r=$((5 + 2 * i))
      local l="d0 * $c + d1"
      text="(d0, d1) -> (($l) floordiv $c, ($l) mod $c), domain: d0 in [0, $((r - 1))], d1 in [0, $((c - 1))]"
      want="(d0, d1) -> (d0, d1), domain: d0 in [0, $((r - 1))], d1 in [0, $((c - 1))]"
      ;;
    2)
      local b=$((2 + i % 7)) c=$((3 + i)) a=$((4 + i % 3))
      local l="d0 * $((b * c)) + d1 * $c + d2"
      text="(d0, d1, d2) -> (($l) floordiv $((b * c)), (($l) floordiv $c) mod $b, ($l) mod $c), domain: d0 in [0, $((a - 1))], d1 in [0, $((b - 1))], d2 in [0, $((c - 1))]"
      want="(d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, $((a - 1))], d1 in [0, $((b - 1))], d2 in [0, $((c - 1))]"
      ;;
    3)
      local t0s=(2 4 8) t1s=(2 4 8 128)
      local t0=${t0s[$((i % 3))]} t1=${t1s[$((i % 4))]}
      local r=$((t0 * (1 + i % 4))) c=$((t1 * (1 + i % 5)))
      local nt=$((c / t1)) tt=$((t0 * t1))
      local l="((d0 floordiv $t0) * $nt + d1 floordiv $t1) * $tt + (d0 mod $t0) * $t1 + d1 mod $t1"
      text="(d0, d1) -> ((($l) floordiv $((tt * nt))) * $t0 + (($l) mod $tt) floordiv $t1, ((($l) floordiv $tt) mod $nt) * $t1 + ($l) mod $t1), domain: d0 in [0, $((r - 1))], d1 in [0, $((c - 1))]"
      want="(d0, d1) -> (d0, d1), domain: d0 in [0, $((r - 1))], d1 in [0, $((c - 1))]"
      ;;
  esac
}

printf '#include <xlayout/indexing.hpp>\n#include <xlayout/static.hpp>\n' > "$work/header.cpp"
{
  echo '#include <xlayout/indexing.hpp>'; echo '#include <xlayout/static.hpp>'
  echo 'using xlayout::IndexingMap;'
  for ((k = 0; k < n; ++k)); do
    map_text $((k % 4)) $((k / 4))
    echo "static_assert(IndexingMap<\"$text\">::to_string() == \"$want\");"
  done
  echo 'int main() { return 0; }'
} > "$work/simplify.cpp"
distinct=$(grep -c '^static_assert' "$work/simplify.cpp")
unique=$(grep '^static_assert' "$work/simplify.cpp" | sed 's/>::to_string().*//' | sort -u | wc -l)
if ((distinct != n || unique != n)); then
  echo "simplify.sh: generated $distinct maps, $unique distinct (wanted $n)" >&2
  exit 1
fi

# shellcheck source=measure.sh
source "$root/bench/compile_time/measure.sh"

read -r t_header m_header <<< "$(measure "$work/header.cpp")"
read -r t_maps m_maps <<< "$(measure "$work/simplify.cpp")"
echo "compiler: $("${cxx[0]}" --version | head -1)${cxx[1]:+ (${cxx[*]:1})}"
echo "<xlayout/indexing.hpp> alone:      ${t_header} s, ${m_header} MB"
echo "$n distinct IndexingMap<\"...\">:  ${t_maps} s, ${m_maps} MB (parsed, simplified, printed, compared)"
awk "BEGIN{printf \"per simplification (marginal):   %.1f ms, %.2f MB\n\", ($t_maps - $t_header) * 1000 / $n, ($m_maps - $m_header) / $n}"
