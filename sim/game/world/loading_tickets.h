// How many loading squares (one per player, plus the spawn area) cover each chunk: vanilla's
// player tickets, kept incrementally. Moving a square visits only the chunks that change, in a
// fixed scan order, so the chunks that become wanted or unwanted come out the same every run.
#pragma once

#include <algorithm>
#include <cstddef>

#include "absl/container/flat_hash_map.h"
#include "sim/world/chunk_pos.h"

namespace hz {

// Chunks within Chebyshev distance `radius` of `center`.
struct ChunkSquare {
  ChunkPos center;
  int radius = 0;
  bool contains(ChunkPos pos) const { return center.ring_distance(pos) <= radius; }
  bool operator==(const ChunkSquare&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(center, radius);
  }
};

class LoadingTickets {
 public:
  // `on_wanted(pos)` for each chunk the square newly covers (x outer, z inner).
  template <typename Wanted>
  void add(ChunkSquare square, Wanted&& on_wanted) {
    scan(square, [&](ChunkPos pos) { increment(pos, on_wanted); });
  }
  // `on_unwanted(pos)` for each chunk no square covers any more.
  template <typename Unwanted>
  void remove(ChunkSquare square, Unwanted&& on_unwanted) {
    scan(square, [&](ChunkPos pos) { decrement(pos, on_unwanted); });
  }
  // Moves a square, touching only the chunks in one square and not the other.
  template <typename Wanted, typename Unwanted>
  void move(ChunkSquare from, ChunkSquare to, Wanted&& on_wanted, Unwanted&& on_unwanted);

  int count(ChunkPos pos) const {
    auto it = counts_.find(pos);
    return it == counts_.end() ? 0 : it->second;
  }
  bool wanted(ChunkPos pos) const { return counts_.contains(pos); }
  size_t wanted_count() const { return counts_.size(); }

 private:
  template <typename F>
  static void scan(ChunkSquare s, F&& visit) {
    for (int32_t x = s.center.x - s.radius; x <= s.center.x + s.radius; ++x)
      for (int32_t z = s.center.z - s.radius; z <= s.center.z + s.radius; ++z) visit(ChunkPos{x, z});
  }
  template <typename F>
  void increment(ChunkPos pos, F& on_wanted) {
    if (++counts_[pos] == 1) on_wanted(pos);
  }
  template <typename F>
  void decrement(ChunkPos pos, F& on_unwanted) {
    auto it = counts_.find(pos);
    if (it == counts_.end()) return;
    if (--it->second > 0) return;
    counts_.erase(it);
    on_unwanted(pos);
  }

  // Looked up only; never iterated (a snapshot writes it sorted).
  absl::flat_hash_map<ChunkPos, int> counts_;

 public:
  template <class Io>
  void state_fields(Io& io) {
    io(counts_);
  }

 private:
};

template <typename Wanted, typename Unwanted>
void LoadingTickets::move(ChunkSquare from, ChunkSquare to, Wanted&& on_wanted, Unwanted&& on_unwanted) {
  if (from == to) return;
  const int32_t min_x = std::min(from.center.x - from.radius, to.center.x - to.radius);
  const int32_t max_x = std::max(from.center.x + from.radius, to.center.x + to.radius);
  const int32_t min_z = std::min(from.center.z - from.radius, to.center.z - to.radius);
  const int32_t max_z = std::max(from.center.z + from.radius, to.center.z + to.radius);
  const int64_t union_area = (static_cast<int64_t>(max_x) - min_x + 1) * (static_cast<int64_t>(max_z) - min_z + 1);
  const int64_t side_from = 2 * static_cast<int64_t>(from.radius) + 1;
  const int64_t side_to = 2 * static_cast<int64_t>(to.radius) + 1;
  if (union_area > side_from * side_from + side_to * side_to) {  // far apart: no point scanning between
    add(to, on_wanted);
    remove(from, on_unwanted);
    return;
  }
  // New coverage first, so a chunk in both squares never drops to zero on the way.
  for (int32_t x = min_x; x <= max_x; ++x)
    for (int32_t z = min_z; z <= max_z; ++z) {
      const ChunkPos pos{x, z};
      if (to.contains(pos) && !from.contains(pos)) increment(pos, on_wanted);
    }
  for (int32_t x = min_x; x <= max_x; ++x)
    for (int32_t z = min_z; z <= max_z; ++z) {
      const ChunkPos pos{x, z};
      if (from.contains(pos) && !to.contains(pos)) decrement(pos, on_unwanted);
    }
}

}  // namespace hz
