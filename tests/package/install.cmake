# tests/package/install.cmake: installs the build tree into PREFIX (emptied first) and checks the layout a
# header-only package should have: headers under include/, the CMake package under share/ (arch-independent).
# Usage: cmake -DBUILD_DIR=<build> -DPREFIX=<dir> [-DCONFIG=<cfg>] -P install.cmake
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
message(STATUS "installed into ${PREFIX}")
