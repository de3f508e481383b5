# cmake/check_config.cmake: fails when a header under <INCLUDE_DIR>/xlayout/ opens `namespace xlayout` itself
# (headers open XLAYOUT_NAMESPACE, the ABI namespace of core/config.hpp) or defines a capacity macro
# (XLAYOUT_MAX_*, XLAYOUT_HLO_MAX_*, XLAYOUT_EQUIVALENCE_BUDGET) anywhere but core/config.hpp.
# Usage: cmake -DINCLUDE_DIR=<dir containing xlayout/> -P check_config.cmake
cmake_minimum_required(VERSION 3.25)
file(GLOB_RECURSE _headers RELATIVE "${INCLUDE_DIR}" "${INCLUDE_DIR}/xlayout/*.hpp")
set(_problems "")
foreach(_h IN LISTS _headers)
  file(STRINGS "${INCLUDE_DIR}/${_h}" _lines)
  foreach(_line IN LISTS _lines)
    if(_line MATCHES "^namespace xlayout( |::|\\{)")
      string(APPEND _problems "  ${_h}: '${_line}' (open XLAYOUT_NAMESPACE instead)\n")
    endif()
    if(NOT _h STREQUAL "xlayout/core/config.hpp"
       AND _line MATCHES "^#[ \t]*define[ \t]+(XLAYOUT_(HLO_)?MAX_[A-Z_]+|XLAYOUT_EQUIVALENCE_BUDGET)")
      string(APPEND _problems "  ${_h}: defines ${CMAKE_MATCH_1} (capacities live in core/config.hpp)\n")
    endif()
  endforeach()
endforeach()
list(LENGTH _headers _n)
if(_problems)
  message(FATAL_ERROR "check_config:\n${_problems}")
endif()
message(STATUS "check_config: ${_n} headers: none opens namespace xlayout itself or defines a capacity outside core/config.hpp")
