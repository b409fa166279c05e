// Where the storage thread keeps chunks: reads and writes of one chunk's NBT at a time, called
// in submission order from a single thread. MemoryChunkStore stands in until region files do.
#pragma once

#include <map>
#include <mutex>

#include "sim/game/world/storage_requests.h"

namespace hz {

class ChunkStore {
 public:
  virtual ~ChunkStore() = default;
  virtual ChunkReadResult read(ChunkPos pos) = 0;
  virtual void write(const ChunkWriteRequest& request) = 0;
};

// Keeps each chunk's NBT zlib-compressed in memory for the life of the process: chunks that
// unload come back as they were, but nothing survives a restart.
class MemoryChunkStore final : public ChunkStore {
 public:
  ChunkReadResult read(ChunkPos pos) override;
  void write(const ChunkWriteRequest& request) override;
  size_t chunk_count() const;
  size_t stored_bytes() const;

 private:
  mutable std::mutex mutex_;
  std::map<ChunkPos, Bytes> chunks_;
  size_t bytes_ = 0;
};

}  // namespace hz
