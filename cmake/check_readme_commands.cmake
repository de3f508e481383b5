# cmake/check_readme_commands.cmake: README.md must show the test command that .ci/run runs, verbatim (the
# line after "# The README's test command" in .ci/run), and the first command that installs and runs the demo.
# Usage: cmake -DSOURCE_DIR=<repository root> -P check_readme_commands.cmake
cmake_minimum_required(VERSION 3.25)
file(READ "${SOURCE_DIR}/.ci/run" _run)
if(NOT _run MATCHES "# The README's test command[^\n]*\n([^\n]+)")
  message(FATAL_ERROR ".ci/run has no line after \"# The README's test command\"")
endif()
set(_test_command "${CMAKE_MATCH_1}")
file(READ "${SOURCE_DIR}/README.md" _readme)
foreach(_command IN ITEMS "${_test_command}" ".ci/install-deps && .ci/demo")
  string(FIND "${_readme}" "\n${_command}\n" _at)
  if(_at EQUAL -1)
    message(FATAL_ERROR "README.md does not show the command `${_command}` on a line of its own")
  endif()
endforeach()
message(STATUS "README.md shows `.ci/install-deps && .ci/demo` and .ci/run's test command `${_test_command}`")
