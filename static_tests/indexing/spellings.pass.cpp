// static_tests/indexing/spellings.pass.cpp: IndexingMap<"..."> is keyed on the map, not on its text: two
// spellings of one map are one type (as Shape<...> and Layout<...> are), and different maps differ.
#include <type_traits>
#include <xlayout/indexing.hpp>
#include <xlayout/static.hpp>

using namespace xlayout;

// Spaces and the `/` spelling of floordiv do not make another map.
static_assert(std::is_same_v<IndexingMap<"(d0) -> (d0), domain: d0 in [0, 9]">,
                             IndexingMap<"(d0)->(d0), domain: d0 in [0,9]">>);
static_assert(
    std::is_same_v<IndexingMap<"(d0, d1) -> (d0 floordiv 4, d1), domain: d0 in [0, 15], d1 in [0, 3]">,
                   IndexingMap<"(d0,d1)->(d0 / 4,d1), domain:d0 in [0,15],d1 in [0,3]">>);
static_assert(std::is_same_v<IndexingMap<"(d0) -> (d0)">, indexing_map_type<indexing_map_v<"(d0) -> (d0)">>>);
// Another domain, another result or another variable name is another map.
static_assert(!std::is_same_v<IndexingMap<"(d0) -> (d0), domain: d0 in [0, 9]">,
                              IndexingMap<"(d0) -> (d0), domain: d0 in [0, 8]">>);
static_assert(!std::is_same_v<IndexingMap<"(d0) -> (d0)">, IndexingMap<"(d0) -> (d0 * 2)">>);
static_assert(!std::is_same_v<IndexingMap<"(d0) -> (d0)">, IndexingMap<"(i) -> (i)">>);
// The members still work through the alias.
static_assert(IndexingMap<"(d0)->(d0 * 2), domain: d0 in [0,9]">::evaluate(3)[0] == 6);
static_assert(IndexingMap<"(d0)->(d0 * 2), domain: d0 in [0,9]">::contains(9));
static_assert(IndexingMap<"(d0)->(d0 * 2), domain: d0 in [0,9]">::ok);
