#include "sim/protocol/framing.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <zlib.h>

#include <string>
#include <vector>

#include "sim/protocol/wire.h"
#include "tests/protocol/bytes_of.h"

namespace hz {
namespace {

using testing::bytes_of;

Bytes zlib_compress(const Bytes& data) {
  uLongf size = compressBound(static_cast<uLong>(data.size()));
  Bytes out(size);
  EXPECT_EQ(compress(out.data(), &size, data.data(), static_cast<uLong>(data.size())), Z_OK);
  out.resize(size);
  return out;
}

void put_varint(Bytes& out, uint32_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<uint8_t>(v | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<uint8_t>(v));
}

// A compressed-format frame with a chosen data length and payload (possibly lying).
Bytes compressed_frame(uint32_t declared, const Bytes& payload) {
  Bytes inner;
  put_varint(inner, declared);
  inner.insert(inner.end(), payload.begin(), payload.end());
  Bytes frame;
  put_varint(frame, static_cast<uint32_t>(inner.size()));
  frame.insert(frame.end(), inner.begin(), inner.end());
  return frame;
}

// Feeds everything and collects bodies until the decoder needs more or fails.
struct Drained {
  std::vector<Bytes> bodies;
  std::string error;
};

Drained drain(FrameDecoder& d) {
  Drained out;
  while (true) {
    auto next = d.next();
    if (!next) {
      out.error = next.error();
      return out;
    }
    if (!next->has_value()) return out;
    out.bodies.push_back(std::move(**next));
  }
}

std::string decode_error(const Bytes& stream, int32_t threshold) {
  FrameDecoder d;
  d.set_compression_threshold(threshold);
  d.feed(stream);
  return drain(d).error;
}

Bytes patterned(size_t n) {
  Bytes b(n);
  for (size_t i = 0; i < n; ++i) b[i] = static_cast<uint8_t>((i * 31) ^ (i >> 7));
  return b;
}

// --- outbound -----------------------------------------------------------------------------------

TEST(FrameEncoder, MatchesTheObservedSetCompressionFrame) {
  auto frame = encode_frame(bytes_of({0x03, 0x80, 0x02}), -1);
  ASSERT_TRUE(frame.ok());
  EXPECT_EQ(*frame, bytes_of({0x03, 0x03, 0x80, 0x02}));
}

TEST(FrameEncoder, BelowThresholdIsSentWithDataLengthZero) {
  Bytes body = patterned(24);
  auto frame = encode_frame(body, 256);
  ASSERT_TRUE(frame.ok());
  ASSERT_EQ(frame->size(), 26u);
  EXPECT_EQ((*frame)[0], 0x19);  // 25 = data length byte + 24
  EXPECT_EQ((*frame)[1], 0x00);
  EXPECT_TRUE(std::equal(body.begin(), body.end(), frame->begin() + 2));
}

TEST(FrameEncoder, CompressesFromTheThresholdOnWithZlib) {
  for (size_t size : {255u, 256u, 257u}) {
    Bytes body(size, 0x41);
    auto frame = encode_frame(body, 256);
    ASSERT_TRUE(frame.ok());
    ByteReader in(*frame);
    int32_t frame_length = in.varint();
    int32_t data_length = in.varint();
    EXPECT_EQ(static_cast<size_t>(frame_length), frame->size() - static_cast<size_t>(varint_size(frame_length)));
    if (size < 256) {
      EXPECT_EQ(data_length, 0);
    } else {
      EXPECT_EQ(data_length, static_cast<int32_t>(size));
      EXPECT_EQ((*frame)[in.position_in_input()], 0x78) << "zlib header, not raw deflate";
    }
  }
}

TEST(FrameEncoder, RejectsWhatCannotBeFramed) {
  EXPECT_FALSE(encode_frame(Bytes(kMaxFrameLength + 1, 1), -1).ok());
  EXPECT_TRUE(encode_frame(Bytes(kMaxFrameLength, 1), -1).ok());
  EXPECT_FALSE(encode_frame(Bytes(kMaxUncompressedLength + 1, 0), 256).ok());
  EXPECT_TRUE(encode_frame(Bytes(kMaxUncompressedLength, 0), 256).ok());  // compresses well
  EXPECT_FALSE(encode_frame(Bytes(), 256).ok());
}

// --- inbound --------------------------------------------------------------------------------

TEST(FrameDecoder, WaitsForTheWholeFrame) {
  FrameDecoder d;
  d.feed(bytes_of({0x03, 0x01}));
  auto r = d.next();
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->has_value());
  d.feed(bytes_of({0x02, 0x03, 0x01}));
  auto got = drain(d);
  ASSERT_EQ(got.bodies.size(), 1u);
  EXPECT_EQ(got.bodies[0], bytes_of({0x01, 0x02, 0x03}));
  EXPECT_EQ(d.buffered(), 1u);
}

TEST(FrameDecoder, LengthPrefixOfFourBytesIsAnError) {
  EXPECT_NE(decode_error(bytes_of({0x80, 0x80, 0x80, 0x01}), -1).find("wider than 3 bytes"), std::string::npos);
  // Three continuation bytes already decide it, before a fourth arrives.
  EXPECT_FALSE(decode_error(bytes_of({0x80, 0x80, 0x80}), -1).empty());
  // Two continuation bytes may still become a valid prefix.
  EXPECT_TRUE(decode_error(bytes_of({0xFF, 0xFF}), -1).empty());
}

TEST(FrameDecoder, LengthZeroIsAnError) {
  EXPECT_NE(decode_error(bytes_of({0x00}), -1).find("zero"), std::string::npos);
}

TEST(FrameDecoder, LargestFrameIsAccepted) {
  Bytes stream = bytes_of({0xFF, 0xFF, 0x7F});
  Bytes body = patterned(kMaxFrameLength);
  stream.insert(stream.end(), body.begin(), body.end());
  FrameDecoder d;
  d.feed(stream);
  auto got = drain(d);
  EXPECT_TRUE(got.error.empty()) << got.error;
  ASSERT_EQ(got.bodies.size(), 1u);
  EXPECT_EQ(got.bodies[0], body);
}

TEST(FrameDecoder, ErrorsAreFinal) {
  FrameDecoder d;
  d.feed(bytes_of({0x00}));
  EXPECT_FALSE(d.next().ok());
  d.feed(bytes_of({0x01, 0x05}));
  EXPECT_FALSE(d.next().ok());
  EXPECT_TRUE(d.failed());
}

TEST(FrameDecoder, DataLengthZeroCarriesThePlainBody) {
  FrameDecoder d;
  d.set_compression_threshold(256);
  d.feed(compressed_frame(0, bytes_of({0x02, 0xAA})));
  auto got = drain(d);
  ASSERT_EQ(got.bodies.size(), 1u);
  EXPECT_EQ(got.bodies[0], bytes_of({0x02, 0xAA}));
}

TEST(FrameDecoder, InflatesCompressedBodies) {
  Bytes body = patterned(5000);
  FrameDecoder d;
  d.set_compression_threshold(256);
  d.feed(compressed_frame(5000, zlib_compress(body)));
  auto got = drain(d);
  ASSERT_TRUE(got.error.empty()) << got.error;
  ASSERT_EQ(got.bodies.size(), 1u);
  EXPECT_EQ(got.bodies[0], body);
}

TEST(FrameDecoder, DeclaredSizeBelowThresholdIsAnError) {
  Bytes body = patterned(100);
  std::string e = decode_error(compressed_frame(100, zlib_compress(body)), 256);
  EXPECT_NE(e.find("below the threshold"), std::string::npos) << e;
  // At the threshold itself it is fine.
  Bytes at = patterned(256);
  EXPECT_TRUE(decode_error(compressed_frame(256, zlib_compress(at)), 256).empty());
}

TEST(FrameDecoder, DeclaredSizeAbove8MiBIsAnError) {
  std::string e = decode_error(compressed_frame(kMaxUncompressedLength + 1, zlib_compress(patterned(300))), 256);
  EXPECT_NE(e.find("larger than the protocol maximum"), std::string::npos) << e;
}

TEST(FrameDecoder, ExactlyEightMiBIsAccepted) {
  Bytes body(kMaxUncompressedLength, 0x07);
  FrameDecoder d;
  d.set_compression_threshold(256);
  d.feed(compressed_frame(kMaxUncompressedLength, zlib_compress(body)));
  auto got = drain(d);
  ASSERT_TRUE(got.error.empty()) << got.error;
  ASSERT_EQ(got.bodies.size(), 1u);
  EXPECT_EQ(got.bodies[0].size(), body.size());
}

TEST(FrameDecoder, ZlibGarbageIsAnError) {
  std::string e = decode_error(compressed_frame(1000, bytes_of({0x12, 0x34, 0x56, 0x78, 0x9A})), 256);
  EXPECT_NE(e.find("invalid zlib data"), std::string::npos) << e;
  // Raw deflate without the zlib header is garbage too.
  Bytes z = zlib_compress(patterned(1000));
  Bytes raw(z.begin() + 2, z.end());
  EXPECT_FALSE(decode_error(compressed_frame(1000, raw), 256).empty());
}

TEST(FrameDecoder, SizeMismatchIsAnError) {
  Bytes z = zlib_compress(patterned(1000));
  std::string shorter = decode_error(compressed_frame(1001, z), 256);
  EXPECT_NE(shorter.find("does not match"), std::string::npos) << shorter;
  std::string longer = decode_error(compressed_frame(999, z), 256);
  EXPECT_NE(longer.find("more than the declared size"), std::string::npos) << longer;
  Bytes cut(z.begin(), z.begin() + static_cast<ptrdiff_t>(z.size() / 2));
  std::string truncated = decode_error(compressed_frame(1000, cut), 256);
  EXPECT_NE(truncated.find("cut short"), std::string::npos) << truncated;
}

TEST(FrameDecoder, AFalseHugeClaimIsASizeMismatch) {
  // 8 MiB claimed, a few hundred bytes delivered: an error about the size, not a crash.
  Bytes z = zlib_compress(patterned(300));
  std::string e = decode_error(compressed_frame(kMaxUncompressedLength, z), 256);
  EXPECT_NE(e.find("does not match"), std::string::npos) << e;
}

// A stream of frames for a random mix of body sizes around the threshold.
struct Stream {
  std::vector<Bytes> bodies;
  Bytes bytes;
  int32_t threshold;
};

Stream random_stream() {
  Stream s;
  s.threshold = *rc::gen::element(-1, 0, 1, 64, 256);
  int n = *rc::gen::inRange(1, 6);
  for (int i = 0; i < n; ++i) {
    size_t size = *rc::gen::inRange<size_t>(1, 700);
    Bytes body = *rc::gen::container<Bytes>(size, rc::gen::inRange<uint8_t>(0, 4));  // compressible
    auto frame = encode_frame(body, s.threshold);
    RC_ASSERT(frame.ok());
    s.bytes.insert(s.bytes.end(), frame->begin(), frame->end());
    s.bodies.push_back(std::move(body));
  }
  return s;
}

RC_GTEST_PROP(FrameDecoder, DecodesWhatTheEncoderWroteWhateverTheChunking, ()) {
  Stream s = random_stream();
  FrameDecoder d;
  d.set_compression_threshold(s.threshold);
  std::vector<Bytes> got;
  size_t pos = 0;
  while (pos < s.bytes.size()) {
    size_t chunk = *rc::gen::inRange<size_t>(1, s.bytes.size() - pos + 1);
    d.feed(std::span<const uint8_t>(s.bytes.data() + pos, chunk));
    pos += chunk;
    auto part = drain(d);
    RC_ASSERT(part.error.empty());
    for (auto& b : part.bodies) got.push_back(std::move(b));
  }
  RC_ASSERT(got == s.bodies);
  RC_ASSERT(d.buffered() == 0u);
}

TEST(FrameDecoder, FramesSplitAtEveryByteBoundary) {
  for (int32_t threshold : {-1, 0, 64}) {
    std::vector<Bytes> bodies = {patterned(1), patterned(63), patterned(64), patterned(200)};
    Bytes stream;
    for (const Bytes& b : bodies) {
      auto frame = encode_frame(b, threshold);
      ASSERT_TRUE(frame.ok());
      stream.insert(stream.end(), frame->begin(), frame->end());
    }
    for (size_t cut = 0; cut <= stream.size(); ++cut) {
      FrameDecoder d;
      d.set_compression_threshold(threshold);
      d.feed(std::span<const uint8_t>(stream.data(), cut));
      auto first = drain(d);
      d.feed(std::span<const uint8_t>(stream.data() + cut, stream.size() - cut));
      auto second = drain(d);
      ASSERT_TRUE(first.error.empty() && second.error.empty()) << "cut " << cut;
      first.bodies.insert(first.bodies.end(), second.bodies.begin(), second.bodies.end());
      ASSERT_EQ(first.bodies, bodies) << "threshold " << threshold << " cut " << cut;
    }
  }
}

TEST(FrameDecoder, CompressionSwitchesOnBetweenFrames) {
  // Set Compression applies to frames not yet returned, even when their bytes are buffered.
  Bytes plain = *encode_frame(bytes_of({0x00, 0x01}), -1);
  Bytes packed = *encode_frame(bytes_of({0x03}), 256);
  FrameDecoder d;
  d.feed(plain);
  d.feed(packed);
  auto r = d.next();
  ASSERT_TRUE(r.ok() && r->has_value());
  EXPECT_EQ(**r, bytes_of({0x00, 0x01}));
  d.set_compression_threshold(256);
  auto r2 = d.next();
  ASSERT_TRUE(r2.ok() && r2->has_value());
  EXPECT_EQ(**r2, bytes_of({0x03}));
}

}  // namespace
}  // namespace hz
