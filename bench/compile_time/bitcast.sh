#!/usr/bin/env bash
# bench/compile_time/bitcast.sh: what a static_assert(is_bitcast(...)) costs g++ on TPU-sized layouts (issue:
# <= 50 ms each). Generates, in a temporary directory, a baseline TU (<xlayout/layout.hpp> and nothing else)
# and one TU per case (the same header and one static_assert), compiles each with /usr/bin/time (best of
# REPEAT, in CPU seconds) in the same run, and prints each case's wall time and peak memory and their difference from the
# baseline.
# Usage: bench/compile_time/bitcast.sh [CXX=g++-12] [CXXFLAGS=...] [REPEAT=5]
set -euo pipefail
read -r -a cxx <<< "${CXX:-g++-12} ${CXXFLAGS:-}"  # the compiler and its flags, as words
repeat=${REPEAT:-5}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name|assertion (the shapes as XLA text; ! for a no).
cases=(
  'bf16 tiled, yes|is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">, shape_v<"bf16[128,4,2,8,128]{2,4,1,3,0}">)'
  'bf16 tiled, no|!is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">, shape_v<"bf16[128,8,4,128,2]{4,3,2,1,0}">)'
  'bf16 tiled vs tiled, yes|is_bitcast(shape_v<"bf16[1024,1024]{1,0:T(8,128)(2,1)}">, shape_v<"bf16[128,8,8,128]{3,1,2,0:T(2,1)}">)'
  'f32 3-d tiled, yes|is_bitcast(shape_v<"f32[8,1024,1024]{2,1,0:T(8,128)}">, shape_v<"f32[8,128,8,8,128]{4,2,3,1,0}">)'
  'f32 3-d tiled, no|!is_bitcast(shape_v<"f32[8,1024,1024]{2,1,0:T(8,128)}">, shape_v<"f32[8,128,8,8,128]{4,3,2,1,0}">)'
  'f32 3-d untiled transpose, no|!is_bitcast(shape_v<"f32[8,1024,1024]{1,2,0}">, shape_v<"f32[8,1024,1024]{2,1,0}">)'
)

echo '#include <xlayout/layout.hpp>' > "$work/baseline.cpp"
# Twenty distinct pairs in one TU (both shapes parsed and compared each time): the marginal cost per assertion,
# less disturbed by the timer's 10 ms resolution.
{
  echo '#include <xlayout/layout.hpp>'
  echo 'using namespace xlayout;'
  for ((k = 1; k <= 10; ++k)); do
    echo "static_assert(is_bitcast(shape_v<\"bf16[$((128 * k)),1024]{1,0:T(8,128)(2,1)}\">, shape_v<\"bf16[$((16 * k)),4,2,8,128]{2,4,1,3,0}\">));"
    echo "static_assert(!is_bitcast(shape_v<\"f32[$k,1024,1024]{2,1,0:T(8,128)}\">, shape_v<\"f32[$k,128,8,8,128]{4,3,2,1,0}\">));"
  done
} > "$work/twenty.cpp"
i=0
for c in "${cases[@]}"; do
  {
    echo '#include <xlayout/layout.hpp>'
    echo 'using namespace xlayout;'
    echo "static_assert(${c#*|});"
  } > "$work/case$i.cpp"
  i=$((i + 1))
done

# measure FILE prints "seconds MB": the best of $repeat compiles, as in measure.sh, but timed in CPU
# seconds (user + system), which a busy machine disturbs less than the wall time.
measure() {
  local best_t=999 best_m=0 t m
  for ((r = 0; r < repeat; ++r)); do
    /usr/bin/time -f "%U %S %M" -o "$work/time" "${cxx[@]}" -std=c++20 -O2 -I"$root/include" -c "$1" -o "$work/out.o"
    read -r u s m < "$work/time"
    t=$(awk "BEGIN{print $u + $s}")
    if awk "BEGIN{exit !($t < $best_t)}"; then best_t=$t; best_m=$m; fi
  done
  echo "$best_t $((best_m / 1024))"
}

echo "compiler: $("${cxx[0]}" --version | head -1)${cxx[1]:+ (${cxx[*]:1})}, best of $repeat"
read -r t0 m0 <<< "$(measure "$work/baseline.cpp")"
echo "baseline (<xlayout/layout.hpp> alone): ${t0} s CPU, ${m0} MB"
i=0
for c in "${cases[@]}"; do
  read -r t m <<< "$(measure "$work/case$i.cpp")"
  awk -v n="${c%%|*}" -v t="$t" -v m="$m" -v t0="$t0" -v m0="$m0" \
    'BEGIN{printf "%-32s %6.2f s CPU, %4d MB  (over the baseline: %+5.0f ms, %+4d MB)\n", n ":", t, m, (t - t0) * 1000, m - m0}'
  i=$((i + 1))
done
read -r t m <<< "$(measure "$work/twenty.cpp")"
awk -v t="$t" -v m="$m" -v t0="$t0" -v m0="$m0" \
  'BEGIN{printf "20 distinct assertions in one TU: %6.2f s CPU, %4d MB  (per assertion: %.1f ms, %.2f MB)\n", t, m, (t - t0) * 1000 / 20, (m - m0) / 20}'
