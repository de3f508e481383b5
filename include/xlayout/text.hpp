// include/xlayout/text.hpp: XLA's text of shapes and layouts, and the type-level spellings
// (Shape<"...">, Layout<...>, shape_v, layout_v).
#pragma once
#include <xlayout/text/parse_shape.hpp>
#include <xlayout/text/print_shape.hpp>
#include <xlayout/text/scanner.hpp>
#include <xlayout/text/static_shape.hpp>
