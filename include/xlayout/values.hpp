// include/xlayout/values.hpp: the plain value types (element types, tiles, layouts, shapes, tuples, extents).
#pragma once
#include <xlayout/core.hpp>
#include <xlayout/values/element_type.hpp>
#include <xlayout/values/extents.hpp>
#include <xlayout/values/layout.hpp>
#include <xlayout/values/shape.hpp>
#include <xlayout/values/shape_tree.hpp>
#include <xlayout/values/tile.hpp>
