# cmake/check_layering.cmake: fails when a header under <INCLUDE_DIR>/xlayout/<layer>/ includes a header of a
# higher layer. Usage: cmake -DINCLUDE_DIR=<dir containing xlayout/> -P check_layering.cmake
#
# Layers, lowest first (docs/design.md): core < values < layout < text < indexing < static < hlo < tensor <
# interop.
# Umbrella headers directly in xlayout/ are exempt as includers; as includees, xlayout/<layer>.hpp counts as
# <layer>, xlayout/xlayout.hpp as tensor (it includes everything but interop/) and xlayout/version.hpp as core.
# Both #include <xlayout/...> and relative #include "..." are followed. A directory under xlayout/ that is
# not a layer is an error, so that the list here stays the truth.
cmake_minimum_required(VERSION 3.25)
set(_layers core values layout text indexing static hlo tensor interop)

if(NOT IS_DIRECTORY "${INCLUDE_DIR}/xlayout")
  message(FATAL_ERROR "check_layering: ${INCLUDE_DIR}/xlayout is not a directory")
endif()

# _rank_of(<path relative to INCLUDE_DIR> <out>): the layer rank of a header, or -1 for a non-xlayout header.
function(_rank_of path out)
  set(_rank -1)
  if(path MATCHES "^xlayout/([^/]+)/")
    list(FIND _layers "${CMAKE_MATCH_1}" _rank)
    if(_rank EQUAL -1)
      set(_rank "unknown:${CMAKE_MATCH_1}")
    endif()
  elseif(path MATCHES "^xlayout/([^/]+)\\.hpp$")
    list(FIND _layers "${CMAKE_MATCH_1}" _rank)
    if(CMAKE_MATCH_1 STREQUAL "xlayout")
      list(FIND _layers tensor _rank)
    elseif(_rank EQUAL -1)
      set(_rank 0)  # version.hpp and other top-level configuration headers: usable from every layer
    endif()
  endif()
  set(${out} "${_rank}" PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE _headers RELATIVE "${INCLUDE_DIR}" "${INCLUDE_DIR}/xlayout/*")
list(SORT _headers)
set(_violations "")
set(_checked 0)
foreach(_header IN LISTS _headers)
  _rank_of("${_header}" _own)
  if(_own MATCHES "^unknown:(.*)")
    string(APPEND _violations "  ${_header}: '${CMAKE_MATCH_1}' is not a layer (${_layers})\n")
    continue()
  endif()
  if(NOT _header MATCHES "^xlayout/[^/]+/")
    continue()  # umbrella headers are exempt
  endif()
  math(EXPR _checked "${_checked} + 1")
  get_filename_component(_dir "${_header}" DIRECTORY)
  file(STRINGS "${INCLUDE_DIR}/${_header}" _includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
  foreach(_line IN LISTS _includes)
    if(_line MATCHES "^[ \t]*#[ \t]*include[ \t]*<([^>]+)>")
      set(_target "${CMAKE_MATCH_1}")
    elseif(_line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\"")
      # A quoted include is looked up next to the includer first.
      get_filename_component(_abs "${INCLUDE_DIR}/${_dir}/${CMAKE_MATCH_1}" ABSOLUTE)
      get_filename_component(_root "${INCLUDE_DIR}" ABSOLUTE)
      if(EXISTS "${_abs}")
        file(RELATIVE_PATH _target "${_root}" "${_abs}")
      else()
        set(_target "${CMAKE_MATCH_1}")
      endif()
    else()
      continue()
    endif()
    _rank_of("${_target}" _their)
    if(_their MATCHES "^unknown:(.*)")
      string(APPEND _violations "  ${_header} includes ${_target}: '${CMAKE_MATCH_1}' is not a layer\n")
    elseif(_their GREATER _own)
      list(GET _layers ${_own} _own_name)
      list(GET _layers ${_their} _their_name)
      string(APPEND _violations
             "  ${_header} (layer ${_own_name}) includes ${_target} (layer ${_their_name}, higher)\n")
    endif()
  endforeach()
endforeach()

if(_violations)
  string(REPLACE ";" " < " _order "${_layers}")
  message(FATAL_ERROR "Layering violations (${_order}; a header includes only its own layer or lower "
                      "ones):\n${_violations}")
endif()
message(STATUS "check_layering: ${_checked} headers under ${INCLUDE_DIR}/xlayout include only their own or lower layers")
