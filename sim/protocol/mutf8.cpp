#include "sim/protocol/mutf8.h"

#include <algorithm>

namespace hz {
namespace {

constexpr uint32_t kReplacement = 0xFFFD;

bool is_continuation(uint8_t b) { return (b & 0xC0) == 0x80; }
bool is_high_surrogate(uint32_t u) { return u >= 0xD800 && u <= 0xDBFF; }
bool is_low_surrogate(uint32_t u) { return u >= 0xDC00 && u <= 0xDFFF; }

// Appends one UTF-16 unit (or U+0000) in modified UTF-8 form.
void append_unit(uint32_t unit, Bytes& out) {
  if (unit != 0 && unit < 0x80) {
    out.push_back(static_cast<uint8_t>(unit));
  } else if (unit < 0x800) {
    out.push_back(static_cast<uint8_t>(0xC0 | (unit >> 6)));
    out.push_back(static_cast<uint8_t>(0x80 | (unit & 0x3F)));
  } else {
    out.push_back(static_cast<uint8_t>(0xE0 | (unit >> 12)));
    out.push_back(static_cast<uint8_t>(0x80 | ((unit >> 6) & 0x3F)));
    out.push_back(static_cast<uint8_t>(0x80 | (unit & 0x3F)));
  }
}

size_t unit_size(uint32_t unit) {
  if (unit != 0 && unit < 0x80) return 1;
  return unit < 0x800 ? 2 : 3;
}

}  // namespace

uint32_t next_code_point(std::string_view s, size_t& pos) {
  auto byte = [&](size_t i) { return static_cast<uint8_t>(s[i]); };
  uint8_t b0 = byte(pos);
  size_t left = s.size() - pos;
  if (b0 < 0x80) {
    ++pos;
    return b0;
  }
  if (b0 >= 0xC2 && b0 <= 0xDF && left >= 2 && is_continuation(byte(pos + 1))) {
    uint32_t cp = ((b0 & 0x1Fu) << 6) | (byte(pos + 1) & 0x3Fu);
    pos += 2;
    return cp;
  }
  if (b0 >= 0xE0 && b0 <= 0xEF && left >= 3 && is_continuation(byte(pos + 1)) &&
      is_continuation(byte(pos + 2))) {
    uint32_t cp = ((b0 & 0x0Fu) << 12) | ((byte(pos + 1) & 0x3Fu) << 6) | (byte(pos + 2) & 0x3Fu);
    if (cp >= 0x800) {
      pos += 3;
      return cp;
    }
  }
  if (b0 >= 0xF0 && b0 <= 0xF4 && left >= 4 && is_continuation(byte(pos + 1)) &&
      is_continuation(byte(pos + 2)) && is_continuation(byte(pos + 3))) {
    uint32_t cp = ((b0 & 0x07u) << 18) | ((byte(pos + 1) & 0x3Fu) << 12) |
                  ((byte(pos + 2) & 0x3Fu) << 6) | (byte(pos + 3) & 0x3Fu);
    if (cp >= 0x10000 && cp <= 0x10FFFF) {
      pos += 4;
      return cp;
    }
  }
  ++pos;
  return kReplacement;
}

void append_utf8(uint32_t cp, std::string& out) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

void append_modified_utf8(std::string_view utf8, Bytes& out) {
  for (size_t pos = 0; pos < utf8.size();) {
    uint32_t cp = next_code_point(utf8, pos);
    if (cp < 0x10000) {
      append_unit(cp, out);
    } else {
      uint32_t v = cp - 0x10000;
      append_unit(0xD800 + (v >> 10), out);
      append_unit(0xDC00 + (v & 0x3FF), out);
    }
  }
}

size_t modified_utf8_size(std::string_view utf8) {
  size_t n = 0;
  for (size_t pos = 0; pos < utf8.size();) {
    uint32_t cp = next_code_point(utf8, pos);
    n += cp < 0x10000 ? unit_size(cp) : 6;
  }
  return n;
}

size_t utf16_length(std::string_view utf8) {
  size_t n = 0;
  for (size_t pos = 0; pos < utf8.size();) n += next_code_point(utf8, pos) < 0x10000 ? 1 : 2;
  return n;
}

Result<std::string> decode_modified_utf8(std::span<const uint8_t> in, size_t* utf16_units) {
  // Names and block states are ASCII: one byte, one UTF-16 unit, the same bytes out.
  if (std::all_of(in.begin(), in.end(), [](uint8_t b) { return b < 0x80; })) {
    if (utf16_units != nullptr) *utf16_units = in.size();
    return std::string(in.begin(), in.end());
  }
  std::string out;
  out.reserve(in.size());
  size_t units = 0;
  uint32_t pending_high = 0;  // a high surrogate waiting for its low half
  auto emit = [&](uint32_t unit) {
    ++units;
    if (pending_high != 0 && is_low_surrogate(unit)) {
      append_utf8(0x10000 + ((pending_high - 0xD800) << 10) + (unit - 0xDC00), out);
      pending_high = 0;
      return;
    }
    if (pending_high != 0) append_utf8(pending_high, out);
    pending_high = 0;
    if (is_high_surrogate(unit)) {
      pending_high = unit;
    } else {
      append_utf8(unit, out);
    }
  };
  for (size_t i = 0; i < in.size();) {
    uint8_t b0 = in[i];
    switch (b0 >> 4) {
      case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7:
        emit(b0);
        i += 1;
        break;
      case 12: case 13:
        if (i + 2 > in.size()) return Error{"malformed modified UTF-8: partial character at end"};
        if (!is_continuation(in[i + 1])) return Error{"malformed modified UTF-8 around byte " + std::to_string(i)};
        emit(((b0 & 0x1Fu) << 6) | (in[i + 1] & 0x3Fu));
        i += 2;
        break;
      case 14:
        if (i + 3 > in.size()) return Error{"malformed modified UTF-8: partial character at end"};
        if (!is_continuation(in[i + 1]) || !is_continuation(in[i + 2])) {
          return Error{"malformed modified UTF-8 around byte " + std::to_string(i)};
        }
        emit(((b0 & 0x0Fu) << 12) | ((in[i + 1] & 0x3Fu) << 6) | (in[i + 2] & 0x3Fu));
        i += 3;
        break;
      default:
        return Error{"malformed modified UTF-8 around byte " + std::to_string(i)};
    }
  }
  if (pending_high != 0) append_utf8(pending_high, out);
  if (utf16_units != nullptr) *utf16_units = units;
  return out;
}

}  // namespace hz
