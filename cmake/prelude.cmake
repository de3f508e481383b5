# cmake/prelude.cmake: included before project(): when xlayout is the top-level project, refuse an in-source
# build (it would litter the tree that other engineers and CI share). A parent project decides for itself.
if(CMAKE_SOURCE_DIR STREQUAL CMAKE_CURRENT_SOURCE_DIR AND CMAKE_SOURCE_DIR STREQUAL CMAKE_BINARY_DIR)
  message(FATAL_ERROR "xlayout: in-source builds are not supported. Use a preset "
                      "(cmake --preset dev) or a build directory (cmake -S . -B build).")
endif()
