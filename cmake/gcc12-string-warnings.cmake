# cmake/gcc12-string-warnings.cmake: g++ 12 at -O2/-O3 warns about std::string's own memcpy when code builds
# strings (-Wstringop-overflow, -Wrestrict, -Warray-bounds in <bits/char_traits.h>: false positives of
# libstdc++ 12, GCC PRs 105329 and 105651). xlayout's headers use no std::string and keep every warning; the
# tests and the xlayout command, which build strings, turn these three off in optimised g++ 12 builds.
function(xlayout_quiet_gcc12_string_warnings target)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE
                           $<$<NOT:$<CONFIG:Debug>>:-Wno-stringop-overflow -Wno-restrict -Wno-array-bounds>)
  endif()
endfunction()
