# bench/compile_time/cases.sh: sourced by tensors.sh and cute.sh. tensor_case I sets the I-th benchmark tensor:
# rows, cols, layout (XLA's text), rank (2, or 3 for f32[rows,cols,7]{0,2,1:T(2,2)}), and cute, the same
# placement as an explicit CuTe layout (hierarchical shapes and strides, every size a compile-time Int<>),
# so that both libraries are asked for the same thing: one element of a distinct static layout.
tensor_layouts=('{1,0}' '{0,1}' '{1,0:T(2,2)}' '{1,0:T(8,128)}' '{1,0:T(8,128)(2,1)}' '{0,1:T(4,4)}' '{1,0:T(*,4)}')
tensor_case() {
  local i=$1 a b nr nc
  rows=$((3 + i % 17)); cols=$((5 + i / 7))
  layout=${tensor_layouts[$((i % ${#tensor_layouts[@]}))]}
  rank=2
  if ((i % 5 == 4)); then
    rank=3; layout='{0,2,1:T(2,2)}'
    nr=$(((rows + 1) / 2))  # physical order [cols, 7, rows], tiles (2,2) over [7, rows]
    cute="make_layout(make_shape(make_shape(Int<2>{}, Int<$nr>{}), Int<$cols>{}, make_shape(Int<2>{}, Int<4>{})), make_stride(make_stride(Int<1>{}, Int<4>{}), Int<$((16 * nr))>{}, make_stride(Int<2>{}, Int<$((4 * nr))>{})))"
    return
  fi
  case "$layout" in
    '{1,0}') cute="make_layout(make_shape(Int<$rows>{}, Int<$cols>{}), make_stride(Int<$cols>{}, Int<1>{}))" ;;
    '{0,1}') cute="make_layout(make_shape(Int<$rows>{}, Int<$cols>{}), make_stride(Int<1>{}, Int<$rows>{}))" ;;
    '{1,0:T(*,4)}') cute="make_layout(make_shape(Int<$rows>{}, Int<$cols>{}), make_stride(Int<$cols>{}, Int<1>{}))" ;;
    '{1,0:T(2,2)}' | '{1,0:T(8,128)}')
      if [[ $layout == '{1,0:T(2,2)}' ]]; then a=2 b=2; else a=8 b=128; fi
      nr=$(((rows + a - 1) / a)); nc=$(((cols + b - 1) / b))
      cute="make_layout(make_shape(make_shape(Int<$a>{}, Int<$nr>{}), make_shape(Int<$b>{}, Int<$nc>{})), make_stride(make_stride(Int<$b>{}, Int<$((a * b * nc))>{}), make_stride(Int<1>{}, Int<$((a * b))>{})))" ;;
    '{1,0:T(8,128)(2,1)}')
      nr=$(((rows + 7) / 8)); nc=$(((cols + 127) / 128))
      cute="make_layout(make_shape(make_shape(Int<2>{}, Int<4>{}, Int<$nr>{}), make_shape(Int<128>{}, Int<$nc>{})), make_stride(make_stride(Int<1>{}, Int<256>{}, Int<$((1024 * nc))>{}), make_stride(Int<2>{}, Int<1024>{})))" ;;
    '{0,1:T(4,4)}')
      nr=$(((rows + 3) / 4)); nc=$(((cols + 3) / 4))
      cute="make_layout(make_shape(make_shape(Int<4>{}, Int<$nr>{}), make_shape(Int<4>{}, Int<$nc>{})), make_stride(make_stride(Int<1>{}, Int<16>{}), make_stride(Int<4>{}, Int<$((16 * nr))>{})))" ;;
  esac
}
# xlayout_get I: prints the function tensors.sh and cute.sh compile for case I (after tensor_case I): one element
# of the Tensor read at run-time indices.
xlayout_get() {
  if ((rank == 3)); then
    echo "float get$1(float* p, index_t a, index_t b) { return Tensor<\"f32[$rows,$cols,7]$layout\">(p)(a, b, 1); }"
  else
    echo "float get$1(float* p, index_t a, index_t b) { return Tensor<\"f32[$rows,$cols]$layout\">(p)(a, b); }"
  fi
}
