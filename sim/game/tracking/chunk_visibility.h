// Whether a viewer has a chunk (vanilla's isChunkTracked: in its view and already sent), which
// entity tracking asks before showing an entity standing in that chunk. The world's chunk
// streaming answers it; without one, the view-distance rule alone decides.
#pragma once

#include <algorithm>

#include "sim/core/java_format.h"
#include "sim/game/player.h"
#include "sim/game/world/chunk_sender.h"
#include "sim/game/world/tracking_view.h"

namespace hz {

// The chunks one viewer has, looked up once: the tracker asks about hundreds of entities' chunks
// in a row for the same viewer.
struct ViewerChunks {
  ChunkTrackingView view;                     // empty: a viewer the world does not know
  const PlayerChunkSender* sender = nullptr;  // the view's chunks not sent yet; none: all are sent
  bool tracks(ChunkPos pos) const { return view.contains(pos) && (sender == nullptr || !sender->is_pending(pos)); }
};

class ChunkVisibility {
 public:
  virtual ~ChunkVisibility() = default;
  // Valid until the world's views or senders next change (the next player move or tick).
  virtual ViewerChunks chunks_of(const Player& viewer) const = 0;
};

// ChunkTrackingView.contains around the viewer's current chunk with radius
// clamp(client view distance, 2, server view distance): every chunk in view counts as sent.
class ViewDistanceVisibility final : public ChunkVisibility {
 public:
  explicit ViewDistanceVisibility(int server_view_distance) : server_view_distance_(server_view_distance) {}
  ViewerChunks chunks_of(const Player& viewer) const override {
    const int radius = std::clamp(viewer.client_view_distance, 2, server_view_distance_);
    const ChunkPos center{java_floor(viewer.position.x) >> 4, java_floor(viewer.position.z) >> 4};
    return ViewerChunks{ChunkTrackingView(center, radius), nullptr};
  }

 private:
  int server_view_distance_;
};

}  // namespace hz
