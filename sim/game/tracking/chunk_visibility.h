// Whether a viewer has a chunk (vanilla's isChunkTracked: in its view and already sent), which
// entity tracking asks before showing an entity standing in that chunk. The world's chunk
// streaming answers it; without one, the view-distance rule alone decides.
#pragma once

#include <algorithm>

#include "sim/core/java_format.h"
#include "sim/game/player.h"
#include "sim/game/world/tracking_view.h"

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
    const ChunkPos center{java_floor(viewer.position.x) >> 4, java_floor(viewer.position.z) >> 4};
    return ChunkTrackingView(center, radius).contains(ChunkPos{chunk_x, chunk_z});
  }

 private:
  int server_view_distance_;
};

}  // namespace hz
