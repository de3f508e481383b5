// include/xlayout/text.hpp: XLA's text of shapes and layouts: parse, print, and the scanner they share.
#pragma once
#include <xlayout/text/parse_shape.hpp>
#include <xlayout/text/print_shape.hpp>
#include <xlayout/text/scanner.hpp>
