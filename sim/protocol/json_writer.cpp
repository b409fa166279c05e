#include "sim/protocol/json_writer.h"

#include <charconv>
#include <cmath>

#include "sim/protocol/mutf8.h"

namespace hz {

void append_json_string(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.push_back('"');
  for (size_t pos = 0; pos < s.size();) {
    uint32_t cp = next_code_point(s, pos);
    switch (cp) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (cp < 0x20 || (cp >= 0xD800 && cp <= 0xDFFF)) {
          out += "\\u";
          for (int shift = 12; shift >= 0; shift -= 4) out.push_back(kHex[(cp >> shift) & 0xF]);
        } else {
          append_utf8(cp, out);
        }
    }
  }
  out.push_back('"');
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!has_items_.empty()) {
    if (has_items_.back()) out_.push_back(',');
    has_items_.back() = true;
  }
}

JsonWriter& JsonWriter::begin_object() {
  before_value();
  out_.push_back('{');
  has_items_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  out_.push_back('}');
  has_items_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  before_value();
  out_.push_back('[');
  has_items_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  out_.push_back(']');
  has_items_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  before_value();
  append_json_string(out_, name);
  out_.push_back(':');
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::string(std::string_view utf8) {
  before_value();
  append_json_string(out_, utf8);
  return *this;
}

JsonWriter& JsonWriter::number(int64_t v) {
  before_value();
  out_ += std::to_string(v);
  return *this;
}

JsonWriter& JsonWriter::number(uint64_t v) {
  before_value();
  out_ += std::to_string(v);
  return *this;
}

namespace {

template <class F>
void append_shortest(std::string& out, F v) {
  char buf[32];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, res.ptr);
}

}  // namespace

JsonWriter& JsonWriter::number(double v) {
  if (std::isnan(v)) return string("NaN");
  if (std::isinf(v)) return string(v > 0 ? "Infinity" : "-Infinity");
  before_value();
  append_shortest(out_, v);
  return *this;
}

JsonWriter& JsonWriter::number(float v) {
  if (std::isnan(v)) return string("NaN");
  if (std::isinf(v)) return string(v > 0 ? "Infinity" : "-Infinity");
  before_value();
  append_shortest(out_, v);
  return *this;
}

JsonWriter& JsonWriter::boolean(bool v) {
  before_value();
  out_ += v ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::null() {
  before_value();
  out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
  before_value();
  out_ += json;
  return *this;
}

}  // namespace hz
