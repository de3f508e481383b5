# cmake/check_no_runtime_symbols.cmake: fails when an object file refers to the parts of the C/C++ run-time
# library an embedded build without a heap cannot have: operator new/delete (_Znw*, _Zna*, _Zdl*, _Zda*),
# malloc/calloc/realloc/free/aligned_alloc/posix_memalign, the C++ ABI runtime (__cxa_*: guards, exceptions,
# pure virtual calls), exception unwinding (__gxx_personality*, _Unwind_*) and the functions that throw the
# standard library's exceptions (std::__throw_*: string_view::substr and array::at call them, and with
# -fno-exceptions still do). It also requires the object to define at least one function named
# xlayout_embedded_* (so the check is not run on an empty object).
# Usage: cmake -DNM=<nm> -DOBJECTS=<obj>[;<obj>...] -P check_no_runtime_symbols.cmake
cmake_minimum_required(VERSION 3.25)
set(_forbidden "^(_Znw|_Zna|_Zdl|_Zda|__cxa_|__gxx_personality|_Unwind_|_ZSt[0-9]+__throw_|(malloc|calloc|realloc|free|aligned_alloc|posix_memalign|memalign)$)")
foreach(_obj IN LISTS OBJECTS)
  if(NOT EXISTS "${_obj}")
    message(FATAL_ERROR "${_obj} does not exist: build first")
  endif()
  execute_process(COMMAND "${NM}" -u "${_obj}" RESULT_VARIABLE _rc OUTPUT_VARIABLE _undefined ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${NM} -u ${_obj} failed: ${_err}")
  endif()
  execute_process(COMMAND "${NM}" --defined-only "${_obj}" RESULT_VARIABLE _rc OUTPUT_VARIABLE _defined
                  ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${NM} --defined-only ${_obj} failed: ${_err}")
  endif()

  string(REGEX MATCHALL "[^\n]+" _lines "${_undefined}")
  set(_bad "")
  set(_all "")
  foreach(_line IN LISTS _lines)
    string(REGEX REPLACE "^.* " "" _sym "${_line}")  # "         U _Znwm" -> "_Znwm"
    list(APPEND _all "${_sym}")
    if(_sym MATCHES "${_forbidden}")
      list(APPEND _bad "${_sym}")
    endif()
  endforeach()
  if(_bad)
    list(JOIN _bad " " _bad)
    message(FATAL_ERROR "${_obj} refers to the run-time library: ${_bad}\n"
                        "(an embedded build without heap, exceptions or RTTI cannot link it)")
  endif()
  if(NOT _defined MATCHES " [TtWw] xlayout_embedded_")
    message(FATAL_ERROR "${_obj} defines no xlayout_embedded_* function: nothing was checked")
  endif()
  list(JOIN _all " " _all)
  if(_all STREQUAL "")
    set(_all "none")
  endif()
  message(STATUS "${_obj}: no heap, exception or RTTI references (undefined symbols: ${_all})")
endforeach()
