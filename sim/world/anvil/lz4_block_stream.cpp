#include "sim/world/anvil/lz4_block_stream.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace hz::anvil {
namespace {

constexpr uint8_t kMagic[8] = {'L', 'Z', '4', 'B', 'l', 'o', 'c', 'k'};
constexpr size_t kBlockHeaderBytes = 8 + 1 + 4 + 4 + 4;
constexpr uint8_t kMethodRaw = 0x10;
constexpr uint8_t kMethodLz4 = 0x20;
constexpr int kLevelBase = 10;
constexpr size_t kBlockSize = size_t{1} << 16;  // LZ4BlockOutputStream's default
constexpr uint8_t kBlockLevel = 6;              // ceil(log2(64 KiB)) - 10
constexpr uint32_t kChecksumSeed = 0x9747b28c;
constexpr uint32_t kChecksumMask = 0x0FFFFFFF;  // lz4-java's Checksum view keeps 28 bits

constexpr int kMinMatch = 4;
constexpr size_t kLastLiterals = 5;  // the format's end rules: the last 5 bytes are literals
constexpr size_t kMatchSearchLimit = 12;  // and no match starts within 12 bytes of the end
constexpr int kHashBits = 12;

uint32_t read_le32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 | static_cast<uint32_t>(p[2]) << 16 |
         static_cast<uint32_t>(p[3]) << 24;
}

void write_le32(Bytes& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

uint32_t rotl(uint32_t v, int r) { return (v << r) | (v >> (32 - r)); }

void put_length(Bytes& out, size_t extra) {
  while (extra >= 255) {
    out.push_back(255);
    extra -= 255;
  }
  out.push_back(static_cast<uint8_t>(extra));
}

void emit_sequence(Bytes& out, std::span<const uint8_t> literals, size_t offset, size_t match_length) {
  const size_t lit = literals.size();
  const size_t ml = match_length == 0 ? 0 : match_length - kMinMatch;
  uint8_t token = static_cast<uint8_t>(std::min<size_t>(lit, 15) << 4);
  if (match_length != 0) token |= static_cast<uint8_t>(std::min<size_t>(ml, 15));
  out.push_back(token);
  if (lit >= 15) put_length(out, lit - 15);
  out.insert(out.end(), literals.begin(), literals.end());
  if (match_length == 0) return;
  out.push_back(static_cast<uint8_t>(offset));
  out.push_back(static_cast<uint8_t>(offset >> 8));
  if (ml >= 15) put_length(out, ml - 15);
}

// Reads a length continued in 255-valued bytes; false when the input ends inside it.
bool read_length(std::span<const uint8_t> in, size_t& pos, size_t& length) {
  for (;;) {
    if (pos >= in.size()) return false;
    const uint8_t b = in[pos++];
    length += b;
    if (b != 255) return true;
  }
}

}  // namespace

uint32_t xxhash32(std::span<const uint8_t> data, uint32_t seed) {
  constexpr uint32_t p1 = 2654435761u, p2 = 2246822519u, p3 = 3266489917u, p4 = 668265263u, p5 = 374761393u;
  const uint8_t* p = data.data();
  const uint8_t* end = p + data.size();
  uint32_t h;
  if (data.size() >= 16) {
    uint32_t v[4] = {seed + p1 + p2, seed + p2, seed, seed - p1};
    for (; end - p >= 16; p += 16) {
      for (int i = 0; i < 4; ++i) v[i] = rotl(v[i] + read_le32(p + 4 * i) * p2, 13) * p1;
    }
    h = rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18);
  } else {
    h = seed + p5;
  }
  h += static_cast<uint32_t>(data.size());
  for (; end - p >= 4; p += 4) h = rotl(h + read_le32(p) * p3, 17) * p4;
  for (; p < end; ++p) h = rotl(h + *p * p5, 11) * p1;
  h ^= h >> 15;
  h *= p2;
  h ^= h >> 13;
  h *= p3;
  h ^= h >> 16;
  return h;
}

Bytes lz4_compress_block(std::span<const uint8_t> raw) {
  Bytes out;
  out.reserve(raw.size() + raw.size() / 255 + 16);
  const size_t n = raw.size();
  size_t anchor = 0;
  if (n > kMatchSearchLimit) {
    std::vector<int32_t> table(size_t{1} << kHashBits, -1);
    const size_t search_end = n - kMatchSearchLimit;
    const size_t match_end = n - kLastLiterals;
    size_t ip = 0;
    while (ip < search_end) {
      const uint32_t seq = read_le32(raw.data() + ip);
      const uint32_t h = (seq * 2654435761u) >> (32 - kHashBits);
      const int32_t candidate = table[h];
      table[h] = static_cast<int32_t>(ip);
      if (candidate < 0 || ip - static_cast<size_t>(candidate) > 65535 ||
          read_le32(raw.data() + candidate) != seq) {
        ++ip;
        continue;
      }
      size_t length = kMinMatch;
      while (ip + length < match_end && raw[static_cast<size_t>(candidate) + length] == raw[ip + length]) ++length;
      emit_sequence(out, raw.subspan(anchor, ip - anchor), ip - static_cast<size_t>(candidate), length);
      ip += length;
      anchor = ip;
    }
  }
  emit_sequence(out, raw.subspan(anchor), 0, 0);
  return out;
}

Result<Bytes> lz4_decompress_block(std::span<const uint8_t> in, size_t expected_size) {
  Bytes out;
  out.reserve(expected_size);
  size_t pos = 0;
  for (;;) {
    if (pos >= in.size()) return Error{"lz4: block ends before its last sequence"};
    const uint8_t token = in[pos++];
    size_t literals = token >> 4;
    if (literals == 15 && !read_length(in, pos, literals)) return Error{"lz4: truncated literal length"};
    if (literals > in.size() - pos || literals > expected_size - out.size()) return Error{"lz4: literals overrun"};
    out.insert(out.end(), in.begin() + static_cast<std::ptrdiff_t>(pos),
               in.begin() + static_cast<std::ptrdiff_t>(pos + literals));
    pos += literals;
    if (pos == in.size()) break;  // the last sequence has literals only
    if (in.size() - pos < 2) return Error{"lz4: truncated match offset"};
    const size_t offset = static_cast<size_t>(in[pos]) | static_cast<size_t>(in[pos + 1]) << 8;
    pos += 2;
    if (offset == 0 || offset > out.size()) return Error{"lz4: match offset outside the output"};
    size_t length = token & 15;
    if (length == 15 && !read_length(in, pos, length)) return Error{"lz4: truncated match length"};
    length += kMinMatch;
    if (length > expected_size - out.size()) return Error{"lz4: match overruns the block"};
    const size_t from = out.size() - offset;
    for (size_t i = 0; i < length; ++i) out.push_back(out[from + i]);  // may overlap itself
  }
  if (out.size() != expected_size) return Error{"lz4: block is shorter than its header says"};
  return out;
}

Bytes lz4_block_stream_compress(std::span<const uint8_t> raw) {
  Bytes out;
  auto block_header = [&](uint8_t method, uint32_t packed_size, uint32_t raw_size, uint32_t check) {
    out.insert(out.end(), std::begin(kMagic), std::end(kMagic));
    out.push_back(static_cast<uint8_t>(method | kBlockLevel));
    write_le32(out, packed_size);
    write_le32(out, raw_size);
    write_le32(out, check);
  };
  for (size_t at = 0; at < raw.size(); at += kBlockSize) {
    const auto block = raw.subspan(at, std::min(kBlockSize, raw.size() - at));
    const uint32_t check = xxhash32(block, kChecksumSeed) & kChecksumMask;
    Bytes packed = lz4_compress_block(block);
    if (packed.size() >= block.size()) {  // incompressible: stored raw, as lz4-java does
      block_header(kMethodRaw, static_cast<uint32_t>(block.size()), static_cast<uint32_t>(block.size()), check);
      out.insert(out.end(), block.begin(), block.end());
    } else {
      block_header(kMethodLz4, static_cast<uint32_t>(packed.size()), static_cast<uint32_t>(block.size()), check);
      out.insert(out.end(), packed.begin(), packed.end());
    }
  }
  block_header(kMethodRaw, 0, 0, 0);
  return out;
}

Result<Bytes> lz4_block_stream_decompress(std::span<const uint8_t> in, size_t max_output) {
  Bytes out;
  size_t pos = 0;
  for (;;) {
    if (in.size() - pos < kBlockHeaderBytes) return Error{"lz4: stream ends inside a block header"};
    if (std::memcmp(in.data() + pos, kMagic, sizeof kMagic) != 0) return Error{"lz4: bad block magic"};
    const uint8_t token = in[pos + 8];
    const uint8_t method = token & 0xF0;
    const size_t block_limit = size_t{1} << (kLevelBase + (token & 0x0F));
    const size_t packed_size = read_le32(in.data() + pos + 9);
    const size_t raw_size = read_le32(in.data() + pos + 13);
    const uint32_t check = read_le32(in.data() + pos + 17);
    pos += kBlockHeaderBytes;
    if (method != kMethodRaw && method != kMethodLz4) return Error{"lz4: unknown block method"};
    if (raw_size > block_limit || packed_size > in.size() - pos ||
        (method == kMethodRaw && packed_size != raw_size)) {
      return Error{"lz4: block sizes do not fit the stream"};
    }
    if (raw_size == 0) break;  // the closing block
    if (raw_size > max_output - out.size()) return Error{"lz4: decompressed data is larger than the limit"};
    const auto packed = in.subspan(pos, packed_size);
    pos += packed_size;
    Bytes block;
    if (method == kMethodRaw) {
      block.assign(packed.begin(), packed.end());
    } else {
      auto decoded = lz4_decompress_block(packed, raw_size);
      if (!decoded) return std::move(decoded).take_error();
      block = std::move(decoded.value());
    }
    if ((xxhash32(block, kChecksumSeed) & kChecksumMask) != check) return Error{"lz4: block checksum mismatch"};
    out.insert(out.end(), block.begin(), block.end());
  }
  return out;
}

}  // namespace hz::anvil
