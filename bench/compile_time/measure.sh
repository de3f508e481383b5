# bench/compile_time/measure.sh: sourced by the compile-time scripts (shapes.sh, simplify.sh).
# measure FILE prints "seconds MB": the best of $repeat compiles of FILE with "${cxx[@]}" -std=c++20 -O2
# against the repository's include/ (the caller sets cxx, an array; repeat; root; work, a scratch directory).
measure() {
  local best_t=999 best_m=0 t m
  for ((r = 0; r < repeat; ++r)); do
    /usr/bin/time -f "%e %M" -o "$work/time" "${cxx[@]}" -std=c++20 -O2 -I"$root/include" -c "$1" -o "$work/out.o"
    read -r t m < "$work/time"
    if awk "BEGIN{exit !($t < $best_t)}"; then best_t=$t; best_m=$m; fi
  done
  echo "$best_t $((best_m / 1024))"
}
