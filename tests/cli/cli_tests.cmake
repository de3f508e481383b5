# tests/cli/cli_tests.cmake: the tests of the xlayout command (label `cli`), included by cli/CMakeLists.txt
# where the command is built. Each tests/cli/*.t file is one test: run_cli_tests.py runs its cases and compares
# stdout, stderr and the exit code with the expectations written in the file. cli.docs runs the examples of
# docs/cli.md and compares them with the output shown there; cli.svg reads the pictures of the figures of
# XLA's "Tiled layout"; cli.json_bytes checks that --json output is valid JSON for any bytes;
# cli.images.* redraw the pictures of docs/images; cli.code_compiles compiles what `xlayout code` prints and
# checks every offset against its own reading of XLA's tiled linear index.
# cli.selftest feeds the runner a wrong expectation and passes only when the runner reports it.
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_Interpreter_FOUND)
  message(STATUS "xlayout: python3 not found: the tests of the xlayout command (tests/cli) are not run")
else()
  set(_cli_runner "${CMAKE_CURRENT_LIST_DIR}/run_cli_tests.py")
  set(_cli_program "$<TARGET_FILE:xlayout_cli>")
  file(GLOB _cli_cases CONFIGURE_DEPENDS "${CMAKE_CURRENT_LIST_DIR}/*.t")
  list(SORT _cli_cases)
  foreach(_case IN LISTS _cli_cases)
    get_filename_component(_name "${_case}" NAME_WE)
    add_test(NAME cli.${_name} COMMAND "${Python3_EXECUTABLE}" "${_cli_runner}" --xlayout "${_cli_program}" "${_case}")
    set_tests_properties(cli.${_name} PROPERTIES LABELS cli)
  endforeach()
  if(EXISTS "${PROJECT_SOURCE_DIR}/docs/cli.md")
    add_test(NAME cli.docs COMMAND "${Python3_EXECUTABLE}" "${_cli_runner}" --xlayout "${_cli_program}"
                                   "${PROJECT_SOURCE_DIR}/docs/cli.md")
    set_tests_properties(cli.docs PROPERTIES LABELS cli)
  endif()
  add_test(NAME cli.svg COMMAND "${Python3_EXECUTABLE}" "${CMAKE_CURRENT_LIST_DIR}/check_svg.py" --xlayout
                                "${_cli_program}")
  # --json prints valid JSON whatever bytes the arguments hold (invalid UTF-8, control characters).
  add_test(NAME cli.json_bytes COMMAND "${Python3_EXECUTABLE}" "${CMAKE_CURRENT_LIST_DIR}/check_json_bytes.py"
                                       --xlayout "${_cli_program}")
  set_tests_properties(cli.json_bytes PROPERTIES LABELS cli)
  # The C function of `xlayout code` gives XLA's offset of every element, compiled with the tests' compiler.
  add_test(NAME cli.code_compiles COMMAND "${Python3_EXECUTABLE}" "${CMAKE_CURRENT_LIST_DIR}/check_code.py" --xlayout
                                          "${_cli_program}" --cxx "${CMAKE_CXX_COMPILER}" --work
                                          "${CMAKE_CURRENT_BINARY_DIR}/code_check")
  set_tests_properties(cli.code_compiles PROPERTIES LABELS cli)
  # An answer that cannot be written (a full disk: /dev/full) is a failure, not exit code 0.
  if(EXISTS /dev/full)
    add_test(NAME cli.stdout_full COMMAND sh -c "\"$0\" code 'f32[3]' > /dev/full; echo \"rc=$?\"" "${_cli_program}")
    set_tests_properties(cli.stdout_full PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
                         "\\[xlayout:cannot_write\\] cannot write to the standard output\nrc=2")
  endif()
  # The pictures of docs/images are what the command draws now.
  foreach(_picture IN ITEMS "tiled-layout-figure-1|f32[3,5]{1,0:T(2,2)}" "tiled-layout-figure-2|f32[4,8]{1,0:T(2,4)(2,1)}")
    string(REPLACE "|" ";" _picture "${_picture}")
    list(GET _picture 0 _file)
    list(GET _picture 1 _shape)
    add_test(NAME cli.images.${_file}
             COMMAND "${CMAKE_COMMAND}" "-DPROGRAM=${_cli_program}" "-DSHAPE=${_shape}"
                     "-DEXPECTED=${PROJECT_SOURCE_DIR}/docs/images/${_file}.svg"
                     "-DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/${_file}.svg" -P "${CMAKE_CURRENT_LIST_DIR}/compare_picture.cmake")
    set_tests_properties(cli.images.${_file} PROPERTIES LABELS cli)
  endforeach()
  add_test(NAME cli.selftest COMMAND "${Python3_EXECUTABLE}" "${_cli_runner}" --xlayout "${_cli_program}"
                                     "${CMAKE_CURRENT_LIST_DIR}/selftest/wrong.t")
  set_tests_properties(cli.svg cli.selftest PROPERTIES LABELS cli)
  set_tests_properties(cli.selftest PROPERTIES PASS_REGULAR_EXPRESSION
                       "FAIL [^\n]*selftest/wrong.t:3: .*\n  -18\n  \\+17\n.*0 of 1 cases passed")
endif()
