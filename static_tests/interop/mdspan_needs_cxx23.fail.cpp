// expect-error: interop/mdspan.hpp needs std::mdspan
// requires: no-mdspan
// The mistake: the mdspan interop where the toolchain has no <mdspan> (the dev preset's g++ 12 in C++20):
// the header's #error alone, not the errors of the code after it (audit: 74 lines with clang 19).
#include <xlayout/interop/mdspan.hpp>
int main() {}
