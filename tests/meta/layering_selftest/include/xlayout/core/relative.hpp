// A deliberately wrong header for meta.layering.selftest: a relative include of a higher layer.
#pragma once
#include "../hlo/module.hpp"
#include "../core/upward.hpp"  // same layer: fine
