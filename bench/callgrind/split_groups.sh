#!/usr/bin/env bash
# bench/callgrind/split_groups.sh: instructions executed by each loop of bench/callgrind/split_groups.cpp,
# counted by callgrind, and the ratios: tensor/hand (the accessor of a tile that splits a '*' group, beside
# hand-written index arithmetic; target 1.00) and linear_index/tensor (what that accessor executed when it
# called linear_index); for XLA's example also the run-time tensor (runtime/tensor) and the memory-order
# walks (runtime_walk/for_each). Build the driver optimised first:
#   cmake --build --preset release --target xlayout_split_groups
#   bench/callgrind/split_groups.sh build/release/bench/xlayout_split_groups
set -euo pipefail
driver=${1:-build/release/bench/xlayout_split_groups}
if [[ ! -x "$driver" ]]; then
  echo "split_groups.sh: $driver is not built (cmake --build --preset release --target xlayout_split_groups)" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=counts.sh
source "$(dirname "$0")/counts.sh"
count_instructions "$driver" --inclusive=yes
cat "$work/stdout"
printf '\n%-8s %12s %12s %14s %12s %20s\n' layout hand tensor linear_index tensor/hand linear_index/tensor
for layout in groups rows; do
  hand=$(ir "sum_hand_$layout"); tensor=$(ir "sum_tensor_$layout"); linear=$(ir "sum_linear_index_$layout")
  if [[ -z "$hand" || -z "$tensor" || -z "$linear" ]]; then
    echo "split_groups.sh: no count for a loop of $layout" >&2
    exit 2
  fi
  awk -v l="$layout" -v h="$hand" -v t="$tensor" -v x="$linear" \
    'BEGIN { printf "%-8s %12d %12d %14d %12.3f %20.1f\n", l, h, t, x, t / h, x / t }'
done
# The run-time tensor of XLA's example (its mapping merges the groups): the accessor against the static one,
# and for_each (memory order) against the static for_each.
runtime=$(ir sum_runtime_groups); walk=$(ir sum_for_each_groups); rwalk=$(ir sum_runtime_for_each_groups)
if [[ -z "$runtime" || -z "$walk" || -z "$rwalk" ]]; then
  echo "split_groups.sh: no count for a run-time loop of groups" >&2
  exit 2
fi
tensor=$(ir sum_tensor_groups)
printf '\n%-8s %12s %16s %12s %14s %22s\n' layout runtime runtime/tensor for_each runtime_walk runtime_walk/for_each
awk -v r="$runtime" -v t="$tensor" -v w="$walk" -v x="$rwalk" \
  'BEGIN { printf "%-8s %12d %16.2f %12d %14d %22.2f\n", "groups", r, r / t, w, x, x / w }'
echo
echo "compiler: $(driver_compiler "$driver")"
