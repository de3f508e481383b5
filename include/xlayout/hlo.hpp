// include/xlayout/hlo.hpp: the hlo layer: the plain-value description of instructions and modules, and the
// per-op indexing maps (both directions), the HLO text parser, and the analysis of a computation as one
// fusion, and those maps composed with an operand's layout (the memory a read touches).
#pragma once
#include <xlayout/hlo/fusion.hpp>
#include <xlayout/hlo/layouts.hpp>
#include <xlayout/hlo/module.hpp>
#include <xlayout/hlo/op.hpp>
#include <xlayout/hlo/op_maps.hpp>
#include <xlayout/hlo/parse.hpp>
