// cli/json.hpp: the JSON the xlayout command prints, written by hand (the command depends on
// nothing but the library and the standard library).
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <xlayout/core/index.hpp>

namespace xlayout_cli {

/// Length of the UTF-8 sequence that starts at s[i], or 0 when the bytes there are not valid UTF-8.
inline std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b = byte(i);
  std::size_t n = 0;
  unsigned min = 0;
  if (b >= 0xC2 && b <= 0xDF) {
    n = 2, min = 0x80;
  } else if (b >= 0xE0 && b <= 0xEF) {
    n = 3, min = 0x800;
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 4, min = 0x10000;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  unsigned cp = b & (0xFFu >> (n + 1));
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

/// `s` as a JSON string, quotes included: '"', '\\' and control characters escaped, valid UTF-8 kept as
/// it is, and each byte that is not valid UTF-8 replaced by U+FFFD (so the output is always valid JSON).
inline std::string json_string(std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      const std::size_t n = utf8_sequence_length(s, i);
      if (n == 0) {
        out += "\\ufffd";
        ++i;
      } else {
        out.append(s.substr(i, n));
        i += n;
      }
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (c < 0x20 || c == 0x7F) {
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 0xF];
        } else {
          out += static_cast<char>(c);
        }
    }
    ++i;
  }
  out += '"';
  return out;
}

/// A JSON array of integers: "[2, 3]".
template <class Range>
std::string json_int_array(const Range& values) {
  std::string out = "[";
  bool first = true;
  for (auto v : values) {
    if (!first) out += ", ";
    first = false;
    out += std::to_string(static_cast<long long>(v));
  }
  return out + "]";
}

/// A JSON array of values that are already JSON text.
inline std::string json_array(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    out += items[i];
  }
  return out + "]";
}

/// A JSON object built field by field, in the order the fields are added: {"key": value, ...}.
class json_object {
 public:
  /// Adds a field whose value is already JSON text.
  json_object& raw(std::string_view key, std::string_view json) {
    if (!text_.empty()) text_ += ", ";
    text_ += json_string(key);
    text_ += ": ";
    text_ += json;
    return *this;
  }
  json_object& string(std::string_view key, std::string_view value) { return raw(key, json_string(value)); }
  json_object& integer(std::string_view key, xlayout::index_t value) {
    return raw(key, std::to_string(static_cast<long long>(value)));
  }
  json_object& boolean(std::string_view key, bool value) { return raw(key, value ? "true" : "false"); }
  json_object& null(std::string_view key) { return raw(key, "null"); }

  std::string str() const { return "{" + text_ + "}"; }

 private:
  std::string text_;
};

}  // namespace xlayout_cli
