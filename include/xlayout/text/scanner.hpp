// include/xlayout/text/scanner.hpp: the character scanner every parser of XLA text uses (shapes, layouts,
// indexing maps): position tracking, whitespace, integers with overflow checks, names, and the first
// error with its position.
#pragma once
#include <string_view>

#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/index.hpp>

namespace XLAYOUT_NAMESPACE::text {

constexpr bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
constexpr bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_name_char(char c) noexcept { return is_alpha(c) || is_digit(c) || c == '_'; }

/// Reads a string left to right. The first failure is kept (with its position) and later ones are
/// ignored, so a parser can check `failed()` once at the end of a step.
class scanner {
 public:
  constexpr explicit scanner(std::string_view text) noexcept : text_(text) {}

  constexpr std::string_view text() const noexcept { return text_; }
  constexpr std::size_t position() const noexcept { return pos_; }
  constexpr void set_position(std::size_t p) noexcept { pos_ = p; }
  constexpr bool at_end() const noexcept { return pos_ >= text_.size(); }
  constexpr char peek(std::size_t ahead = 0) const noexcept {
    const std::size_t i = pos_ + ahead;
    return i < text_.size() ? text_.data()[i] : '\0';
  }
  constexpr std::string_view rest() const noexcept {
    return detail::substring(text_, pos_ < text_.size() ? pos_ : text_.size());
  }

  // The loops below work on locals: g++ evaluates each member access and call of a constant expression
  // separately, and the text parsers run in every Shape<"...">, Tensor<"..."> and IndexingMap<"...">.
  constexpr void skip_space() noexcept {
    const char* const p = text_.data();
    const std::size_t n = text_.size();
    std::size_t i = pos_;
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r')) ++i;
    pos_ = i;
  }
  /// After optional whitespace: is the next character c? Does not consume.
  constexpr bool next_is(char c) noexcept {
    skip_space();
    return peek() == c;
  }
  /// After optional whitespace: consumes c if it is next.
  constexpr bool accept(char c) noexcept {
    if (!next_is(c)) return false;
    ++pos_;
    return true;
  }
  /// After optional whitespace: consumes the word if the text continues with it.
  constexpr bool accept(std::string_view word) noexcept {
    skip_space();
    const std::size_t n = word.size();
    if (pos_ > text_.size() || text_.size() - pos_ < n) return false;
    const char* const p = text_.data() + pos_;
    for (std::size_t i = 0; i < n; ++i) {
      if (p[i] != word[i]) return false;
    }
    pos_ += n;
    return true;
  }
  /// Consumes c or fails with `id` at the current position.
  constexpr bool expect(char c, error_id id) noexcept {
    if (accept(c)) return true;
    return fail(at_end() ? error_id::unexpected_end : id);
  }

  /// A decimal integer, with a '-' when allow_sign (after optional whitespace). Fails with expected_integer
  /// or integer_too_large, positioned at the first digit. No '+': XLA's lexer reads it as a token of its own,
  /// never as part of a number, so `T(+2)` or `{1,+0}` is no text XLA accepts.
  constexpr bool read_integer(index_t& out, bool allow_sign = true) noexcept {
    skip_space();
    const std::size_t start = pos_;
    bool negative = false;
    if (allow_sign && peek() == '-') {
      negative = true;
      ++pos_;
    }
    if (!is_digit(peek())) {
      pos_ = start;
      return fail(at_end() ? error_id::unexpected_end : error_id::expected_integer);
    }
    // Accumulate as a negative number so that INT64_MIN is representable.
    const char* const p = text_.data();
    const std::size_t n = text_.size();
    std::size_t i = pos_;
    index_t v = 0;
    while (i < n && p[i] >= '0' && p[i] <= '9') {
      const index_t digit = p[i] - '0';
      if (v < (index_min + digit) / 10) return fail_at(error_id::integer_too_large, start);
      v = v * 10 - digit;
      ++i;
    }
    pos_ = i;
    if (!negative) {
      if (v == index_min) return fail_at(error_id::integer_too_large, start);
      v = -v;
    }
    out = v;
    return true;
  }

  /// A name: letters, digits and '_' starting with a letter or '_' (after optional whitespace); empty
  /// when there is none.
  constexpr std::string_view read_name() noexcept {
    skip_space();
    const std::size_t start = pos_;
    const char c = peek();
    if (!(is_alpha(c) || c == '_')) return {};
    const char* const p = text_.data();
    const std::size_t n = text_.size();
    std::size_t i = pos_ + 1;
    while (i < n && is_name_char(p[i])) ++i;
    pos_ = i;
    return detail::substring(text_, start, i - start);
  }

  /// Records the first failure at the current position (after whitespace); always returns false.
  constexpr bool fail(error_id id) noexcept {
    skip_space();
    return fail_at(id, pos_);
  }
  constexpr bool fail_at(error_id id, std::size_t position) noexcept {
    if (error_.id == error_id::none) error_ = {id, static_cast<index_t>(position)};
    return false;
  }
  constexpr bool failed() const noexcept { return error_.id != error_id::none; }
  constexpr const error& failure() const noexcept { return error_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  error error_{};
};

}  // namespace XLAYOUT_NAMESPACE::text
