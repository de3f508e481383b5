# tests/assert/run.cmake: runs PROGRAM, which must fail (the default handler aborts) and print on stderr a
# line matching the `// expect-stderr: <regex>` first line of SOURCE.
# Usage: cmake -DPROGRAM=<executable> -DSOURCE=<its .cpp> -P run.cmake
cmake_minimum_required(VERSION 3.25)
file(READ "${SOURCE}" _text LIMIT 4096)
if(NOT _text MATCHES "^// expect-stderr: ([^\n]*)\n")
  message(FATAL_ERROR "${SOURCE}: the first line must be `// expect-stderr: <regex>`")
endif()
set(_regex "${CMAKE_MATCH_1}")  # not a list: a regex may hold ';' and '[' 
execute_process(COMMAND "${PROGRAM}" RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
if(_rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited normally, but its assertion must stop it. stderr:\n${_err}")
endif()
if(NOT _err MATCHES "${_regex}")
  message(FATAL_ERROR "${PROGRAM} stopped (${_rc}), but its stderr does not match /${_regex}/:\n${_err}")
endif()
message(STATUS "${PROGRAM} stopped (${_rc}) with: ${_err}")
