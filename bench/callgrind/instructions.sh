#!/usr/bin/env bash
# bench/callgrind/instructions.sh: instructions executed by each loop of bench/callgrind/driver.cpp, counted by
# callgrind (exact and repeatable, unlike time), and the ratios the project tracks: tensor/hand (target 1.00),
# runtime/tensor, for_each/hand, value/tensor (runtime_tensor<T, Rank>'s t(i, j) against the static
# accessor, target <= 3), visit/tensor (the same loop inside runtime_tensor::visit), value_walk/for_each
# (for_each over that runtime_tensor against the static for_each, summing the elements) and
# index_walk/for_each (the same two with the index used: a sum weighted by the index), element_walk/for_each
# (the same two with a callback of the element alone, f(x)). Build the driver
# optimised first:
#   cmake --workflow --preset release      # or: cmake --build --preset release --target xlayout_callgrind_driver
#   bench/callgrind/instructions.sh build/release/bench/xlayout_callgrind_driver
set -euo pipefail
driver=${1:-build/release/bench/xlayout_callgrind_driver}
if [[ ! -x "$driver" ]]; then
  echo "instructions.sh: $driver is not built (cmake --build --preset release --target xlayout_callgrind_driver)" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=counts.sh
source "$(dirname "$0")/counts.sh"
count_instructions "$driver" --inclusive=yes
cat "$work/stdout"
printf '\n%-22s %14s %14s %11s %14s %15s %13s %13s %19s %19s %21s\n' layout hand tensor tensor/hand runtime/tensor \
  for_each/hand value/tensor visit/tensor value_walk/for_each index_walk/for_each element_walk/for_each
for layout in row_major column_major permuted_3d tiled_2x2 tiled_8x128 tiled_bf16 combined padded; do
  hand=$(ir "sum_hand_$layout"); tensor=$(ir "sum_tensor_$layout")
  runtime=$(ir "sum_runtime_$layout"); walk=$(ir "sum_for_each_$layout"); value=$(ir "sum_layout_value_$layout")
  vwalk=$(ir "sum_layout_value_for_each_$layout"); visit=$(ir "sum_layout_visit_$layout")
  iwalk=$(ir "sum_index_for_each_$layout"); viwalk=$(ir "sum_layout_index_for_each_$layout")
  ewalk=$(ir "sum_element_for_each_$layout"); vewalk=$(ir "sum_layout_element_for_each_$layout")
  if [[ -z "$hand" || -z "$tensor" || -z "$runtime" || -z "$walk" || -z "$value" || -z "$vwalk" || -z "$visit" ||
        -z "$iwalk" || -z "$viwalk" || -z "$ewalk" || -z "$vewalk" ]]; then
    echo "instructions.sh: no count for a loop of $layout (was the driver built with inlining of these?)" >&2
    exit 2
  fi
  awk -v l="$layout" -v h="$hand" -v t="$tensor" -v r="$runtime" -v w="$walk" -v v="$value" -v vw="$vwalk" -v vv="$visit" \
    -v iw="$iwalk" -v viw="$viwalk" -v ew="$ewalk" -v vew="$vewalk" \
    'BEGIN { printf "%-22s %14d %14d %11.3f %14.1f %15.3f %13.2f %13.2f %19.2f %19.2f %21.2f\n",
             l, h, t, t / h, r / t, w / h, v / t, vv / t, vw / w, viw / iw, vew / ew }'
done
echo
echo "compiler: $(driver_compiler "$driver")"
