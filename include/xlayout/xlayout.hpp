// include/xlayout/xlayout.hpp: the whole library but interop/ (std::mdspan needs C++23, Boost.Hana is heavy):
// shapes and layouts, their text, indexing maps, and Tensor.
#pragma once
#include <xlayout/core.hpp>
#include <xlayout/hlo.hpp>
#include <xlayout/indexing.hpp>
#include <xlayout/layout.hpp>
#include <xlayout/static.hpp>
#include <xlayout/tensor.hpp>
#include <xlayout/text.hpp>
#include <xlayout/values.hpp>
#include <xlayout/version.hpp>
