// tests/text/scanner.cpp: the scanner under every parser: integers, names, whitespace, first error kept.
#include <catch2/catch.hpp>
#include <xlayout/text/scanner.hpp>

using namespace xlayout;

namespace {
constexpr result<index_t> integer(std::string_view s) {
  text::scanner in(s);
  index_t v = 0;
  if (!in.read_integer(v)) return in.failure();
  return v;
}
}  // namespace

TEST_CASE("read_integer: the whole int64 range, and nothing beyond it", "[text]") {
  STATIC_REQUIRE(*integer(" 42") == 42);
  STATIC_REQUIRE(*integer("-7") == -7);
  // No '+': XLA's lexer makes it a token of its own (kPlus), never part of a number.
  STATIC_REQUIRE(integer("+7").error() == error{error_id::expected_integer, 0});
  STATIC_REQUIRE(*integer("9223372036854775807") == index_max);
  STATIC_REQUIRE(*integer("-9223372036854775808") == index_min);
  STATIC_REQUIRE(integer("9223372036854775808").error() == error{error_id::integer_too_large, 0});
  STATIC_REQUIRE(integer("  x").error() == error{error_id::expected_integer, 2});
  STATIC_REQUIRE(integer("").error().id == error_id::unexpected_end);
}

TEST_CASE("names, words and the first failure", "[text]") {
  text::scanner in("  bf16 [ 3 ]");
  CHECK(in.read_name() == "bf16");
  CHECK(in.accept('['));
  CHECK_FALSE(in.accept(']'));
  CHECK(in.accept(std::string_view("3")));
  CHECK(in.expect(']', error_id::expected_closing_bracket));
  CHECK(in.at_end());
  CHECK_FALSE(in.fail(error_id::extra_content));
  CHECK_FALSE(in.fail(error_id::unexpected_character));  // ignored: the first failure is kept
  CHECK(in.failure() == error{error_id::extra_content, 12});
}
