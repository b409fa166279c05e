// Whether a viewer has a chunk (vanilla's isChunkTracked: in its view and already sent), which
// entity tracking asks before showing an entity standing in that chunk. The world's chunk
// streaming answers it; without one, the view-distance rule alone decides.
#pragma once

#include <algorithm>
#include <cstdlib>

#include "sim/core/java_format.h"
#include "sim/game/player.h"

namespace hz {

class ChunkVisibility {
 public:
  virtual ~ChunkVisibility() = default;
  virtual bool is_chunk_tracked(const Player& viewer, int chunk_x, int chunk_z) const = 0;
};

// ChunkTrackingView.contains around the viewer's current chunk with radius
// clamp(client view distance, 2, server view distance): every chunk in view counts as sent.
class ViewDistanceVisibility final : public ChunkVisibility {
 public:
  explicit ViewDistanceVisibility(int server_view_distance) : server_view_distance_(server_view_distance) {}
  bool is_chunk_tracked(const Player& viewer, int chunk_x, int chunk_z) const override {
    const int radius = std::clamp(viewer.client_view_distance, 2, server_view_distance_);
    const int64_t cx = java_floor(viewer.position.x) >> 4, cz = java_floor(viewer.position.z) >> 4;
    const int64_t ax = std::max<int64_t>(0, std::llabs(chunk_x - cx) - 2);
    const int64_t az = std::max<int64_t>(0, std::llabs(chunk_z - cz) - 2);
    return ax * ax + az * az < static_cast<int64_t>(radius) * radius;
  }

 private:
  int server_view_distance_;
};

}  // namespace hz
