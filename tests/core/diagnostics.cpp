// tests/core/diagnostics.cpp: error ids, their names and sentences, describe(), result<T>, and the
// documentation of every id (docs/diagnostics.md must show each one).
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <xlayout/core/diagnostics.hpp>

using namespace xlayout;

namespace {
constexpr result<int> half(int x) {
  if (x % 2 != 0) return error{error_id::unexpected_character, 3};
  return x / 2;
}
}  // namespace

TEST_CASE("every error id has a unique name, a sentence, and is found by its name", "[core][diagnostics]") {
  int count = 0;
  for (int i = 1; error_name(static_cast<error_id>(i)) != "unknown"; ++i) {
    const auto id = static_cast<error_id>(i);
    INFO(error_name(id));
    CHECK(error_from_name(error_name(id)) == id);
    CHECK(error_message(id).size() > 10);
    for (int j = 1; j < i; ++j) CHECK(error_name(static_cast<error_id>(j)) != error_name(id));
    ++count;
  }
  CHECK(count > 50);
  CHECK(error_from_name("no_such_error") == error_id::none);
}

TEST_CASE("describe() writes the id, the rule and the 1-based column", "[core][diagnostics]") {
  STATIC_REQUIRE(
      describe({error_id::not_a_permutation, 11}).view() ==
      "[xlayout:not_a_permutation] Layout: minor_to_major must list each dimension exactly once (column 12)");
  STATIC_REQUIRE(describe({error_id::span_overflow, -1}).view().find("column") == std::string_view::npos);
}

TEST_CASE("describe() holds every id's whole sentence, with the widest column", "[core][diagnostics]") {
  // describe() writes into 256 characters: a longer sentence would be cut without a word.
  for (int i = 1; error_name(static_cast<error_id>(i)) != "unknown"; ++i) {
    const auto id = static_cast<error_id>(i);
    INFO(error_name(id));
    const auto text = describe({id, index_max - 1});
    const std::string want = "[xlayout:" + std::string(error_name(id)) + "] " +
                             std::string(error_message(id)) + " (column 9223372036854775807)";
    CHECK(text.view() == want);
  }
}

TEST_CASE("result<T> holds a value or an error", "[core][diagnostics]") {
  STATIC_REQUIRE(half(8).has_value());
  STATIC_REQUIRE(*half(8) == 4);
  STATIC_REQUIRE(!half(7));
  STATIC_REQUIRE(half(7).error().id == error_id::unexpected_character);
  STATIC_REQUIRE(half(7).error().position == 3);
  STATIC_REQUIRE(half(7).value_or(-1) == -1);
  // An error built from error_id::none is still an error.
  STATIC_REQUIRE(!result<int>(error{}).has_value());
}

TEST_CASE("docs/diagnostics.md shows every error id", "[core][diagnostics][docs]") {
  std::ifstream in(XLAYOUT_SOURCE_DIR "/docs/diagnostics.md");
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  for (int i = 1; error_name(static_cast<error_id>(i)) != "unknown"; ++i) {
    const std::string heading = "`" + std::string(error_name(static_cast<error_id>(i))) + "`";
    INFO("docs/diagnostics.md lacks " << heading);
    CHECK(doc.find(heading) != std::string::npos);
  }
}
