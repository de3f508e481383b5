#!/usr/bin/env bash
# bench/compile_time/bitcast.sh: what a static_assert(is_bitcast(...)) costs g++ on TPU-sized layouts (issue:
# <= 50 ms each). Generates, in a temporary directory, a baseline TU (<xlayout/layout.hpp> and nothing else)
# and, per case, a TU with the same header and K distinct assertions of the case (the major dimension scaled
# by 1..K, so that nothing is parsed or evaluated twice: g++ memoises constant calls). Compiles each with
# /usr/bin/time (best of REPEAT, in CPU seconds: user + system, which a busy machine disturbs less than the
# wall time) in the same run (interleaved), and prints the cost per assertion over the baseline (both shapes parsed from
# their text, then compared). Last, for comparison, the element-by-element test is_bitcast used to be.
# Usage: bench/compile_time/bitcast.sh [CXX=g++-12] [CXXFLAGS=...] [REPEAT=5] [K=20]
set -euo pipefail
read -r -a cxx <<< "${CXX:-g++-12} ${CXXFLAGS:-}"  # the compiler and its flags, as words
repeat=${REPEAT:-5}
k_max=${K:-20}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Each case prints its assertion for scale k (shapes as XLA text; ! for a no).
bf16_yes() { echo "is_bitcast(shape_v<\"bf16[$((1024 * $1)),1024]{1,0:T(8,128)(2,1)}\">, shape_v<\"bf16[$((128 * $1)),4,2,8,128]{2,4,1,3,0}\">)"; }
bf16_no() { echo "!is_bitcast(shape_v<\"bf16[$((1024 * $1)),1024]{1,0:T(8,128)(2,1)}\">, shape_v<\"bf16[$((128 * $1)),8,4,128,2]{4,3,2,1,0}\">)"; }
bf16_tiled() { echo "is_bitcast(shape_v<\"bf16[$((1024 * $1)),1024]{1,0:T(8,128)(2,1)}\">, shape_v<\"bf16[$((128 * $1)),8,8,128]{3,1,2,0:T(2,1)}\">)"; }
f32_yes() { echo "is_bitcast(shape_v<\"f32[$((8 * $1)),1024,1024]{2,1,0:T(8,128)}\">, shape_v<\"f32[$((8 * $1)),128,8,8,128]{4,2,3,1,0}\">)"; }
f32_no() { echo "!is_bitcast(shape_v<\"f32[$((8 * $1)),1024,1024]{2,1,0:T(8,128)}\">, shape_v<\"f32[$((8 * $1)),128,8,8,128]{4,3,2,1,0}\">)"; }
f32_untiled_no() { echo "!is_bitcast(shape_v<\"f32[$((8 * $1)),1024,1024]{1,2,0}\">, shape_v<\"f32[$((8 * $1)),1024,1024]{2,1,0}\">)"; }
cases=(bf16_yes bf16_no bf16_tiled f32_yes f32_no f32_untiled_no)
declare -A title=(
  [bf16_yes]='bf16[1024,1024]{1,0:T(8,128)(2,1)} vs bf16[128,4,2,8,128]{2,4,1,3,0} (yes)'
  [bf16_no]='bf16[1024,1024]{1,0:T(8,128)(2,1)} vs bf16[128,8,4,128,2]{4,3,2,1,0} (no)'
  [bf16_tiled]='bf16[1024,1024]{1,0:T(8,128)(2,1)} vs bf16[128,8,8,128]{3,1,2,0:T(2,1)} (yes)'
  [f32_yes]='f32[8,1024,1024]{2,1,0:T(8,128)} vs f32[8,128,8,8,128]{4,2,3,1,0} (yes)'
  [f32_no]='f32[8,1024,1024]{2,1,0:T(8,128)} vs f32[8,128,8,8,128]{4,3,2,1,0} (no)'
  [f32_untiled_no]='f32[8,1024,1024]{1,2,0} vs f32[8,1024,1024]{2,1,0} (no)'
)

echo '#include <xlayout/layout.hpp>' > "$work/baseline.cpp"
for c in "${cases[@]}"; do
  {
    echo '#include <xlayout/layout.hpp>'
    echo 'using namespace xlayout;'
    for ((k = 1; k <= k_max; ++k)); do echo "static_assert($($c "$k"));"; done
  } > "$work/$c.cpp"
done
# For comparison: the element-by-element test is_bitcast used to be (the library keeps it, as
# detail::same_slots_by_enumeration, for layouts whose index program is not exact), on a small shape.
small='shape_v<"bf16[16,128]{1,0:T(8,128)(2,1)}">, shape_v<"bf16[2,4,2,128]{2,3,1,0}">'
printf '#include <xlayout/layout.hpp>\nusing namespace xlayout;\nstatic_assert(is_bitcast(%s));\n' "$small" \
  > "$work/small_symbolic.cpp"
printf '#include <xlayout/layout.hpp>\nusing namespace xlayout;\nstatic_assert(detail::same_slots_by_enumeration(%s, 2048));\n' \
  "$small" > "$work/small_enumeration.cpp"

# Every TU is compiled REPEAT times, the rounds interleaved (baseline, cases, baseline, ...) so that a busy
# spell of the machine does not fall on one file only; each file keeps its best CPU time (user + system)
# and that run's peak memory.
files=(baseline "${cases[@]}" small_symbolic small_enumeration)
declare -A best_t best_m
for f in "${files[@]}"; do best_t[$f]=999; best_m[$f]=0; done
for ((r = 0; r < repeat; ++r)); do
  for f in "${files[@]}"; do
    /usr/bin/time -f "%U %S %M" -o "$work/time" "${cxx[@]}" -std=c++20 -O2 -I"$root/include" -c "$work/$f.cpp" \
      -o "$work/out.o"
    read -r u s m < "$work/time"
    t=$(awk "BEGIN{print $u + $s}")
    if awk "BEGIN{exit !($t < ${best_t[$f]})}"; then best_t[$f]=$t; best_m[$f]=$((m / 1024)); fi
  done
done

t0=${best_t[baseline]} m0=${best_m[baseline]}
echo "compiler: $("${cxx[0]}" --version | head -1)${cxx[1]:+ (${cxx[*]:1})}, best of $repeat, -std=c++20 -O2"
echo "baseline (<xlayout/layout.hpp> alone): ${t0} s CPU, ${m0} MB"
echo "per static_assert(is_bitcast(...)), over the baseline ($k_max distinct ones per TU):"
for c in "${cases[@]}"; do
  awk -v n="${title[$c]}" -v t="${best_t[$c]}" -v m="${best_m[$c]}" -v t0="$t0" -v m0="$m0" -v k="$k_max" \
    'BEGIN{printf "  %-84s %5.1f ms, %5.2f MB\n", n ":", (t - t0) * 1000 / k, (m - m0) / k}'
done
echo "bf16[16,128]{1,0:T(8,128)(2,1)} vs bf16[2,4,2,128]{2,3,1,0}, one assertion, over the baseline:"
for v in symbolic enumeration; do
  awk -v n="$v" -v t="${best_t[small_$v]}" -v m="${best_m[small_$v]}" -v t0="$t0" -v m0="$m0" \
    'BEGIN{printf "  %-12s %6.0f ms, %4d MB\n", n ":", (t - t0) * 1000, m - m0}'
done
