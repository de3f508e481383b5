// include/xlayout/layout.hpp: everything about shapes and layouts: the values, the algorithms
// (linear_index, multi_index, sizes, bitcasts, predicates, index programs) and the text and type-level
// spellings.
#pragma once
#include <xlayout/core.hpp>
#include <xlayout/layout/bitcast.hpp>
#include <xlayout/layout/index_program.hpp>
#include <xlayout/layout/linear_index.hpp>
#include <xlayout/layout/operations.hpp>
#include <xlayout/layout/predicates.hpp>
#include <xlayout/layout/sizes.hpp>
#include <xlayout/layout/tiling.hpp>
#include <xlayout/layout/validate.hpp>
#include <xlayout/static/shape.hpp>
#include <xlayout/text.hpp>
#include <xlayout/values.hpp>
