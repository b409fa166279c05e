// Region codecs: round trips for every codec, known xxHash32 values, LZ4 blocks and lz4-java
// block streams built by hand from the format description, and refusals of damaged streams.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string_view>

#include "sim/world/anvil/compression.h"
#include "sim/world/anvil/lz4_block_stream.h"

namespace hz::anvil {
namespace {

Bytes bytes_of(std::string_view s) { return Bytes(s.begin(), s.end()); }

void le32(Bytes& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

TEST(AnvilCompression, XxHash32MatchesPublishedValues) {
  EXPECT_EQ(xxhash32(Bytes{}, 0), 0x02CC5D05u);
  EXPECT_EQ(xxhash32(bytes_of("abc"), 0), 0x32D153FFu);
  EXPECT_EQ(xxhash32(bytes_of("Nobody inspects the spammish repetition"), 0), 0xE2293B2Fu);
}

TEST(AnvilCompression, Lz4BlockDecodesHandWrittenSequences) {
  // "abc", then a 9-byte match at distance 3, then the literals "xyzzy".
  const Bytes block = {0x35, 'a', 'b', 'c', 3, 0, 0x50, 'x', 'y', 'z', 'z', 'y'};
  auto out = lz4_decompress_block(block, 17);
  ASSERT_TRUE(out.ok()) << out.error();
  EXPECT_EQ(*out, bytes_of("abcabcabcabcxyzzy"));
  EXPECT_FALSE(lz4_decompress_block(block, 16).ok()) << "longer than declared";
  EXPECT_FALSE(lz4_decompress_block(block, 18).ok()) << "shorter than declared";
  EXPECT_FALSE(lz4_decompress_block(Bytes{0x35, 'a', 'b', 'c', 9, 0, 0x50, 'x', 'y', 'z', 'z', 'y'}, 17).ok())
      << "offset before the start";
  EXPECT_FALSE(lz4_decompress_block(Bytes{0xF0, 255, 255}, 1000).ok()) << "length runs off the end";
}

TEST(AnvilCompression, Lz4BlockStreamReadsLz4JavaFraming) {
  // A stream as LZ4BlockOutputStream frames a 5-byte raw block: magic, token (raw | level 6),
  // packed and raw lengths, 28-bit checksum, data; then the empty closing block.
  const Bytes data = bytes_of("hello");
  Bytes stream = bytes_of("LZ4Block");
  stream.push_back(0x16);
  le32(stream, 5), le32(stream, 5), le32(stream, xxhash32(data, 0x9747b28c) & 0x0FFFFFFF);
  stream.insert(stream.end(), data.begin(), data.end());
  const Bytes closing = [] {
    Bytes c = bytes_of("LZ4Block");
    c.push_back(0x16);
    for (int i = 0; i < 12; ++i) c.push_back(0);
    return c;
  }();
  Bytes full = stream;
  full.insert(full.end(), closing.begin(), closing.end());
  auto out = decompress(ChunkCodec::kLz4, full);
  ASSERT_TRUE(out.ok()) << out.error();
  EXPECT_EQ(*out, data);

  Bytes bad_check = full;
  bad_check[17] ^= 1;
  EXPECT_FALSE(decompress(ChunkCodec::kLz4, bad_check).ok());
  EXPECT_FALSE(decompress(ChunkCodec::kLz4, stream).ok()) << "no closing block";
  Bytes bad_magic = full;
  bad_magic[0] = 'X';
  EXPECT_FALSE(decompress(ChunkCodec::kLz4, bad_magic).ok());
  // Our own writer frames the same way: its first block header starts with the magic and token.
  const Bytes ours = compress(ChunkCodec::kLz4, Bytes(1000, 7));
  EXPECT_EQ(Bytes(ours.begin(), ours.begin() + 9), (Bytes{'L', 'Z', '4', 'B', 'l', 'o', 'c', 'k', 0x26}));
  EXPECT_EQ(Bytes(ours.end() - 21, ours.end() - 12), (Bytes{'L', 'Z', '4', 'B', 'l', 'o', 'c', 'k', 0x16}));
}

RC_GTEST_PROP(AnvilCompression, EveryCodecRoundTrips, ()) {
  const auto codec = *rc::gen::element(ChunkCodec::kGzip, ChunkCodec::kZlib, ChunkCodec::kNone, ChunkCodec::kLz4);
  const auto pattern = *rc::gen::container<std::vector<uint8_t>>(rc::gen::arbitrary<uint8_t>());
  const int repeats = *rc::gen::inRange(0, 3000);
  Bytes raw;
  for (int i = 0; i < repeats && !pattern.empty(); ++i) {
    raw.insert(raw.end(), pattern.begin(), pattern.begin() + static_cast<std::ptrdiff_t>(i % pattern.size() + 1));
  }
  const Bytes packed = compress(codec, raw);
  auto back = decompress(codec, packed);
  RC_ASSERT(back.ok());
  RC_ASSERT(*back == raw);
}

TEST(AnvilCompression, OutputIsCappedBeforeItBalloons) {
  const Bytes zeros(1 << 20, 0);
  for (ChunkCodec codec : {ChunkCodec::kGzip, ChunkCodec::kZlib, ChunkCodec::kLz4, ChunkCodec::kNone}) {
    const Bytes packed = compress(codec, zeros);
    EXPECT_FALSE(decompress(codec, packed, (1 << 20) - 1).ok()) << chunk_codec_name(codec);
    EXPECT_TRUE(decompress(codec, packed, 1 << 20).ok()) << chunk_codec_name(codec);
  }
}

TEST(AnvilCompression, OptionNamesAreVanillas) {
  EXPECT_EQ(chunk_codec_from_option("deflate"), ChunkCodec::kZlib);
  EXPECT_EQ(chunk_codec_from_option("none"), ChunkCodec::kNone);
  EXPECT_EQ(chunk_codec_from_option("lz4"), ChunkCodec::kLz4);
  EXPECT_EQ(chunk_codec_from_option("gzip"), std::nullopt) << "vanilla reads gzip but never writes it";
  EXPECT_TRUE(looks_gzipped(gzip(Bytes{1, 2, 3})));
  EXPECT_FALSE(looks_gzipped(Bytes{0x78, 0x9C}));
}

}  // namespace
}  // namespace hz::anvil
