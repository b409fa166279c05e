// A player's chunk tracking view (vanilla's ChunkTrackingView): which chunks a client is sent,
// a circle of the view radius widened by a two-chunk square margin, and the ordered difference
// between two views that drives loading and forgetting as the player moves.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <optional>

#include "sim/world/chunk_pos.h"

namespace hz {

class ChunkTrackingView {
 public:
  // The empty view: contains nothing (before joining and after leaving).
  ChunkTrackingView() = default;
  ChunkTrackingView(ChunkPos center, int radius) : positioned_(Positioned{center, radius}) {}

  bool is_positioned() const { return positioned_.has_value(); }
  ChunkPos center() const { return positioned_ ? positioned_->center : ChunkPos{}; }
  int radius() const { return positioned_ ? positioned_->radius : 0; }

  // Whether the client is sent this chunk (vanilla's contains with the neighbour margin).
  bool contains(ChunkPos pos) const;  // inline below: entity tracking asks it for every pair
  // Every contained chunk, x outer and z inner (vanilla's forEach order).
  template <typename F>
  void for_each(F&& visit) const;

  bool operator==(const ChunkTrackingView&) const = default;

 private:
  struct Positioned {
    ChunkPos center;
    int radius = 0;
    bool operator==(const Positioned&) const = default;
    template <class Io>
    void state_fields(Io& io) {
      io(center, radius);
    }
    int32_t min_x() const { return center.x - radius - 1; }
    int32_t max_x() const { return center.x + radius + 1; }
    int32_t min_z() const { return center.z - radius - 1; }
    int32_t max_z() const { return center.z + radius + 1; }
  };

  std::optional<Positioned> positioned_;

 public:
  template <class Io>
  void state_fields(Io& io) {
    io(positioned_);
  }

 private:

  template <typename Enter, typename Leave>
  friend void view_difference(const ChunkTrackingView& from, const ChunkTrackingView& to, Enter&& on_enter,
                              Leave&& on_leave);
};

// The vanilla in-view test: max(0,|dx|-margin)^2 + max(0,|dz|-margin)^2 < radius^2.
inline bool chunk_within_distance(ChunkPos center, int radius, ChunkPos pos, bool include_neighbours) {
  const int64_t margin = include_neighbours ? 2 : 1;
  // Widened to 64 bits before subtracting, so far-apart coordinates cannot overflow.
  const int64_t ax = std::llabs(static_cast<int64_t>(pos.x) - center.x) - margin;
  const int64_t az = std::llabs(static_cast<int64_t>(pos.z) - center.z) - margin;
  const int64_t dx = ax > 0 ? ax : 0;
  const int64_t dz = az > 0 ? az : 0;
  return dx * dx + dz * dz < static_cast<int64_t>(radius) * radius;
}

inline bool ChunkTrackingView::contains(ChunkPos pos) const {
  return positioned_ && chunk_within_distance(positioned_->center, positioned_->radius, pos, true);
}

// Chunks that enter and leave when a player's view changes from `from` to `to`, in vanilla's
// order: overlapping squares scan the union rectangle (x outer, z inner) with enters and leaves
// interleaved; otherwise every chunk of `from` leaves, then every chunk of `to` enters.
template <typename Enter, typename Leave>
void view_difference(const ChunkTrackingView& from, const ChunkTrackingView& to, Enter&& on_enter, Leave&& on_leave) {
  if (from == to) return;
  if (from.positioned_ && to.positioned_) {
    const auto& a = *from.positioned_;
    const auto& b = *to.positioned_;
    const bool squares_meet =
        a.min_x() <= b.max_x() && a.max_x() >= b.min_x() && a.min_z() <= b.max_z() && a.max_z() >= b.min_z();
    if (squares_meet) {
      const int32_t min_x = a.min_x() < b.min_x() ? a.min_x() : b.min_x();
      const int32_t max_x = a.max_x() > b.max_x() ? a.max_x() : b.max_x();
      const int32_t min_z = a.min_z() < b.min_z() ? a.min_z() : b.min_z();
      const int32_t max_z = a.max_z() > b.max_z() ? a.max_z() : b.max_z();
      for (int32_t x = min_x; x <= max_x; ++x)
        for (int32_t z = min_z; z <= max_z; ++z) {
          const ChunkPos pos{x, z};
          const bool saw = from.contains(pos);
          const bool sees = to.contains(pos);
          if (saw == sees) continue;
          if (sees) on_enter(pos);
          else on_leave(pos);
        }
      return;
    }
  }
  from.for_each(on_leave);
  to.for_each(on_enter);
}

template <typename F>
void ChunkTrackingView::for_each(F&& visit) const {
  if (!positioned_) return;
  const Positioned& p = *positioned_;
  for (int32_t x = p.min_x(); x <= p.max_x(); ++x)
    for (int32_t z = p.min_z(); z <= p.max_z(); ++z)
      if (contains(ChunkPos{x, z})) visit(ChunkPos{x, z});
}

}  // namespace hz
