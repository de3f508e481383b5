# cmake/requirements.cmake: sources that need something not every toolchain has say so in their first
# lines, e.g. `// requires: mdspan` (std::mdspan: clang 19 + libc++ in C++23 mode), `// requires: no-mdspan`
# (a toolchain without it), `// requires: cuda` (a CUDA compiler) or `// requires: gcc` (g++).
# xlayout_unmet_requirements(<file> <out-var>) lists what the current C++ toolchain lacks; the tests, static
# tests and header-alone checks skip such files with a status message.
include_guard(GLOBAL)
include(CheckCXXSourceCompiles)

# xlayout_has_requirement(<name> <out-var>): TRUE when the C++ toolchain provides <name>.
function(xlayout_has_requirement name out)
  if(name STREQUAL "mdspan")
    if(NOT DEFINED XLAYOUT_HAVE_MDSPAN)
      set(CMAKE_REQUIRED_QUIET ON)
      check_cxx_source_compiles([[
#include <mdspan>
int main() {
  int data[6] = {};
  std::mdspan<int, std::extents<int, 2, 3>> m(data);
  return m.extent(0) == 2 ? 0 : 1;
}]] XLAYOUT_HAVE_MDSPAN)
      if(XLAYOUT_HAVE_MDSPAN)
        message(STATUS "xlayout: <mdspan> is available: headers and tests that require mdspan are built")
      else()
        message(STATUS "xlayout: no <mdspan> with this compiler and standard library "
                       "(it needs clang 19 + libc++ and C++23, the `clang` preset)")
      endif()
    endif()
    set(${out} "${XLAYOUT_HAVE_MDSPAN}" PARENT_SCOPE)
  elseif(name STREQUAL "no-mdspan")
    # The toolchain lacks <mdspan>: for the check that the interop header then says so alone.
    xlayout_has_requirement(mdspan _has_mdspan)
    if(_has_mdspan)
      set(${out} FALSE PARENT_SCOPE)
    else()
      set(${out} TRUE PARENT_SCOPE)
    endif()
  elseif(name STREQUAL "gcc")
    # g++: what only the g++ toolchain is held to (the 15-line budget of must-not-compile cases).
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
      set(${out} TRUE PARENT_SCOPE)
    else()
      set(${out} FALSE PARENT_SCOPE)
    endif()
  elseif(name STREQUAL "cuda")
    # Plain C++ translation units never have CUDA; CUDA sources are compiled by their own targets.
    set(${out} FALSE PARENT_SCOPE)
  else()
    message(FATAL_ERROR "xlayout: unknown requirement '${name}' (known: mdspan, no-mdspan, cuda, gcc)")
  endif()
endfunction()

# xlayout_requirements(<file> <out-var>): the requirements named in the first 10 lines of <file>
# (`// requires: a, b`).
function(xlayout_requirements file out)
  file(STRINGS "${file}" _lines LIMIT_COUNT 10 REGEX "^//[ ]*requires:")
  set(_all "")
  foreach(_line IN LISTS _lines)
    string(REGEX REPLACE "^//[ ]*requires:" "" _reqs "${_line}")
    string(REGEX REPLACE "[ \t,]+" ";" _reqs "${_reqs}")
    foreach(_req IN LISTS _reqs)
      if(NOT _req STREQUAL "")
        list(APPEND _all "${_req}")
      endif()
    endforeach()
  endforeach()
  set(${out} "${_all}" PARENT_SCOPE)
endfunction()

# xlayout_unmet_requirements(<file> <out-var>): the requirements of <file> the C++ toolchain lacks.
function(xlayout_unmet_requirements file out)
  xlayout_requirements("${file}" _reqs)
  set(_missing "")
  foreach(_req IN LISTS _reqs)
    xlayout_has_requirement("${_req}" _ok)
    if(NOT _ok)
      list(APPEND _missing "${_req}")
    endif()
  endforeach()
  set(${out} "${_missing}" PARENT_SCOPE)
endfunction()
