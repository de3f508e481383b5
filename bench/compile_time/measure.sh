# bench/compile_time/measure.sh: sourced by the compile-time scripts (shapes.sh, simplify.sh, tensors.sh, views.sh).
# measure FILE prints "seconds MB": the best of $repeat compiles of FILE with "${cxx[@]}" -std=c++20 -O2
# against the repository's include/ (the caller sets cxx, an array; repeat; root; work, a scratch directory).
# With MEASURE=instructions it prints "instructions MB" instead: the instructions the compiler executes
# (every process of the compile, counted by valgrind's callgrind; one run, exact and repeatable, unlike time
# on a shared machine; about 50 times slower), and MB is 0.
measure() {
  local best_t=999 best_m=0 t m
  if [[ "${MEASURE:-time}" == instructions ]]; then
    rm -f "$work"/callgrind.*
    valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$work/callgrind.%p" \
      "${cxx[@]}" -std=c++20 -O2 -I"$root/include" -c "$1" -o "$work/out.o" > /dev/null 2>&1
    cat "$work"/callgrind.* | awk '/^summary:/ {n += $2} END {printf "%.0f 0\n", n}'
    return
  fi
  for ((r = 0; r < repeat; ++r)); do
    /usr/bin/time -f "%e %M" -o "$work/time" "${cxx[@]}" -std=c++20 -O2 -I"$root/include" -c "$1" -o "$work/out.o"
    read -r t m < "$work/time"
    if awk "BEGIN{exit !($t < $best_t)}"; then best_t=$t; best_m=$m; fi
  done
  echo "$best_t $((best_m / 1024))"
}
