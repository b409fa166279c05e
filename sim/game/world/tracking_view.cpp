#include "sim/game/world/tracking_view.h"

#include <cstdlib>

namespace hz {

bool chunk_within_distance(ChunkPos center, int radius, ChunkPos pos, bool include_neighbours) {
  const int64_t margin = include_neighbours ? 2 : 1;
  // Widened to 64 bits before subtracting, so far-apart coordinates cannot overflow.
  const int64_t ax = std::llabs(static_cast<int64_t>(pos.x) - center.x) - margin;
  const int64_t az = std::llabs(static_cast<int64_t>(pos.z) - center.z) - margin;
  const int64_t dx = ax > 0 ? ax : 0;
  const int64_t dz = az > 0 ? az : 0;
  return dx * dx + dz * dz < static_cast<int64_t>(radius) * radius;
}

bool ChunkTrackingView::contains(ChunkPos pos) const {
  return positioned_ && chunk_within_distance(positioned_->center, positioned_->radius, pos, true);
}

}  // namespace hz
