// Storage work as jobs of the core's boundary: the request a SubmitJob carries (read, write or
// flush of a chunk record) and the JobCompleted result, which holds the bytes read so that a
// replay feeds the same chunks to the core without any files.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "sim/core/effects.h"
#include "sim/core/types.h"
#include "sim/core/result.h"
#include "sim/world/anvil/world_layout.h"
#include "sim/world/chunk_pos.h"

namespace hz::anvil {

// SubmitJob.kind values owned by storage ("AN" in the high bytes keeps them apart from others).
enum class StorageJobKind : uint32_t {
  kReadChunk = 0x414E0001,
  kWriteChunk = 0x414E0002,
  // Completes once every earlier job is done and on disk (save-all flush, shutdown).
  kFlush = 0x414E0003,
  // A whole player file (players/data/<uuid>.dat, falling back to .dat_old): the result carries
  // the file's bytes as read (kData), kAbsent, or notes about unreadable files in `message`.
  kReadPlayer = 0x414E0004,
};
bool is_storage_job(uint32_t kind);

struct ChunkAddress {
  std::string dimension = std::string(kOverworld);
  ChunkStore store = ChunkStore::kRegion;
  ChunkPos pos;
  bool operator==(const ChunkAddress&) const = default;
  auto operator<=>(const ChunkAddress&) const = default;
};

struct StorageRequest {
  StorageJobKind kind = StorageJobKind::kReadChunk;
  ChunkAddress address;  // unused by kFlush
  // kWriteChunk: the chunk's file NBT, uncompressed (the storage thread compresses it). Empty
  // removes the chunk from its region (vanilla's clear, used for emptied entity chunks).
  Bytes nbt;
  // kReadPlayer: the file's path relative to the world folder ("players/data/<uuid>.dat").
  std::string file;
  bool operator==(const StorageRequest&) const = default;
};

Bytes encode_request(const StorageRequest& request);
Result<StorageRequest> decode_request(uint32_t kind, std::span<const uint8_t> bytes);
SubmitJob storage_job(JobId job, const StorageRequest& request);
// A chunk read or write request (what recording and replay follow to rebuild chunk reads of the
// session's own writes); nothing for other kinds and for a request that does not decode.
std::optional<StorageRequest> chunk_request(uint32_t kind, std::span<const uint8_t> bytes);

enum class StorageOutcome : uint8_t {
  kData = 0,    // read: the chunk's NBT is in `nbt`
  kAbsent = 1,  // read: no chunk stored there
  kError = 2,   // read or write failed; `message` says why (a damaged chunk is regenerated)
  kDone = 3,    // write or flush finished (on disk; synced when sync-chunk-writes is on)
};

struct StorageResult {
  StorageJobKind kind = StorageJobKind::kReadChunk;
  ChunkAddress address;
  StorageOutcome outcome = StorageOutcome::kAbsent;
  Bytes nbt;            // kData: uncompressed file NBT as read (kReadPlayer: the file's bytes)
  std::string message;  // kError: the reason, in words fit for a log line
  bool operator==(const StorageResult&) const = default;
};

Bytes encode_result(const StorageResult& result);
// Never trusts the bytes: lengths are checked against what is there before anything is copied.
Result<StorageResult> decode_result(std::span<const uint8_t> bytes);

}  // namespace hz::anvil
