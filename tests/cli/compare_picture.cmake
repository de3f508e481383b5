# tests/cli/compare_picture.cmake: redraws a picture of docs/images and fails when it differs from the one
# committed there (so the documentation shows what the command draws).
# Usage: cmake -DPROGRAM=xlayout -DSHAPE=... -DEXPECTED=docs/images/x.svg -DOUTPUT=... -P compare_picture.cmake
execute_process(COMMAND "${PROGRAM}" draw "${SHAPE}" --svg "${OUTPUT}" OUTPUT_QUIET RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "xlayout draw ${SHAPE} --svg exited with ${_rc}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${OUTPUT}" "${EXPECTED}" RESULT_VARIABLE _differs)
if(_differs)
  message(FATAL_ERROR "${EXPECTED} is not what `xlayout draw ${SHAPE} --svg` draws now: look at the new picture "
                      "(${OUTPUT}) and copy it there if it is right")
endif()
