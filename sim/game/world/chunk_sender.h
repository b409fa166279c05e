// Vanilla's PlayerChunkSender for one connection: the chunks waiting to be sent, the batch quota
// grown by the client's desired chunks per tick, and the limit on unacknowledged batches.
// Pure bookkeeping: the caller writes the packets for the batches it hands out.
#pragma once

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "sim/world/chunk_pos.h"

namespace hz {

class PlayerChunkSender {
 public:
  static constexpr float kMinChunksPerTick = 0.01f;
  static constexpr float kMaxChunksPerTick = 64.0f;
  static constexpr float kStartChunksPerTick = 9.0f;
  static constexpr int kMaxUnacknowledgedBatches = 10;

  void mark_pending(ChunkPos pos) { pending_.insert(pos); }
  bool is_pending(ChunkPos pos) const { return !pending_.empty() && pending_.contains(pos); }
  // A chunk left the view: true when the client holds it (or was promised it) and must be told
  // to forget it; a chunk that was still pending is just dropped.
  bool drop(ChunkPos pos) { return pending_.erase(pos) == 0; }

  // Vanilla's sendNextChunks: the chunks of this tick's batch, nearest to `player_chunk` first,
  // or none. `sendable(pos)` says whether a pending chunk can go out now; one that cannot stays
  // pending (but used a slot of the batch, as in vanilla). Ties in distance go by x, then z.
  template <typename Sendable>
  std::vector<ChunkPos> next_batch(ChunkPos player_chunk, Sendable&& sendable);

  // The client acknowledged a batch and asks for `desired` chunks per tick.
  void on_batch_received(float desired);

  size_t pending_count() const { return pending_.size(); }
  float desired_chunks_per_tick() const { return desired_; }
  float batch_quota() const { return quota_; }
  int unacknowledged_batches() const { return unacknowledged_; }
  int max_unacknowledged_batches() const { return max_unacknowledged_; }

 private:
  // The `count` pending chunks nearest to `center` (all of them when there are fewer), nearest first.
  std::vector<ChunkPos> nearest_pending(ChunkPos center, size_t count) const;

  // Looked up and scanned only to be sorted by a total order, so its own order never shows.
  absl::flat_hash_set<ChunkPos> pending_;

 public:
  template <class Io>
  void state_fields(Io& io) {
    io(pending_, desired_, quota_, unacknowledged_, max_unacknowledged_);
  }

 private:
  float desired_ = kStartChunksPerTick;
  float quota_ = 0.0f;
  int unacknowledged_ = 0;
  int max_unacknowledged_ = 1;
};

template <typename Sendable>
std::vector<ChunkPos> PlayerChunkSender::next_batch(ChunkPos player_chunk, Sendable&& sendable) {
  if (unacknowledged_ >= max_unacknowledged_) return {};
  const float max_batch = desired_ > 1.0f ? desired_ : 1.0f;
  const float grown = quota_ + desired_;
  quota_ = grown < max_batch ? grown : max_batch;
  if (quota_ < 1.0f || pending_.empty()) return {};
  // Mth.floor of a float that is at least 1 and at most 64.
  const auto slots = static_cast<size_t>(quota_);
  std::vector<ChunkPos> batch;
  for (ChunkPos pos : nearest_pending(player_chunk, slots))
    if (sendable(pos)) batch.push_back(pos);
  if (batch.empty()) return batch;
  for (ChunkPos pos : batch) pending_.erase(pos);
  ++unacknowledged_;
  quota_ -= static_cast<float>(batch.size());
  return batch;
}

}  // namespace hz
