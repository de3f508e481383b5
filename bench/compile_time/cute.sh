#!/usr/bin/env bash
# bench/compile_time/cute.sh: xlayout beside CuTe in one run: what a distinct static layout with one accessor
# use costs the compiler in each library. The N layouts are tensors.sh's (cases.sh: row- and column-major,
# T(2,2), T(8,128), T(8,128)(2,1), T(4,4) over {0,1}, T(*,4), and a 3-d T(2,2) over {0,2,1}); CuTe gets each
# as an explicit layout with the same placement (compile-time Int<> shapes and strides), xlayout as
# Tensor<"f32[...]{...}">. Before measuring, a check program compares the two libraries' offsets for every
# index of every layout, so the two columns are the same work.
# CuTe is not a dependency of xlayout: give its headers with CUTE_INCLUDE (a directory holding cute/ and
# cutlass/, e.g. a CUTLASS checkout's include/). CuTe's host code also includes the CUDA toolkit's headers
# (cuda_runtime_api.h, and libcu++'s cuda/std from CCCL): CUDA_INCLUDE (default /usr/local/cuda/include, whose
# cccl/ holds CCCL).
# Usage: CUTE_INCLUDE=... bench/compile_time/cute.sh [N=200] [CXX=g++] [CXXFLAGS=...] [REPEAT=3]
#        [MEASURE=time|instructions]
set -euo pipefail
n=${1:-200}
read -r -a cxx <<< "${CXX:-g++} ${CXXFLAGS:-}"  # the compiler and its flags, as words
repeat=${REPEAT:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
: "${CUTE_INCLUDE:?give the directory that holds cute/ and cutlass/ (the include/ of a CUTLASS checkout)}"
cuda=${CUDA_INCLUDE:-/usr/local/cuda/include}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=cases.sh
source "$root/bench/compile_time/cases.sh"

# Three TUs: the header alone, and N functions each reading one element through a distinct layout.
for lib in xlayout cute; do
  if [[ $lib == xlayout ]]; then
    head=('#include <xlayout/tensor.hpp>' 'using xlayout::Tensor;' 'using index_t = long;')
  else
    head=('#include <cute/layout.hpp>' 'using namespace cute;' 'using index_t = long;')
  fi
  printf '%s\n' "${head[@]}" > "$work/${lib}_header.cpp"
  {
    printf '%s\n' "${head[@]}"
    for ((i = 0; i < n; ++i)); do
      tensor_case "$i"
      if [[ $lib == xlayout ]]; then
        xlayout_get "$i"
      elif ((rank == 3)); then
        echo "float get$i(float* p, index_t a, index_t b) { return p[$cute(a, b, 1)]; }"
      else
        echo "float get$i(float* p, index_t a, index_t b) { return p[$cute(a, b)]; }"
      fi
    done
  } > "$work/${lib}.cpp"
done

# The check: every offset of every layout, CuTe's against xlayout's.
{
  echo '#include <cstdio>'
  echo '#include <cute/layout.hpp>'
  echo '#include <xlayout/tensor.hpp>'
  echo 'int bad = 0;'
  echo 'template <class T, class C> void check(int id, T t, C c, long k) {'
  echo '  for (long a = 0; a < t.extent(0); ++a)'
  echo '    for (long b = 0; b < t.extent(1); ++b) {'
  echo '      long x, y;'
  echo '      if constexpr (T::rank() == 3) x = t.mapping()(a, b, k), y = c(a, b, k);'
  echo '      else x = t.mapping()(a, b), y = c(a, b);'
  echo '      if (x != y && bad++ < 10) std::printf("case %d (%ld, %ld): xlayout %ld, cute %ld\n", id, a, b, x, y);'
  echo '    }'
  echo '}'
  echo 'int main() {'
  echo '  using namespace cute;'
  for ((i = 0; i < n; ++i)); do
    tensor_case "$i"
    if ((rank == 3)); then
      for ((k = 0; k < 7; ++k)); do
        echo "  check($i, xlayout::Tensor<\"f32[$rows,$cols,7]$layout\">(nullptr), [](long a, long b, long c) { return long($cute(a, b, c)); }, $k);"
      done
    else
      echo "  check($i, xlayout::Tensor<\"f32[$rows,$cols]$layout\">(nullptr), [](long a, long b) { return long($cute(a, b)); }, 0);"
    fi
  done
  echo '  std::printf("%d layouts: %s\n", '"$n"', bad ? "OFFSETS DIFFER" : "CuTe and xlayout place every element alike");'
  echo '  return bad != 0;'
  echo '}'
} > "$work/check.cpp"
"${cxx[@]}" -std=c++20 -O1 -I"$root/include" -I"$CUTE_INCLUDE" -I"$cuda/cccl" -I"$cuda" "$work/check.cpp" -o "$work/check"
"$work/check"

# shellcheck source=measure.sh
source "$root/bench/compile_time/measure.sh"
extra=(-I"$CUTE_INCLUDE" -I"$cuda/cccl" -I"$cuda")
cxx+=("${extra[@]}")
echo "compiler: $("${cxx[0]}" --version | head -1)"
for lib in xlayout cute; do
  read -r t_header m_header <<< "$(measure "$work/${lib}_header.cpp")"
  read -r t_all m_all <<< "$(measure "$work/${lib}.cpp")"
  if [[ "${MEASURE:-time}" == instructions ]]; then
    awk "BEGIN{printf \"%-8s header alone %8.0f M instructions; $n layouts %8.0f M; per layout (marginal) %.1f M instructions\n\", \"$lib\", $t_header / 1e6, $t_all / 1e6, ($t_all - $t_header) / 1e6 / $n}"
  else
    awk "BEGIN{printf \"%-8s header alone %.2f s, %d MB; $n layouts %.2f s, %d MB; per layout (marginal) %.1f ms, %.2f MB\n\", \"$lib\", $t_header, $m_header, $t_all, $m_all, ($t_all - $t_header) * 1000 / $n, ($m_all - $m_header) / $n}"
  fi
done
