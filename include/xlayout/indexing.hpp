// include/xlayout/indexing.hpp: the indexing layer: interval, expressions, indexing maps, their XLA text,
// simplify, compose, variable operations, equivalence, and the maps of tiled layouts (the type-level
// IndexingMap<"..."> is in xlayout/static.hpp).
#pragma once
#include <xlayout/indexing/affine_expr.hpp>
#include <xlayout/indexing/compose.hpp>
#include <xlayout/indexing/equivalence.hpp>
#include <xlayout/indexing/expr_pool.hpp>
#include <xlayout/indexing/expr_print.hpp>
#include <xlayout/indexing/expr_workspace.hpp>
#include <xlayout/indexing/indexing_map.hpp>
#include <xlayout/indexing/interval.hpp>
#include <xlayout/indexing/layout_map.hpp>
#include <xlayout/indexing/simplify.hpp>
#include <xlayout/indexing/text.hpp>
#include <xlayout/indexing/variables.hpp>
