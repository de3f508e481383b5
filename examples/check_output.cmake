# examples/check_output.cmake: runs PROGRAM and fails unless it exits with 0 and prints exactly the contents
# of EXPECTED (the example's golden output). Usage: cmake -DPROGRAM=... -DEXPECTED=... -P check_output.cmake
execute_process(COMMAND "${PROGRAM}" OUTPUT_VARIABLE _actual ERROR_VARIABLE _errors RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited with ${_rc}\n${_errors}")
endif()
file(READ "${EXPECTED}" _expected)
if(NOT _actual STREQUAL _expected)
  get_filename_component(_name "${EXPECTED}" NAME)
  message(FATAL_ERROR "the output differs from ${_name}.\n--- expected ---\n${_expected}--- actual ---\n${_actual}"
                      "--- (update the golden file only after checking every number by hand)")
endif()
