#include "sim/world/anvil/compression.h"

#include <zlib.h>

#include <algorithm>
#include <cassert>
#include <string>

#include "sim/world/anvil/lz4_block_stream.h"
#include "sim/core/check.h"

namespace hz::anvil {
namespace {

constexpr int kZlibWindow = 15;
constexpr int kGzipWindow = 15 + 16;

Bytes deflate_with_window(std::span<const uint8_t> raw, int window_bits) {
  z_stream z{};
  // Java's Deflater default: level 6 (Z_DEFAULT_COMPRESSION), memLevel 8, default strategy.
  [[maybe_unused]] const int init = deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
  HZ_CHECK(init == Z_OK);
  Bytes out(deflateBound(&z, static_cast<uLong>(raw.size())) + 32);
  z.next_in = const_cast<Bytef*>(raw.data());
  z.avail_in = static_cast<uInt>(raw.size());
  z.next_out = out.data();
  z.avail_out = static_cast<uInt>(out.size());
  [[maybe_unused]] const int rc = deflate(&z, Z_FINISH);
  HZ_CHECK(rc == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// Inflates one stream, growing the output as data actually comes out (so the allocation follows
// what the input produces) and refusing to pass `max_output`. Bytes after the stream's end are
// ignored, as Java's InflaterInputStream does (a record's last sector is padding).
Result<Bytes> inflate_with_window(std::span<const uint8_t> packed, int window_bits, size_t max_output,
                                  const char* what) {
  z_stream z{};
  if (inflateInit2(&z, window_bits) != Z_OK) return Error{std::string(what) + ": cannot start inflater"};
  Bytes out;
  size_t chunk = std::min<size_t>(std::max<size_t>(packed.size() * 4, 4096), max_output + 1);
  z.next_in = const_cast<Bytef*>(packed.data());
  z.avail_in = static_cast<uInt>(packed.size());
  int rc = Z_OK;
  while (rc != Z_STREAM_END) {
    const size_t before = out.size();
    const size_t room = std::min(chunk, max_output + 1 - before);  // one byte past the cap proves overflow
    if (room == 0) break;
    out.resize(before + room);
    z.next_out = out.data() + before;
    z.avail_out = static_cast<uInt>(room);
    rc = inflate(&z, Z_NO_FLUSH);
    out.resize(before + (room - z.avail_out));
    if (rc == Z_BUF_ERROR && z.avail_in == 0) break;  // input ran out before the end
    if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
      std::string msg = z.msg ? z.msg : "corrupt stream";
      inflateEnd(&z);
      return Error{std::string(what) + ": " + msg};
    }
    chunk = std::min<size_t>(chunk * 2, size_t{8} << 20);
  }
  inflateEnd(&z);
  if (out.size() > max_output) {
    return Error{std::string(what) + ": inflated data is larger than " + std::to_string(max_output) + " bytes"};
  }
  if (rc != Z_STREAM_END) return Error{std::string(what) + ": stream ends early (truncated)"};
  return out;
}

}  // namespace

std::optional<ChunkCodec> chunk_codec_from_id(uint8_t id) {
  if (id >= 1 && id <= 4) return static_cast<ChunkCodec>(id);
  return std::nullopt;
}

std::optional<ChunkCodec> chunk_codec_from_option(std::string_view name) {
  if (name == "deflate") return ChunkCodec::kZlib;
  if (name == "none") return ChunkCodec::kNone;
  if (name == "lz4") return ChunkCodec::kLz4;
  return std::nullopt;
}

std::string_view chunk_codec_name(ChunkCodec codec) {
  switch (codec) {
    case ChunkCodec::kGzip: return "gzip";
    case ChunkCodec::kZlib: return "deflate";
    case ChunkCodec::kNone: return "none";
    case ChunkCodec::kLz4: return "lz4";
  }
  return "unknown";
}

Bytes compress(ChunkCodec codec, std::span<const uint8_t> raw) {
  switch (codec) {
    case ChunkCodec::kGzip: return gzip(raw);
    case ChunkCodec::kZlib: return deflate_with_window(raw, kZlibWindow);
    case ChunkCodec::kNone: return Bytes(raw.begin(), raw.end());
    case ChunkCodec::kLz4: return lz4_block_stream_compress(raw);
  }
  return {};
}

Result<Bytes> decompress(ChunkCodec codec, std::span<const uint8_t> packed, size_t max_output) {
  switch (codec) {
    case ChunkCodec::kGzip: return gunzip(packed, max_output);
    case ChunkCodec::kZlib: return inflate_with_window(packed, kZlibWindow, max_output, "zlib");
    case ChunkCodec::kNone:
      if (packed.size() > max_output) return Error{"uncompressed chunk is larger than the limit"};
      return Bytes(packed.begin(), packed.end());
    case ChunkCodec::kLz4: return lz4_block_stream_decompress(packed, max_output);
  }
  return Error{"unknown codec"};
}

Bytes gzip(std::span<const uint8_t> raw) { return deflate_with_window(raw, kGzipWindow); }

Result<Bytes> gunzip(std::span<const uint8_t> packed, size_t max_output) {
  return inflate_with_window(packed, kGzipWindow, max_output, "gzip");
}

bool looks_gzipped(std::span<const uint8_t> bytes) {
  return bytes.size() >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B;
}

}  // namespace hz::anvil
