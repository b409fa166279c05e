// horizon-sim's reference for which chunks a client may hold: vanilla's ChunkTrackingView rule,
// restated from the chunk pacing spec apart from the core's own (sim/game/world) code.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "sim/world/chunk_pos.h"

namespace hz::chunk_view_model {

// The radius a player's view has: the client's requested view distance clamped to 2 .. the
// server's.
inline int view_radius(int requested, int server) { return std::clamp(requested, 2, std::max(2, server)); }

// ChunkTrackingView.contains: a circle of `radius` widened by two chunks on each axis.
inline bool contains(ChunkPos center, int radius, ChunkPos chunk) {
  const int64_t ax = std::max<int64_t>(0, std::abs(int64_t{chunk.x} - center.x) - 2);
  const int64_t az = std::max<int64_t>(0, std::abs(int64_t{chunk.z} - center.z) - 2);
  return ax * ax + az * az < int64_t{radius} * radius;
}

}  // namespace hz::chunk_view_model
