// include/xlayout/static.hpp: the type-level spellings: Shape<"...">, Layout<...>, shape_v, layout_v
// (static/shape.hpp) and IndexingMap<"...">, indexing_map_v (static/indexing_map.hpp).
#pragma once
#include <xlayout/static/indexing_map.hpp>
#include <xlayout/static/shape.hpp>
