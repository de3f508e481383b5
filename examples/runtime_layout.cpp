// examples/runtime_layout.cpp: a tensor whose layout is known only at run time, as an XLA custom call
// receives it (here: the shape's text). The layout is compiled once; every access after that is a few
// shifts, masks and multiply-adds. docs/tensors.md quotes this file.
#include <cstdio>
#include <vector>
#include <xlayout/tensor/runtime_tensor.hpp>
#include <xlayout/tensor/view.hpp>
#include <xlayout/text/parse_shape.hpp>

// Writes 100 * i + j into every element (i, j) of a rank-2 f32 buffer laid out as `text`, then prints the
// first slots of the buffer: where the layout put the elements.
int fill_and_show(const char* text) {
  const auto shape = xlayout::parse_shape(text);
  if (!shape) {
    std::printf("%s: [xlayout:%s] at column %lld\n", text, xlayout::error_name(shape.error().id).data(),
                static_cast<long long>(shape.error().position) + 1);  // position: 0-based
    return 1;
  }
  // The buffer's size: the compiled layout's span (a bounded `<=N` dimension counts as N, as XLA sizes the
  // buffer; checked_required_span_size answers dynamic_dimension for it).
  const auto m = xlayout::make_runtime_mapping(*shape);
  if (!m) {
    std::printf("%s: [xlayout:%s]\n", text, xlayout::error_name(m.error().id).data());
    return 1;
  }
  std::vector<float> buffer(static_cast<std::size_t>(m->required_span_size()), -1.0f);
  const auto t = xlayout::make_runtime_tensor(buffer.data(), *shape);  // checks the element width too
  if (!t) {
    std::printf("%s: [xlayout:%s]\n", text, xlayout::error_name(t.error().id).data());
    return 1;
  }
  for (xlayout::index_t i = 0; i < t->extent(0); ++i) {
    for (xlayout::index_t j = 0; j < t->extent(1); ++j) (*t)(i, j) = static_cast<float>(100 * i + j);
  }
  std::printf("%s: %lld slots, %zu terms, %s\n ", text, static_cast<long long>(t->required_span_size()),
              t->mapping().term_count(),
              t->mapping().is_strided() ? "strided" : (t->mapping().uses_shifts() ? "shifts" : "divisions"));
  for (std::size_t k = 0; k < buffer.size() && k < 12; ++k) std::printf(" %g", static_cast<double>(buffer[k]));
  std::printf("%s\n", buffer.size() > 12 ? " ..." : "");
  return 0;
}

// A view of a runtime_tensor of rank 2: the view's map is composed at compile time, the layout is read at
// run time. Prints the rows of reverse<1>(transpose<1, 0>(t)), whose element (a, b) is t(rows - 1 - b, a).
int show_view(const char* text) {
  const auto shape = xlayout::parse_shape(text);
  if (!shape) return 1;
  const auto m = xlayout::make_runtime_mapping(*shape);
  if (!m) return 1;
  std::vector<float> buffer(static_cast<std::size_t>(m->required_span_size()), -1.0f);
  const auto t = xlayout::make_runtime_tensor<2>(buffer.data(), *shape);
  if (!t) return 1;
  for (xlayout::index_t i = 0; i < t->extent(0); ++i) {
    for (xlayout::index_t j = 0; j < t->extent(1); ++j) (*t)(i, j) = static_cast<float>(100 * i + j);
  }
  const auto v = xlayout::reverse<1>(xlayout::transpose<1, 0>(*t));
  std::printf("reverse<1>(transpose<1, 0>(t)) of %s: %s, extents %lld x %lld\n", text, v.to_string().c_str(),
              static_cast<long long>(v.extent(0)), static_cast<long long>(v.extent(1)));
  for (xlayout::index_t a = 0; a < v.extent(0); ++a) {
    for (xlayout::index_t b = 0; b < v.extent(1); ++b) std::printf(" %g", static_cast<double>(v(a, b)));
    std::printf("\n");
  }
  return 0;
}

int main() {
  int failures = 0;
  failures += fill_and_show("f32[3,5]{1,0}");
  failures += fill_and_show("f32[3,5]{0,1}");
  failures += fill_and_show("f32[3,5]{1,0:T(2,2)}");  // XLA's "Tiled layout" example: 1 0 5 6 2 3 7 8 ...
  failures += fill_and_show("f32[3,5]{1,0:T(3,2)}");
  failures += fill_and_show("f32[<=3,5]{1,0:T(2,2)}");  // bounded: the buffer holds 3 rows
  failures += show_view("f32[3,5]{1,0:T(2,2)}");
  // A mistake: the error comes back as a value, with its id.
  const int bad = fill_and_show("f32[3,5]{1,1}");
  return failures == 0 && bad == 1 ? 0 : 1;
}
