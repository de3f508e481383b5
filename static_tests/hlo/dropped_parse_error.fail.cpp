// expect-error: nodiscard
// The mistake: a module parsed into storage with its hlo::parse_error dropped (a bad module would leave the
// storage half filled, unseen). parse_error is [[nodiscard]]: a warning, made an error here whatever the
// build's flags.
#include <xlayout/hlo/parse.hpp>
#pragma GCC diagnostic error "-Wunused-result"
void load(xlayout::hlo::module& m, std::string_view text) { xlayout::hlo::parse_module_into(text, m); }
