// expect-error: interop/mdspan.hpp needs std::mdspan
// The mistake: the mdspan interop without C++23's <mdspan> (this test's C++20): the header's #error alone,
// not the errors of the code after it (audit: 74 lines with clang 19).
#include <xlayout/interop/mdspan.hpp>
int main() {}
