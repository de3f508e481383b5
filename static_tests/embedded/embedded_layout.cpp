// static_tests/embedded/embedded_layout.cpp: shapes, tiled layouts and linear indices as an embedded
// author uses them: compiled for a Cortex-M4 (and the host) without exceptions or RTTI, and checked to need
// no heap and no C++ run-time library (static_tests/embedded/CMakeLists.txt). The functions take run-time
// indices, so the index arithmetic is really emitted.
#include <cstdint>

#include <xlayout/layout/index_program.hpp>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/layout/sizes.hpp>

namespace {
using xlayout::index_t;

constexpr xlayout::layout tiled(std::initializer_list<xlayout::tile> tiles) {
  xlayout::layout l = xlayout::default_layout(2);
  for (const xlayout::tile& t : tiles) l.tiles.push_back(t);
  return l;
}

// The worked example of XLA's "Tiled layout" document: f32[3,5]{1,0:T(2,2)}, element (2,3) at 17, 24 slots.
constexpr xlayout::shape doc_example =
    xlayout::make_shape(xlayout::element_type::f32, {3, 5}, tiled({xlayout::T(2, 2)}));
static_assert(xlayout::linear_index(doc_example, {2, 3}) == 17);
static_assert(xlayout::required_span_size(doc_example) == 24);

// Figure 2: f32[4,8]{1,0:T(2,4)(2,1)}.
constexpr xlayout::shape figure2 =
    xlayout::make_shape(xlayout::element_type::f32, {4, 8}, tiled({xlayout::T(2, 4), xlayout::T(2, 1)}));
constexpr xlayout::index_program figure2_program = xlayout::compile_index_program(figure2);
}  // namespace

extern "C" {

/// The tiled linear index with the layout fixed at compile time and the index given at run time.
std::int64_t xlayout_embedded_linear_index(std::int64_t i, std::int64_t j) {
  return xlayout::linear_index(doc_example, {i, j});
}

/// The same through the layout's index program (the form accessors use).
std::int64_t xlayout_embedded_program(std::int64_t i, std::int64_t j) {
  const index_t e[2] = {i, j};
  return figure2_program(e);
}

/// The inverse: the element at a linear position, or -1 for padding or a position outside the span.
std::int64_t xlayout_embedded_multi_index(std::int64_t linear, std::int64_t* i, std::int64_t* j) {
  auto e = xlayout::multi_index(figure2, linear);
  if (!e) return -1;
  *i = (*e)[0];
  *j = (*e)[1];
  return 0;
}

/// A layout known only at run time: rows x cols with one (tr, tc) tile; -1 when the layout or the index is
/// bad.
std::int64_t xlayout_embedded_runtime_tile(std::int64_t rows, std::int64_t cols, std::int64_t tr,
                                           std::int64_t tc, std::int64_t i, std::int64_t j) {
  const xlayout::shape s =
      xlayout::make_shape(xlayout::element_type::f32, {rows, cols}, tiled({xlayout::T(tr, tc)}));
  auto lin = xlayout::checked_linear_index(s, {i, j});
  return lin ? *lin : -1;
}

/// Buffer sizes of a run-time shape: slots and physical bytes; -1 on error.
std::int64_t xlayout_embedded_sizes(std::int64_t rows, std::int64_t cols, std::int64_t* bytes) {
  const xlayout::shape s =
      xlayout::make_shape(xlayout::element_type::bf16, {rows, cols}, tiled({xlayout::T(8, 128)}));
  auto span = xlayout::checked_required_span_size(s);
  auto physical = xlayout::checked_physical_byte_size(s);
  if (!span || !physical) return -1;
  *bytes = *physical;
  return *span;
}

}  // extern "C"
