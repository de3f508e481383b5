# cmake/prelude.cmake: included before project(): refuse in-source builds (they would litter the tree
# that other engineers and CI share).
if(CMAKE_SOURCE_DIR STREQUAL CMAKE_BINARY_DIR)
  message(FATAL_ERROR "xlayout: in-source builds are not supported. Use a preset "
                      "(cmake --preset dev) or a build directory (cmake -S . -B build).")
endif()
