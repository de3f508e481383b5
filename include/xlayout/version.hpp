// include/xlayout/version.hpp: the one source of the library version (CMake reads it from here).
#pragma once

#define XLAYOUT_VERSION_MAJOR 0
#define XLAYOUT_VERSION_MINOR 1
#define XLAYOUT_VERSION_PATCH 0
#define XLAYOUT_VERSION (XLAYOUT_VERSION_MAJOR * 10000 + XLAYOUT_VERSION_MINOR * 100 + XLAYOUT_VERSION_PATCH)

namespace XLAYOUT_NAMESPACE {
/// The version as numbers, for code that wants to check it without macros.
inline constexpr int version_major = XLAYOUT_VERSION_MAJOR;
inline constexpr int version_minor = XLAYOUT_VERSION_MINOR;
inline constexpr int version_patch = XLAYOUT_VERSION_PATCH;
}  // namespace XLAYOUT_NAMESPACE
