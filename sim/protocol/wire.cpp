#include "sim/protocol/wire.h"

#include <bit>
#include <cmath>
#include <cstring>

namespace hz {

std::string Uuid::to_string() const {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  s.reserve(36);
  for (int i = 0; i < 32; ++i) {
    uint64_t word = i < 16 ? most : least;
    int shift = 60 - 4 * (i % 16);
    s.push_back(kHex[(word >> shift) & 0xF]);
    if (i == 7 || i == 11 || i == 15 || i == 19) s.push_back('-');
  }
  return s;
}

void ByteWriter::varint(int32_t v) {
  uint32_t u = static_cast<uint32_t>(v);
  while (u >= 0x80) {
    out_.push_back(static_cast<uint8_t>(u | 0x80));
    u >>= 7;
  }
  out_.push_back(static_cast<uint8_t>(u));
}

void ByteWriter::varlong(int64_t v) {
  uint64_t u = static_cast<uint64_t>(v);
  while (u >= 0x80) {
    out_.push_back(static_cast<uint8_t>(u | 0x80));
    u >>= 7;
  }
  out_.push_back(static_cast<uint8_t>(u));
}

void ByteWriter::string(std::string_view s) {
  varint(static_cast<int32_t>(s.size()));
  raw(s.data(), s.size());
}

void ByteWriter::position(const BlockPos& p) {
  uint64_t v = ((static_cast<uint64_t>(p.x) & 0x3FFFFFF) << 38) |
               ((static_cast<uint64_t>(p.z) & 0x3FFFFFF) << 12) | (static_cast<uint64_t>(p.y) & 0xFFF);
  u64(v);
}

void ByteWriter::angle(float degrees) {
  // Java: (byte) Mth.floor(degrees * 256.0F / 360.0F)
  u8(static_cast<uint8_t>(static_cast<int32_t>(std::floor(degrees * 256.0f / 360.0f))));
}

void ByteWriter::bitset(std::span<const uint64_t> words) {
  varint(static_cast<int32_t>(words.size()));
  for (uint64_t w : words) u64(w);
}

int varint_size(int32_t v) {
  uint32_t u = static_cast<uint32_t>(v);
  int n = 1;
  while (u >= 0x80) {
    u >>= 7;
    ++n;
  }
  return n;
}

const char* wire_error_text(WireError e) {
  switch (e) {
    case WireError::kNone: return "no error";
    case WireError::kTruncated: return "packet ended in the middle of a field";
    case WireError::kVarIntTooLong: return "VarInt too big";
    case WireError::kStringTooLong: return "string longer than allowed";
    case WireError::kNegativeLength: return "negative length";
    case WireError::kBadValue: return "invalid value";
    case WireError::kTrailingBytes: return "bytes left over after the packet";
  }
  return "unknown";
}

uint64_t ByteReader::get_be(int n) {
  if (!ok() || remaining() < static_cast<size_t>(n)) {
    fail(WireError::kTruncated);
    return 0;
  }
  uint64_t v = 0;
  for (int i = 0; i < n; ++i) v = (v << 8) | in_[pos_ + i];
  pos_ += n;
  return v;
}

void ByteReader::u64_array(std::span<uint64_t> out) {
  if (!ok() || remaining() / 8 < out.size()) {
    fail(WireError::kTruncated);
    return;
  }
  for (uint64_t& word : out) {
    std::memcpy(&word, in_.data() + pos_, 8);
    if constexpr (std::endian::native == std::endian::little) word = __builtin_bswap64(word);
    pos_ += 8;
  }
}

bool ByteReader::boolean() {
  uint8_t b = u8();
  if (b > 1) fail(WireError::kBadValue);
  return b == 1;
}

int32_t ByteReader::varint() {
  uint32_t result = 0;
  for (int i = 0; i < 5; ++i) {
    uint8_t b = u8();
    if (!ok()) return 0;
    result |= static_cast<uint32_t>(b & 0x7F) << (7 * i);
    if ((b & 0x80) == 0) return static_cast<int32_t>(result);
  }
  fail(WireError::kVarIntTooLong);
  return 0;
}

int64_t ByteReader::varlong() {
  uint64_t result = 0;
  for (int i = 0; i < 10; ++i) {
    uint8_t b = u8();
    if (!ok()) return 0;
    result |= static_cast<uint64_t>(b & 0x7F) << (7 * i);
    if ((b & 0x80) == 0) return static_cast<int64_t>(result);
  }
  fail(WireError::kVarIntTooLong);
  return 0;
}

int32_t ByteReader::length(int32_t max) {
  int32_t n = varint();
  if (!ok()) return 0;
  if (n < 0) {
    fail(WireError::kNegativeLength);
    return 0;
  }
  if (n > max) {
    fail(WireError::kBadValue);
    return 0;
  }
  return n;
}

std::string ByteReader::string(int max_chars) {
  int32_t n = varint();
  if (!ok()) return {};
  if (n < 0) {
    fail(WireError::kNegativeLength);
    return {};
  }
  if (static_cast<int64_t>(n) > static_cast<int64_t>(max_chars) * 3) {
    fail(WireError::kStringTooLong);
    return {};
  }
  if (remaining() < static_cast<size_t>(n)) {
    fail(WireError::kTruncated);
    return {};
  }
  std::string s(reinterpret_cast<const char*>(in_.data() + pos_), static_cast<size_t>(n));
  pos_ += n;
  // Java counts UTF-16 units; count code points, with supplementary ones as two.
  int64_t units = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80) units += (c >= 0xF0) ? 2 : 1;
  }
  if (units > max_chars) fail(WireError::kStringTooLong);
  return s;
}

BlockPos ByteReader::position() {
  int64_t v = i64();
  BlockPos p;
  p.x = static_cast<int32_t>(v >> 38);
  p.y = static_cast<int32_t>((v << 52) >> 52);
  p.z = static_cast<int32_t>((v << 26) >> 38);
  return p;
}

Bytes ByteReader::raw(size_t n) {
  auto v = view(n);
  return Bytes(v.begin(), v.end());
}

std::span<const uint8_t> ByteReader::view(size_t n) {
  if (!ok() || remaining() < n) {
    fail(WireError::kTruncated);
    return {};
  }
  auto v = in_.subspan(pos_, n);
  pos_ += n;
  return v;
}

std::vector<uint64_t> ByteReader::bitset(int max_words) {
  int32_t n = length(max_words);
  std::vector<uint64_t> words;
  if (!ok() || remaining() < static_cast<size_t>(n) * 8) {
    fail(WireError::kTruncated);
    return words;
  }
  words.resize(static_cast<size_t>(n));
  u64_array(words);
  return words;
}

}  // namespace hz
