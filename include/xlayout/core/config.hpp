// include/xlayout/core/config.hpp: every capacity, the namespace (XLAYOUT_NAMESPACE, an ABI namespace when a
// capacity differs from its default), the host/device and inline markers, and the assertion hooks.
#pragma once
#include <cstddef>
#include <cstdint>

// ---------------------------------------------------------------------------------------------------------
// Capacities. Every fixed-size container in xlayout is sized by one of these. Define one before including any
// xlayout header to change it (a decimal literal: the values name the ABI namespace below). A value outside a
// capacity is a diagnosed error ([xlayout:capacity_exceeded], [xlayout:rank_too_large]), never an overflow.
// ---------------------------------------------------------------------------------------------------------

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
/// Largest number of array leaves in one tuple shape, and of nodes (tuples + leaves).
#ifndef XLAYOUT_MAX_TUPLE_LEAVES
#define XLAYOUT_MAX_TUPLE_LEAVES 16
#endif

// Indexing maps.
/// Nodes in the expression pool of one indexing_map or affine_expr value (its results and constraints).
#ifndef XLAYOUT_MAX_EXPRS
#define XLAYOUT_MAX_EXPRS 192
#endif
/// Nodes in the scratch workspace of one operation (parse, simplify, compose, equivalent).
#ifndef XLAYOUT_MAX_WORK_EXPRS
#define XLAYOUT_MAX_WORK_EXPRS 2048
#endif
/// Variables (dimensions + range variables + runtime variables) of one indexing map.
#ifndef XLAYOUT_MAX_VARS
#define XLAYOUT_MAX_VARS 16
#endif
/// Results of one indexing map.
#ifndef XLAYOUT_MAX_RESULTS
#define XLAYOUT_MAX_RESULTS 16
#endif
/// Constraints (`expr in [lo, hi]`) of one indexing map.
#ifndef XLAYOUT_MAX_CONSTRAINTS
#define XLAYOUT_MAX_CONSTRAINTS 12
#endif
/// Characters of the custom variable names of one map (`th_x`, `vector_elem`; default names cost nothing).
#ifndef XLAYOUT_MAX_NAME_CHARS
#define XLAYOUT_MAX_NAME_CHARS 96
#endif
/// Longest text `to_string` produces for one expression or map.
#ifndef XLAYOUT_MAX_TEXT
#define XLAYOUT_MAX_TEXT 1536
#endif
/// Terms of one linear form inside the simplifier.
#ifndef XLAYOUT_MAX_TERMS
#define XLAYOUT_MAX_TERMS 24
#endif
/// Default number of expression evaluations equivalent() may spend on enumeration (fits clang's default
/// -fconstexpr-steps for small maps; pass a larger budget at run time).
#ifndef XLAYOUT_EQUIVALENCE_BUDGET
#define XLAYOUT_EQUIVALENCE_BUDGET 20000
#endif

// HLO modules.
/// Operands of one instruction (concatenate and tuple may have many).
#ifndef XLAYOUT_HLO_MAX_OPERANDS
#define XLAYOUT_HLO_MAX_OPERANDS 16
#endif
/// Outputs of one instruction (the elements of a tuple result: variadic reduce, tuple).
#ifndef XLAYOUT_HLO_MAX_OUTPUTS
#define XLAYOUT_HLO_MAX_OUTPUTS 8
#endif
/// Called computations of one instruction (`calls=`, `to_apply=`, a conditional's `branch_computations=`).
#ifndef XLAYOUT_HLO_MAX_CALLED
#define XLAYOUT_HLO_MAX_CALLED 4
#endif
/// Runtime variables of one operand indexing (dynamic-slice offsets, gather indices).
#ifndef XLAYOUT_HLO_MAX_RT_VARS
#define XLAYOUT_HLO_MAX_RT_VARS 4
#endif
/// Operand indexings one fusion analysis may hold in all (every instruction's set together).
#ifndef XLAYOUT_HLO_MAX_INDEXINGS
#define XLAYOUT_HLO_MAX_INDEXINGS 48
#endif
/// Default capacities of hlo::module (the run-time module; hlo::basic_module takes its own): instructions,
/// computations, distinct shapes and characters of names.
#ifndef XLAYOUT_HLO_MAX_INSTRUCTIONS
#define XLAYOUT_HLO_MAX_INSTRUCTIONS 256
#endif
#ifndef XLAYOUT_HLO_MAX_COMPUTATIONS
#define XLAYOUT_HLO_MAX_COMPUTATIONS 32
#endif
#ifndef XLAYOUT_HLO_MAX_SHAPES
#define XLAYOUT_HLO_MAX_SHAPES 512
#endif
#ifndef XLAYOUT_HLO_MAX_CHARS
#define XLAYOUT_HLO_MAX_CHARS 8192
#endif

// ---------------------------------------------------------------------------------------------------------
// The namespace. With the default capacities every name is declared in `xlayout` itself (XLAYOUT_NAMESPACE is
// `xlayout`). With any other value (or XLAYOUT_ABI_TAG defined) it is declared in the inline namespace
// `xlayout::inline v0_c_<every capacity>` (or `xlayout::inline <tag>`): the capacities change the size of
// shapes, layouts and maps and the results of equivalent(), so two translation units built with different
// values then use different types and functions. Passing a value from one to the other is a link error,
// never a silent one-definition-rule violation; user code still writes `xlayout::shape`. Headers open
// `namespace XLAYOUT_NAMESPACE {`; code outside xlayout names it as `xlayout::`.
// ---------------------------------------------------------------------------------------------------------
#ifndef XLAYOUT_ABI_TAG
#if XLAYOUT_MAX_RANK == 12 && XLAYOUT_MAX_TILES == 4 && XLAYOUT_MAX_SPLIT_CONFIGS == 4 &&               \
    XLAYOUT_MAX_SPLIT_INDICES == 4 && XLAYOUT_MAX_TUPLE_LEAVES == 16 && XLAYOUT_MAX_EXPRS == 192 &&     \
    XLAYOUT_MAX_WORK_EXPRS == 2048 && XLAYOUT_MAX_VARS == 16 && XLAYOUT_MAX_RESULTS == 16 &&            \
    XLAYOUT_MAX_CONSTRAINTS == 12 && XLAYOUT_MAX_NAME_CHARS == 96 && XLAYOUT_MAX_TEXT == 1536 &&        \
    XLAYOUT_MAX_TERMS == 24 && XLAYOUT_EQUIVALENCE_BUDGET == 20000 && XLAYOUT_HLO_MAX_OPERANDS == 16 && \
    XLAYOUT_HLO_MAX_OUTPUTS == 8 && XLAYOUT_HLO_MAX_RT_VARS == 4 && XLAYOUT_HLO_MAX_INDEXINGS == 48 &&  \
    XLAYOUT_HLO_MAX_INSTRUCTIONS == 256 && XLAYOUT_HLO_MAX_COMPUTATIONS == 32 &&                        \
    XLAYOUT_HLO_MAX_SHAPES == 512 && XLAYOUT_HLO_MAX_CHARS == 8192 && XLAYOUT_HLO_MAX_CALLED == 4
#define XLAYOUT_NAMESPACE xlayout
#else
#define XLAYOUT_NAMESPACE xlayout::inline XLAYOUT_ABI
#define XLAYOUT_ABI                                                                                     \
  XLAYOUT_DETAIL_ABI_NAME(                                                                              \
      XLAYOUT_MAX_RANK, XLAYOUT_MAX_TILES, XLAYOUT_MAX_SPLIT_CONFIGS, XLAYOUT_MAX_SPLIT_INDICES,        \
      XLAYOUT_MAX_TUPLE_LEAVES, XLAYOUT_MAX_EXPRS, XLAYOUT_MAX_WORK_EXPRS, XLAYOUT_MAX_VARS,            \
      XLAYOUT_MAX_RESULTS, XLAYOUT_MAX_CONSTRAINTS, XLAYOUT_MAX_NAME_CHARS, XLAYOUT_MAX_TEXT,           \
      XLAYOUT_MAX_TERMS, XLAYOUT_EQUIVALENCE_BUDGET, XLAYOUT_HLO_MAX_OPERANDS, XLAYOUT_HLO_MAX_OUTPUTS, \
      XLAYOUT_HLO_MAX_RT_VARS, XLAYOUT_HLO_MAX_INDEXINGS, XLAYOUT_HLO_MAX_INSTRUCTIONS,                 \
      XLAYOUT_HLO_MAX_COMPUTATIONS, XLAYOUT_HLO_MAX_SHAPES, XLAYOUT_HLO_MAX_CHARS, XLAYOUT_HLO_MAX_CALLED)
// The values are expanded first (the outer macro), then pasted into one identifier (the inner one).
#define XLAYOUT_DETAIL_ABI_NAME(...) XLAYOUT_DETAIL_ABI_PASTE(__VA_ARGS__)
#define XLAYOUT_DETAIL_ABI_PASTE(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w) \
  v0_c_##a##_##b##_##c##_##d##_##e##_##f##_##g##_##h##_##i##_##j##_##k##_##l##_##m##_##n##_##o##_##p##_##q##_##r##_##s##_##t##_##u##_##v##_##w
#endif
#else
#define XLAYOUT_NAMESPACE xlayout::inline XLAYOUT_ABI_TAG
#endif

// ---------------------------------------------------------------------------------------------------------
// Compiler markers.
// ---------------------------------------------------------------------------------------------------------

/// Marks every function CUDA (or HIP) device code may reach: `__host__ __device__` there, empty for every
/// other compiler. Define it yourself to mark them another way (e.g. for SYCL or OpenMP offload).
#ifndef XLAYOUT_HD
#if defined(__CUDACC__) || defined(__HIPCC__)
#define XLAYOUT_HD __host__ __device__
#else
#define XLAYOUT_HD
#endif
#endif

/// Forces the inlining of the accessors' small functions (the index arithmetic of a Tensor or a view), so an
/// unoptimised or size-optimised build does not pay a call per index. Define it as `inline` to let the
/// compiler choose.
#ifndef XLAYOUT_FORCEINLINE
#if defined(__GNUC__) || defined(__clang__)
#define XLAYOUT_FORCEINLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define XLAYOUT_FORCEINLINE __forceinline
#else
#define XLAYOUT_FORCEINLINE inline
#endif
#endif

/// Placed before a loop: asks the compiler to unroll it four times (on a loop over consecutive elements that
/// the compiler vectorises, four vectors per iteration). Nothing where the pragma's spelling is not known
/// (the host pass of nvcc among them).
#if defined(__CUDA_ARCH__)
#define XLAYOUT_UNROLL4 _Pragma("unroll 4")
#elif defined(__clang__) && !defined(__CUDACC__)
#define XLAYOUT_UNROLL4 _Pragma("clang loop interleave_count(4)")
#elif defined(__GNUC__) && !defined(__CUDACC__)
#define XLAYOUT_UNROLL4 _Pragma("GCC unroll 4")
#else
#define XLAYOUT_UNROLL4
#endif

/// Inlines every call inside a function, the calls those bring in too: on the memory-order walk of a
/// runtime_tensor, whose nested loops call the callback in several places, so that g++ 12 does not leave a
/// callback that reads the index out of line, called per element (2.4 times the time of the static walk's
/// row-major loop; docs/performance.md). g++ only: clang inlines such a callback without it (and gained
/// nothing from it in the same benchmark), and CUDA's front end has no such attribute.
#ifndef XLAYOUT_FLATTEN
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__) && !defined(__HIPCC__)
#define XLAYOUT_FLATTEN __attribute__((__flatten__))
#else
#define XLAYOUT_FLATTEN
#endif
#endif

/// Marks a function that runs only when something has gone wrong (the index check's report): never inlined,
/// laid out away from the hot path, and not weighed by the inliner at each accessor that calls it (with
/// static_extent_list below, 49.9 -> 48.9 million g++ instructions per distinct tensor of
/// bench/compile_time/tensors.sh 200).
#ifndef XLAYOUT_COLD
#if defined(__CUDA_ARCH__)
#define XLAYOUT_COLD __noinline__
#elif defined(__GNUC__) || defined(__clang__)
#define XLAYOUT_COLD __attribute__((cold, noinline))
#else
#define XLAYOUT_COLD
#endif
#endif

/// Marks a function that CUDA device code calls rather than inlines (making a view of a runtime_tensor:
/// inlined, nvcc 13 took 53 s instead of 9.2 s to compile a kernel that reads one element of it).
#ifndef XLAYOUT_DEVICE_NOINLINE
#if defined(__CUDA_ARCH__)
#define XLAYOUT_DEVICE_NOINLINE __noinline__
#else
#define XLAYOUT_DEVICE_NOINLINE
#endif
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

namespace XLAYOUT_NAMESPACE::detail {
/// Called when an XLAYOUT_ASSERT fails during constant evaluation. It is deliberately not constexpr,
/// so the compiler stops and names it: "call to non-constexpr function 'xlayout_assertion_failed'".
/// Host and device (XLAYOUT_HD): host-device functions name it, and nvcc warns about a host function there.
XLAYOUT_HD inline void xlayout_assertion_failed(const char*) noexcept {}
}  // namespace XLAYOUT_NAMESPACE::detail

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

/// The default handler's output: printf in CUDA device code, stderr on the host where it prints, nothing
/// where XLAYOUT_ASSERT_PRINTS is 0 (bare-metal targets). A detail of the reports below and of the view's.
#if defined(__CUDA_ARCH__)
#define XLAYOUT_DETAIL_PRINT(...) printf(__VA_ARGS__)
#elif XLAYOUT_ASSERT_PRINTS
#define XLAYOUT_DETAIL_PRINT(...) std::fprintf(stderr, __VA_ARGS__)
#else
#define XLAYOUT_DETAIL_PRINT(...) ((void)0)
#endif

namespace XLAYOUT_NAMESPACE::detail {
/// How the default handler stops, after its report: __trap() in CUDA device code, abort() where it prints,
/// else a bare trap.
[[noreturn]] XLAYOUT_HD inline void default_handler_stop() noexcept {
#if defined(__CUDA_ARCH__)
  __trap();
#elif XLAYOUT_ASSERT_PRINTS
  std::abort();
#else
  __builtin_trap();
#endif
}

/// The default run-time handler: "[xlayout:<id>] <message> at <file>:<line>" on stderr, then abort()
/// (printf and __trap() in CUDA device code; a bare trap where XLAYOUT_ASSERT_PRINTS is 0). No allocation,
/// no exception. Texts without an id (XLAYOUT_ASSERT's) are shown as [xlayout:assertion].
[[noreturn]] XLAYOUT_HD inline void assertion_failed_at([[maybe_unused]] const char* file,
                                                        [[maybe_unused]] int line,
                                                        [[maybe_unused]] const char* text) noexcept {
  [[maybe_unused]] const bool has_id = text[0] == '[' && text[1] == 'x';
  XLAYOUT_DETAIL_PRINT("%s%s at %s:%d\n", has_id ? "" : "[xlayout:assertion] ", text, file, line);
  default_handler_stop();
}

/// The default handler of the accessor's index check: the index and the extents, e.g.
/// "[xlayout:index_out_of_range] index (3, 0) is outside the extents (3, 5) at mapping.hpp:412".
[[noreturn]] XLAYOUT_HD inline void index_out_of_range_at([[maybe_unused]] const char* file,
                                                          [[maybe_unused]] int line,
                                                          [[maybe_unused]] const long long* index,
                                                          [[maybe_unused]] const long long* extents,
                                                          [[maybe_unused]] unsigned rank) noexcept {
#if defined(__CUDA_ARCH__) || XLAYOUT_ASSERT_PRINTS
  XLAYOUT_DETAIL_PRINT("[xlayout:index_out_of_range] index (");
  for (unsigned d = 0; d < rank; ++d) XLAYOUT_DETAIL_PRINT(d == 0 ? "%lld" : ", %lld", index[d]);
  XLAYOUT_DETAIL_PRINT(") is outside the extents (");
  for (unsigned d = 0; d < rank; ++d) XLAYOUT_DETAIL_PRINT(d == 0 ? "%lld" : ", %lld", extents[d]);
  XLAYOUT_DETAIL_PRINT(") at %s:%d\n", file, line);
#endif
  default_handler_stop();
}
}  // namespace XLAYOUT_NAMESPACE::detail

/// What a failed run-time XLAYOUT_ASSERT does. Define XLAYOUT_ASSERT_HANDLER(file, line, text) before
/// including xlayout to report and stop your own way (log, trap, breakpoint); text starts with
/// "[xlayout:<id>]" for a rule with an id. The default prints (see XLAYOUT_ASSERT_PRINTS) and stops; for
/// the accessor's index check it also prints the index and the extents, and for a view's run-time
/// arguments the dimension and the values (detail::view_argument_failed_at).
#ifndef XLAYOUT_ASSERT_HANDLER
#define XLAYOUT_ASSERT_HANDLER(file, line, text) ::xlayout::detail::assertion_failed_at(file, line, text)
#define XLAYOUT_DEFAULT_ASSERT_HANDLER 1
#endif

namespace XLAYOUT_NAMESPACE::detail {
/// The run-time side of the accessors' index check (assertions on): XLAYOUT_ASSERT_HANDLER with the id, or,
/// with the default handler, a report of the whole index and the extents before it stops.
XLAYOUT_COLD XLAYOUT_HD inline void index_out_of_range_failed([[maybe_unused]] const char* file,
                                                              [[maybe_unused]] int line,
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

/// Static extents E... as an array in static storage, for the index check's report: an accessor passes its
/// address instead of building the array on the stack, less code for the compiler per tensor. CUDA device
/// code cannot take the address of a host variable and builds the array.
template <std::int64_t... E>
inline constexpr std::int64_t static_extent_list[] = {E..., 0};
}  // namespace XLAYOUT_NAMESPACE::detail

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
