# cmake/read-version.cmake: the version lives in include/xlayout/version.hpp; read it from there into
# xlayout_version_from_header (MAJOR.MINOR.PATCH).
file(READ "${CMAKE_CURRENT_LIST_DIR}/../include/xlayout/version.hpp" _xlayout_version_hpp)
foreach(_part MAJOR MINOR PATCH)
  if(NOT _xlayout_version_hpp MATCHES "#define XLAYOUT_VERSION_${_part} ([0-9]+)")
    message(FATAL_ERROR "xlayout: XLAYOUT_VERSION_${_part} not found in include/xlayout/version.hpp")
  endif()
  set(_xlayout_${_part} "${CMAKE_MATCH_1}")
endforeach()
set(xlayout_version_from_header "${_xlayout_MAJOR}.${_xlayout_MINOR}.${_xlayout_PATCH}")
unset(_xlayout_version_hpp)
