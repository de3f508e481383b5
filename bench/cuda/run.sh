#!/bin/bash
# bench/cuda/run.sh: builds (where no binary is given or the given one does not start) and runs
# bench/cuda/transpose_relayout.cu on the GPU of this machine, and writes the kernels' SASS next to the
# binary's output. Run from the repository root:
#   bash bench/cuda/run.sh [binary] [rounds] [reps]      (defaults: build-gpu/transpose_relayout 5 30)
# With OUT set (a folder), the output and the SASS are also written there.
set -u -o pipefail
bin=${1:-build-gpu/transpose_relayout}
rounds=${2:-5}
reps=${3:-30}
out=${OUT:-$(dirname "$bin")}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
build() {
  mkdir -p "$(dirname "$bin")"
  "$nvcc" -std=c++20 -O3 -DNDEBUG -arch=sm_90 -Iinclude -Xcompiler=-Wall,-Wextra -Xptxas -v \
    bench/cuda/transpose_relayout.cu -o "$bin" 2>&1 | grep -E "Compiling entry|registers|error|warning"
}
[ -x "$bin" ] || build
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,memory.total --format=csv
if ! "$bin" "$rounds" "$reps" 2>&1 | tee "$out/run1.txt"; then
  echo "the binary failed here: building it on this machine"
  build && "$bin" "$rounds" "$reps" 2>&1 | tee "$out/run1.txt" || exit 1
fi
echo "--- second run (the spread between processes)"
"$bin" "$rounds" "$reps" 2>&1 | tail -n 16 | tee "$out/run2.txt"
cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
if [ -x "$cuobjdump" ]; then
  "$cuobjdump" --dump-sass "$bin" > "$out/sass.txt" 2>&1
  # Instructions per kernel (lines of the form /*0010*/ ... ;), the kernels' names shortened.
  awk '/Function :/ {name=$3} /^ +\/\*[0-9a-f]+\*\/ / && name != "" {count[name]++}
       END {for (k in count) print count[k], k}' "$out/sass.txt" | sort -k2 | sed 's/_ZN[0-9]*_GLOBAL__N__[0-9a-f_]*main//'
fi
