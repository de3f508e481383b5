// cli/json.hpp: the JSON the xlayout command prints. The values are nlohmann::ordered_json (fields in the
// order they are added); json_line() writes them on one line with a space after each ',' and ':', as
// docs/cli.md shows: {"a": 1, "b": [2, 3]}. nlohmann's own dump() has no such spacing (dump() writes
// {"a":1,"b":[2,3]}; with an indent it writes one value a line), so json_line() walks the objects and arrays
// itself and lets dump() write the strings, numbers, booleans and nulls.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace xlayout_cli {

using json = nlohmann::ordered_json;

/// A JSON array of integers: [2, 3].
template <class Range>
json json_int_array(const Range& values) {
  json out = json::array();
  for (auto v : values) out.push_back(static_cast<long long>(v));
  return out;
}

/// `j` on one line: {"key": value, ...}, [1, 2]. Strings are escaped by nlohmann ('"', '\\' and control
/// characters; other characters as they are), and each byte that is not valid UTF-8 is replaced by U+FFFD,
/// so the output is valid JSON whatever bytes the input had.
/// (Not called print: with C++23, argument-dependent lookup also finds std::print, and the call is
/// ambiguous.)
inline void json_line(std::string& out, const json& j) {
  if (j.is_object()) {
    out += '{';
    bool first = true;
    for (const auto& [key, value] : j.items()) {
      out += first ? "" : ", ";
      first = false;
      json_line(out, json(key));
      out += ": ";
      json_line(out, value);
    }
    out += '}';
  } else if (j.is_array()) {
    out += '[';
    for (std::size_t i = 0; i < j.size(); ++i) {
      out += i > 0 ? ", " : "";
      json_line(out, j[i]);
    }
    out += ']';
  } else {
    out += j.dump(-1, ' ', false, json::error_handler_t::replace);
  }
}

inline std::string json_line(const json& j) {
  std::string out;
  json_line(out, j);
  return out;
}

}  // namespace xlayout_cli
