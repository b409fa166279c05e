// The vocabulary of packet declarations: value types with their own wire form (Angle, BitSet,
// LpVec3, ...) and the format options a declaration passes with a field (kVarInt, MaxChars, ...).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

namespace hz {

// A rotation in 1/256 turns, one byte on the wire.
struct Angle {
  uint8_t steps = 0;

  // Vanilla's Mth.floor(degrees * 256 / 360), wrapping.
  static Angle from_degrees(float degrees);
  float degrees() const { return static_cast<float>(steps) * 360.0f / 256.0f; }
  bool operator==(const Angle&) const = default;
};

// java.util.BitSet on the wire: VarInt count of longs, then the longs; bit i is in long i/64.
struct BitSet {
  std::vector<uint64_t> words;

  bool test(size_t bit) const {
    return bit / 64 < words.size() && ((words[bit / 64] >> (bit % 64)) & 1) != 0;
  }
  void set(size_t bit) {
    if (bit / 64 >= words.size()) words.resize(bit / 64 + 1, 0);
    words[bit / 64] |= uint64_t{1} << (bit % 64);
  }
  bool operator==(const BitSet&) const = default;
};

// A bit set of a fixed size, written as ceil(Bits/8) bytes with no length (bit i in byte i/8).
template <size_t Bits>
struct FixedBitSet {
  std::array<uint8_t, (Bits + 7) / 8> bytes{};

  bool test(size_t bit) const { return bit < Bits && ((bytes[bit / 8] >> (bit % 8)) & 1) != 0; }
  void set(size_t bit) { bytes[bit / 8] |= static_cast<uint8_t>(1u << (bit % 8)); }
  bool operator==(const FixedBitSet&) const = default;
};

// A low-precision velocity (vanilla's LpVec3), kept in its wire form so it round-trips exactly:
// three 15-bit quanta of the range [-scale, scale]. Scale 0 is the zero vector.
struct LpVec3 {
  static constexpr uint16_t kMaxQuantum = 32766;
  int64_t scale = 0;  // 0 .. 2^34 - 1
  uint16_t qx = 0, qy = 0, qz = 0;  // 0 .. 32767 (32767 reads as 32766)

  // Vanilla's quantisation (LpVec3.write): NaN is 0, values clamp to +-1.7179869183E10, and
  // vectors shorter than about 3.05e-5 on every axis are zero.
  static LpVec3 from(double x, double y, double z);
  double x() const { return unpack(qx); }
  double y() const { return unpack(qy); }
  double z() const { return unpack(qz); }
  bool operator==(const LpVec3&) const = default;

 private:
  double unpack(uint16_t q) const;
};

// --- format options ---------------------------------------------------------------------------
// Passed after a field in a declaration: v("id", id, kVarInt). An option applies to the innermost
// value it fits (MaxChars to the strings inside an array, MaxCount to the array).

struct VarIntFormat {};
inline constexpr VarIntFormat kVarInt{};  // int32_t as VarInt
struct VarLongFormat {};
inline constexpr VarLongFormat kVarLong{};  // int64_t as VarLong
struct IdentifierFormat {};
inline constexpr IdentifierFormat kIdentifier{};  // string that must be namespace:path
struct RestFormat {};
inline constexpr RestFormat kRest{};  // byte vector taking every remaining byte, no length
// Most characters (UTF-16 units, as vanilla counts) in a string; the byte limit is 3x that.
struct MaxChars {
  int32_t value;
};
// Most elements in a prefixed array or bytes in a byte array or rest field.
struct MaxCount {
  int32_t value;
};
// Allowed integer values; anything else fails decoding (vanilla rejects unknown enum ids).
struct Range {
  int64_t min;
  int64_t max;
};
// An optional whose presence is decided by an earlier field instead of a bool prefix.
struct When {
  bool present;
};

// All options of one field, folded together.
struct FieldFormat {
  bool varint = false;
  bool varlong = false;
  bool identifier = false;
  bool rest = false;
  bool has_when = false;
  bool when = false;
  int32_t max_chars = 32767;
  int32_t max_count = std::numeric_limits<int32_t>::max();
  int64_t min = std::numeric_limits<int64_t>::min();
  int64_t max = std::numeric_limits<int64_t>::max();

  void add(VarIntFormat) { varint = true; }
  void add(VarLongFormat) { varlong = true; }
  void add(IdentifierFormat) { identifier = true; }
  void add(RestFormat) { rest = true; }
  void add(MaxChars m) { max_chars = m.value; }
  void add(MaxCount m) { max_count = m.value; }
  void add(Range r) {
    min = r.min;
    max = r.max;
  }
  void add(When w) {
    has_when = true;
    when = w.present;
  }
  // The options that still apply inside an optional (When is used up by it).
  FieldFormat inner() const {
    FieldFormat f = *this;
    f.has_when = false;
    return f;
  }
};

template <class... Options>
FieldFormat make_format(Options... options) {
  FieldFormat f;
  (f.add(options), ...);
  return f;
}

// Whether `s` is a valid identifier (vanilla's rules: [a-z0-9_.-] namespace, [a-z0-9_.-/] path).
bool is_valid_identifier(std::string_view s);

}  // namespace hz
