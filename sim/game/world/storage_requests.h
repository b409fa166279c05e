// The bytes of chunk storage jobs: a read asks for one chunk and gets back its NBT, "absent" or an
// error; a write hands over one chunk's NBT. The shell's storage answers them (server/jobs).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "sim/core/types.h"
#include "sim/world/chunk_pos.h"

namespace hz {

Bytes encode_chunk_read_request(ChunkPos pos);
std::optional<ChunkPos> decode_chunk_read_request(std::span<const uint8_t> bytes);

struct ChunkReadResult {
  enum class Outcome : uint8_t { kAbsent = 0, kFound = 1, kFailed = 2 };
  Outcome outcome = Outcome::kAbsent;
  Bytes nbt;          // kFound: the chunk's uncompressed NBT (file form)
  std::string error;  // kFailed: why, for the log
};

Bytes encode_chunk_read_result(const ChunkReadResult& result);
std::optional<ChunkReadResult> decode_chunk_read_result(std::span<const uint8_t> bytes);

struct ChunkWriteRequest {
  ChunkPos pos;
  bool sync = false;  // sync-chunk-writes: durable before the next write starts
  Bytes nbt;          // uncompressed NBT (file form)
};

Bytes encode_chunk_write_request(const ChunkWriteRequest& request);
std::optional<ChunkWriteRequest> decode_chunk_write_request(std::span<const uint8_t> bytes);

}  // namespace hz
