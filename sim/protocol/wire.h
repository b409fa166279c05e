// Reading and writing the protocol's primitive types (big-endian numbers, VarInt/VarLong, strings,
// UUIDs, packed positions, angles, bit sets). Every packet codec is built from these two classes.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/types.h"

namespace hz {

struct Uuid {
  uint64_t most = 0;
  uint64_t least = 0;
  bool operator==(const Uuid&) const = default;
  auto operator<=>(const Uuid&) const = default;
  std::string to_string() const;  // 8-4-4-4-12 lowercase hex
  template <class Io>
  void state_fields(Io& io) {
    io(most, least);
  }
};

struct BlockPos {
  int32_t x = 0, y = 0, z = 0;
  bool operator==(const BlockPos&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(x, y, z);
  }
};

// Appends protocol-encoded values to a byte vector.
class ByteWriter {
 public:
  ByteWriter() = default;
  explicit ByteWriter(size_t reserve) { out_.reserve(reserve); }

  void u8(uint8_t v) { out_.push_back(v); }
  void i8(int8_t v) { u8(static_cast<uint8_t>(v)); }
  void boolean(bool v) { u8(v ? 1 : 0); }
  void u16(uint16_t v) { put_be(v, 2); }
  void i16(int16_t v) { put_be(static_cast<uint16_t>(v), 2); }
  void i32(int32_t v) { put_be(static_cast<uint32_t>(v), 4); }
  void i64(int64_t v) { put_be(static_cast<uint64_t>(v), 8); }
  void u64(uint64_t v) { put_be(v, 8); }
  void f32(float v) {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    put_be(b, 4);
  }
  void f64(double v) {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    put_be(b, 8);
  }
  void varint(int32_t v);
  void varlong(int64_t v);
  void string(std::string_view s);  // VarInt byte length + UTF-8
  void uuid(const Uuid& u) {
    u64(u.most);
    u64(u.least);
  }
  void position(const BlockPos& p);
  void angle(float degrees);  // byte = degrees * 256 / 360, wrapping
  void raw(std::span<const uint8_t> bytes) { out_.insert(out_.end(), bytes.begin(), bytes.end()); }
  void raw(const void* data, size_t n) {
    const auto* p = static_cast<const uint8_t*>(data);
    out_.insert(out_.end(), p, p + n);
  }
  void bitset(std::span<const uint64_t> words);  // VarInt count of longs + longs

  size_t size() const { return out_.size(); }
  Bytes& bytes() { return out_; }
  Bytes take() { return std::move(out_); }

 private:
  void put_be(uint64_t v, int n) {
    for (int i = n - 1; i >= 0; --i) out_.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  Bytes out_;
};

// Why a read failed. Reads never throw; the first failure sticks and later reads return zeros.
enum class WireError : uint8_t {
  kNone,
  kTruncated,        // fewer bytes than the field needs
  kVarIntTooLong,    // more than 5 (VarInt) or 10 (VarLong) bytes
  kStringTooLong,    // byte length over 3 * max chars, or more chars than allowed
  kNegativeLength,   // a length prefix below zero
  kBadValue,         // a value outside the field's domain (enum, bool, NBT, ...)
  kTrailingBytes,    // bytes left after the packet's last field
};

const char* wire_error_text(WireError e);

// Reads protocol-encoded values from a byte span.
class ByteReader {
 public:
  explicit ByteReader(std::span<const uint8_t> in) : in_(in) {}

  uint8_t u8() {
    if (ok() && pos_ < in_.size()) return in_[pos_++];
    fail(WireError::kTruncated);
    return 0;
  }
  int8_t i8() { return static_cast<int8_t>(u8()); }
  bool boolean();
  uint16_t u16() { return static_cast<uint16_t>(get_be(2)); }
  int16_t i16() { return static_cast<int16_t>(get_be(2)); }
  int32_t i32() { return static_cast<int32_t>(get_be(4)); }
  int64_t i64() { return static_cast<int64_t>(get_be(8)); }
  uint64_t u64() { return get_be(8); }
  float f32() {
    uint32_t b = static_cast<uint32_t>(get_be(4));
    float v;
    std::memcpy(&v, &b, 4);
    return v;
  }
  double f64() {
    uint64_t b = get_be(8);
    double v;
    std::memcpy(&v, &b, 8);
    return v;
  }
  int32_t varint();
  int64_t varlong();
  std::string string(int max_chars = 32767);
  Uuid uuid() {
    Uuid u;
    u.most = u64();
    u.least = u64();
    return u;
  }
  BlockPos position();
  float angle() { return static_cast<float>(u8()) * 360.0f / 256.0f; }
  // Reads `n` bytes (checked against what is left before anything is allocated).
  Bytes raw(size_t n);
  std::span<const uint8_t> view(size_t n);
  std::vector<uint64_t> bitset(int max_words = 1 << 16);
  // Fills `out` with big-endian longs (all of them, or none and a failure when too few are left).
  void u64_array(std::span<uint64_t> out);
  // A VarInt length prefix in [0, max]; fails with kNegativeLength / kBadValue otherwise.
  int32_t length(int32_t max);

  size_t remaining() const { return in_.size() - pos_; }
  size_t position_in_input() const { return pos_; }
  bool ok() const { return error_ == WireError::kNone; }
  WireError error() const { return error_; }
  void fail(WireError e) {
    if (error_ == WireError::kNone) error_ = e;
  }
  // Marks the read as failed when bytes remain (vanilla rejects unread trailing bytes).
  void expect_end() {
    if (ok() && remaining() != 0) fail(WireError::kTrailingBytes);
  }

 private:
  uint64_t get_be(int n);
  std::span<const uint8_t> in_;
  size_t pos_ = 0;
  WireError error_ = WireError::kNone;
};

// Number of bytes `v` takes as a VarInt.
int varint_size(int32_t v);

}  // namespace hz
