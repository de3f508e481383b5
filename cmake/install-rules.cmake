# cmake/install-rules.cmake: the package files for find_package(xlayout): a config file (which finds
# Boost), a version file, the exported target, both in the build tree (find_package with
# xlayout_DIR=<build dir>) and, when XLAYOUT_INSTALL is on, in the install tree. The package is header-only,
# so its config files go under the arch-independent data directory.
include(CMakePackageConfigHelpers)

set(XLAYOUT_INSTALL_CMAKEDIR "${CMAKE_INSTALL_DATADIR}/cmake/xlayout"
    CACHE STRING "Where xlayoutConfig.cmake is installed, relative to the prefix")
mark_as_advanced(XLAYOUT_INSTALL_CMAKEDIR)

configure_package_config_file(cmake/xlayoutConfig.cmake.in "${PROJECT_BINARY_DIR}/xlayoutConfig.cmake"
                              INSTALL_DESTINATION "${XLAYOUT_INSTALL_CMAKEDIR}")
# Before 1.0 a minor release may break the interface.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(_xlayout_compatibility SameMinorVersion)
else()
  set(_xlayout_compatibility SameMajorVersion)
endif()
write_basic_package_version_file("${PROJECT_BINARY_DIR}/xlayoutConfigVersion.cmake"
                                 COMPATIBILITY ${_xlayout_compatibility} ARCH_INDEPENDENT)

# Build tree: xlayoutConfig.cmake next to xlayoutTargets.cmake in the build directory.
export(TARGETS xlayout_xlayout NAMESPACE xlayout:: FILE "${PROJECT_BINARY_DIR}/xlayoutTargets.cmake")

if(XLAYOUT_INSTALL)
  install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
          COMPONENT xlayout_Development)
  install(TARGETS xlayout_xlayout EXPORT xlayoutTargets)
  install(FILES "${PROJECT_BINARY_DIR}/xlayoutConfig.cmake" "${PROJECT_BINARY_DIR}/xlayoutConfigVersion.cmake"
          DESTINATION "${XLAYOUT_INSTALL_CMAKEDIR}" COMPONENT xlayout_Development)
  install(EXPORT xlayoutTargets NAMESPACE xlayout:: DESTINATION "${XLAYOUT_INSTALL_CMAKEDIR}"
          COMPONENT xlayout_Development)
endif()
