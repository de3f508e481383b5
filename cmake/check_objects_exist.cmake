# cmake/check_objects_exist.cmake: the CTest face of a compile-only test. Passes when every object file in
# OBJECTS exists, i.e. the build compiled every source of the target (compilers remove the object when a
# compile fails). Usage: cmake "-DOBJECTS=<obj>[;<obj>...]" -P check_objects_exist.cmake
cmake_minimum_required(VERSION 3.25)
set(_n 0)
foreach(_obj IN LISTS OBJECTS)
  if(NOT EXISTS "${_obj}")
    message(FATAL_ERROR "${_obj} does not exist: its source did not compile (or the build was not run)")
  endif()
  math(EXPR _n "${_n} + 1")
endforeach()
if(_n EQUAL 0)
  message(FATAL_ERROR "no objects given")
endif()
message(STATUS "${_n} object(s) compiled")
