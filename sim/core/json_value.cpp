#include "sim/core/json_value.h"

#include <charconv>

namespace hz {

const JsonValue* JsonValue::get(const std::string& key) const {
  const Object* o = object();
  if (!o) return nullptr;
  auto it = o->find(key);
  return it == o->end() ? nullptr : &it->second;
}

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {}

  JsonParseResult run() {
    JsonValue v;
    if (!parse_value(v, 0)) return {std::nullopt, error_};
    skip_ws();
    if (pos_ != s_.size()) return {std::nullopt, where() + "unexpected text after the value"};
    return {std::move(v), ""};
  }

 private:
  std::string where() const {
    int line = 1;
    for (size_t i = 0; i < pos_ && i < s_.size(); ++i) line += s_[i] == '\n';
    return "line " + std::to_string(line) + ": ";
  }
  bool fail(const std::string& what) {
    if (error_.empty()) error_ = where() + what;
    return false;
  }
  void skip_ws() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\r' || s_[pos_] == '\t')) ++pos_;
  }
  bool literal(std::string_view word) {
    if (s_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  bool parse_value(JsonValue& out, int depth) {
    if (depth > 64) return fail("nested too deeply");
    skip_ws();
    if (pos_ >= s_.size()) return fail("unexpected end of text");
    char c = s_[pos_];
    if (c == '{') return parse_object(out, depth);
    if (c == '[') return parse_array(out, depth);
    if (c == '"') {
      std::string str;
      if (!parse_string(str)) return false;
      out.value = std::move(str);
      return true;
    }
    if (literal("true")) return out.value = true, true;
    if (literal("false")) return out.value = false, true;
    if (literal("null")) return out.value = nullptr, true;
    double d = 0;
    auto res = std::from_chars(s_.data() + pos_, s_.data() + s_.size(), d);
    if (res.ec != std::errc()) return fail("expected a value");
    pos_ = static_cast<size_t>(res.ptr - s_.data());
    out.value = d;
    return true;
  }

  bool parse_object(JsonValue& out, int depth) {
    JsonValue::Object obj;
    ++pos_;
    skip_ws();
    if (pos_ < s_.size() && s_[pos_] == '}') {
      ++pos_;
      out.value = std::move(obj);
      return true;
    }
    for (;;) {
      skip_ws();
      std::string key;
      if (pos_ >= s_.size() || s_[pos_] != '"') return fail("expected a member name");
      if (!parse_string(key)) return false;
      skip_ws();
      if (pos_ >= s_.size() || s_[pos_] != ':') return fail("expected ':'");
      ++pos_;
      JsonValue v;
      if (!parse_value(v, depth + 1)) return false;
      obj[key] = std::move(v);
      skip_ws();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < s_.size() && s_[pos_] == '}') {
        ++pos_;
        out.value = std::move(obj);
        return true;
      }
      return fail("expected ',' or '}'");
    }
  }

  bool parse_array(JsonValue& out, int depth) {
    JsonValue::Array arr;
    ++pos_;
    skip_ws();
    if (pos_ < s_.size() && s_[pos_] == ']') {
      ++pos_;
      out.value = std::move(arr);
      return true;
    }
    for (;;) {
      JsonValue v;
      if (!parse_value(v, depth + 1)) return false;
      arr.push_back(std::move(v));
      skip_ws();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < s_.size() && s_[pos_] == ']') {
        ++pos_;
        out.value = std::move(arr);
        return true;
      }
      return fail("expected ',' or ']'");
    }
  }

  bool parse_string(std::string& out) {
    ++pos_;
    while (pos_ < s_.size()) {
      char c = s_[pos_++];
      if (c == '"') return true;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= s_.size()) break;
      char e = s_[pos_++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          if (pos_ + 4 > s_.size()) return fail("bad \\u escape");
          unsigned cp = 0;
          auto res = std::from_chars(s_.data() + pos_, s_.data() + pos_ + 4, cp, 16);
          if (res.ptr != s_.data() + pos_ + 4) return fail("bad \\u escape");
          pos_ += 4;
          if (cp < 0x80) out += static_cast<char>(cp);
          else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
          } else {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
          }
          break;
        }
        default: out += e;
      }
    }
    return fail("unterminated string");
  }

  std::string_view s_;
  size_t pos_ = 0;
  std::string error_;
};

}  // namespace

JsonParseResult parse_json(std::string_view text) { return Parser(text).run(); }

}  // namespace hz
