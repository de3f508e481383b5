// include/xlayout/xlayout.hpp: the whole library but interop/ (std::mdspan needs C++23).
#pragma once
#include <xlayout/core.hpp>
#include <xlayout/layout.hpp>
#include <xlayout/shape.hpp>
#include <xlayout/text.hpp>
#include <xlayout/version.hpp>
