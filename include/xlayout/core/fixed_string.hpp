// include/xlayout/core/fixed_string.hpp: string literals as template arguments (fixed_string) and a
// fixed-capacity output string for printing in constant expressions (static_string).
#pragma once
#include <cstddef>
#include <string_view>

#include <xlayout/core/config.hpp>
#include <xlayout/core/index.hpp>

namespace XLAYOUT_NAMESPACE {

/// A string literal captured as a structural value, so `Shape<"f32[3,5]">` can take it as a template
/// argument. N counts the terminating NUL.
template <std::size_t N>
struct fixed_string {
  char chars_[N]{};

  constexpr fixed_string(const char (&s)[N]) noexcept {  // NOLINT: implicit on purpose
    for (std::size_t i = 0; i < N; ++i) chars_[i] = s[i];
  }
  static constexpr std::size_t size() noexcept { return N - 1; }
  constexpr std::string_view view() const noexcept { return {chars_, N - 1}; }
  constexpr operator std::string_view() const noexcept { return view(); }  // NOLINT
};

/// A string of at most Capacity characters built without a heap: what `to_string` returns. Appending
/// past the capacity keeps what fits and sets `overflowed()`.
template <std::size_t Capacity>
class static_string {
 public:
  constexpr static_string() = default;
  constexpr explicit static_string(std::string_view s) noexcept { append(s); }

  static constexpr std::size_t capacity() noexcept { return Capacity; }
  constexpr std::size_t size() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }
  constexpr bool overflowed() const noexcept { return overflowed_; }
  constexpr const char* data() const noexcept { return chars_; }
  /// NUL-terminated (there is always room for the terminator).
  constexpr const char* c_str() const noexcept { return chars_; }
  constexpr std::string_view view() const noexcept { return {chars_, size_}; }
  constexpr operator std::string_view() const noexcept { return view(); }  // NOLINT
  constexpr char operator[](std::size_t i) const noexcept { return chars_[i]; }

  constexpr static_string& append(char c) noexcept {
    if (size_ < Capacity) {
      chars_[size_++] = c;
    } else {
      overflowed_ = true;
    }
    return *this;
  }
  constexpr static_string& append(std::string_view s) noexcept {
    for (char c : s) append(c);
    return *this;
  }
  /// Appends the decimal form of v (index_min included).
  constexpr static_string& append_int(index_t v) noexcept {
    char digits[24]{};
    std::size_t n = 0;
    // Negate through unsigned arithmetic so that index_min prints correctly.
    auto u = v < 0 ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
    do {
      digits[n++] = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u != 0);
    if (v < 0) append('-');
    while (n > 0) append(digits[--n]);
    return *this;
  }
  template <std::size_t M>
  constexpr static_string& append(const static_string<M>& s) noexcept {
    if (s.overflowed()) overflowed_ = true;
    return append(s.view());
  }
  constexpr static_string& operator+=(std::string_view s) noexcept { return append(s); }
  constexpr static_string& operator+=(char c) noexcept { return append(c); }

  constexpr void clear() noexcept {
    for (std::size_t i = 0; i < size_; ++i) chars_[i] = '\0';
    size_ = 0;
    overflowed_ = false;
  }

  friend constexpr bool operator==(const static_string& a, std::string_view b) noexcept {
    return a.view() == b;
  }
  /// Two printed values compare as text (without it, a == b is ambiguous between the string_view overload
  /// and its reversed form, which clang reports).
  template <std::size_t M>
  friend constexpr bool operator==(const static_string& a, const static_string<M>& b) noexcept {
    return a.view() == b.view();
  }

 private:
  char chars_[Capacity + 1]{};
  std::size_t size_ = 0;
  bool overflowed_ = false;
};

namespace detail {
/// `s.substr(pos, n)` without its exception path: std::string_view::substr throws out_of_range for
/// pos past the end, which brings the exception runtime and the heap into an embedded build (-fno-exceptions
/// keeps the call to std::__throw_out_of_range_fmt). Here pos past the end gives an empty view.
constexpr std::string_view substring(std::string_view s, std::size_t pos,
                                     std::size_t n = std::string_view::npos) noexcept {
  if (pos > s.size()) pos = s.size();
  const std::size_t rest = s.size() - pos;
  return std::string_view(s.data() + pos, n < rest ? n : rest);
}
}  // namespace detail

}  // namespace XLAYOUT_NAMESPACE
