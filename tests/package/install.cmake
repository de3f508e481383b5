# tests/package/install.cmake: installs the build tree into PREFIX (emptied first) and checks the layout a
# header-only package should have: headers under include/, the CMake package under share/ (arch-independent);
# with COMMAND (the xlayout command's path under the prefix, e.g. bin/xlayout), the command too, and it must
# answer "Tiled layout"'s example: element (2,3) of f32[3,5]{1,0:T(2,2)} is at 17.
# Usage: cmake -DBUILD_DIR=<build> -DPREFIX=<dir> [-DCONFIG=<cfg>] [-DCOMMAND=bin/xlayout] -P install.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${PREFIX}")
set(_config_args "")
if(CONFIG)
  set(_config_args --config "${CONFIG}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}" ${_config_args}
                RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed")
endif()
foreach(_file include/xlayout/version.hpp include/xlayout/layout/linear_index.hpp
              share/cmake/xlayout/xlayoutConfig.cmake share/cmake/xlayout/xlayoutConfigVersion.cmake
              share/cmake/xlayout/xlayoutTargets.cmake)
  if(NOT EXISTS "${PREFIX}/${_file}")
    message(FATAL_ERROR "the install has no ${_file}")
  endif()
endforeach()
if(COMMAND)
  if(NOT EXISTS "${PREFIX}/${COMMAND}")
    message(FATAL_ERROR "the install has no ${COMMAND}")
  endif()
  execute_process(COMMAND "${PREFIX}/${COMMAND}" index "f32[3,5]{1,0:T(2,2)}" 2 3 OUTPUT_VARIABLE _out
                  RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0 OR NOT _out STREQUAL "17\n")
    message(FATAL_ERROR "the installed ${COMMAND} answered '${_out}' (exit code ${_rc}), not 17")
  endif()
endif()
message(STATUS "installed into ${PREFIX}")
