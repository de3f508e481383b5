// expect-error: \[xlayout:property_out_of_order\]
// expect-error: error_at_column<xlayout::error_id::property_out_of_order, 19>
// The mistake: E(...) before T(...): XLA requires the order D T L # * E S SC P M.
#include <xlayout/layout.hpp>
xlayout::Shape<"f32[3,5]{1,0:E(32)T(2,2)}"> bad;
