// static_tests/hlo/layouts_as_maps.pass.cpp: layouts as indexing maps, at a size where enumerating the
// elements is out of the question (a million elements; `equivalent` may enumerate 20000). XLA's "Tiled
// layout" document: T(8,128) splits the two minor dimensions into 8x128 tiles, then T(2,1) splits each tile's
// rows into pairs, which become the most minor dimension (two bf16 in one 32-bit word). So
// bf16[1024,1024]{1,0:T(8,128)(2,1)} holds its elements in the order of the untiled
// bf16[128,8,4,128,2]{4,3,2,1,0}: (tile row, tile column, row pair in the tile, column in the tile, row in
// the pair). tests/hlo/layouts.cpp checks that correspondence element by element with linear_index at
// bf16[16,256] (the same tiling); here `equivalent` proves it at bf16[1024,1024] from the maps' normal forms.
#include <xlayout/hlo/layouts.hpp>
#include <xlayout/hlo/op_maps.hpp>
#include <xlayout/hlo/parse.hpp>
#include <xlayout/indexing/equivalence.hpp>
#include <xlayout/indexing/layout_map.hpp>
#include <xlayout/static/indexing_map.hpp>
#include <xlayout/text/parse_shape.hpp>

using namespace xlayout;

namespace {
constexpr shape tiled = parse_shape("bf16[1024,1024]{1,0:T(8,128)(2,1)}").value();
constexpr shape untiled = parse_shape("bf16[128,8,4,128,2]{4,3,2,1,0}").value();

// The bitcast between them as index maps, written from the tiling above (not computed by xlayout).
constexpr indexing_map tiled_to_untiled = indexing_map_v<
    "(d0, d1) -> (d0 floordiv 8, d1 floordiv 128, (d0 mod 8) floordiv 2, d1 mod 128, d0 mod 2), "
    "domain: d0 in [0, 1023], d1 in [0, 1023]">;
constexpr indexing_map untiled_to_tiled = indexing_map_v<
    "(d0, d1, d2, d3, d4) -> (d0 * 8 + d2 * 2 + d4, d1 * 128 + d3), "
    "domain: d0 in [0, 127], d1 in [0, 7], d2 in [0, 3], d3 in [0, 127], d4 in [0, 1]">;

constexpr indexing_map tiled_linear = logical_to_linear_map(tiled).value();
constexpr indexing_map untiled_linear = logical_to_linear_map(untiled).value();
}  // namespace

// The bitcast is the identity on linear offsets: logical_to_linear(A) == (A -> B) then logical_to_linear(B),
// and the other way round.
static_assert(equivalent(tiled_linear, compose(tiled_to_untiled, untiled_linear)) == tribool::yes);
static_assert(equivalent(untiled_linear, compose(untiled_to_tiled, tiled_linear)) == tribool::yes);
// ... and not a trivially true check: the same maps with the tiles swapped, T(2,1) alone or no tiles, differ.
static_assert(
    equivalent(logical_to_linear_map(parse_shape("bf16[1024,1024]{1,0:T(128,8)(2,1)}").value()).value(),
               compose(tiled_to_untiled, untiled_linear)) == tribool::no);
static_assert(equivalent(logical_to_linear_map(parse_shape("bf16[1024,1024]{1,0}").value()).value(),
                         compose(tiled_to_untiled, untiled_linear)) == tribool::no);

// The same through hlo::physical_access: an operand indexing that reads the tiled operand at the index the
// bitcast gives (as a fused read of p0 through that bitcast would), composed with the operand's layout, is
// the untiled output's own linear offset.
constexpr hlo::operand_indexing read_through_bitcast{untiled_to_tiled, {}, {}};
static_assert(equivalent(hlo::physical_access(read_through_bitcast, tiled).map, untiled_linear) ==
              tribool::yes);
// The tiled (physical) index of that read: (tile row, tile column, row pair, column, row in the pair) after
// the tiles' extra dimensions: T(8,128) gives (d0 / 8, d1 / 128, d0 mod 8, d1 mod 128), T(2,1) splits the
// last two into (row pair, column, row in the pair, 0).
static_assert(
    equivalent(hlo::tiled_access(read_through_bitcast, tiled).map,
               indexing_map_v<"(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4, 0), domain: d0 in [0, 127], "
                              "d1 in [0, 7], d2 in [0, 3], d3 in [0, 127], d4 in [0, 1]">) == tribool::yes);

// XLA's own bitcast map ignores tiles (docs/semantics.md, "Bitcasts"): from the HLO text, the per-op map of
// this bitcast reads p0 as if it were untiled, so composed with p0's tiled layout it is NOT the identity on
// offsets.
constexpr const auto& bitcast_module = hlo::module_v<R"(HloModule m
ENTRY e {
  p0 = bf16[1024,1024]{1,0:T(8,128)(2,1)} parameter(0)
  ROOT b = bf16[128,8,4,128,2]{4,3,2,1,0} bitcast(p0)
})">;
constexpr hlo::operand_indexing xla_bitcast = hlo::output_to_input(hlo::op_of(bitcast_module, 1), 0)[0];
static_assert(equivalent(hlo::physical_access(xla_bitcast, tiled).map, untiled_linear) == tribool::no);
