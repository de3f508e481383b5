// Part of meta.layering.selftest: a tensor/ header, which core/upward.hpp includes against the rules.
#pragma once
#include <xlayout/core/upward.hpp>
