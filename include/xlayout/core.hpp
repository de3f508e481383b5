// include/xlayout/core.hpp: the core layer (index math, fixed-capacity containers, strings, diagnostics).
#pragma once
#include <xlayout/core/config.hpp>
#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/fixed_string.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/version.hpp>
