#include "server/jobs/chunk_store.h"

#include "sim/world/anvil/compression.h"

namespace hz {

ChunkReadResult MemoryChunkStore::read(ChunkPos pos) {
  Bytes packed;
  {
    std::lock_guard lock(mutex_);
    auto it = chunks_.find(pos);
    if (it == chunks_.end()) return {};
    packed = it->second;
  }
  Result<Bytes> nbt = anvil::decompress(anvil::ChunkCodec::kZlib, packed);
  if (!nbt) return ChunkReadResult{ChunkReadResult::Outcome::kFailed, {}, nbt.error()};
  return ChunkReadResult{ChunkReadResult::Outcome::kFound, std::move(*nbt), {}};
}

void MemoryChunkStore::write(const ChunkWriteRequest& request) {
  Bytes packed = anvil::compress(anvil::ChunkCodec::kZlib, request.nbt);
  std::lock_guard lock(mutex_);
  Bytes& slot = chunks_[request.pos];
  bytes_ = bytes_ - slot.size() + packed.size();
  slot = std::move(packed);
}

size_t MemoryChunkStore::chunk_count() const {
  std::lock_guard lock(mutex_);
  return chunks_.size();
}

size_t MemoryChunkStore::stored_bytes() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

}  // namespace hz
