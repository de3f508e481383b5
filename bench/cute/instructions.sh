#!/usr/bin/env bash
# bench/cute/instructions.sh: xlayout's accessor beside CuTe, in one run: builds bench/cute/driver.cpp with each
# compiler (-O3 -DNDEBUG), counts with callgrind the instructions each logical-order sum executes (exact and
# repeatable, unlike time) and prints, per layout, hand-written, xlayout (tensor) and CuTe (explicit layout
# with the same placement) and their ratios to the hand-written loop.
# CuTe is not a dependency of xlayout: give its headers with CUTE_INCLUDE (the include/ of a CUTLASS checkout,
# holding cute/ and cutlass/); its host code also needs the CUDA toolkit's headers (CUDA_INCLUDE, default
# /usr/local/cuda/include, whose cccl/ holds libcu++).
# Usage: CUTE_INCLUDE=... bench/cute/instructions.sh [compiler...]   (default: g++-12 "clang++-19 -stdlib=libc++")
set -euo pipefail
: "${CUTE_INCLUDE:?give the directory that holds cute/ and cutlass/ (the include/ of a CUTLASS checkout)}"
cuda=${CUDA_INCLUDE:-/usr/local/cuda/include}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if (($# == 0)); then set -- g++-12 "clang++-19 -stdlib=libc++"; fi
# shellcheck source=../callgrind/counts.sh
source "$root/bench/callgrind/counts.sh"

for compiler in "$@"; do
  read -r -a cxx <<< "$compiler"
  "${cxx[@]}" -std=c++20 -O3 -DNDEBUG -I"$root/include" -I"$CUTE_INCLUDE" -I"$cuda/cccl" -I"$cuda" \
    "$root/bench/cute/driver.cpp" -o "$work/driver"
  count_instructions "$work/driver"
  echo "compiler: $("${cxx[0]}" --version | head -1) (${cxx[*]:1} -O3 -DNDEBUG): $(cat "$work/stdout")"
  printf '%-14s %12s %12s %12s %12s %10s %12s\n' layout hand xlayout CuTe xlayout/hand CuTe/hand xlayout/CuTe
  for layout in row_major column_major permuted_3d tiled_2x2 tiled_8x128 tiled_bf16 combined padded; do
    hand=$(ir "sum_hand_$layout"); tensor=$(ir "sum_tensor_$layout"); cute=$(ir "sum_cute_$layout")
    if [[ -z "$hand" || -z "$tensor" || -z "$cute" ]]; then
      echo "instructions.sh: no count for a loop of $layout (inlined into main?)" >&2
      exit 2
    fi
    awk -v l="$layout" -v h="$hand" -v t="$tensor" -v c="$cute" \
      'BEGIN { printf "%-14s %12d %12d %12d %12.3f %10.3f %12.3f\n", l, h, t, c, t / h, c / h, t / c }'
  done
  echo
done
