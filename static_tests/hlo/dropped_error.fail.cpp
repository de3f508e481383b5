// expect-error: nodiscard
// The mistake: a fusion's maps computed into storage with the xlayout::error dropped (an unsupported op
// would leave the storage without maps, unseen). error is [[nodiscard]]: a warning, made an error here
// whatever the build's flags.
#include <xlayout/hlo/fusion.hpp>
#pragma GCC diagnostic error "-Wunused-result"
void maps(const xlayout::hlo::module& m, xlayout::hlo::fusion_indexing<8>& out) {
  xlayout::hlo::output_to_input_into(m, out);
}
