# cmake/expect_compile_error.cmake: the must-not-compile check. Builds TARGET (an OBJECT library holding
# the one SOURCE file) and passes only if the build fails AND the compiler's output matches the regex that
# SOURCE states on its first line:
#   // expect-error: <regex>
# Further `// expect-error:` lines directly below add regexes that must all match too. The regexes are
# CMake regular expressions (no \d or \s; `.` also matches a newline, so one regex may span lines) matched
# against the whole output of the failed compile, with the build tool's own lines (the echoed command line,
# progress, "build stopped") and colour codes removed, so a regex cannot match the file name in the command.
#
# One mistake, one short error: with every compiler the output may report one error (its lines of the form
# "file:line:col: error: ..."), and with g++ (COMPILER_ID GNU) it must also be at most 15 lines (the
# non-empty lines that remain after the build tool's own are removed). A case that legitimately needs more
# says so in its leading comment lines, `// max-errors: <N>` and `// max-lines: <N>`. Other compilers' line
# counts are printed, not checked.
#
# Usage: cmake -DBUILD_DIR=<top build dir> -DTARGET=<target> -DSOURCE=<file> [-DCONFIG=<cfg>]
#              [-DCOMPILER_ID=<CMAKE_CXX_COMPILER_ID>] -P expect_compile_error.cmake
cmake_minimum_required(VERSION 3.25)
foreach(_var BUILD_DIR TARGET SOURCE)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "expect_compile_error: -D${_var}=... is required")
  endif()
endforeach()

# The expectations: the leading `// expect-error: ` lines.
file(READ "${SOURCE}" _text LIMIT 8192)
string(REPLACE "\r" "" _text "${_text}")
set(_regexes "")
set(_count 0)
while(_text MATCHES "^// expect-error: ([^\n]*)\n(.*)$")
  set(_rest "${CMAKE_MATCH_2}")
  string(STRIP "${CMAKE_MATCH_1}" _regex)
  if(_regex STREQUAL "")
    message(FATAL_ERROR "${SOURCE}: empty regex after `// expect-error:`")
  endif()
  math(EXPR _count "${_count} + 1")
  set(_regex_${_count} "${_regex}")  # not a list: a regex may contain ';'
  set(_text "${_rest}")
endwhile()
if(_count EQUAL 0)
  message(FATAL_ERROR "${SOURCE}: the first line must be `// expect-error: <regex>`")
endif()

# The line budget: 15, or `// max-lines: N` among the leading comment lines.
set(_max_lines 15)
file(STRINGS "${SOURCE}" _max_line LIMIT_COUNT 1 REGEX "^// max-lines: ")
if(_max_line)
  if(NOT _max_line MATCHES "^// max-lines: ([0-9]+)[ ]*$")
    message(FATAL_ERROR "${SOURCE}: `// max-lines:` takes a number, not `${_max_line}`")
  endif()
  set(_max_lines "${CMAKE_MATCH_1}")
endif()

# The error budget: 1, or `// max-errors: N (why)`.
set(_max_errors 1)
file(STRINGS "${SOURCE}" _max_error_line LIMIT_COUNT 1 REGEX "^// max-errors: ")
if(_max_error_line)
  if(NOT _max_error_line MATCHES "^// max-errors: ([0-9]+)( .*)?$")  # the number, then why
    message(FATAL_ERROR "${SOURCE}: `// max-errors:` takes a number, not `${_max_error_line}`")
  endif()
  set(_max_errors "${CMAKE_MATCH_1}")
endif()

set(_config_args "")
if(CONFIG)
  set(_config_args --config "${CONFIG}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BUILD_DIR}" --target "${TARGET}" ${_config_args}
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)

# Keep the compiler's words only.
string(ASCII 27 _esc)
string(REGEX REPLACE "${_esc}\\[[0-9;]*[A-Za-z]" "" _out "${_out}")
string(REPLACE "\r" "" _out "${_out}")
set(_diagnostics "")
set(_lines 0)  # its non-empty lines
set(_errors 0)  # its lines that report an error ("file:line:col: error: ...")
set(_skip_next FALSE)
string(APPEND _out "\n")
while(NOT _out STREQUAL "")
  # One line at a time (not a CMake list: compiler output holds ';' and unbalanced '[').
  string(FIND "${_out}" "\n" _eol)
  string(SUBSTRING "${_out}" 0 ${_eol} _line)
  math(EXPR _eol "${_eol} + 1")
  string(SUBSTRING "${_out}" ${_eol} -1 _out)
  if(_skip_next)
    set(_skip_next FALSE)  # Ninja echoes the failed command on the line after "FAILED:"
  elseif(_line MATCHES "^FAILED: ")
    set(_skip_next TRUE)
  elseif(NOT _line MATCHES "^\\[[0-9]+/[0-9]+\\] |^ninja: |^g?make(\\[[0-9]+\\])?: ")
    string(APPEND _diagnostics "${_line}\n")
    if(_line MATCHES "[^ \t]")
      math(EXPR _lines "${_lines} + 1")
    endif()
    if(_line MATCHES ": (fatal )?error: ")
      math(EXPR _errors "${_errors} + 1")
    endif()
  endif()
endwhile()

if(_rc EQUAL 0)
  message(FATAL_ERROR "${TARGET} compiled, but it must not (${SOURCE}).")
endif()
foreach(_i RANGE 1 ${_count})
  if(NOT _diagnostics MATCHES "${_regex_${_i}}")
    message(NOTICE "The compiler's output:\n${_diagnostics}")  # NOTICE: printed as is, not re-wrapped
    message(FATAL_ERROR "${TARGET} failed to compile, but its output (above) does not match "
                        "/${_regex_${_i}}/ (${SOURCE})")
  endif()
endforeach()

if(COMPILER_ID STREQUAL "GNU" AND _lines GREATER _max_lines)
  message(NOTICE "The compiler's output:\n${_diagnostics}")
  message(FATAL_ERROR "${TARGET} failed to compile with a matching message, but in ${_lines} lines of "
                      "output: at most ${_max_lines} are allowed (${SOURCE}; `// max-lines: N` raises it)")
endif()
if(_errors GREATER _max_errors)
  message(NOTICE "The compiler's output:\n${_diagnostics}")
  message(FATAL_ERROR "${TARGET} failed to compile with a matching message, but with ${_errors} errors: at "
                      "most ${_max_errors} are allowed (${SOURCE}; `// max-errors: N` raises it)")
endif()
message(STATUS "${TARGET}: failed to compile, as expected, with a matching message (${_lines} lines, "
               "limit ${_max_lines} for g++; ${_errors} errors, limit ${_max_errors})")
