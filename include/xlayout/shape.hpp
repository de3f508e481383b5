// include/xlayout/shape.hpp: the shape values (element types, tiles, layouts, shapes, tuples, extents).
#pragma once
#include <xlayout/core.hpp>
#include <xlayout/shape/element_type.hpp>
#include <xlayout/shape/extents.hpp>
#include <xlayout/shape/layout.hpp>
#include <xlayout/shape/shape.hpp>
#include <xlayout/shape/shape_tree.hpp>
#include <xlayout/shape/tile.hpp>
