#!/usr/bin/env bash
# bench/views/instructions.sh: instructions executed by each loop of bench/views/driver.cpp, counted by
# callgrind (exact and repeatable, unlike time): each view beside hand-written index arithmetic (per element
# and view/hand, target 1.00), the lowered map beside the interpreter (per point), and a check that the
# identity pair (a reshape chain that composes to the identity, and the base accessor) compiles to the same
# instructions (objdump, addresses removed). Each loop's count is inclusive (callgrind_annotate
# --inclusive=yes): what it calls and the compiler did not inline (clang 19's for_each of a view) counts too.
# Build the driver optimised first:
#   cmake --preset release -B build/release && cmake --build build/release --target xlayout_views_driver
#   bench/views/instructions.sh build/release/bench/xlayout_views_driver
set -euo pipefail
driver=${1:-build/release/bench/xlayout_views_driver}
if [[ ! -x "$driver" ]]; then
  echo "instructions.sh: $driver is not built (cmake --build build/release --target xlayout_views_driver)" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=../callgrind/counts.sh
source "$(dirname "$0")/../callgrind/counts.sh"
count_instructions "$driver" --inclusive=yes

printf '%-10s %9s %12s %12s %10s %10s %10s\n' view elements hand view hand/elem view/elem view/hand
# name, elements, hand loop, view loop
while read -r name n hand view; do
  h=$(ir "$hand"); v=$(ir "$view")
  if [[ -z "$h" || -z "$v" ]]; then
    echo "instructions.sh: no count for $hand or $view (was the driver built optimised?)" >&2
    exit 2
  fi
  awk -v l="$name" -v n="$n" -v h="$h" -v v="$v" \
    'BEGIN { printf "%-10s %9d %12d %12d %10.2f %10.2f %10.3f\n", l, n, h, v, h / n, v / n, v / h }'
done << 'LOOPS'
identity 262144 base_identity view_identity
transpose 131072 hand_transpose view_transpose
slice 61440 hand_slice view_slice
reverse 131072 hand_reverse view_reverse
reshape 131072 hand_reshape view_reshape
broadcast 524288 hand_broadcast view_broadcast
bitcast 32768 hand_bitcast view_bitcast
chain 65536 hand_chain view_chain
walk 131072 base_walk view_walk
runtime 131072 hand_runtime view_runtime
LOOPS
lowered=$(ir map_lowered); interpreted=$(ir map_interpreter)
awk -v l="$lowered" -v i="$interpreted" 'BEGIN {
  printf "\nmap (4 results, 131072 points): lowered_map %.1f, IndexingMap::evaluate %.1f", l / 131072, i / 131072
  printf " instructions per point (%.1fx)\n", i / l }'

# The identity pair: the same instructions, once the addresses are removed.
body() {
  objdump -d --no-show-raw-insn "$driver" |
    awk -v f="<$1>:" '$2 == f { on = 1; next } NF == 0 { on = 0 } on { $1 = ""; print }' |
    sed -E 's/[0-9a-f]+ <[^>]*>//g; s/#.*$//; s/-?0x[0-9a-f]+\(%rip\)/(%rip)/g'
}
body base_identity > "$work/base"
body view_identity > "$work/view"
if [[ -s "$work/base" ]] && cmp -s "$work/base" "$work/view"; then
  echo "identity: view_identity and base_identity are the same $(wc -l < "$work/base") instructions"
else
  echo "identity: view_identity differs from base_identity:" >&2
  diff "$work/base" "$work/view" >&2 || true
  exit 1
fi
echo "compiler: $(driver_compiler "$driver")"
