// nbt::to_string: a compact SNBT-like rendering for logs, dumps and test failure messages.
#include <charconv>

#include "sim/protocol/nbt.h"

namespace hz::nbt {
namespace {

template <class F>
void append_number(std::string& out, F v) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v);  // shortest form that reads back exactly
  out.append(buf, res.ptr);
}

void append_quoted(std::string& out, std::string_view s) {
  out.push_back('"');
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          static constexpr char kHex[] = "0123456789abcdef";
          out += "\\x";
          out.push_back(kHex[(c >> 4) & 0xF]);
          out.push_back(kHex[c & 0xF]);
        } else {
          out.push_back(c);
        }
    }
  }
  out.push_back('"');
}

bool is_bare_key(std::string_view key) {
  if (key.empty()) return false;
  for (char c : key) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
              c == '-' || c == '.' || c == '+';
    if (!ok) return false;
  }
  return true;
}

template <class T>
void append_array(std::string& out, char prefix, const std::vector<T>& values, const char* suffix) {
  out.push_back('[');
  out.push_back(prefix);
  out.push_back(';');
  for (size_t i = 0; i < values.size(); ++i) {
    if (i != 0) out.push_back(',');
    append_number(out, values[i]);
    out += suffix;
  }
  out.push_back(']');
}

void append_tag(std::string& out, const Tag& tag) {
  struct Visitor {
    std::string& out;
    void operator()(std::monostate) { out += "END"; }
    void operator()(int8_t v) { append_number(out, v); out += 'b'; }
    void operator()(int16_t v) { append_number(out, v); out += 's'; }
    void operator()(int32_t v) { append_number(out, v); }
    void operator()(int64_t v) { append_number(out, v); out += 'L'; }
    void operator()(float v) { append_number(out, v); out += 'f'; }
    void operator()(double v) { append_number(out, v); out += 'd'; }
    void operator()(const ByteArray& v) { append_array(out, 'B', v, "b"); }
    void operator()(const std::string& v) { append_quoted(out, v); }
    void operator()(const List& v) {
      out.push_back('[');
      for (size_t i = 0; i < v.items.size(); ++i) {
        if (i != 0) out.push_back(',');
        append_tag(out, v.items[i]);
      }
      out.push_back(']');
    }
    void operator()(const Compound& v) {
      out.push_back('{');
      bool first = true;
      for (const auto& [key, value] : v) {
        if (!first) out.push_back(',');
        first = false;
        if (is_bare_key(key)) {
          out += key;
        } else {
          append_quoted(out, key);
        }
        out.push_back(':');
        append_tag(out, value);
      }
      out.push_back('}');
    }
    void operator()(const IntArray& v) { append_array(out, 'I', v, ""); }
    void operator()(const LongArray& v) { append_array(out, 'L', v, "L"); }
  };
  std::visit(Visitor{out}, tag.value());
}

}  // namespace

std::string to_string(const Tag& tag) {
  std::string out;
  append_tag(out, tag);
  return out;
}

}  // namespace hz::nbt
