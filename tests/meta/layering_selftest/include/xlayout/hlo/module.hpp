// Part of meta.layering.selftest: an hlo/ header, which core/relative.hpp includes against the rules.
#pragma once
