// include/xlayout/tensor.hpp: the tensor layer: Tensor and its mapping, element conversions and packed
// references, memory-order iteration, tile access, views (maps lowered to inline arithmetic), and tensors
// whose layout is a run-time value (runtime_tensor).
#pragma once
#include <xlayout/tensor/element.hpp>
#include <xlayout/tensor/for_each.hpp>
#include <xlayout/tensor/index_concepts.hpp>
#include <xlayout/tensor/lowering.hpp>
#include <xlayout/tensor/mapping.hpp>
#include <xlayout/tensor/minifloat.hpp>
#include <xlayout/tensor/runtime_tensor.hpp>
#include <xlayout/tensor/size_formula.hpp>
#include <xlayout/tensor/tensor.hpp>
#include <xlayout/tensor/tiles.hpp>
#include <xlayout/tensor/view.hpp>
