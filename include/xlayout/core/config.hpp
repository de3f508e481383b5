// include/xlayout/core/config.hpp: capacities, the host/device marker and the assertion hooks.
#pragma once
#include <cstddef>
#include <cstdint>

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
// nvcc: __builtin_assume exists in its device pass (__CUDA_ARCH__); its host pass is the host compiler's.
#if defined(__clang__)
#define XLAYOUT_ASSUME(cond) __builtin_assume(cond)
#elif defined(__CUDA_ARCH__)
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
/// Host and device (XLAYOUT_HD): host-device functions name it, and nvcc warns about a host function there.
XLAYOUT_HD inline void xlayout_assertion_failed(const char*) noexcept {}
}  // namespace xlayout::detail

/// Whether the default XLAYOUT_ASSERT_HANDLER prints before it stops: on hosted platforms with an operating
/// system (stderr, abort). Bare-metal builds (arm-none-eabi: no stdio to rely on) keep a bare trap; CUDA
/// device code prints with printf and stops with __trap(). Define it as 0 or 1 to choose.
#ifndef XLAYOUT_ASSERT_PRINTS
#if defined(__STDC_HOSTED__) && __STDC_HOSTED__ && \
    (defined(__unix__) || defined(__APPLE__) || defined(_WIN32)) && __has_include(<cstdio>)
#define XLAYOUT_ASSERT_PRINTS 1
#else
#define XLAYOUT_ASSERT_PRINTS 0
#endif
#endif
#if XLAYOUT_ASSERT_PRINTS || defined(__CUDACC__)
#include <cstdio>
#include <cstdlib>
#endif

namespace xlayout::detail {
/// The default run-time handler: "[xlayout:<id>] <message> at <file>:<line>" on stderr, then abort()
/// (printf and __trap() in CUDA device code; a bare trap where XLAYOUT_ASSERT_PRINTS is 0). No allocation,
/// no exception. Texts without an id (XLAYOUT_ASSERT's) are shown as [xlayout:assertion].
[[noreturn]] XLAYOUT_HD inline void assertion_failed_at(const char* file, int line,
                                                        const char* text) noexcept {
  const bool has_id = text[0] == '[' && text[1] == 'x';
#if defined(__CUDA_ARCH__)
  printf("%s%s at %s:%d\n", has_id ? "" : "[xlayout:assertion] ", text, file, line);
  __trap();
#elif XLAYOUT_ASSERT_PRINTS
  std::fprintf(stderr, "%s%s at %s:%d\n", has_id ? "" : "[xlayout:assertion] ", text, file, line);
  std::abort();
#else
  (void)file, (void)line, (void)has_id;
  __builtin_trap();
#endif
}

/// The default handler of the accessor's index check: the index and the extents, e.g.
/// "[xlayout:index_out_of_range] index (3, 0) is outside the extents (3, 5) at mapping.hpp:412".
[[noreturn]] XLAYOUT_HD inline void index_out_of_range_at(const char* file, int line, const long long* index,
                                                          const long long* extents, unsigned rank) noexcept {
#if defined(__CUDA_ARCH__) || XLAYOUT_ASSERT_PRINTS
#if defined(__CUDA_ARCH__)
#define XLAYOUT_DETAIL_PRINT(...) printf(__VA_ARGS__)
#else
#define XLAYOUT_DETAIL_PRINT(...) std::fprintf(stderr, __VA_ARGS__)
#endif
  XLAYOUT_DETAIL_PRINT("[xlayout:index_out_of_range] index (");
  for (unsigned d = 0; d < rank; ++d) XLAYOUT_DETAIL_PRINT(d == 0 ? "%lld" : ", %lld", index[d]);
  XLAYOUT_DETAIL_PRINT(") is outside the extents (");
  for (unsigned d = 0; d < rank; ++d) XLAYOUT_DETAIL_PRINT(d == 0 ? "%lld" : ", %lld", extents[d]);
  XLAYOUT_DETAIL_PRINT(") at %s:%d\n", file, line);
#undef XLAYOUT_DETAIL_PRINT
#endif
#if defined(__CUDA_ARCH__)
  __trap();
#elif XLAYOUT_ASSERT_PRINTS
  std::abort();
#else
  (void)file, (void)line, (void)index, (void)extents, (void)rank;
  __builtin_trap();
#endif
}
}  // namespace xlayout::detail

/// What a failed run-time XLAYOUT_ASSERT does. Define XLAYOUT_ASSERT_HANDLER(file, line, text) before
/// including xlayout to report and stop your own way (log, trap, breakpoint); text starts with
/// "[xlayout:<id>]" for a rule with an id. The default prints (see XLAYOUT_ASSERT_PRINTS) and stops; for
/// the accessor's index check it also prints the index and the extents.
#ifndef XLAYOUT_ASSERT_HANDLER
#define XLAYOUT_ASSERT_HANDLER(file, line, text) ::xlayout::detail::assertion_failed_at(file, line, text)
#define XLAYOUT_DEFAULT_ASSERT_HANDLER 1
#endif

namespace xlayout::detail {
/// The run-time side of the accessors' index check (assertions on): XLAYOUT_ASSERT_HANDLER with the id, or,
/// with the default handler, a report of the whole index and the extents before it stops.
XLAYOUT_HD inline void index_out_of_range_failed([[maybe_unused]] const char* file, [[maybe_unused]] int line,
                                                 [[maybe_unused]] const std::int64_t* index,
                                                 [[maybe_unused]] const std::int64_t* extents,
                                                 [[maybe_unused]] std::size_t rank) noexcept {
#if defined(XLAYOUT_DEFAULT_ASSERT_HANDLER)
  long long i[XLAYOUT_MAX_RANK + 1]{}, e[XLAYOUT_MAX_RANK + 1]{};
  const unsigned n = rank < XLAYOUT_MAX_RANK ? static_cast<unsigned>(rank) : XLAYOUT_MAX_RANK;
  for (unsigned d = 0; d < n; ++d) {
    i[d] = index[d];
    e[d] = extents[d];
  }
  index_out_of_range_at(file, line, i, e, n);
#else
  XLAYOUT_ASSERT_HANDLER(file, line, "[xlayout:index_out_of_range] index: an index is outside its dimension");
#endif
}
}  // namespace xlayout::detail

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
