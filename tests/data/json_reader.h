// A minimal JSON reader for the data tests (objects, arrays, strings, numbers, true/false/null),
// enough to read the reference tag file; parse errors give nullopt, never a crash.
#pragma once

#include <cctype>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hz::test {

struct JsonValue {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = Kind::kNull;
  bool boolean = false;
  double number = 0;
  std::string text;
  std::vector<JsonValue> items;
  // Object members in file order. A struct declared here and defined below: a std::pair of an
  // incomplete type is refused by clang with libstdc++.
  struct Member;
  std::vector<Member> members;

  const JsonValue* member(std::string_view name) const;
};

struct JsonValue::Member {
  std::string key;
  JsonValue value;
};

inline const JsonValue* JsonValue::member(std::string_view name) const {
  for (const auto& [key, value] : members) {
    if (key == name) return &value;
  }
  return nullptr;
}

class JsonReader {
 public:
  explicit JsonReader(std::string_view text) : text_(text) {}

  std::optional<JsonValue> parse() {
    JsonValue value;
    if (!parse_value(value, 0)) return std::nullopt;
    skip_space();
    if (pos_ != text_.size()) return std::nullopt;
    return value;
  }

 private:
  static constexpr int kMaxDepth = 64;

  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool consume(char c) {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }
  bool parse_value(JsonValue& out, int depth) {
    if (depth > kMaxDepth) return false;
    skip_space();
    if (pos_ >= text_.size()) return false;
    const char c = text_[pos_];
    if (c == '{') return parse_object(out, depth);
    if (c == '[') return parse_array(out, depth);
    if (c == '"') {
      out.kind = JsonValue::Kind::kString;
      return parse_string(out.text);
    }
    if (literal("true")) return out.kind = JsonValue::Kind::kBool, out.boolean = true, true;
    if (literal("false")) return out.kind = JsonValue::Kind::kBool, true;
    if (literal("null")) return true;
    return parse_number(out);
  }
  bool parse_number(JsonValue& out) {
    const size_t start = pos_;
    while (pos_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '-' ||
                                   text_[pos_] == '+' || text_[pos_] == '.' || text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
    }
    if (start == pos_) return false;
    const std::string digits(text_.substr(start, pos_ - start));
    char* end = nullptr;
    out.kind = JsonValue::Kind::kNumber;
    out.number = std::strtod(digits.c_str(), &end);
    return end == digits.c_str() + digits.size();
  }
  // Escapes other than \uXXXX map to their character; \uXXXX is kept only for ASCII (enough here).
  bool parse_string(std::string& out) {
    ++pos_;  // opening quote
    while (pos_ < text_.size()) {
      const char c = text_[pos_++];
      if (c == '"') return true;
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (pos_ >= text_.size()) return false;
      const char e = text_[pos_++];
      if (e == 'u') {
        if (text_.size() - pos_ < 4) return false;
        const unsigned code = static_cast<unsigned>(std::strtoul(std::string(text_.substr(pos_, 4)).c_str(), nullptr, 16));
        pos_ += 4;
        out.push_back(code < 0x80 ? static_cast<char>(code) : '?');
      } else {
        out.push_back(e == 'n' ? '\n' : e == 't' ? '\t' : e);
      }
    }
    return false;
  }
  bool parse_array(JsonValue& out, int depth) {
    out.kind = JsonValue::Kind::kArray;
    ++pos_;
    if (consume(']')) return true;
    do {
      JsonValue item;
      if (!parse_value(item, depth + 1)) return false;
      out.items.push_back(std::move(item));
    } while (consume(','));
    return consume(']');
  }
  bool parse_object(JsonValue& out, int depth) {
    out.kind = JsonValue::Kind::kObject;
    ++pos_;
    if (consume('}')) return true;
    do {
      skip_space();
      std::string key;
      if (pos_ >= text_.size() || text_[pos_] != '"' || !parse_string(key) || !consume(':')) return false;
      JsonValue value;
      if (!parse_value(value, depth + 1)) return false;
      out.members.push_back(JsonValue::Member{std::move(key), std::move(value)});
    } while (consume(','));
    return consume('}');
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace hz::test
