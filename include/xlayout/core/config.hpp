// include/xlayout/core/config.hpp: capacities, the host/device marker and the assertion hooks.
#pragma once

/// Largest rank a shape may have. Shapes above it are a diagnosed error ([xlayout:rank_too_large]). 12 covers
/// the rank-11 and rank-12 operands of XLA's gather and scatter tests.
#ifndef XLAYOUT_MAX_RANK
#define XLAYOUT_MAX_RANK 12
#endif

/// Largest number of tiles in one layout (`T(8,128)(2,1)` has two).
#ifndef XLAYOUT_MAX_TILES
#define XLAYOUT_MAX_TILES 4
#endif

/// Largest number of split configs (`SC(...)`) and split indices per config in one layout.
#ifndef XLAYOUT_MAX_SPLIT_CONFIGS
#define XLAYOUT_MAX_SPLIT_CONFIGS 4
#endif
#ifndef XLAYOUT_MAX_SPLIT_INDICES
#define XLAYOUT_MAX_SPLIT_INDICES 4
#endif

/// Marks functions that CUDA device code may call; empty for every other compiler.
#if defined(__CUDACC__) || defined(__HIPCC__)
#define XLAYOUT_HD __host__ __device__
#else
#define XLAYOUT_HD
#endif

/// Tells the optimiser that a condition holds (used by release-mode accessors for index ranges).
#if defined(__clang__)
#define XLAYOUT_ASSUME(cond) __builtin_assume(cond)
#elif defined(__CUDACC__)
#define XLAYOUT_ASSUME(cond) __builtin_assume(cond)
#elif defined(__GNUC__)
#define XLAYOUT_ASSUME(cond)              \
  do {                                    \
    if (!(cond)) __builtin_unreachable(); \
  } while (false)
#else
#define XLAYOUT_ASSUME(cond) ((void)0)
#endif

namespace xlayout::detail {
/// Called when an XLAYOUT_ASSERT fails during constant evaluation. It is deliberately not constexpr,
/// so the compiler stops and names it: "call to non-constexpr function 'xlayout_assertion_failed'".
inline void xlayout_assertion_failed(const char*) noexcept {}
}  // namespace xlayout::detail

/// What a failed run-time XLAYOUT_ASSERT does. Define XLAYOUT_ASSERT_HANDLER(file, line, text) before
/// including xlayout to report and stop your own way (log, trap, breakpoint); the default traps.
#ifndef XLAYOUT_ASSERT_HANDLER
#define XLAYOUT_ASSERT_HANDLER(file, line, text) __builtin_trap()
#endif

/// Precondition check. In a constant expression a failure is a compile error; at run time it calls
/// XLAYOUT_ASSERT_HANDLER when assertions are on (default: on unless NDEBUG) and does nothing when they are
/// off. Never throws, never allocates. (Not an assumption when off: g++ 12 -O3 miscompiled a loop from an
/// assumed container bound, and clang warns about assumptions that call functions. The accessor's index
/// range is the one assumption xlayout makes: XLAYOUT_EXPECTS_ASSUME.)
#if !defined(XLAYOUT_ENABLE_ASSERTS) && !defined(NDEBUG)
#define XLAYOUT_ENABLE_ASSERTS 1
#endif

#if defined(XLAYOUT_ENABLE_ASSERTS) && XLAYOUT_ENABLE_ASSERTS
#define XLAYOUT_ASSERT(cond, text)                         \
  do {                                                     \
    if (!(cond)) {                                         \
      if (__builtin_is_constant_evaluated()) {             \
        ::xlayout::detail::xlayout_assertion_failed(text); \
      } else {                                             \
        XLAYOUT_ASSERT_HANDLER(__FILE__, __LINE__, text);  \
      }                                                    \
    }                                                      \
  } while (false)
#else
#define XLAYOUT_ASSERT(cond, text)                                    \
  do {                                                                \
    if (__builtin_is_constant_evaluated()) {                          \
      if (!(cond)) ::xlayout::detail::xlayout_assertion_failed(text); \
    }                                                                 \
  } while (false)
#endif
