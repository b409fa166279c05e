#include "sim/game/world/chunk_sender.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace hz {

std::vector<ChunkPos> PlayerChunkSender::nearest_pending(ChunkPos center, size_t count) const {
  struct Candidate {
    int64_t distance;
    ChunkPos pos;
    bool operator<(const Candidate& o) const { return std::tie(distance, pos) < std::tie(o.distance, o.pos); }
  };
  std::vector<Candidate> all;
  all.reserve(pending_.size());
  for (ChunkPos pos : pending_) {
    const int64_t dx = static_cast<int64_t>(pos.x) - center.x;
    const int64_t dz = static_cast<int64_t>(pos.z) - center.z;
    all.push_back({dx * dx + dz * dz, pos});
  }
  if (all.size() > count) {
    std::nth_element(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(count), all.end());
    all.resize(count);
  }
  std::sort(all.begin(), all.end());
  std::vector<ChunkPos> out;
  out.reserve(all.size());
  for (const Candidate& c : all) out.push_back(c.pos);
  return out;
}

void PlayerChunkSender::on_batch_received(float desired) {
  --unacknowledged_;  // vanilla has no lower bound: an unsolicited acknowledgement goes negative
  desired_ = std::isnan(desired) ? kMinChunksPerTick : std::clamp(desired, kMinChunksPerTick, kMaxChunksPerTick);
  if (unacknowledged_ == 0) quota_ = 1.0f;
  max_unacknowledged_ = kMaxUnacknowledgedBatches;
}

}  // namespace hz
