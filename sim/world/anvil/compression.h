// Compression of chunk records and data files: the region codecs (gzip 1, zlib 2, none 3, lz4 4)
// and gzip for level.dat and saved data, each read with an output cap fixed before inflating.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "sim/core/types.h"
#include "sim/core/result.h"

namespace hz::anvil {

// The codec byte of a chunk record (low 7 bits; 0x80 marks an external .mcc payload).
enum class ChunkCodec : uint8_t { kGzip = 1, kZlib = 2, kNone = 3, kLz4 = 4 };
inline constexpr uint8_t kCustomCodecId = 127;  // named custom codecs: vanilla cannot read them either
inline constexpr uint8_t kExternalFlag = 0x80;

// Largest decompressed chunk or data file accepted. Real chunks stay far below (a full column of
// unique states is a few MiB); the cap only stops a small hostile stream from ballooning.
inline constexpr size_t kMaxInflatedBytes = size_t{64} << 20;

std::optional<ChunkCodec> chunk_codec_from_id(uint8_t id);
// server.properties `region-file-compression`: "deflate", "none" or "lz4".
std::optional<ChunkCodec> chunk_codec_from_option(std::string_view name);
std::string_view chunk_codec_name(ChunkCodec codec);

Bytes compress(ChunkCodec codec, std::span<const uint8_t> raw);
// Fails on a damaged or truncated stream, or when the output would pass `max_output`.
Result<Bytes> decompress(ChunkCodec codec, std::span<const uint8_t> packed, size_t max_output = kMaxInflatedBytes);

// gzip members as vanilla's NbtIo.writeCompressed writes them (level.dat, saved data, players).
Bytes gzip(std::span<const uint8_t> raw);
Result<Bytes> gunzip(std::span<const uint8_t> packed, size_t max_output = kMaxInflatedBytes);
// True when the bytes start with the gzip magic (vanilla's saved-data reader sniffs the same way).
bool looks_gzipped(std::span<const uint8_t> bytes);

}  // namespace hz::anvil
