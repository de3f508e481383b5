#!/usr/bin/env bash
# bench/compile_time/tensors.sh: what a distinct Tensor type with one accessor use costs g++ (issue "Views":
# <= 10 ms and <= 0.5 MB per distinct tensor over 200). Generates two TUs in a temporary directory: the
# tensor header alone, and N distinct Tensor<"..."> types (tiled, repeated-tiled, '*'-combined, transposed
# layouts; bf16 and f32), each used once in a function that reads one element at a run-time index (the
# accessor is instantiated and code is generated for it, as in a kernel). Prints wall time and peak memory
# (best of REPEAT runs) and the marginal cost per tensor.
# Usage: bench/compile_time/tensors.sh [N=200] [CXX=g++] [CXXFLAGS=...] [REPEAT=3] [MEASURE=time|instructions]
set -euo pipefail
n=${1:-200}
read -r -a cxx <<< "${CXX:-g++} ${CXXFLAGS:-}"  # the compiler and its flags, as words
repeat=${REPEAT:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=cases.sh
source "$root/bench/compile_time/cases.sh"

echo '#include <xlayout/tensor.hpp>' > "$work/header.cpp"
{
  echo '#include <xlayout/tensor.hpp>'
  echo 'using xlayout::Tensor;'
  echo 'using xlayout::index_t;'
  for ((i = 0; i < n; ++i)); do
    tensor_case "$i"
    xlayout_get "$i"
  done
} > "$work/tensors.cpp"

# shellcheck source=measure.sh
source "$root/bench/compile_time/measure.sh"

read -r t_header m_header <<< "$(measure "$work/header.cpp")"
read -r t_tensors m_tensors <<< "$(measure "$work/tensors.cpp")"
echo "compiler: $("${cxx[0]}" --version | head -1)${cxx[1]:+ (${cxx[*]:1})}"
if [[ "${MEASURE:-time}" == instructions ]]; then
  echo "<xlayout/tensor.hpp> alone:    ${t_header} instructions"
  echo "$n distinct Tensor<\"...\">:     ${t_tensors} instructions"
  awk "BEGIN{printf \"per tensor (marginal):         %.1f million instructions\n\", ($t_tensors - $t_header) / 1e6 / $n}"
  exit 0
fi
echo "<xlayout/tensor.hpp> alone:    ${t_header} s, ${m_header} MB"
echo "$n distinct Tensor<\"...\">:     ${t_tensors} s, ${m_tensors} MB"
awk "BEGIN{printf \"per tensor (marginal):         %.1f ms, %.2f MB\n\", ($t_tensors - $t_header) * 1000 / $n, ($m_tensors - $m_header) / $n}"
