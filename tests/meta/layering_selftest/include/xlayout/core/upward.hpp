// A deliberately wrong header for meta.layering.selftest (WILL_FAIL): core/ must not include tensor/.
#pragma once
#include <xlayout/tensor/tensor.hpp>
