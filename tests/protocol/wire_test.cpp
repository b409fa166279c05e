// Primitive wire types at their edges: VarInt/VarLong extremes and over-long encodings,
// strings at and over their length limit in multi-byte UTF-8, positions and angles.
#include "sim/protocol/wire.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <climits>
#include <string>

#include "sim/protocol/fields.h"
#include "sim/protocol/mutf8.h"
#include "tests/protocol/bytes_of.h"
#include "tests/protocol/random_values.h"

namespace hz {
namespace {

using testing::bytes_of;

Bytes varint_bytes(int32_t v) {
  ByteWriter w;
  w.varint(v);
  return w.take();
}

Bytes varlong_bytes(int64_t v) {
  ByteWriter w;
  w.varlong(v);
  return w.take();
}

TEST(VarInt, KnownEncodings) {
  EXPECT_EQ(varint_bytes(0), bytes_of({0x00}));
  EXPECT_EQ(varint_bytes(1), bytes_of({0x01}));
  EXPECT_EQ(varint_bytes(127), bytes_of({0x7F}));
  EXPECT_EQ(varint_bytes(128), bytes_of({0x80, 0x01}));
  EXPECT_EQ(varint_bytes(255), bytes_of({0xFF, 0x01}));
  EXPECT_EQ(varint_bytes(25565), bytes_of({0xDD, 0xC7, 0x01}));
  EXPECT_EQ(varint_bytes(2097151), bytes_of({0xFF, 0xFF, 0x7F}));
  EXPECT_EQ(varint_bytes(INT32_MAX), bytes_of({0xFF, 0xFF, 0xFF, 0xFF, 0x07}));
  EXPECT_EQ(varint_bytes(-1), bytes_of({0xFF, 0xFF, 0xFF, 0xFF, 0x0F}));
  EXPECT_EQ(varint_bytes(INT32_MIN), bytes_of({0x80, 0x80, 0x80, 0x80, 0x08}));
}

TEST(VarInt, ReadsTheExtremes) {
  for (int32_t v : {0, 1, -1, 127, 128, INT32_MAX, INT32_MIN}) {
    Bytes b = varint_bytes(v);
    ByteReader in(b);
    EXPECT_EQ(in.varint(), v);
    EXPECT_TRUE(in.ok());
    EXPECT_EQ(in.remaining(), 0u);
    EXPECT_EQ(static_cast<size_t>(varint_size(v)), b.size());
  }
}

TEST(VarInt, FiveBytesMaxSixIsAnError) {
  Bytes max = bytes_of({0xFF, 0xFF, 0xFF, 0xFF, 0x0F});
  ByteReader ok(max);
  EXPECT_EQ(ok.varint(), -1);
  EXPECT_TRUE(ok.ok());
  Bytes six = bytes_of({0x80, 0x80, 0x80, 0x80, 0x80, 0x01});
  ByteReader bad(six);
  bad.varint();
  EXPECT_EQ(bad.error(), WireError::kVarIntTooLong);
}

TEST(VarInt, TruncatedIsAnError) {
  Bytes cut = bytes_of({0x80, 0x80});
  ByteReader in(cut);
  in.varint();
  EXPECT_EQ(in.error(), WireError::kTruncated);
}

TEST(VarLong, KnownEncodings) {
  EXPECT_EQ(varlong_bytes(0), bytes_of({0x00}));
  EXPECT_EQ(varlong_bytes(INT64_MAX), bytes_of({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F}));
  EXPECT_EQ(varlong_bytes(-1), bytes_of({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01}));
  EXPECT_EQ(varlong_bytes(INT64_MIN), bytes_of({0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}));
}

TEST(VarLong, TenBytesMaxElevenIsAnError) {
  Bytes eleven(10, 0x80);
  eleven.push_back(0x01);
  ByteReader in(eleven);
  in.varlong();
  EXPECT_EQ(in.error(), WireError::kVarIntTooLong);
}

RC_GTEST_PROP(VarInt, RoundTrips, (int32_t v)) {
  Bytes b = varint_bytes(v);
  ByteReader in(b);
  RC_ASSERT(in.varint() == v);
  RC_ASSERT(in.remaining() == 0u);
}

RC_GTEST_PROP(VarLong, RoundTrips, (int64_t v)) {
  Bytes b = varlong_bytes(v);
  RC_ASSERT(b.size() <= 10u);
  ByteReader in(b);
  RC_ASSERT(in.varlong() == v);
  RC_ASSERT(in.remaining() == 0u);
}

Bytes string_bytes(const std::string& s) {
  ByteWriter w;
  w.string(s);
  return w.take();
}

std::string repeat(std::string_view unit, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += unit;
  return s;
}

bool reads_back(const std::string& s, int max_chars) {
  Bytes b = string_bytes(s);
  ByteReader in(b);
  std::string got = in.string(max_chars);
  return in.ok() && got == s;
}

TEST(String, AtTheLimitInEveryUtf8Width) {
  EXPECT_TRUE(reads_back(repeat("a", 16), 16));
  EXPECT_TRUE(reads_back(repeat("\xC3\xA9", 16), 16));        // é: 2 bytes, 1 unit
  EXPECT_TRUE(reads_back(repeat("\xE2\x82\xAC", 16), 16));    // €: 3 bytes, 1 unit (48 bytes)
  EXPECT_TRUE(reads_back(repeat("\xF0\x9F\x98\x80", 8), 16));  // 😀: 4 bytes, 2 units
}

TEST(String, OverTheLimitInEveryUtf8Width) {
  EXPECT_FALSE(reads_back(repeat("a", 17), 16));
  EXPECT_FALSE(reads_back(repeat("\xC3\xA9", 17), 16));
  EXPECT_FALSE(reads_back(repeat("\xE2\x82\xAC", 17), 16));       // 51 bytes > 3 * 16
  EXPECT_FALSE(reads_back(repeat("\xF0\x9F\x98\x80", 9), 16));     // 18 units
  EXPECT_FALSE(reads_back(repeat("\xF0\x9F\x98\x80", 8) + "a", 16));  // 17 units in 33 bytes
}

TEST(String, ByteLengthOverThreeTimesTheLimitFailsBeforeReading) {
  Bytes b = varint_bytes(49);  // claims 49 bytes for a 16-char field, then nothing
  ByteReader in(b);
  in.string(16);
  EXPECT_EQ(in.error(), WireError::kStringTooLong);
}

TEST(String, NegativeAndTruncatedLengths) {
  Bytes negative = varint_bytes(-1);
  ByteReader a(negative);
  a.string();
  EXPECT_EQ(a.error(), WireError::kNegativeLength);
  Bytes cut = bytes_of({0x05, 'a', 'b'});
  ByteReader b(cut);
  b.string();
  EXPECT_EQ(b.error(), WireError::kTruncated);
}

RC_GTEST_PROP(String, RoundTripsWithinItsLimit, ()) {
  int max = *rc::gen::inRange(1, 300);
  std::string s = testing::random_utf8(max, 300);
  RC_ASSERT(static_cast<int>(utf16_length(s)) <= max);
  RC_ASSERT(reads_back(s, max));
}

TEST(Position, PacksXZYIntoOneLong) {
  ByteWriter w;
  w.position({-1, -64, 33554431});
  Bytes b = w.take();
  ByteReader in(b);
  uint64_t raw = in.u64();
  EXPECT_EQ(raw >> 38, 0x3FFFFFFu);                  // x = -1 in 26 bits
  EXPECT_EQ((raw >> 12) & 0x3FFFFFF, 0x1FFFFFFu);    // z = 2^25 - 1
  EXPECT_EQ(raw & 0xFFF, 0xFC0u);                    // y = -64 in 12 bits
  ByteReader again(b);
  EXPECT_EQ(again.position(), (BlockPos{-1, -64, 33554431}));
}

RC_GTEST_PROP(Position, RoundTripsInRange, ()) {
  BlockPos p{*rc::gen::inRange(-(1 << 25), 1 << 25), *rc::gen::inRange(-2048, 2048),
             *rc::gen::inRange(-(1 << 25), 1 << 25)};
  ByteWriter w;
  w.position(p);
  Bytes b = w.take();
  ByteReader in(b);
  RC_ASSERT(in.position() == p);
}

TEST(Angle, FloorsAndWrapsLikeVanilla) {
  EXPECT_EQ(Angle::from_degrees(0).steps, 0);
  EXPECT_EQ(Angle::from_degrees(90).steps, 64);
  EXPECT_EQ(Angle::from_degrees(-90).steps, 192);
  EXPECT_EQ(Angle::from_degrees(360).steps, 0);
  EXPECT_EQ(Angle::from_degrees(1.0f).steps, 0);   // 0.71 steps floors to 0
  EXPECT_EQ(Angle::from_degrees(-1.0f).steps, 255);  // -0.71 floors to -1
  EXPECT_FLOAT_EQ(Angle{64}.degrees(), 90.0f);
}

}  // namespace
}  // namespace hz
